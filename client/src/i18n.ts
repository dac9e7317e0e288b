// i18next set-up for the client. Each language's texts are a chunk of their own, and a page loads
// only the one it shows: main.tsx awaits loadLanguage() before the first render (so it has its texts),
// and changeLanguage() loads the other one before switching. The chosen language is persisted and
// mirrored into <html lang> on every change, whoever triggers it.
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from "@shared/constants";
import type { LanguageResource } from "@shared/i18n/resources";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { browserStorage } from "./lib/browser-storage";
import {
  browserLanguages,
  htmlLangFor,
  normalizeLanguage,
  resolveInitialLanguage,
  writeStoredLanguage,
} from "./lib/language";

function syncDocumentLanguage(language: Language): void {
  if (typeof document !== "undefined") document.documentElement.lang = htmlLangFor(language);
}

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

const LANGUAGE_MODULES: Record<Language, () => Promise<LanguageResource>> = {
  en: () => import("@shared/i18n/languages/en").then((module) => module.en),
  zh: () => import("@shared/i18n/languages/zh").then((module) => module.zh),
};

/** Makes a language's texts available (a no-op once they are). */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, "translation")) return;
  const { translation } = await LANGUAGE_MODULES[language]();
  i18n.addResourceBundle(language, "translation", translation);
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/** The text of `key` in every language loaded so far (the server may have answered in any of them). */
export function loadedTexts(key: string): string[] {
  return SUPPORTED_LANGUAGES.flatMap((language) => {
    const text: unknown = i18n.getResource(language, "translation", key);
    return typeof text === "string" ? [text] : [];
  });
}

if (!i18n.isInitialized) {
  const initial = resolveInitialLanguage(
    browserStorage(),
    browserLanguages(typeof navigator === "undefined" ? undefined : navigator),
  );
  void i18n.use(initReactI18next).init({
    // Filled by loadLanguage(); fallbackLng is not loaded for Chinese: both have the same keys (i18n.test.ts).
    resources: {},
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    // React already escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  syncDocumentLanguage(initial);
  // Registered after init, so only later changes (the user's choice) are persisted and a first
  // visit keeps following the browser until the user picks a language.
  i18n.on("languageChanged", (tag) => {
    const language = normalizeLanguage(tag) ?? DEFAULT_LANGUAGE;
    writeStoredLanguage(browserStorage(), language);
    syncDocumentLanguage(language);
  });
}

export default i18n;
