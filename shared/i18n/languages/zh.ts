// Every Chinese text, in one module: the client loads only the language it shows (client/src/i18n.ts).
import { zhDavErrors } from "../locales/zh/dav-errors";
import { zhErrors } from "../locales/zh/errors";
import { zhFsErrors } from "../locales/zh/fs-errors";
import { zhShell } from "../locales/zh/shell";
import { zhUrlErrors } from "../locales/zh/url-errors";

export const zh = {
  translation: { ...zhShell, errors: { ...zhErrors, ...zhUrlErrors, ...zhFsErrors, ...zhDavErrors } },
};
