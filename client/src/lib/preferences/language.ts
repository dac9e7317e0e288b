// Interface language rules (docs/product.md §2): Chinese or English, kept in localStorage under
// STORAGE_KEYS.language; on a first visit the browser's preference decides (any zh* -> zh, else en).
import { DEFAULT_LANGUAGE, type Language, STORAGE_KEYS, SUPPORTED_LANGUAGES } from "@shared/constants";
import { type ReadableStorage, readStoredValue, type WritableStorage, writeStoredValue } from "./browser-storage";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

// Maps a BCP 47 tag ("zh-Hant-TW", "en_GB", "EN") to a supported language, or null.
export function normalizeLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

// The browser lists languages in order of preference: the first one we support wins, so a
// ["fr", "zh-CN"] user gets Chinese rather than the English default.
export function detectBrowserLanguage(preferred: readonly (string | null | undefined)[]): Language {
  for (const tag of preferred) {
    const language = normalizeLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

export function readStoredLanguage(storage: ReadableStorage | undefined): Language | null {
  return readStoredValue(storage, STORAGE_KEYS.language, isLanguage);
}

export function writeStoredLanguage(storage: WritableStorage | undefined, language: Language): void {
  writeStoredValue(storage, STORAGE_KEYS.language, language);
}

export function resolveInitialLanguage(
  storage: ReadableStorage | undefined,
  preferred: readonly (string | null | undefined)[],
): Language {
  return readStoredLanguage(storage) ?? detectBrowserLanguage(preferred);
}

export function browserLanguages(nav: Pick<Navigator, "languages" | "language"> | undefined): string[] {
  if (!nav) return [];
  if (nav.languages && nav.languages.length > 0) return [...nav.languages];
  return nav.language ? [nav.language] : [];
}

// The <html lang> value: Simplified Chinese text is tagged zh-CN so browsers pick the right
// CJK glyph variants and screen readers the right voice.
export function htmlLangFor(language: Language): string {
  return language === "zh" ? "zh-CN" : "en";
}
