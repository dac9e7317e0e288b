// The shell in a real browser against the real server: it loads cleanly, the navigation works on a
// desktop and in the 375 px menu, deep links load, and unknown routes go home.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, e2eSpec, PHONE, signInAsAdmin } from "../kit/harness";

setDefaultTimeout(60_000);

const { app, openPage } = e2eSpec(import.meta.path);

const waitForTitle = (page: Page, title: string) =>
  page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 });

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

describe("app shell", () => {
  test("loads with its title, heading, footer and no console errors", async () => {
    const { context, page, errors } = await openPage();
    const response = await page.goto(app.baseUrl);
    expect(response?.status()).toBe(200);
    await waitForTitle(page, "Online clipboard - Pastebox");
    expect(await heading(page).textContent()).toBe("Online clipboard");
    const footer = await page.getByRole("contentinfo").textContent();
    expect(footer).toContain(`© ${new Date().getFullYear()} Pastebox`);
    expect(footer).toContain("Version 0.6.8");
    const source = page.getByRole("banner").getByRole("link", { name: /Source code on GitHub/ });
    expect(await source.getAttribute("href")).toBe("https://github.com/pastebox/pastebox");
    expect(await source.getAttribute("target")).toBe("_blank");
    expect(await source.getAttribute("rel")).toContain("noopener");
    // Also proves the CSP allows the inline theme script (a violation is logged as a console error).
    expect(errors).toEqual([]);
    await context.close();
  });

  test("desktop: the bar's links navigate and mark the current page", async () => {
    const { context, page, errors } = await openPage({ viewport: DESKTOP });
    await page.goto(app.baseUrl);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await page.getByRole("button", { name: "Open main menu" }).isVisible()).toBe(false);

    const targets: [string, string, string][] = [
      ["Upload", "/upload", "Upload files"],
      ["Mount explorer", "/mount-explorer", "Mount explorer"],
      ["Admin", "/admin", "Log in to the admin area"],
      ["Home", "/", "Online clipboard"],
    ];
    for (const [name, path, title] of targets) {
      await nav.getByRole("link", { name }).click();
      await page.waitForURL(`${app.baseUrl}${path}`);
      await heading(page).filter({ hasText: title }).waitFor();
      expect(await nav.getByRole("link", { name }).getAttribute("aria-current")).toBe("page");
      expect(await nav.locator('[aria-current="page"]').count()).toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test("375 px: the sections sit in a menu that opens, navigates and closes", async () => {
    const { context, page, errors } = await openPage({ viewport: PHONE });
    await page.goto(app.baseUrl);
    // The desktop links are hidden; only the menu button shows.
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    const toggle = page.getByRole("button", { name: "Open main menu" });
    expect(await toggle.isVisible()).toBe(true);

    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Main" });
    await menu.waitFor();
    await menu.getByRole("link", { name: "Upload" }).click();
    await page.waitForURL(`${app.baseUrl}/upload`);
    await heading(page).filter({ hasText: "Upload files" }).waitFor();
    await menu.waitFor({ state: "detached" });

    // Keyboard: Enter opens, Escape closes, focus stays usable.
    await page.getByRole("button", { name: "Open main menu" }).focus();
    await page.keyboard.press("Enter");
    await menu.waitFor();
    expect(await menu.getByRole("link", { name: "Upload" }).getAttribute("aria-current")).toBe("page");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });

    // Nothing overflows sideways at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a deep link loads its screen and title directly", async () => {
    const { context, page } = await openPage();
    // Signed in (the session cookie the login leaves), the admin module opens directly.
    await signInAsAdmin(context, app);
    await page.goto(`${app.baseUrl}/admin/key-management`);
    await waitForTitle(page, "API keys - Pastebox");
    await heading(page).filter({ hasText: "API keys" }).waitFor();
    const sidebar = page.getByRole("navigation", { name: "Admin modules" });
    expect(await sidebar.getByRole("link", { name: "API keys" }).getAttribute("aria-current")).toBe("page");
    await context.close();
  });

  test("an unknown route redirects to / saying so, without leaving itself in the history", async () => {
    const { context, page } = await openPage();
    await page.goto(`${app.baseUrl}/upload`);
    await heading(page).filter({ hasText: "Upload files" }).waitFor();
    await page.goto(`${app.baseUrl}/no/such/page`);
    await page.waitForURL(`${app.baseUrl}/`);
    await waitForTitle(page, "Online clipboard - Pastebox");
    const notice = page.getByRole("status").filter({ hasText: "That page does not exist, so here is Home" });
    expect(await notice.textContent()).toContain("/no/such/page");
    await page.goBack();
    await page.waitForURL(`${app.baseUrl}/upload`);
    await context.close();
  });

  test("an unknown admin module shows the not-found screen, whose link goes home", async () => {
    const { context, page } = await openPage();
    await page.goto(`${app.baseUrl}/admin/no-such-module`);
    await waitForTitle(page, "Page not found - Pastebox");
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await context.close();
  });

  test("a screen whose code fails to load shows a retry message and the bar keeps working", async () => {
    const { context, page } = await openPage();
    await page.route("**/assets/upload-screen-*.js", (route) => route.abort());
    await page.goto(app.baseUrl);
    await heading(page).filter({ hasText: "Online clipboard" }).waitFor();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Upload" }).click();
    await page.getByRole("alert").filter({ hasText: "This page could not be loaded" }).waitFor();
    expect(await page.getByRole("button", { name: "Try again" }).isVisible()).toBe(true);
    await nav.getByRole("link", { name: "Mount explorer" }).click();
    await heading(page).filter({ hasText: "Mount explorer" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    await context.close();
  });
});
