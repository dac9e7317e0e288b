// Managing shares from their lists in Chromium (docs/admin-lists.md, "Extend"; docs/upload-requests.md,
// "Webhook"): the admin extends a paste and a file share from text and file management (a new expiry
// counted from now, read back through REST), and changes an upload request's webhook after creation: a
// secret is asked for where the request has none, the next file's notice reaches the new URL signed with
// the new secret, and an empty URL removes the webhook. Checked at 375 px and desktop, light and dark,
// with axe-core.
import { expect, setDefaultTimeout, test } from "bun:test";
import { createHmac } from "node:crypto";
import { e2eSpec } from "../kit/harness";

setDefaultTimeout(180_000);

// The receiver listens on loopback, which a real install refuses (docs/upload-requests.md, Webhook).
const { app, api, apiData, openAdminPage, checkScreen } = e2eSpec(import.meta.path, {
  env: { ALLOW_PRIVATE_URLS: "true" },
});

const THIRTY_DAYS_MS = 30 * 24 * 3_600_000;

/** The owner's webhook receiver: every notice it got, with its signature. */
const notices: { path: string; body: string; signature: string | null }[] = [];
const receiver = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    notices.push({
      path: new URL(request.url).pathname,
      body: await request.text(),
      signature: request.headers.get("x-pastebox-signature"),
    });
    return new Response("ok");
  },
});

function expectAbout(expiresAt: string | null, when: number) {
  expect(Math.abs(new Date(expiresAt ?? 0).getTime() - when)).toBeLessThan(120_000);
}

test("the admin extends a paste and a file share from their lists", async () => {
  const paste = await apiData("POST", "/paste", {
    content: "a note that was about to go",
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const upload = new FormData();
  upload.set("expires_in", "1");
  upload.set("file", new File(["quarterly figures"], "figures.csv", { type: "text/csv" }));
  const file = await apiData("POST", "/upload", upload);
  const usedUp = await apiData("POST", "/paste", { content: "read once", max_views: 1 });
  expect((await fetch(`${app.baseUrl}/api/raw/${usedUp.slug}`)).status).toBe(200);

  const owner = await openAdminPage();
  const { page } = owner;
  await page.goto(`${app.baseUrl}/admin/text-management`);
  const extendPaste = page.getByRole("button", { name: `Extend ${paste.slug}` });
  await extendPaste.waitFor();
  // Used up, a new expiry would not open it again: its view limit is changed in the edit dialog.
  expect(await page.getByRole("button", { name: `Extend ${usedUp.slug}` }).isDisabled()).toBe(true);
  await checkScreen(page, "text-list");
  await extendPaste.click();
  const dialog = page.getByRole("dialog", { name: "Extend the link" });
  await dialog.waitFor();
  await checkScreen(page, "text-extend");
  await page.getByTestId("upload-request-expiry").selectOption("30d");
  await page.getByTestId("shared-link-extend-submit").click();
  await dialog.waitFor({ state: "detached" });
  expectAbout((await apiData("GET", `/admin/pastes/${paste.id}`)).expires_at, Date.now() + THIRTY_DAYS_MS);

  await page.goto(`${app.baseUrl}/admin/file-management`);
  const extendFile = page.getByRole("button", { name: "Extend the link of figures.csv" });
  await extendFile.waitFor();
  await checkScreen(page, "file-list");
  await extendFile.click();
  await dialog.waitFor();
  await page.getByTestId("upload-request-expiry").selectOption("never");
  await page.getByTestId("shared-link-extend-submit").click();
  await dialog.waitFor({ state: "detached" });
  expect((await apiData("GET", `/admin/files/${file.id}`)).expires_at).toBeNull();
  // The list (cards or table, whichever the last look left shown) has the new expiry without a reload.
  await page.locator("span:visible", { hasText: /^Never$/ }).waitFor();
  expect(owner.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  await owner.context.close();
});

test("the owner changes an upload request's webhook after creation, then removes it", async () => {
  const storages = await apiData("GET", "/s3-configs");
  const request = await apiData("POST", "/upload-requests", {
    storage_config_id: storages[0].id,
    max_files: 5,
    max_file_size: 1000,
    max_total_size: 5000,
  });
  const owner = await openAdminPage();
  const { page } = owner;
  await page.goto(`${app.baseUrl}/admin/upload-requests`);
  const card = page.getByTestId(`upload-request-${request.slug}`);
  const webhookLine = card.getByRole("definition").filter({ has: page.getByTestId("upload-request-webhook") });
  await webhookLine.getByText("None", { exact: true }).waitFor();
  await card.getByTestId("upload-request-webhook").click();
  const dialog = page.getByRole("dialog", { name: "Webhook" });
  await dialog.waitFor();
  await dialog.getByLabel("Webhook URL").fill(`http://127.0.0.1:${receiver.port}/moved`);
  // This request has no secret yet: one is asked for before anything is sent.
  await page.getByTestId("upload-request-webhook-submit").click();
  await dialog.getByText("A webhook needs a secret of 8 characters or more").waitFor();
  await checkScreen(page, "webhook-form");
  await dialog.getByLabel("Webhook secret").fill("the new secret");
  await page.getByTestId("upload-request-webhook-submit").click();
  await dialog.waitFor({ state: "detached" });
  await webhookLine.getByText("No file yet").waitFor();

  const visit = (await apiData("GET", `/public/upload-requests/${request.slug}`)).visit;
  const form = new FormData();
  form.set("visit", visit);
  form.set("file", new File(["scan"], "scan.txt", { type: "text/plain" }));
  expect(
    (await fetch(`${app.baseUrl}/api/public/upload-requests/${request.slug}/files`, { method: "POST", body: form }))
      .status,
  ).toBe(201);
  const deadline = Date.now() + 30_000;
  while (!notices.some((notice) => notice.path === "/moved") && Date.now() < deadline) await Bun.sleep(100);
  const [notice] = notices.filter((entry) => entry.path === "/moved");
  expect(notice?.signature).toBe(
    `sha256=${createHmac("sha256", "the new secret")
      .update(notice?.body ?? "")
      .digest("hex")}`,
  );
  await page.reload();
  await webhookLine.getByText(/^Delivered .* \(HTTP 200\)$/).waitFor();
  await checkScreen(page, "webhook-delivered");

  // Removed: an empty URL; the card says there is none and REST agrees.
  await card.getByTestId("upload-request-webhook").click();
  await dialog.waitFor();
  expect(await dialog.getByLabel("Webhook URL").inputValue()).toBe(`http://127.0.0.1:${receiver.port}/moved`);
  await dialog.getByLabel("Webhook URL").fill("");
  await page.getByTestId("upload-request-webhook-submit").click();
  await dialog.waitFor({ state: "detached" });
  await webhookLine.getByText("None", { exact: true }).waitFor();
  const record = await api("GET", `/upload-requests/${request.id}`);
  expect(record.data).toMatchObject({ webhook_url: null, webhook: null });
  expect(owner.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  await owner.context.close();
  receiver.stop(true);
});
