// i18next resources for both sides: the client renders them, the server answers errors in the
// caller's language (Accept-Language). One object per language; each domain keeps its own file.

import type { Language } from "../constants";
import { enDavErrors } from "./locales/en/dav-errors";
import { enErrors } from "./locales/en/errors";
import { enFsErrors } from "./locales/en/fs-errors";
import { enShell } from "./locales/en/shell";
import { enUrlErrors } from "./locales/en/url-errors";
import { zhDavErrors } from "./locales/zh/dav-errors";
import { zhErrors } from "./locales/zh/errors";
import { zhFsErrors } from "./locales/zh/fs-errors";
import { zhShell } from "./locales/zh/shell";
import { zhUrlErrors } from "./locales/zh/url-errors";

export const resources = {
  en: { translation: { ...enShell, errors: { ...enErrors, ...enUrlErrors, ...enFsErrors, ...enDavErrors } } },
  zh: { translation: { ...zhShell, errors: { ...zhErrors, ...zhUrlErrors, ...zhFsErrors, ...zhDavErrors } } },
} satisfies Record<Language, { translation: object }>;

export const DEFAULT_LANGUAGE: Language = "en";
