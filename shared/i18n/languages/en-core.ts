// The English texts of the shell: what every page may show (navigation, titles, login and access,
// the offline app, common words, form and error messages). The screens' own texts are other parts
// (shared/i18n/text-parts.ts).
import { enAccounts } from "../locales/en/accounts";
import { enOffline } from "../locales/en/offline";
import { enShell } from "../locales/en/shell";
import { enErrorTexts } from "./en-errors";

export const enCore = {
  ...enShell,
  ...enAccounts,
  ...enOffline,
  errors: enErrorTexts,
};
