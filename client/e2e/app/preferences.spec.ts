// Theme and language choices in a real browser: they apply at once, survive a reload, and the theme
// is on <html> before the app's JavaScript runs (no flash of the wrong theme).
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { e2eSpec } from "../kit/harness";

setDefaultTimeout(60_000);

const { app, openPage } = e2eSpec(import.meta.path);

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const themeButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Theme:/ });
const waitForTitle = (page: Page, title: string) =>
  page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 });

describe("theme", () => {
  test("cycles auto -> light -> dark and the choice survives a reload", async () => {
    const { context, page, errors } = await openPage({ colorScheme: "light" });
    await page.goto(app.baseUrl);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await isDark(page)).toBe(false);
    expect(await themeButton(page).getAttribute("aria-label")).toBe("Theme: auto (follows system). Switch to light");

    await themeButton(page).click();
    expect(await themeButton(page).getAttribute("aria-label")).toBe("Theme: light. Switch to dark");
    expect(await isDark(page)).toBe(false);
    await themeButton(page).click();
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("themeMode"))).toBe("dark");

    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await themeButton(page).getAttribute("aria-label")).toBe("Theme: dark. Switch to auto (follows system)");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the stored theme is applied before the app's scripts run", async () => {
    const { context, page } = await openPage({ colorScheme: "light" });
    const background = () =>
      page.evaluate(() => getComputedStyle(document.body.parentElement as Element).backgroundColor);
    await page.goto(app.baseUrl);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const lightBackground = await background();
    await page.evaluate(() => localStorage.setItem("themeMode", "dark"));
    // Block every script file: only index.html's inline script can set the class now.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    expect(await page.getByRole("heading").count()).toBe(0);
    expect(await isDark(page)).toBe(true);
    expect(await background()).not.toBe(lightBackground);
    await context.close();
  });

  test("auto follows the system colour scheme live", async () => {
    const { context, page } = await openPage({ colorScheme: "dark" });
    await page.goto(app.baseUrl);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await context.close();
  });
});

describe("language", () => {
  test("switching to Chinese changes the text, <html lang> and the title, and survives a reload", async () => {
    const { context, page, errors } = await openPage({ locale: "en-US" });
    await page.goto(`${app.baseUrl}/upload`);
    await waitForTitle(page, "Upload - Pastebox");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");

    await page.getByRole("combobox", { name: /^Language:/ }).selectOption({ label: "中文" });
    await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "首页" }).waitFor();
    await waitForTitle(page, "文件上传 - Pastebox");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("文件上传");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("zh");

    await page.reload();
    await waitForTitle(page, "文件上传 - Pastebox");
    expect(await page.getByRole("contentinfo").textContent()).toContain("版本 0.6.8");

    await page.getByRole("combobox", { name: /^语言：/ }).selectOption({ label: "English" });
    await waitForTitle(page, "Upload - Pastebox");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a first visit from a Chinese browser is in Chinese", async () => {
    const { context, page } = await openPage({ locale: "zh-CN" });
    await page.goto(app.baseUrl);
    await waitForTitle(page, "在线剪贴板 - Pastebox");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    // Only an explicit choice is stored; the browser's preference keeps deciding until then.
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeNull();
    await context.close();
  });

  test("the language picker works from the keyboard", async () => {
    const { context, page } = await openPage();
    await page.goto(app.baseUrl);
    await waitForTitle(page, "Online clipboard - Pastebox");
    // It is the browser's own select: focused, an arrow key picks the neighbouring option.
    await page.getByRole("combobox", { name: /^Language:/ }).focus();
    // Options are listed 中文, English; the current one is English.
    await page.keyboard.press("ArrowUp");
    await waitForTitle(page, "在线剪贴板 - Pastebox");
    await context.close();
  });
});
