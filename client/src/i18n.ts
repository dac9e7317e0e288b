// i18next set-up for the client. The texts come in parts (shared/i18n/text-parts.ts), each language's
// part a chunk of its own, and a page loads only those it shows in the language it shows: main.tsx
// awaits loadLanguage() (the shell's part) before the first render, each screen loads its own parts
// with its code (app.tsx, loadTexts), and changeLanguage() loads every part in use in the other
// language before switching. The chosen language is persisted and mirrored into <html lang> on every
// change, whoever triggers it.
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from "@shared/constants";
import type { TextPart } from "@shared/i18n/text-parts";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { browserStorage } from "./lib/preferences/browser-storage";
import {
  browserLanguages,
  htmlLangFor,
  normalizeLanguage,
  resolveInitialLanguage,
  writeStoredLanguage,
} from "./lib/preferences/language";

function syncDocumentLanguage(language: Language): void {
  if (typeof document !== "undefined") document.documentElement.lang = htmlLangFor(language);
}

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

type Texts = Record<string, unknown>;

// One chunk per language and part: a static import() each, so the bundler can split them. Exported for
// i18n.test.ts, which checks the parts against the screens.
export const TEXT_MODULES: Record<Language, Record<TextPart, () => Promise<Texts>>> = {
  en: {
    core: () => import("@shared/i18n/languages/en-core").then((module) => module.enCore),
    pastes: () => import("@shared/i18n/locales/en/pastes/pastes").then((module) => module.enPastes),
    pasteLink: () => import("@shared/i18n/locales/en/pastes/paste-link").then((module) => module.enPasteLink),
    files: () => import("@shared/i18n/locales/en/shares/files").then((module) => module.enFiles),
    fileKinds: () => import("@shared/i18n/locales/en/shares/file-kinds").then((module) => module.enFileKinds),
    fileLink: () => import("@shared/i18n/locales/en/shares/file-link").then((module) => module.enFileLink),
    shareLink: () => import("@shared/i18n/locales/en/shares/share-link").then((module) => module.enShareLink),
    shareManage: () => import("@shared/i18n/locales/en/shares/share-manage").then((module) => module.enShareManage),
    explorer: () => import("@shared/i18n/locales/en/explorer/explorer").then((module) => module.enExplorer),
    admin: () => import("@shared/i18n/languages/en-admin").then((module) => module.enAdmin),
    clipboard: () => import("@shared/i18n/locales/en/clipboard/clipboard").then((module) => module.enClipboard),
    errors: () => import("@shared/i18n/languages/en-errors").then((module) => ({ errors: module.enErrorTexts })),
  },
  zh: {
    core: () => import("@shared/i18n/languages/zh-core").then((module) => module.zhCore),
    pastes: () => import("@shared/i18n/locales/zh/pastes/pastes").then((module) => module.zhPastes),
    pasteLink: () => import("@shared/i18n/locales/zh/pastes/paste-link").then((module) => module.zhPasteLink),
    files: () => import("@shared/i18n/locales/zh/shares/files").then((module) => module.zhFiles),
    fileKinds: () => import("@shared/i18n/locales/zh/shares/file-kinds").then((module) => module.zhFileKinds),
    fileLink: () => import("@shared/i18n/locales/zh/shares/file-link").then((module) => module.zhFileLink),
    shareLink: () => import("@shared/i18n/locales/zh/shares/share-link").then((module) => module.zhShareLink),
    shareManage: () => import("@shared/i18n/locales/zh/shares/share-manage").then((module) => module.zhShareManage),
    explorer: () => import("@shared/i18n/locales/zh/explorer/explorer").then((module) => module.zhExplorer),
    admin: () => import("@shared/i18n/languages/zh-admin").then((module) => module.zhAdmin),
    clipboard: () => import("@shared/i18n/locales/zh/clipboard/clipboard").then((module) => module.zhClipboard),
    errors: () => import("@shared/i18n/languages/zh-errors").then((module) => ({ errors: module.zhErrorTexts })),
  },
};

/** The parts the page has shown so far: a language switch loads all of them in the new language. */
const partsInUse = new Set<TextPart>(["core"]);
/** Loads started or done, by "language:part"; a failed one is forgotten, so the next call retries. */
const loads = new Map<string, Promise<void>>();

function loadPart(language: Language, part: TextPart): Promise<void> {
  const id = `${language}:${part}`;
  let load = loads.get(id);
  if (!load) {
    load = TEXT_MODULES[language][part]().then(
      (texts) => {
        // Deep: parts that share a top-level key (text-parts.ts) add to it, never replace another's texts.
        i18n.addResourceBundle(language, "translation", texts, true);
      },
      (error: unknown) => {
        loads.delete(id);
        throw error;
      },
    );
    loads.set(id, load);
  }
  return load;
}

/** Makes `parts` of the texts available in `languages` (the one shown by default); a no-op once they are. */
export async function loadTexts(
  parts: readonly TextPart[],
  languages: readonly Language[] = [currentLanguage()],
): Promise<void> {
  for (const part of parts) partsInUse.add(part);
  await Promise.all(languages.flatMap((language) => parts.map((part) => loadPart(language, part))));
}

/** Makes a language's texts available: the shell's and those of every screen shown so far. */
export function loadLanguage(language: Language): Promise<void> {
  return loadTexts([...partsInUse], [language]);
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

/**
 * A key i18next did not find. An error message the page has not loaded yet (a key a shared schema or
 * another module names outside the parts its screen loads) shows the shell's "Something went wrong"
 * in the page's language, never the raw key, while the errors part loads; the screens then render
 * again with the message itself (react.bindI18nStore below). A key no part holds stays as it is.
 */
function missingText(key: string, defaultValue?: string): string {
  if (defaultValue !== undefined) return defaultValue;
  if (!key.startsWith("errors.")) return key;
  void loadTexts(["errors"]).catch((error: unknown) => console.error(error));
  return i18n.t("common.unknownError");
}

if (!i18n.isInitialized) {
  const initial = resolveInitialLanguage(
    browserStorage(),
    browserLanguages(typeof navigator === "undefined" ? undefined : navigator),
  );
  void i18n.use(initReactI18next).init({
    // Filled by loadTexts(); fallbackLng is not loaded for Chinese: both have the same keys (i18n.test.ts).
    resources: {},
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    // React already escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
    parseMissingKeyHandler: missingText,
    // Texts arrive in parts: what is on screen renders again when one is added (missingText).
    react: { useSuspense: false, bindI18nStore: "added" },
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
