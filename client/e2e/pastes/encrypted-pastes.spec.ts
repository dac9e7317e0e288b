// End-to-end encrypted pastes (docs/encrypted-shares.md) in Chromium against the real
// server: the admin shares Markdown with "Encrypt in this browser"; the server holds only the
// envelope; a visitor on a phone opens the whole link and sees the rendered text, the link without
// its key says so; with a password the page asks for it, a wrong one fails to decrypt, the right one
// opens; burn after reading leaves nothing for a second visitor.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { E2E_ADMIN_PASSWORD, e2eSpec, layoutCheck, PHONE } from "../kit/harness";
import { pasteIntoHomeEditor } from "../kit/pages";

setDefaultTimeout(120_000);

const { app, token, openPage } = e2eSpec(import.meta.path);

/** Each encrypted screen fits 375 px and desktop, light and dark (PNGs with E2E_SHOTS=1). */
const checkLayouts = layoutCheck(import.meta.path);

const SECRET = "# Launch codes\n\n| system | code |\n| --- | --- |\n| alpha | 4242 |\n\nNever *ever* share.\n";

async function logInAsAdmin(page: Page) {
  await page.goto(`${app.baseUrl}/admin`);
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}

/** Shares SECRET from Home with encryption on; returns the share link shown. */
async function shareEncrypted(page: Page, options: { password?: string; maxViews?: string } = {}) {
  await page.goto(app.baseUrl);
  await pasteIntoHomeEditor(page, SECRET);
  await page.getByRole("switch", { name: "Encrypt in this browser" }).click();
  if (options.password) await page.getByLabel("Password", { exact: true }).fill(options.password);
  if (options.maxViews) await page.getByLabel("Max views").fill(options.maxViews);
  await checkLayouts(page, options.password ? "create-with-password" : "create");
  await page.getByRole("button", { name: "Create share link" }).click();
  await page.getByTestId("share-result").waitFor({ timeout: 60_000 });
  expect(await page.getByTestId("share-link-key-hint").isVisible()).toBe(true);
  await checkLayouts(page, options.password ? "link-with-password" : "link");
  return page.getByTestId("share-link").inputValue();
}

/** The stored paste as management sees it (no view counted). */
async function stored(slug: string) {
  const response = await fetch(`${app.baseUrl}/api/admin/pastes/${slug}`, {
    headers: { Authorization: `Bearer ${await token()}` },
  });
  return ((await response.json()) as { data: { content: string; encrypted: boolean } }).data;
}

const slugOf = (link: string) => new URL(link).pathname.split("/").pop() as string;

describe("end-to-end encrypted pastes", () => {
  test("shared encrypted: the server holds ciphertext; the whole link renders it; without the key it says so", async () => {
    const admin = await openPage();
    await logInAsAdmin(admin.page);
    const link = await shareEncrypted(admin.page);
    expect(link).toMatch(/\/paste\/[A-Za-z0-9]+#[A-Za-z0-9_-]{43}$/);
    expect(await admin.page.getByTestId("share-result").textContent()).toContain("End-to-end encrypted");
    const paste = await stored(slugOf(link));
    expect(paste.encrypted).toBe(true);
    expect(paste.content).not.toContain("Launch");
    expect(paste.content).not.toContain("4242");

    const visitor = await openPage({ viewport: PHONE });
    await visitor.page.goto(link);
    const document = visitor.page.getByTestId("paste-document");
    await document.getByRole("heading", { name: "Launch codes" }).waitFor();
    expect(await document.getByRole("cell", { name: "4242" }).count()).toBe(1);
    expect(await document.textContent()).toContain("End-to-end encrypted");
    // "Copy link" hands on the key too; the raw link (ciphertext) is not offered.
    expect(await visitor.page.getByTestId("open-raw").count()).toBe(0);
    await checkLayouts(visitor.page, "decrypted");

    const cut = await openPage();
    await cut.page.goto(link.split("#")[0] as string);
    await cut.page.getByRole("heading", { name: "This link has lost its key" }).waitFor();
    expect(await cut.page.getByText("4242").count()).toBe(0);
    await checkLayouts(cut.page, "lost-key");
    // Another key: a new document (a fragment change alone does not load the page again).
    await cut.page.goto("about:blank");
    await cut.page.goto(`${link.split("#")[0]}#${"A".repeat(43)}`);
    await cut.page.getByRole("heading", { name: "The text could not be decrypted" }).waitFor();
    await checkLayouts(cut.page, "wrong-key");
    for (const opened of [admin, visitor, cut]) await opened.context.close();
  });

  test("the encrypted link never hides on a timer; leaving before copying it asks first", async () => {
    const admin = await openPage();
    await admin.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.baseUrl });
    await logInAsAdmin(admin.page);
    const { page } = admin;
    // The page's clock runs ten minutes ahead in no time: a timer would have hidden the link by then.
    await page.clock.install();
    await shareEncrypted(page);
    expect(await page.getByTestId("share-countdown").count()).toBe(0);
    expect(await page.getByTestId("share-kept").textContent()).toContain("until you leave the page");
    await page.clock.fastForward("10:00");
    expect(await page.getByTestId("share-link").isVisible()).toBe(true);

    // Not copied yet: a link of the app and "Create another" both ask, and "Stay" keeps the link.
    await page.getByRole("button", { name: "Create another" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave without copying the link?" });
    await dialog.waitFor();
    await checkLayouts(page, "leave-without-copying");
    await dialog.getByRole("button", { name: "Stay and copy" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("link", { name: "Upload", exact: true }).first().click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Stay and copy" }).click();
    expect(new URL(page.url()).pathname).toBe("/");
    // Closing the tab gets the browser's own question.
    const asked = await page.evaluate(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(asked).toBe(true);

    // Copied: leaving asks nothing.
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByRole("button", { name: "Create another" }).click();
    await page.getByTestId("plain-editor").or(page.locator(".cm-content")).first().waitFor();
    expect(await dialog.count()).toBe(0);
    await admin.context.close();
  });

  test("with a password: asked in the page, a wrong one fails to decrypt, the right one opens; burn after reading", async () => {
    const admin = await openPage();
    await logInAsAdmin(admin.page);
    const link = await shareEncrypted(admin.page, { password: "open sesame", maxViews: "1" });
    expect(await admin.page.getByTestId("share-result").textContent()).toContain("Password protected");
    expect(await admin.page.getByTestId("raw-link").inputValue()).not.toContain("password=");

    const visitor = await openPage();
    await visitor.page.goto(link);
    const prompt = visitor.page.getByTestId("password-prompt");
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain("encrypted with a password");
    await checkLayouts(visitor.page, "password-prompt");
    await prompt.getByLabel("Password", { exact: true }).fill("open sesame?");
    await prompt.getByRole("button", { name: "Open" }).click();
    await visitor.page.getByText("Wrong password: the text could not be decrypted").waitFor();
    await checkLayouts(visitor.page, "wrong-password");
    await prompt.getByLabel("Password", { exact: true }).fill("open sesame");
    await prompt.getByRole("button", { name: "Open" }).click();
    await visitor.page.getByTestId("paste-document").getByRole("cell", { name: "4242" }).waitFor();
    expect(await visitor.page.getByText("This was the last view allowed").count()).toBe(1);

    // The one view was the delivery of the ciphertext: nothing is left for anyone else.
    const second = await openPage();
    await second.page.goto(link);
    await second.page.getByTestId("paste-limitReached").or(second.page.getByTestId("paste-notFound")).waitFor();
    await checkLayouts(second.page, "burnt");
    for (const opened of [admin, visitor, second]) await opened.context.close();
  });
});
