import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18n from "../../i18n";
import { ThemeProvider } from "./theme-provider";
import { ThemeSwitch } from "./theme-switch";

// A controllable prefers-color-scheme, so "auto" can be shown to follow the system live.
function fakeSystemScheme(initiallyDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initiallyDark,
    media: "(prefers-color-scheme: dark)",
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  return {
    matchMedia: (() => query) as unknown as typeof window.matchMedia,
    listenerCount: () => listeners.size,
    set(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
  };
}

const originalMatchMedia = window.matchMedia;
let system: ReturnType<typeof fakeSystemScheme>;

beforeEach(() => {
  system = fakeSystemScheme(false);
  window.matchMedia = system.matchMedia;
});

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

const isDark = () => document.documentElement.classList.contains("dark");
const themeButton = () => screen.getByRole("button", { name: /^Theme:/ });

function renderSwitch() {
  return render(
    <ThemeProvider>
      <ThemeSwitch />
    </ThemeProvider>,
  );
}

describe("theme switch", () => {
  test("starts in auto and says what a click does", () => {
    renderSwitch();
    expect(themeButton().getAttribute("aria-label")).toBe("Theme: auto (follows system). Switch to light");
  });

  test("cycles auto -> light -> dark -> auto, storing each choice and applying it", () => {
    system.set(true);
    renderSwitch();
    expect(isDark()).toBe(true);

    fireEvent.click(themeButton());
    expect(localStorage.getItem("themeMode")).toBe("light");
    expect(isDark()).toBe(false);
    expect(themeButton().getAttribute("aria-label")).toBe("Theme: light. Switch to dark");

    fireEvent.click(themeButton());
    expect(localStorage.getItem("themeMode")).toBe("dark");
    expect(isDark()).toBe(true);
    expect(themeButton().getAttribute("aria-label")).toBe("Theme: dark. Switch to auto (follows system)");

    fireEvent.click(themeButton());
    expect(localStorage.getItem("themeMode")).toBe("auto");
    expect(isDark()).toBe(true);
  });

  test("restores the stored mode on the next visit", () => {
    localStorage.setItem("themeMode", "dark");
    renderSwitch();
    expect(isDark()).toBe(true);
    expect(themeButton().getAttribute("data-theme-mode")).toBe("dark");
  });

  test("auto follows the system scheme as it changes, an explicit mode does not", () => {
    const view = renderSwitch();
    expect(isDark()).toBe(false);
    act(() => system.set(true));
    expect(isDark()).toBe(true);
    act(() => system.set(false));
    expect(isDark()).toBe(false);

    fireEvent.click(themeButton()); // light
    act(() => system.set(true));
    expect(isDark()).toBe(false);

    view.unmount();
    expect(system.listenerCount()).toBe(0);
  });

  test("follows a mode chosen in another tab", () => {
    renderSwitch();
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "themeMode", newValue: "dark" }));
    });
    expect(isDark()).toBe(true);
    expect(themeButton().getAttribute("data-theme-mode")).toBe("dark");
  });

  test("the label is translated", async () => {
    renderSwitch();
    await act(() => i18n.changeLanguage("zh"));
    expect(screen.getByRole("button", { name: /^主题：/ }).getAttribute("aria-label")).toBe(
      "主题：自动（跟随系统）。切换为浅色",
    );
  });
});
