// End-to-end encrypted files (docs/encrypted-shares.md) in Chromium against the real server,
// on local storage and on an S3 server that lets the browser PUT (CORS): the admin uploads from the
// Upload screen with "Encrypt in this browser"; the server records only a neutral name and ciphertext;
// visitors open the link in other contexts and get the same bytes by each way the page saves: a phone
// through the File System Access API, a desktop without it through the service worker's stream
// download, and a browser with neither through a Blob. A changed object, a link without its key and a
// wrong password each say so and save nothing. Every request any context makes (the service worker's
// and its download frame's too: the worker is allowed here) is recorded: none carries the key.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ENCRYPTED_FILE_NAME } from "@shared/encryption/encrypted-file";
import type { BrowserContext, Page } from "playwright-core";
import { s3StorageBody } from "../../../scripts/test/s3-storage";
import { type S3Service, startS3Server } from "../../../scripts/test/services";
import { e2eSpec, layoutCheck, PHONE, signInAsAdmin } from "../kit/harness";

setDefaultTimeout(240_000);

const { app, token, openPage } = e2eSpec(import.meta.path);

let s3: S3Service;
/** Each encrypted screen fits 375 px and desktop, light and dark (PNGs with E2E_SHOTS=1). */
const checkLayouts = layoutCheck(import.meta.path);

/** Every request of every context of this file: URL, headers and body as text. */
const requests: string[] = [];

function recordRequests(context: BrowserContext) {
  context.on("request", (request) => {
    const body = request.postDataBuffer();
    requests.push([request.url(), JSON.stringify(request.headers()), body ? body.toString("latin1") : ""].join("\n"));
  });
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "e2e-encrypted" });
  // The 200 MiB files are above the default limit (100 MB).
  const settings = await fetch(`${app.baseUrl}/api/admin/system-settings`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json" },
    body: JSON.stringify({ max_upload_size: 1024 }),
  });
  if (!settings.ok) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
  const created = await fetch(`${app.baseUrl}/api/s3-configs`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json" },
    body: JSON.stringify(s3StorageBody("Encrypted bucket", s3)),
  });
  if (created.status !== 201) throw new Error(`S3 config: ${created.status} ${await created.text()}`);
});

afterAll(async () => {
  await s3?.stop();
});

/** The test file's bytes: the same generator runs in the page (to make the File) and here (to compare). */
function contentOf(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = 12345;
  for (let index = 0; index < size; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function openAsAdmin() {
  const opened = await openPage({ serviceWorkers: "allow" });
  recordRequests(opened.context);
  await signInAsAdmin(opened.context, app);
  await opened.page.goto(`${app.baseUrl}/`);
  // Multipart above 6 MB in this browser, so the 13 MB file goes in parts.
  await opened.page.evaluate(() => localStorage.setItem("pastebox_multipart_threshold", String(6 * 1024 * 1024)));
  return opened;
}

/** Uploads a generated file from the Upload screen with encryption on; returns the link shown. */
async function uploadEncrypted(
  page: Page,
  file: { name: string; type: string; size: number; text?: string },
  options: { storage?: string; password?: string; maxViews?: string; layouts?: string } = {},
) {
  await page.goto(`${app.baseUrl}/upload`);
  await page.getByTestId("drop-zone").waitFor();
  if (options.storage) {
    const select = page.getByTestId("storage-select");
    await select.locator("option", { hasText: options.storage }).waitFor({ state: "attached" });
    await select.selectOption({ label: options.storage });
  }
  await page.getByRole("switch", { name: "Encrypt in this browser" }).click();
  if (options.password) await page.getByLabel("Password", { exact: true }).fill(options.password);
  if (options.maxViews) await page.getByLabel("Max views").fill(options.maxViews);
  const transfer = await page.evaluateHandle(
    ({ name, type, size, text, generator }) => {
      const make = new Function(`return ${generator}`)() as (size: number) => Uint8Array<ArrayBuffer>;
      const data = new DataTransfer();
      data.items.add(new File([text ?? make(size)], name, { type }));
      return data;
    },
    { ...file, generator: contentOf.toString() },
  );
  await page.getByTestId("drop-zone").dispatchEvent("drop", { dataTransfer: transfer });
  if (options.layouts) await checkLayouts(page, `${options.layouts}-upload`);
  await page.getByTestId("start-uploads").click();
  await page.waitForSelector(`[data-name="${file.name}"][data-status="success"]`, { timeout: 600_000 });
  if (options.layouts) await checkLayouts(page, `${options.layouts}-link`);
  const row = page.locator(`[data-name="${file.name}"]`);
  // The row keeps the file's own name (the server's record names the ciphertext) and says it is encrypted.
  expect(await row.textContent()).toContain("End-to-end encrypted");
  expect(await row.textContent()).not.toContain(ENCRYPTED_FILE_NAME);
  // A password is mixed into the key, never sent, and still shown as the share's protection.
  if (options.password) expect(await row.textContent()).toContain("Password protected");
  return (await row.getByTestId("result-link").inputValue()).replace(/^http:\/\/[^/]+/, app.baseUrl);
}

/** A visitor whose browser saves through the File System Access API, into its private file system. */
async function openSavingToDisk() {
  const opened = await openPage({ viewport: PHONE, serviceWorkers: "allow" });
  recordRequests(opened.context);
  await opened.context.addInitScript(() => {
    Object.assign(window, {
      showSaveFilePicker: async ({ suggestedName }: { suggestedName: string }) => {
        const root = await navigator.storage.getDirectory();
        Object.assign(window, { savedName: suggestedName });
        return root.getFileHandle("saved", { create: true });
      },
    });
  });
  return opened;
}

async function savedOnDisk(page: Page): Promise<{ name: string; sha: string; size: number }> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const file = await (await root.getFileHandle("saved")).getFile();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await file.arrayBuffer()));
    return {
      name: (window as unknown as { savedName: string }).savedName,
      sha: Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join(""),
      size: file.size,
    };
  });
}

