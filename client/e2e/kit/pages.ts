// Page actions several specs take the same way: pasting into Home's editor, slowing uploads down,
// submitting the admin's password on the login screen.
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { E2E_ADMIN_PASSWORD, startHomeEditor } from "./harness";

/** Opens Home's source editor and pastes `text` into it the way the browser delivers a clipboard paste. */
export async function pasteIntoHomeEditor(page: Page, text: string): Promise<void> {
  await startHomeEditor(page);
  await page.evaluate((content) => {
    const data = new DataTransfer();
    data.setData("text/plain", content);
    document
      .querySelector(".cm-content")
      ?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Slows this page's uploads to `bytesPerSecond` (downloads unthrottled); answers the CDP session to undo it. */
export async function throttleUploads(
  context: BrowserContext,
  page: Page,
  bytesPerSecond: number,
): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

/** Opens the admin login and submits the admin's name and password (what follows is the caller's to check). */
export async function submitAdminPassword(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByRole("heading", { level: 1, name: "Log in to the admin area" }).waitFor();
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByLabel("Password", { exact: true }).press("Enter");
}
