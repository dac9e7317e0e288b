// Server-side translation: the caller's language comes from Accept-Language and lives in an
// AsyncLocalStorage for the length of the request, so zod's validation messages (produced deep inside
// tRPC's input parsing) come out in that language too.
import { AsyncLocalStorage } from "node:async_hooks";
import { DEFAULT_LANGUAGE, type Language } from "@shared/constants";
import { serverTexts } from "@shared/i18n/languages/server";
import { createInstance, type TFunction } from "i18next";
import { z } from "zod";

const i18n = createInstance();
void i18n.init({
  resources: serverTexts,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  interpolation: { escapeValue: false },
});

const requestLanguage = new AsyncLocalStorage<Language>();
const zodLocales = { en: z.locales.en(), zh: z.locales.zhCN() } satisfies Record<Language, unknown>;

z.config({ localeError: (issue) => zodLocales[currentLanguage()].localeError(issue) });

export function currentLanguage(): Language {
  return requestLanguage.getStore() ?? DEFAULT_LANGUAGE;
}

export function runWithLanguage<T>(language: Language, fn: () => T): T {
  return requestLanguage.run(language, fn);
}

/** Picks zh or en from an Accept-Language header, honouring q-values; English when absent. */
export function languageFromHeader(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith("zh")) return "zh";
    if (tag.startsWith("en")) return "en";
  }
  return DEFAULT_LANGUAGE;
}

const fixedT: Record<Language, TFunction> = { en: i18n.getFixedT("en"), zh: i18n.getFixedT("zh") };

// i18next's t() costs ~15 µs; messages without parameters (every success message) are looked up once.
const plainMessages = new Map<string, string>();

export function translate(key: string, params?: Record<string, unknown>, language = currentLanguage()): string {
  if (params && Object.keys(params).length > 0) return fixedT[language](key, params) as string;
  const cacheKey = `${language}\u0000${key}`;
  let message = plainMessages.get(cacheKey);
  if (message === undefined) {
    message = fixedT[language](key) as string;
    plainMessages.set(cacheKey, message);
  }
  return message;
}