/**
 * A visitor whose browser has no File System Access API: the page streams the download through its
 * service worker, or, with `worker: false` (a browser where it cannot), falls back to a Blob download.
 */
async function openWithoutFileSystemAccess(options: { worker: boolean } = { worker: true }) {
  const opened = await openPage({
    serviceWorkers: options.worker ? "allow" : "block",
    acceptDownloads: true,
  });
  recordRequests(opened.context);
  await opened.context.addInitScript(() => {
    Reflect.deleteProperty(window, "showSaveFilePicker");
  });
  return opened;
}

/** Opens an encrypted file's link and, when the worker is allowed, waits until it controls the page. */
async function openLink(page: Page, link: string, heading: string, options: { worker: boolean }) {
  await page.goto(link);
  await page.getByRole("heading", { name: heading }).waitFor({ timeout: 60_000 });
  if (options.worker)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
}

/** Clicks "Decrypt and download" and reads the browser's download: its URL (the way it came) and bytes. */
async function downloadDecrypted(page: Page, timeout: number) {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout }),
    page.getByTestId("encrypted-download").click(),
  ]);
  const path = await download.path();
  return { url: download.url(), name: download.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) };
}

const STREAM_DOWNLOAD_URL = /^http:\/\/[^/]+\/__stream-download\/[0-9a-f-]{36}$/;

async function adminFile(slug: string) {
  const response = await fetch(`${app.baseUrl}/api/admin/files?search=${slug}`, {
    headers: { Authorization: `Bearer ${await token()}` },
  });
  const body = (await response.json()) as {
    data: { files: { slug: string; filename: string; mimetype: string; encrypted: boolean; storage_path: string }[] };
  };
  return body.data.files.find((file) => file.slug === slug);
}

const keyOf = (link: string) => new URL(link).hash.slice(1);
const slugOf = (link: string) => new URL(link).pathname.split("/").pop() as string;

