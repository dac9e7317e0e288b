// i18next set-up for the client: both languages are bundled (they are small), so init is synchronous
// and the first render already has its texts. The chosen language is persisted and mirrored into
// <html lang> on every change, whoever triggers it.
import { type Language, SUPPORTED_LANGUAGES } from "@shared/constants";
import { DEFAULT_LANGUAGE, resources } from "@shared/i18n/resources";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import {
  browserLanguages,
  htmlLangFor,
  normalizeLanguage,
  resolveInitialLanguage,
  writeStoredLanguage,
} from "./lib/language";

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function syncDocumentLanguage(language: Language): void {
  if (typeof document !== "undefined") document.documentElement.lang = htmlLangFor(language);
}

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

if (!i18n.isInitialized) {
  const initial = resolveInitialLanguage(
    safeLocalStorage(),
    browserLanguages(typeof navigator === "undefined" ? undefined : navigator),
  );
  void i18n.use(initReactI18next).init({
    resources,
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
    writeStoredLanguage(safeLocalStorage(), language);
    syncDocumentLanguage(language);
  });
}

export default i18n;
