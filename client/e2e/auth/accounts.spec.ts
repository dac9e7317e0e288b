// Accounts and access in a real browser against the real server: admin login (and its translated
// error), creating a mount-only key with base path /docs, signing in with that key in a fresh
// context, the route guard keeping it inside /docs, the admin area limited to what the key may use,
// logout ending the session, and a password change that logs the admin out. The session is an
// HttpOnly cookie (docs/decisions/0009-browser-session-cookie.md): no token is ever readable by the
// page, in any storage or in document.cookie.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { CSRF_HEADER, SESSION_COOKIE } from "@shared/constants";
import type { BrowserContext, Page } from "playwright-core";
import { adminToken, E2E_ADMIN_PASSWORD, e2eSpec, PHONE, type RunningApp, startApp } from "../kit/harness";

setDefaultTimeout(60_000);

const { app, openPage } = e2eSpec(import.meta.path);

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const waitForTitle = (page: Page, title: string) =>
  page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 });

/** Everything script on the page can read: both storages, document.cookie and every IndexedDB record. */
function readableByPage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump: unknown[] = [{ ...localStorage }, { ...sessionStorage }, document.cookie];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const request = db.transaction(store).objectStore(store).getAll();
        dump.push(await new Promise((resolve) => (request.onsuccess = () => resolve(request.result))));
      }
      db.close();
    }
    return JSON.stringify(dump);
  });
}