describe("end-to-end encrypted files", () => {
  const SIZE = 13 * 1024 * 1024 + 4321;
  const links: string[] = [];

  test("local storage: uploaded encrypted in parts; a phone saves it to disk, a desktop through the service worker, a browser with neither as a Blob, byte for byte", async () => {
    const admin = await openAsAdmin();
    const link = await uploadEncrypted(
      admin.page,
      {
        name: "Quarterly report 一.pdf",
        type: "application/pdf",
        size: SIZE,
      },
      { layouts: "file" },
    );
    links.push(link);
    expect(link).toMatch(/\/file\/[A-Za-z0-9]+#[A-Za-z0-9_-]{43}$/);
    const stored = await adminFile(slugOf(link));
    expect(stored).toMatchObject({
      encrypted: true,
      filename: ENCRYPTED_FILE_NAME,
      mimetype: "application/octet-stream",
    });
    expect(JSON.stringify(stored)).not.toContain("Quarterly");
    expect(await admin.page.evaluate(() => localStorage.getItem("pastebox_recent_uploads") ?? "")).not.toContain("#");

    const phone = await openSavingToDisk();
    await phone.page.goto(link);
    await phone.page.getByRole("heading", { name: "Quarterly report 一.pdf" }).waitFor({ timeout: 60_000 });
    await checkLayouts(phone.page, "file-unlocked");
    await phone.page.getByTestId("encrypted-download").click();
    await phone.page.getByTestId("decrypt-saved").waitFor({ timeout: 120_000 });
    await checkLayouts(phone.page, "file-saved");
    const saved = await savedOnDisk(phone.page);
    expect(saved).toEqual({ name: "Quarterly report 一.pdf", sha: sha256(contentOf(SIZE)), size: SIZE });

    const desktop = await openWithoutFileSystemAccess();
    await openLink(desktop.page, link, "Quarterly report 一.pdf", { worker: true });
    await checkLayouts(desktop.page, "file-without-file-system-access");
    const streamed = await downloadDecrypted(desktop.page, 120_000);
    expect(streamed.url).toMatch(STREAM_DOWNLOAD_URL);
    expect(streamed.name).toBe("Quarterly report 一.pdf");
    expect(sha256(streamed.bytes)).toBe(sha256(contentOf(SIZE)));
    await desktop.page.getByTestId("decrypt-saved").waitFor({ timeout: 60_000 });

    const older = await openWithoutFileSystemAccess({ worker: false });
    await openLink(older.page, link, "Quarterly report 一.pdf", { worker: false });
    const gathered = await downloadDecrypted(older.page, 120_000);
    expect(gathered.url).toStartWith("blob:");
    expect(gathered.name).toBe("Quarterly report 一.pdf");
    expect(sha256(gathered.bytes)).toBe(sha256(contentOf(SIZE)));
    for (const opened of [admin, phone, desktop, older]) {
      expect(opened.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
      await opened.context.close();
    }
  });

  test("S3 with a password and one view: a wrong password fails to decrypt, the right one opens a preview; nothing is left for another visitor", async () => {
    const admin = await openAsAdmin();
    const text = "launch code 4242\n".repeat(50);
    const link = await uploadEncrypted(
      admin.page,
      { name: "notes.txt", type: "text/plain", size: text.length, text },
      { storage: "Encrypted bucket", password: "open sesame", maxViews: "1", layouts: "file-password" },
    );
    links.push(link);
    expect((await adminFile(slugOf(link)))?.encrypted).toBe(true);

    const visitor = await openSavingToDisk();
    await visitor.page.goto(link);
    const prompt = visitor.page.getByTestId("file-password-prompt");
    await prompt.waitFor({ timeout: 60_000 });
    await checkLayouts(visitor.page, "file-password-prompt");
    await prompt.getByLabel("Password", { exact: true }).fill("open sesame?");
    await prompt.getByRole("button", { name: "Open file" }).click();
    await visitor.page.getByText("Wrong password: the file could not be decrypted").waitFor({ timeout: 60_000 });
    await checkLayouts(visitor.page, "file-wrong-password");
    await prompt.getByLabel("Password", { exact: true }).fill("open sesame");
    await prompt.getByRole("button", { name: "Open file" }).click();
    await visitor.page.getByRole("heading", { name: "notes.txt" }).waitFor({ timeout: 60_000 });
    // Small texts are decrypted in memory and previewed as any text file.
    await visitor.page.getByTestId("file-preview").getByText("launch code 4242").first().waitFor({ timeout: 60_000 });
    await checkLayouts(visitor.page, "file-preview");
    await visitor.page.getByTestId("encrypted-download").click();
    await visitor.page.getByTestId("decrypt-saved").waitFor({ timeout: 60_000 });
    expect((await savedOnDisk(visitor.page)).size).toBe(text.length);

    // The one view was the delivery of the ciphertext's links.
    const second = await openPage();
    await second.page.goto(link);
    await second.page.getByTestId("file-limitReached").or(second.page.getByTestId("file-gone")).waitFor();
    for (const opened of [admin, visitor, second]) await opened.context.close();
  });

  test("a changed object is refused as changed and nothing is saved; a link without its key or with another says so", async () => {
    const admin = await openAsAdmin();
    const link = await uploadEncrypted(admin.page, {
      name: "photo.bin",
      type: "application/octet-stream",
      size: 3 * 1024 * 1024,
    });
    links.push(link);
    await admin.context.close();
    // Flip one byte in the middle of the stored ciphertext (local storage keeps it under the data folder).
    const stored = await adminFile(slugOf(link));
    const objectPath = join(app.dataDir, "storage", stored?.storage_path ?? "");
    const ciphertext = await readFile(objectPath);
    ciphertext[ciphertext.length >> 1] = (ciphertext[ciphertext.length >> 1] as number) ^ 1;
    await writeFile(objectPath, ciphertext);

    const visitor = await openSavingToDisk();
    await visitor.page.goto(link);
    await visitor.page.getByTestId("encrypted-download").click();
    await visitor.page.getByTestId("decrypt-damaged").waitFor({ timeout: 60_000 });
    await checkLayouts(visitor.page, "file-damaged");
    expect(await visitor.page.getByTestId("decrypt-saved").count()).toBe(0);
    expect((await savedOnDisk(visitor.page).catch(() => ({ size: 0 }))).size).toBe(0);

    // Through the service worker, the browser's download fails: it keeps no partial file.
    const desktop = await openWithoutFileSystemAccess();
    await openLink(desktop.page, link, "photo.bin", { worker: true });
    const [download] = await Promise.all([
      desktop.page.waitForEvent("download", { timeout: 60_000 }),
      desktop.page.getByTestId("encrypted-download").click(),
    ]);
    expect(download.url()).toMatch(STREAM_DOWNLOAD_URL);
    expect(await download.failure()).not.toBeNull();
    await desktop.page.getByTestId("decrypt-damaged").waitFor({ timeout: 60_000 });
    await desktop.context.close();

    await visitor.page.goto(link.split("#")[0] as string);
    await visitor.page.getByRole("heading", { name: "This link has lost its key" }).waitFor();
    await checkLayouts(visitor.page, "file-lost-key");
    const otherKey = `${link.split("#")[0]}#${"A".repeat(43)}`;
    await visitor.page.goto(otherKey);
    await visitor.page.getByRole("heading", { name: "The file could not be decrypted" }).waitFor({ timeout: 60_000 });
    await checkLayouts(visitor.page, "file-wrong-key");
    await visitor.context.close();
  });

  // The "done when": 200 MiB, encrypted while it uploads, opened elsewhere from the link alone.
  const LARGE = 200 * 1024 * 1024;
  const largeSha = sha256(contentOf(LARGE));

  test("200 MiB on local storage: a desktop without the File System Access API gets it back byte for byte, streamed through the service worker", async () => {
    const admin = await openAsAdmin();
    const link = await uploadEncrypted(admin.page, {
      name: "disk image.iso",
      type: "application/x-iso9660-image",
      size: LARGE,
    });
    links.push(link);
    await admin.context.close();
    expect((await adminFile(slugOf(link)))?.encrypted).toBe(true);

    const desktop = await openWithoutFileSystemAccess();
    await openLink(desktop.page, link, "disk image.iso", { worker: true });
    const streamed = await downloadDecrypted(desktop.page, 600_000);
    // Streamed: never gathered into a Blob, so no memory warning either way.
    expect(streamed.url).toMatch(STREAM_DOWNLOAD_URL);
    expect(streamed.name).toBe("disk image.iso");
    expect(streamed.bytes.length).toBe(LARGE);
    expect(sha256(streamed.bytes)).toBe(largeSha);
    await desktop.context.close();
  }, 1_200_000);

  test("200 MiB on S3: a phone saving through the File System Access API gets it back byte for byte", async () => {
    const admin = await openAsAdmin();
    const link = await uploadEncrypted(
      admin.page,
      { name: "video.mp4", type: "video/mp4", size: LARGE },
      { storage: "Encrypted bucket" },
    );
    links.push(link);
    await admin.context.close();
    expect((await adminFile(slugOf(link)))?.encrypted).toBe(true);

    const phone = await openSavingToDisk();
    await phone.page.goto(link);
    await phone.page.getByRole("heading", { name: "video.mp4" }).waitFor({ timeout: 60_000 });
    await phone.page.getByTestId("encrypted-download").click();
    await phone.page.getByTestId("decrypt-saved").waitFor({ timeout: 600_000 });
    expect(await savedOnDisk(phone.page)).toEqual({ name: "video.mp4", sha: largeSha, size: LARGE });
    await phone.context.close();
  }, 1_200_000);

  test("no request of any context carried a key or a password", () => {
    expect(links.length).toBe(5);
    expect(requests.length).toBeGreaterThan(20);
    for (const link of links) {
      const key = keyOf(link);
      expect(requests.filter((request) => request.includes(key))).toEqual([]);
    }
    expect(requests.filter((request) => request.includes("open sesame"))).toEqual([]);
    // The stream downloads' frames asked only for their one-time URLs (checked above for keys too).
    expect(requests.filter((request) => request.includes("/__stream-download/")).length).toBeGreaterThanOrEqual(3);
  });
});
