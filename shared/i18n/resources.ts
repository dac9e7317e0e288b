// Every text of both languages in one place, for the checks that every key has both texts and that each
// page's parts name only keys that exist (client/src/i18n.test.ts). The server holds only its own
// texts (languages/server.ts); the client loads its parts (client/src/i18n.ts). Each domain keeps its
// own file under locales/.
import type { Language } from "../constants";
import { en } from "./languages/en";
import { zh } from "./languages/zh";

export const resources = { en, zh } satisfies Record<Language, { translation: object }>;

/** A language's texts, as its module exports them. */
export type LanguageResource = (typeof resources)[Language];