/** The context's session cookie, as the browser holds it (out of the page's reach). */
async function sessionCookieOf(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** Asks the server who a cookie's session is, as a replayed request from anywhere would. */
async function replay(cookieValue: string) {
  return fetch(`${app.baseUrl}/trpc/session.me`, {
    headers: { cookie: `${SESSION_COOKIE}=${cookieValue}`, [CSRF_HEADER]: "1" },
  });
}

/** Nothing the page can read names a credential; `secrets` (a token, a key) appear nowhere. */
async function expectNoCredentialReadable(page: Page, secrets: string[] = []) {
  const readable = await readableByPage(page);
  for (const name of ["admin_token", "api_key", SESSION_COOKIE]) expect(readable).not.toContain(name);
  for (const secret of secrets) expect(readable).not.toContain(secret);
}
// A refused login or key is a 401 response, which Chromium logs as a console error by itself.
const unexpectedErrors = (errors: string[]) => errors.filter((error) => !/status of 401/.test(error));

async function logInAsAdmin(page: Page, password = E2E_ADMIN_PASSWORD) {
  await page.goto(`${app.baseUrl}/admin`);
  await heading(page, "Log in to the admin area").waitFor();
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await heading(page, "Dashboard").waitFor();
}

let mountKey = "";

/**
 * Clicks Log out and waits for the server's answer: the screen changes at once, while the request that
 * ends the session (and clears the cookie) is still on its way.
 */
async function logOut(page: Page) {
  const ended = page.waitForResponse((response) => response.url().includes("session.logout"));
  await page.getByRole("button", { name: "Log out" }).click();
  await heading(page, "Log in to the admin area").waitFor();
  expect((await ended).ok()).toBe(true);
}

describe("accounts and access", () => {
  test("a wrong admin password shows the error in the user's language", async () => {
    const { context, page, errors } = await openPage({ locale: "zh-CN" });
    await page.goto(`${app.baseUrl}/admin`);
    await heading(page, "登录管理后台").waitFor();
    await waitForTitle(page, "登录 - Pastebox");
    await page.getByLabel("用户名").fill("admin");
    await page.getByLabel("密码", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: "登录失败" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("用户名或密码错误");
    await expectNoCredentialReadable(page);
    expect(await sessionCookieOf(context)).toBeUndefined();

    // The same in English.
    await page.getByRole("combobox", { name: /^语言：/ }).selectOption({ label: "English" });
    await page.getByLabel("Password", { exact: true }).fill("still-not-it");
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await page.getByRole("alert").filter({ hasText: "Wrong username or password" }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("the admin's session is an HttpOnly cookie: no token readable by the page, kept across a reload, ended by logout", async () => {
    const { context, page, errors } = await openPage();
    // An earlier version's token left in storage is removed on load.
    await page.goto(`${app.baseUrl}/`);
    await page.evaluate(() => localStorage.setItem("admin_token", "left-by-an-old-version"));
    await logInAsAdmin(page);
    const session = await sessionCookieOf(context);
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    await expectNoCredentialReadable(page, [session?.value ?? "no cookie", "left-by-an-old-version"]);

    // A reload asks the server who the cookie is: still the admin, with nothing stored to say so.
    await page.reload();
    await heading(page, "Dashboard").waitFor();
    expect(await page.getByRole("region", { name: "Signed in" }).textContent()).toContain("admin");
    // Calls from the page work with the cookie and the client's header (a mutation: the settings form).
    await page.getByRole("navigation", { name: "Admin modules" }).getByRole("link", { name: "Settings" }).click();
    await heading(page, "Settings").waitFor();
    await expectNoCredentialReadable(page, [session?.value ?? "no cookie"]);

    await logOut(page);
    expect(await sessionCookieOf(context)).toBeUndefined();
    // The old cookie, replayed from anywhere, no longer opens anything.
    expect((await replay(session?.value ?? "")).status).toBe(401);
    await page.reload();
    await heading(page, "Log in to the admin area").waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("the admin logs in and creates a key with only mount permission and base path /docs", async () => {
    const { context, page, errors } = await openPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.baseUrl });
    await logInAsAdmin(page);
    await waitForTitle(page, "Dashboard - Pastebox");

    const sidebar = page.getByRole("navigation", { name: "Admin modules" });
    await sidebar.getByRole("link", { name: "API keys" }).click();
    await heading(page, "API keys").waitFor();
    await page.getByRole("heading", { name: "No API keys yet" }).waitFor();

    await page.getByRole("button", { name: "Create key" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create API key" });
    await dialog.waitFor();
    // Focus starts in the dialog, on the name.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("placeholder"))).toBe("e.g. Backup script");
    await dialog.getByLabel("Name").fill("Docs reader");
    await dialog.getByRole("checkbox", { name: "Mount", exact: true }).check();
    await dialog.getByLabel("Base path").fill("/docs");
    await dialog.getByRole("radio", { name: "7 days" }).click();
    await dialog.getByRole("button", { name: "Create key" }).click();

    const reveal = page.getByRole("dialog", { name: "Copy your new API key" });
    await reveal.waitFor();
    mountKey = await reveal.getByLabel("Your API key").inputValue();
    expect(mountKey).toMatch(/^pb_[a-z0-9]{30,}$/);
    await reveal.getByRole("button", { name: "Copy" }).click();
    await reveal.getByRole("button", { name: "Copied", exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(mountKey);
    await reveal.getByRole("button", { name: "I have copied it" }).click();
    await reveal.waitFor({ state: "detached" });

    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Docs reader" }) });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? "";
    expect(rowText).toContain(`${mountKey.slice(0, 8)}••••`);
    expect(rowText).not.toContain(mountKey);
    expect(rowText).toContain("Mount");
    expect(rowText).not.toContain("Text");
    expect(rowText).toContain("/docs");
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("the key signs in in a fresh context, is kept inside /docs, sees only what it may use, and logs out", async () => {
    expect(mountKey).not.toBe("");
    // The key's base path is a mount holding the folder the test opens, as in real use.
    const json = { "content-type": "application/json" };
    const admin = { ...json, authorization: `Bearer ${await adminToken(app)}` };
    const storages = await (await fetch(`${app.baseUrl}/api/s3-configs`, { headers: admin })).json();
    const mount = await fetch(`${app.baseUrl}/api/admin/mounts`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ name: "Docs", mount_path: "/docs", storage_config_id: storages.data[0].id }),
    });
    expect(mount.status).toBe(201);
    const folder = await fetch(`${app.baseUrl}/api/admin/fs/mkdir`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ path: "/docs/2024" }),
    });
    expect(folder.status).toBeLessThan(300);
    const { context, page, errors } = await openPage();
    await page.goto(`${app.baseUrl}/admin`);
    await page.getByRole("tab", { name: "API key" }).click();
    await page.getByRole("textbox", { name: "API key" }).fill(mountKey);
    await page.getByRole("textbox", { name: "API key" }).press("Enter");

    // /admin opens the key's first module; the sidebar lists only those of its permission.
    await heading(page, "Mount management").waitFor();
    await page.waitForURL(`${app.baseUrl}/admin/mount-management`);
    const sidebar = page.getByRole("navigation", { name: "Admin modules" });
    expect(await sidebar.getByRole("link").allTextContents()).toEqual(["Mount management", "Shared links"]);
    await page.getByText("Read-only view").waitFor();
    const badge = page.getByRole("region", { name: "Signed in" });
    expect(await badge.textContent()).toContain("Docs reader");
    expect(await badge.textContent()).toContain("/docs");
    // The key was exchanged for a cookie session: neither it nor the session token is readable.
    const keySession = await sessionCookieOf(context);
    expect(keySession?.httpOnly).toBe(true);
    await expectNoCredentialReadable(page, [mountKey, keySession?.value ?? "no cookie"]);

    // A module it may not use says so and points to what it can use.
    await page.goto(`${app.baseUrl}/admin/key-management`);
    await page.getByRole("heading", { name: "Not available with this key" }).waitFor();
    expect(await page.getByRole("link", { name: /Mount explorer: browse \/docs/ }).getAttribute("href")).toBe(
      "/mount-explorer/docs",
    );

    // The guard keeps the key inside its base path.
    await page.goto(`${app.baseUrl}/mount-explorer/other`);
    await page.waitForURL(`${app.baseUrl}/mount-explorer/docs`);
    await page.getByText("Your key is limited to /docs").waitFor();
    await page.goto(`${app.baseUrl}/mount-explorer/docs/2024`);
    await heading(page, "Mount explorer").waitFor();
    expect(page.url()).toBe(`${app.baseUrl}/mount-explorer/docs/2024`);

    // Logout ends the key's session on the server: the old cookie replayed is refused.
    await page.goto(`${app.baseUrl}/admin`);
    await heading(page, "Mount management").waitFor();
    await logOut(page);
    expect(await sessionCookieOf(context)).toBeUndefined();
    expect((await replay(keySession?.value ?? "")).status).toBe(401);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("375 px: the admin menu is collapsed into a button that opens the modules", async () => {
    const { context, page } = await openPage({ viewport: PHONE });
    await logInAsAdmin(page);
    expect(await page.getByRole("navigation", { name: "Admin modules" }).count()).toBe(0);
    // Named by what it shows: the current module, then the section (axe label-content-name-mismatch).
    await page.getByRole("button", { name: "Dashboard Admin" }).click();
    const menu = page.getByRole("navigation", { name: "Admin modules" });
    await menu.getByRole("link", { name: "Settings" }).click();
    await heading(page, "Settings").waitFor();
    await menu.waitFor({ state: "detached" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe("changing the admin password", () => {
  let own: RunningApp;

  beforeAll(async () => {
    own = await startApp();
  });

  afterAll(async () => {
    await own?.stop();
  });

  test("logs the admin out; the new password works and the old session is gone", async () => {
    const { context, page, errors } = await openPage();
    await page.goto(`${own.baseUrl}/admin/settings`);
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await page.getByRole("heading", { name: "Admin account" }).waitFor();
    const oldSession = (await sessionCookieOf(context))?.value ?? "";
    expect(oldSession).not.toBe("");

    await page.getByLabel("Current password").fill(E2E_ADMIN_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-password-1");
    await page.getByLabel("Confirm new password").fill("brand-new-password-1");
    await page.getByRole("button", { name: "Update account" }).click();

    await heading(page, "Log in to the admin area").waitFor();
    await page.getByText("Account updated. Please log in again.").waitFor();
    expect(await sessionCookieOf(context)).toBeUndefined();
    const check = await fetch(`${own.baseUrl}/trpc/session.me`, {
      headers: { cookie: `${SESSION_COOKIE}=${oldSession}`, [CSRF_HEADER]: "1" },
    });
    expect(check.status).toBe(401);

    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password", { exact: true }).fill("brand-new-password-1");
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await heading(page, "Settings").waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
