// i18next resources for both sides: the client renders them, the server answers errors in the
// caller's language (Accept-Language). One object per language; each domain keeps its own file.

import type { Language } from "../constants";
import { enErrors } from "./locales/en/errors";
import { enFsErrors } from "./locales/en/fs-errors";
import { enShell } from "./locales/en/shell";
import { enUrlErrors } from "./locales/en/url-errors";
import { zhErrors } from "./locales/zh/errors";
import { zhFsErrors } from "./locales/zh/fs-errors";
import { zhShell } from "./locales/zh/shell";
import { zhUrlErrors } from "./locales/zh/url-errors";

export const resources = {
  en: { translation: { ...enShell, errors: { ...enErrors, ...enUrlErrors, ...enFsErrors } } },
  zh: { translation: { ...zhShell, errors: { ...zhErrors, ...zhUrlErrors, ...zhFsErrors } } },
} satisfies Record<Language, { translation: object }>;

export const DEFAULT_LANGUAGE: Language = "en";
