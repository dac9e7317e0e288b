// The English texts of the shell: what every page may show (navigation, titles, login and access,
// the offline app, common words, and the error messages the public screens show themselves). The screens' own texts are other parts
// (shared/i18n/text-parts.ts).

// biome-ignore assist/source/organizeImports: this order keeps the shell's chunk as small as before
import { enAccounts } from "../locales/en/auth/accounts";
import { enCoreErrors } from "../locales/en/app/core-errors";
import { enOffline } from "../locales/en/app/offline";
import { enShell } from "../locales/en/app/shell";

export const enCore = {
  ...enShell,
  ...enAccounts,
  ...enOffline,
  errors: enCoreErrors,
};
