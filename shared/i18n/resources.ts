// i18next resources for both sides: the server answers errors in the caller's language
// (Accept-Language) and holds both; the client loads one language module at a time
// (client/src/i18n.ts). Each domain keeps its own file under locales/.
import type { Language } from "../constants";
import { en } from "./languages/en";
import { zh } from "./languages/zh";

export const resources = { en, zh } satisfies Record<Language, { translation: object }>;

/** A language's texts, as its module exports them. */
export type LanguageResource = (typeof resources)[Language];
