import { describe, expect, test } from "bun:test";
import { memoryStorage, refusingStorage } from "../../../test/memory-storage";
import { describeStoredSetting } from "../../../test/stored-setting";
import {
  browserLanguages,
  detectBrowserLanguage,
  htmlLangFor,
  isLanguage,
  normalizeLanguage,
  readStoredLanguage,
  resolveInitialLanguage,
  writeStoredLanguage,
} from "./language";

describe("normalizeLanguage", () => {
  test("maps any zh or en tag to the supported language", () => {
    for (const tag of ["zh", "zh-CN", "zh-TW", "zh-Hant-HK", "ZH_cn", " zh-SG "])
      expect(normalizeLanguage(tag)).toBe("zh");
    for (const tag of ["en", "en-US", "en-GB", "EN"]) expect(normalizeLanguage(tag)).toBe("en");
  });

  test("returns null for unsupported or empty tags", () => {
    for (const tag of ["fr", "de-DE", "zhx", "", null, undefined]) expect(normalizeLanguage(tag)).toBeNull();
  });
});

describe("detectBrowserLanguage", () => {
  test("any zh* preference gives Chinese", () => {
    expect(detectBrowserLanguage(["zh-CN"])).toBe("zh");
    expect(detectBrowserLanguage(["zh-TW", "en-US"])).toBe("zh");
  });

  test("everything else gives English", () => {
    expect(detectBrowserLanguage(["en-US", "zh-CN"])).toBe("en");
    expect(detectBrowserLanguage(["fr-FR", "de"])).toBe("en");
    expect(detectBrowserLanguage([])).toBe("en");
  });

  test("skips unsupported languages to the first supported one", () => {
    expect(detectBrowserLanguage(["fr-FR", "zh-CN", "en"])).toBe("zh");
  });
});

describe("stored choice", () => {
  test("a stored choice beats the browser preference", () => {
    expect(resolveInitialLanguage(memoryStorage({ language: "en" }), ["zh-CN"])).toBe("en");
    expect(resolveInitialLanguage(memoryStorage({ language: "zh" }), ["en-US"])).toBe("zh");
  });

  test("without a stored choice the browser decides", () => {
    expect(resolveInitialLanguage(memoryStorage(), ["zh-HK"])).toBe("zh");
    expect(resolveInitialLanguage(memoryStorage(), ["ja"])).toBe("en");
    expect(resolveInitialLanguage(undefined, ["zh"])).toBe("zh");
  });

  test("junk or unreadable storage falls back to the browser", () => {
    expect(resolveInitialLanguage(memoryStorage({ language: "klingon" }), ["zh-CN"])).toBe("zh");
    expect(resolveInitialLanguage(refusingStorage, ["zh-CN"])).toBe("zh");
  });
});

describeStoredSetting("the language", {
  key: "language",
  read: readStoredLanguage,
  write: writeStoredLanguage,
  values: ["en", "zh"],
  junk: ["klingon", "zh-CN", ""],
  fallback: null,
});

describe("helpers", () => {
  test("browserLanguages prefers navigator.languages, else navigator.language", () => {
    expect(browserLanguages({ languages: ["zh-CN", "en"], language: "zh-CN" })).toEqual(["zh-CN", "en"]);
    expect(browserLanguages({ languages: [], language: "en-GB" })).toEqual(["en-GB"]);
    expect(browserLanguages(undefined)).toEqual([]);
  });

  test("htmlLangFor tags Simplified Chinese precisely", () => {
    expect(htmlLangFor("zh")).toBe("zh-CN");
    expect(htmlLangFor("en")).toBe("en");
  });

  test("isLanguage", () => {
    expect(isLanguage("zh")).toBe(true);
    expect(isLanguage("en")).toBe(true);
    expect(isLanguage("zh-CN")).toBe(false);
  });
});
