import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { STORAGE_KEYS, THEME_MODES, type ThemeMode } from "@shared/constants";
import { expectAnswers } from "../../../test/answers";
import { describeStoredSetting } from "../../../test/stored-setting";
import {
  applyTheme,
  DEFAULT_THEME_MODE,
  isThemeMode,
  nextThemeMode,
  readThemeMode,
  resolveTheme,
  systemPrefersDark,
  writeThemeMode,
} from "./theme";

describe("theme mode cycle", () => {
  test("cycles auto -> light -> dark -> auto", () => {
    expectAnswers(nextThemeMode, [
      ["auto", "light"],
      ["light", "dark"],
      ["dark", "auto"],
    ]);
  });

  test("visits every mode once per round", () => {
    const seen: ThemeMode[] = [];
    let mode: ThemeMode = DEFAULT_THEME_MODE;
    for (let i = 0; i < THEME_MODES.length; i++) {
      seen.push(mode);
      mode = nextThemeMode(mode);
    }
    expect(mode).toBe(DEFAULT_THEME_MODE);
    expect([...seen].sort()).toEqual([...THEME_MODES].sort());
  });
});

describe("resolveTheme", () => {
  test("auto follows the system preference", () => {
    expect(resolveTheme("auto", true)).toBe("dark");
    expect(resolveTheme("auto", false)).toBe("light");
  });

  test("an explicit mode ignores the system preference", () => {
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });
});

describeStoredSetting("the theme mode", {
  key: "themeMode",
  read: readThemeMode,
  write: writeThemeMode,
  values: THEME_MODES,
  junk: ["purple", "", "Dark"],
  fallback: DEFAULT_THEME_MODE,
});

describe("theme modes", () => {
  test("the default is auto, and isThemeMode accepts exactly the three modes", () => {
    expect(DEFAULT_THEME_MODE).toBe("auto");
    expect(STORAGE_KEYS.themeMode).toBe("themeMode");
    for (const mode of THEME_MODES) expect(isThemeMode(mode)).toBe(true);
    for (const value of ["Dark", "system", null, 1, undefined]) expect(isThemeMode(value)).toBe(false);
  });
});

describe("applying to the document", () => {
  test("toggles the dark class on the root element", () => {
    const root = document.createElement("html");
    root.className = "keep-me";
    applyTheme(root, "dark");
    expect(root.classList.contains("dark")).toBe(true);
    expect(root.classList.contains("keep-me")).toBe(true);
    applyTheme(root, "light");
    expect(root.classList.contains("dark")).toBe(false);
    expect(root.classList.contains("keep-me")).toBe(true);
  });

  test("systemPrefersDark reads matchMedia and tolerates its absence", () => {
    const media = (matches: boolean) => ({ matchMedia: () => ({ matches }) as MediaQueryList });
    expect(systemPrefersDark(media(true))).toBe(true);
    expect(systemPrefersDark(media(false))).toBe(false);
    expect(systemPrefersDark(undefined)).toBe(false);
    expect(systemPrefersDark({} as Pick<Window, "matchMedia">)).toBe(false);
  });
});

// index.html repeats the rule in an inline script that runs before first paint. If the two ever
// disagree, the page would flash one theme and then switch: run the real script and compare.
describe("index.html inline theme script", () => {
  const html = readFileSync(new URL("../../../index.html", import.meta.url), "utf8");
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
  const script = inline.find((source) => source.includes("themeMode"));

  test("exists and reads the same storage key", () => {
    expect(script).toBeDefined();
    expect(script).toContain(`"${STORAGE_KEYS.themeMode}"`);
  });

  const cases: { stored: string | null; label: string; prefersDark: boolean }[] = [];
  for (const stored of [null, "auto", "light", "dark", "junk"]) {
    for (const prefersDark of [false, true]) cases.push({ stored, label: stored ?? "nothing", prefersDark });
  }

  test.each(cases)("stored $label, system dark $prefersDark: same as resolveTheme", ({ stored, prefersDark }) => {
    const originalMatchMedia = window.matchMedia;
    window.matchMedia = ((query: string) =>
      ({ matches: query.includes("dark") && prefersDark, media: query }) as MediaQueryList) as typeof window.matchMedia;
    try {
      if (stored === null) localStorage.removeItem("themeMode");
      else localStorage.setItem("themeMode", stored);
      document.documentElement.classList.remove("dark");
      new Function(script ?? "")();
      const expected = resolveTheme(readThemeMode(localStorage), prefersDark);
      expect(document.documentElement.classList.contains("dark")).toBe(expected === "dark");
    } finally {
      window.matchMedia = originalMatchMedia;
    }
  });
});
