// The owner's side of upload requests in Chromium (docs/upload-requests.md): the admin creates a request
// through the "Upload requests" module's form, watches a visitor's 3 files arrive in the request's
// "Files received" without reloading (name, size, type), turns one into a share link that another
// context downloads, extends the request and closes it. The request's webhook, set in the form, reaches
// a real receiver signed, and the card shows the delivery. Each state is checked at 375 px and desktop,
// light and dark, with axe-core, and the module once in Chinese.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createHmac } from "node:crypto";
import { dismissToasts, e2eSpec, saveShot, stillAxeViolations } from "../kit/harness";

setDefaultTimeout(180_000);

const { app, addMount, api, openAdminPage, checkLayouts } = e2eSpec(import.meta.path, {
  // The receiver listens on loopback, which a real install refuses (docs/upload-requests.md, Webhook).
  env: { ALLOW_PRIVATE_URLS: "true" },
});

const WEBHOOK_SECRET = "a secret for the hook";
/** The owner's webhook receiver: every notice it got, with its signature. */
const notices: { body: string; signature: string | null }[] = [];
const receiver = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    notices.push({ body: await request.text(), signature: request.headers.get("x-pastebox-signature") });
    return new Response("ok");
  },
});

/** A visitor's file through the request's form route, as a script or another page would send it. */
async function sendFile(slug: string, visit: string, name: string, content: string) {
  const form = new FormData();
  form.set("visit", visit);
  form.set("file", new File([content], name, { type: "text/plain" }));
  const response = await fetch(`${app.baseUrl}/api/public/upload-requests/${slug}/files`, {
    method: "POST",
    body: form,
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  await addMount({ name: "inbox", path: "/inbox", folder: "owner-inbox" });
  expect((await api("POST", "/admin/fs/mkdir", { path: "/inbox/invoices" })).status).toBe(201);
});

afterAll(() => {
  receiver.stop(true);
});

test("the owner creates a request, watches 3 files arrive, shares one, extends and closes the request", async () => {
  const owner = await openAdminPage();
  const { page } = owner;
  await page.goto(`${app.baseUrl}/admin/upload-requests`);
  await page.getByText("No upload requests yet").waitFor();
  await checkLayouts(page, "empty");
  expect(await stillAxeViolations(page)).toEqual([]);

  await page.getByTestId("create-upload-request").click();
  const form = page.getByTestId("upload-request-form");
  await form.waitFor();
  // A wrong value is refused before sending, at its field.
  await form.getByLabel("At most this many files").fill("0");
  await form.getByLabel("Webhook URL").fill("ftp://example.com/hook");
  await form.getByLabel("Webhook secret").fill("short");
  await page.getByTestId("upload-request-submit").click();
  await form.getByText("A whole number from 1 to 1000").waitFor();
  await form.getByText("A URL that starts with http:// or https://").waitFor();
  await form.getByText("A webhook needs a secret of 8 characters or more").waitFor();
  await form.getByLabel("Webhook secret").scrollIntoViewIfNeeded();
  await saveShot(import.meta.path, page, "form-webhook");
  await checkLayouts(page, "form");
  expect(await stillAxeViolations(page)).toEqual([]);
  await form.getByLabel("Folder in the explorer").fill("/inbox/invoices");
  await form.getByLabel("At most this many files").fill("3");
  await form.getByLabel("Size per file (MB)").fill("1");
  await form.getByLabel("Size in total (MB)").fill("2");
  await form.getByLabel("Note for the sender").fill("The March invoices, please.");
  await form.getByLabel("Webhook URL").fill(`http://127.0.0.1:${receiver.port}/hook`);
  await form.getByLabel("Webhook secret").fill(WEBHOOK_SECRET);
  await page.getByTestId("upload-request-submit").click();
  await form.waitFor({ state: "detached" });

  const list = await api("GET", "/upload-requests");
  expect(list.data.items).toHaveLength(1);
  const request = list.data.items[0];
  expect(request).toMatchObject({
    folder: "/inbox/invoices",
    max_files: 3,
    max_file_size: 1024 * 1024,
    max_total_size: 2 * 1024 * 1024,
    note: "The March invoices, please.",
    status: "open",
    webhook_url: `http://127.0.0.1:${receiver.port}/hook`,
  });
  const card = page.getByTestId(`upload-request-${request.slug}`);
  await card.getByText(request.url).waitFor();
  // The new request opens with its files shown: none yet.
  const received = card.getByTestId("upload-request-files");
  await received.getByText("No file has arrived yet.", { exact: false }).waitFor();

  // A visitor sends 3 files; the owner's page shows each as it lands, without a reload.
  const visit = (await api("GET", `/public/upload-requests/${request.slug}`)).data.visit;
  const files = [
    ["march-1.txt", "a".repeat(1500)],
    ["march-2.txt", "b".repeat(2500)],
    ["march-3.txt", "c".repeat(3500)],
  ] as const;
  for (const [name, content] of files) {
    await sendFile(request.slug, visit, name, content);
    await received.getByText(name, { exact: true }).waitFor();
  }
  const rows = received.getByTestId("upload-request-file");
  expect(await rows.count()).toBe(3);
  expect(await received.getByTestId("upload-request-file-size").allTextContents()).toEqual([
    "1.5 KB",
    "2.4 KB",
    "3.4 KB",
  ]);
  expect(await rows.first().textContent()).toContain("text/plain");
  await card.getByText("3 of 3", { exact: true }).waitFor();
  // Each arrival was told to the receiver, signed; the card shows the newest delivery.
  const deadline = Date.now() + 30_000;
  while (notices.length < files.length && Date.now() < deadline) await Bun.sleep(50);
  await card.getByText(/^Delivered .* \(HTTP 200\)$/).waitFor();
  expect(notices.map((notice) => JSON.parse(notice.body).file.name).sort()).toEqual(files.map(([name]) => name));
  for (const notice of notices) {
    const expected = `sha256=${createHmac("sha256", WEBHOOK_SECRET).update(notice.body).digest("hex")}`;
    expect(notice.signature).toBe(expected);
  }
  await dismissToasts(page);
  await checkLayouts(page, "arrivals");
  expect(await stillAxeViolations(page)).toEqual([]);

  // One arrival becomes a share link in place, which another context opens and downloads.
  await rows.nth(1).getByRole("button", { name: "Share march-2.txt" }).click();
  const link = await rows.nth(1).getByTestId("upload-request-file-link").inputValue();
  expect(link).toMatch(new RegExp(`^${app.baseUrl}/s/[A-Za-z0-9]+$`));
  const slug = link.split("/").at(-1);
  const download = await fetch(`${app.baseUrl}/api/public/shares/${slug}/file?path=march-2.txt`);
  expect(download.status).toBe(200);
  expect(await download.text()).toBe(files[1][1]);
  await dismissToasts(page);
  await checkLayouts(page, "shared");

  // Extend: a new expiry counted from now.
  await card.getByTestId("upload-request-extend").click();
  await page.getByRole("dialog", { name: "Extend the upload request" }).waitFor();
  await checkLayouts(page, "extend");
  expect(await stillAxeViolations(page)).toEqual([]);
  await page.getByTestId("upload-request-expiry").selectOption("1d");
  await page.getByTestId("upload-request-extend-submit").click();
  await page.getByRole("dialog").waitFor({ state: "detached" });
  const extended = (await api("GET", `/upload-requests/${request.id}`)).data;
  expect(Math.abs(new Date(extended.expires_at).getTime() - (Date.now() + 24 * 3_600_000))).toBeLessThan(120_000);

  // Close: the link stops taking files; what arrived stays.
  await card.getByTestId("upload-request-close").click();
  await page.getByRole("dialog", { name: "Close this upload request?" }).waitFor();
  await page.getByTestId("upload-request-close-confirm").click();
  await card.getByTestId("upload-request-status").getByText("Closed").waitFor();
  expect(await card.getByTestId("upload-request-close").isDisabled()).toBe(true);
  const refused = await fetch(`${app.baseUrl}/api/public/upload-requests/${request.slug}`);
  expect((await api("GET", `/upload-requests/${request.id}`)).data.files).toHaveLength(3);
  expect(refused.status).toBe(410);
  await dismissToasts(page);
  await checkLayouts(page, "closed");

  expect(owner.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  await owner.context.close();

  // The module in Chinese: its texts, and no axe violation.
  const zh = await openAdminPage({ locale: "zh-CN" });
  await zh.page.goto(`${app.baseUrl}/admin/upload-requests`);
  await zh.page.getByTestId(`upload-request-${request.slug}`).getByText("已关闭").waitFor();
  await zh.page.getByRole("button", { name: "已收到的文件" }).click();
  await zh.page.getByText("march-3.txt").waitFor();
  await checkLayouts(zh.page, "zh");
  expect(await stillAxeViolations(zh.page)).toEqual([]);
  await zh.context.close();
});
