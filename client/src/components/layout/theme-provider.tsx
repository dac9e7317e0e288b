// Holds the theme mode for the whole app, so every theme button (desktop bar, mobile bar) shows the
// same state, and keeps <html class="dark"> in step with the mode and, in auto mode, with the system
// colour scheme as it changes (no reload needed).
import type { ThemeMode } from "@shared/constants";
import { STORAGE_KEYS } from "@shared/constants";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { browserStorage } from "../../lib/preferences/browser-storage";
import {
  applyTheme,
  DARK_SCHEME_QUERY,
  isThemeMode,
  nextThemeMode,
  type ResolvedTheme,
  readThemeMode,
  resolveTheme,
  systemPrefersDark,
  writeThemeMode,
} from "../../lib/preferences/theme";

export type ThemeContextValue = {
  mode: ThemeMode;
  resolved: ResolvedTheme;
  setMode: (mode: ThemeMode) => void;
  cycleMode: () => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => readThemeMode(browserStorage()));
  const [prefersDark, setPrefersDark] = useState(() => systemPrefersDark(window));
  const resolved = resolveTheme(mode, prefersDark);

  useEffect(() => {
    const query = window.matchMedia?.(DARK_SCHEME_QUERY);
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  // Another tab changed the mode: follow it, so tabs never disagree after a reload.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.themeMode && isThemeMode(event.newValue)) setModeState(event.newValue);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  useEffect(() => {
    applyTheme(document.documentElement, resolved);
  }, [resolved]);

  const setMode = useCallback((next: ThemeMode) => {
    writeThemeMode(browserStorage(), next);
    setModeState(next);
  }, []);

  const cycleMode = useCallback(() => setMode(nextThemeMode(mode)), [mode, setMode]);

  const value = useMemo(() => ({ mode, resolved, setMode, cycleMode }), [mode, resolved, setMode, cycleMode]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside <ThemeProvider>");
  return value;
}
