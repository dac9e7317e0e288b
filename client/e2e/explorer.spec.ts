// The mount explorer in a real browser against the real server (local storage): a mount created in
// the admin module (its validation messages first), then in the explorer a folder created, a file
// uploaded into it, renamed, downloaded (its bytes checked), previewed, edited, and deleted;
// screenshots of the explorer and the mount module at 375 and 1280 px, light and dark.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, E2E_ADMIN_PASSWORD, launchBrowser, openPage, PHONE, type RunningApp, startApp } from "./harness";

setDefaultTimeout(120_000);

const SHOTS_DIR = "/tmp/shots-explorer";
const NOTE = "# Notes\n\nWritten by the explorer e2e test.\n";

let app: RunningApp;
let browser: Browser;
let token: string;

beforeAll(async () => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  app = await startApp();
  browser = await launchBrowser();
  const login = await fetch(`${app.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: E2E_ADMIN_PASSWORD }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

function realErrors(errors: string[]): string[] {
  return errors.filter((error) => !error.startsWith("Failed to load resource"));
}

async function openAsAdmin() {
  const opened = await openPage(browser, { acceptDownloads: true });
  await opened.page.goto(`${app.baseUrl}/`);
  await opened.page.evaluate((adminToken) => localStorage.setItem("admin_token", adminToken), token);
  return opened;
}

const VARIANTS = [
  { name: "1280-light", viewport: DESKTOP, scheme: "light" as const },
  { name: "1280-dark", viewport: DESKTOP, scheme: "dark" as const },
  { name: "375-light", viewport: PHONE, scheme: "light" as const },
  { name: "375-dark", viewport: PHONE, scheme: "dark" as const },
];

async function shoot(page: Page, name: string) {
  // Passing toasts would cover the rows.
  for (const dismiss of await page.getByRole("button", { name: "Dismiss" }).all())
    await dismiss.click({ timeout: 1_000 }).catch(() => {});
  for (const variant of VARIANTS) {
    await page.setViewportSize(variant.viewport);
    await page.emulateMedia({ colorScheme: variant.scheme });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${variant.name}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: "light" });
}

function entry(page: Page, name: string) {
  return page.locator(`[data-testid="entry"][data-name="${name}"]`);
}

describe("mount explorer", () => {
  test("create a mount, then folder, upload, rename, download, edit, delete", async () => {
    const { page, context, errors } = await openAsAdmin();

    // The admin module: validation messages from the shared schema, then a mount on the default disk.
    await page.goto(`${app.baseUrl}/admin/mount-management`);
    await page.getByTestId("add-mount").click();
    const form = page.getByTestId("mount-form");
    await form.locator('input[name="mount-path"]').fill("api");
    await page.getByTestId("mount-save").click();
    expect(await form.textContent()).toContain("Enter a name for the mount");
    await form.locator('input[name="mount-name"]').fill("E2E docs");
    await form.locator('input[name="mount-path"]').fill("/api");
    await page.getByTestId("mount-save").click();
    expect(await form.textContent()).toContain("reserved");
    await form.locator('input[name="mount-path"]').fill("/e2e-docs");
    await page.getByTestId("mount-save").click();
    const card = page.getByTestId("mount-card-E2E docs");
    await card.waitFor();
    expect(await card.getByTestId("mount-status").textContent()).toBe("Active");
    await shoot(page, "mount-module");

    // The explorer's root lists the mount; open it.
    await page.goto(`${app.baseUrl}/mount-explorer`);
    await entry(page, "e2e-docs").waitFor();
    await entry(page, "e2e-docs").getByRole("link").click();
    await page.getByTestId("explorer-empty").waitFor();
    expect(page.url()).toBe(`${app.baseUrl}/mount-explorer/e2e-docs`);

    // New folder.
    await page.getByTestId("mkdir-button").click();
    await page.locator('input[name="entry-name"]').fill("reports");
    await page.getByTestId("name-submit").click();
    await entry(page, "reports").waitFor();
    await entry(page, "reports").getByRole("link").click();
    await page.getByTestId("explorer-empty").waitFor();
    expect(await page.getByTestId("breadcrumbs").textContent()).toContain("reports");

    // Upload a file into it.
    await page
      .getByTestId("upload-input")
      .setInputFiles({ name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from(NOTE) });
    await entry(page, "notes.md").waitFor();
    await page.locator('[data-testid="upload-item"][data-status="done"]').waitFor();

    // Rename it.
    await entry(page, "notes.md").getByRole("checkbox").check();
    await page.getByTestId("rename-button").click();
    await page.locator('input[name="entry-name"]').fill("minutes.md");
    await page.getByTestId("name-submit").click();
    await entry(page, "minutes.md").waitFor();
    expect(await entry(page, "notes.md").count()).toBe(0);

    // Download it: the same bytes.
    await entry(page, "minutes.md").getByRole("checkbox").check();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-button").click()]);
    expect(download.suggestedFilename()).toBe("minutes.md");
    const saved = await download.path();
    expect(readFileSync(saved, "utf8")).toBe(NOTE);

    // Preview (the `preview` query) and edit in place.
    await entry(page, "minutes.md").getByRole("link").click();
    await page.getByTestId("preview-panel").waitFor();
    expect(page.url()).toContain("?preview=");
    await page.getByTestId("file-preview").waitFor();
    await shoot(page, "explorer-preview");
    await page.getByTestId("preview-edit").click();
    const editor = page.getByTestId("text-editor");
    await editor.waitFor();
    expect(await editor.inputValue()).toBe(NOTE);
    await editor.fill(`${NOTE}Edited.\n`);
    await page.getByTestId("editor-save").click();
    await editor.waitFor({ state: "detached" });
    await page.getByTestId("preview-close").click();
    await page.getByTestId("preview-panel").waitFor({ state: "detached" });
    const edited = await page.evaluate(async (adminToken) => {
      const response = await fetch("/api/admin/fs/download?path=%2Fe2e-docs%2Freports%2Fminutes.md", {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      return response.text();
    }, token);
    expect(edited).toBe(`${NOTE}Edited.\n`);

    // Screenshots of a folder with a file and a subfolder.
    await page.getByTestId("mkdir-button").click();
    await page.locator('input[name="entry-name"]').fill("archive");
    await page.getByTestId("name-submit").click();
    await entry(page, "archive").waitFor();
    await page.getByRole("button", { name: "Clear finished" }).click();
    await shoot(page, "explorer-list");
    await page.getByRole("button", { name: "Grid" }).click();
    await page.getByTestId("entry-grid").waitFor();
    await shoot(page, "explorer-grid");
    await page.getByRole("button", { name: "List" }).click();
    await page.getByTestId("entry-list").waitFor();

    // Search (this folder and below): the result links to its folder's preview.
    await page.getByLabel("Search files", { exact: true }).fill("minu");
    await page.getByRole("combobox", { name: "Search scope" }).selectOption("directory");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const results = page.getByTestId("search-results");
    await results.getByRole("link", { name: "minutes.md" }).waitFor();
    expect(await results.textContent()).toContain("/e2e-docs/reports");
    await page.getByRole("button", { name: "Close search results" }).click();

    // Delete the file and the folder together.
    await page.getByRole("checkbox", { name: "Select all" }).check();
    await page.getByTestId("delete-button").click();
    await page.getByTestId("delete-confirm").click();
    await page.getByTestId("explorer-empty").waitFor();

    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
