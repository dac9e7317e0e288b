// Every English text, in one module: the client loads only the language it shows (client/src/i18n.ts).
import { enDavErrors } from "../locales/en/dav-errors";
import { enErrors } from "../locales/en/errors";
import { enFsErrors } from "../locales/en/fs-errors";
import { enShell } from "../locales/en/shell";
import { enUrlErrors } from "../locales/en/url-errors";

export const en = {
  translation: { ...enShell, errors: { ...enErrors, ...enUrlErrors, ...enFsErrors, ...enDavErrors } },
};
