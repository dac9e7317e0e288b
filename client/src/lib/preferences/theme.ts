// Theme mode rules (docs/product.md §2, §4): the mode cycles auto -> light -> dark, is kept in localStorage
// under STORAGE_KEYS.themeMode, and "auto" follows the system colour scheme. Pure functions, so the
// rules are tested without a browser. client/index.html repeats resolveTheme in a tiny inline script
// that runs before first paint; theme.test.ts checks that both agree.
import { STORAGE_KEYS, THEME_MODES, type ThemeMode } from "@shared/constants";
import { type ReadableStorage, readStoredValue, type WritableStorage, writeStoredValue } from "./browser-storage";

export type ResolvedTheme = "light" | "dark";

export const DEFAULT_THEME_MODE: ThemeMode = "auto";
export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === "string" && (THEME_MODES as readonly string[]).includes(value);
}

export function nextThemeMode(mode: ThemeMode): ThemeMode {
  const index = THEME_MODES.indexOf(mode);
  return THEME_MODES[(index + 1) % THEME_MODES.length] ?? DEFAULT_THEME_MODE;
}

export function resolveTheme(mode: ThemeMode, prefersDark: boolean): ResolvedTheme {
  if (mode === "auto") return prefersDark ? "dark" : "light";
  return mode;
}

export function readThemeMode(storage: ReadableStorage | undefined): ThemeMode {
  return readStoredValue(storage, STORAGE_KEYS.themeMode, isThemeMode) ?? DEFAULT_THEME_MODE;
}

export function writeThemeMode(storage: WritableStorage | undefined, mode: ThemeMode): void {
  writeStoredValue(storage, STORAGE_KEYS.themeMode, mode);
}

export function applyTheme(root: HTMLElement, theme: ResolvedTheme): void {
  root.classList.toggle("dark", theme === "dark");
}

export function systemPrefersDark(win: Pick<Window, "matchMedia"> | undefined): boolean {
  try {
    return win?.matchMedia?.(DARK_SCHEME_QUERY).matches ?? false;
  } catch {
    return false;
  }
}
