// A sender's large file to an upload request survives a reload, in Chromium at phone size (docs/upload-
// requests.md, "Resuming after a reload"): the page sends the file in parts (throttled, so the reload
// lands mid-upload), the page is reloaded, the resume notice names the file, the sender picks the same
// file again and only the parts the storage does not hold yet are sent; the stored bytes equal the
// file. On the app's local storage and on an S3 bucket (s3rver). The notice and the sent file are
// checked at 375 px and desktop, light and dark, and with axe-core.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { type S3Service, startS3Server } from "../../../scripts/test/services";
import { e2eSpec, PHONE } from "../kit/harness";
import { throttleUploads } from "../kit/pages";

setDefaultTimeout(240_000);

const { app, addMount, api, token, openPage, addS3Storage, checkScreen } = e2eSpec(import.meta.path);

const MB = 1024 * 1024;
/** Seven parts of 5 MB (the last one 2 MB), three sent at once: multipart once the threshold is lowered. */
const FILE_SIZE = 32 * MB;
const PART_NUMBERS = [1, 2, 3, 4, 5, 6, 7];
const RESUME_KEY = "pastebox_multipart_uploads";

let s3: S3Service;
let folder: string;
let filePath: string;
let fileBytes: Buffer;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "e2e-request-resume" });
  const bucketId = await addS3Storage(s3, "E2E request bucket");
  for (const [mount, storageId] of [
    ["local", undefined],
    ["bucket", bucketId],
  ] as const) {
    await addMount({ name: mount, path: `/${mount}`, folder: mount, storageId });
    expect((await api("POST", "/admin/fs/mkdir", { path: `/${mount}/inbox` })).status).toBe(201);
  }
  // A file on disk with a fixed date: picked twice, it is the same file to the page (name, size, date).
  folder = await mkdtemp(join(tmpdir(), "request-resume-"));
  filePath = join(folder, "field-recording.bin");
  fileBytes = Buffer.alloc(FILE_SIZE);
  for (let index = 0; index < FILE_SIZE; index += 4) fileBytes.writeUInt32LE(index, index);
  await writeFile(filePath, fileBytes);
  const date = new Date("2026-03-01T10:00:00Z");
  await utimes(filePath, date, date);
});

afterAll(async () => {
  await s3?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Part numbers of the multipart PUTs the page sends (S3's and the app's signed URLs both carry it). */
function recordPartPuts(page: Page): number[] {
  const sent: number[] = [];
  page.on("request", (request) => {
    if (request.method() !== "PUT") return;
    const partNumber = new URL(request.url()).searchParams.get("partNumber");
    if (partNumber) sent.push(Number(partNumber));
  });
  return sent;
}

describe.each(["local", "bucket"])("a sender's upload on %s storage", (mount) => {
  test("a reload mid-upload, then the same file again: it goes on from the parts stored", async () => {
    // One file at most: after the reload the file's slot is still taken, and choosing it again still works.
    const created = await api("POST", "/upload-requests", {
      path: `/${mount}/inbox`,
      max_files: 1,
      max_file_size: 64 * MB,
      max_total_size: 64 * MB,
      note: "Send the recording; a reload will not lose it.",
    });
    expect(created.status).toBe(201);
    const { id, slug, url } = created.data;

    const visitor = await openPage({ viewport: PHONE });
    const { page, context } = visitor;
    // Leaving mid-upload asks first; the sender says yes.
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(url);
    await page.evaluate((threshold) => localStorage.setItem("pastebox_multipart_threshold", threshold), String(6 * MB));
    await page.getByTestId("request-note").waitFor();
    const cdp = await throttleUploads(context, page, 3 * MB);
    await page.getByTestId("request-files").setInputFiles(filePath);
    await page.waitForFunction(
      (key) => ((JSON.parse(localStorage.getItem(key) ?? "[]") as { parts_done: number }[])[0]?.parts_done ?? 0) >= 1,
      RESUME_KEY,
    );
    await page.reload();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const notice = page.getByTestId("resume-notice");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("field-recording.bin");
    expect(await page.getByTestId("request-files").isDisabled()).toBe(false);
    if (mount === "local") await checkScreen(page, "upload-request-resume-notice");

    // What the storage holds now, asked as the page asks it (the visit is the tab's).
    const record = await page.evaluate(
      (key) => (JSON.parse(localStorage.getItem(key) ?? "[]") as { file_id: string; visit: string }[])[0],
      RESUME_KEY,
    );
    const storedAnswer = await fetch(
      `${app.baseUrl}/api/public/upload-requests/${slug}/uploads/${record?.file_id}/parts`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ visit: record?.visit }),
      },
    );
    expect(storedAnswer.status).toBe(200);
    const storedBefore = ((await storedAnswer.json()) as { data: { parts: { part_number: number }[] } }).data.parts.map(
      (part) => part.part_number,
    );
    expect(storedBefore.length).toBeGreaterThanOrEqual(1);
    expect(storedBefore.length).toBeLessThan(PART_NUMBERS.length);

    const sentAfter = recordPartPuts(page);
    await page.getByTestId("request-files").setInputFiles(filePath);
    await page.getByTestId("request-receipt").getByText("field-recording.bin").waitFor({ timeout: 120_000 });
    expect(await page.getByTestId("request-item-status").allTextContents()).toEqual(["Sent"]);
    expect(await page.getByTestId("request-item-resumed").textContent()).toMatch(
      /^resumed, \d+(\.\d+)? MB already stored$/,
    );
    await notice.waitFor({ state: "detached" });
    // Only the parts the storage lacked went again.
    expect(sentAfter.filter((part) => storedBefore.includes(part))).toEqual([]);
    expect([...new Set([...storedBefore, ...sentAfter])].sort((a, b) => a - b)).toEqual(PART_NUMBERS);
    if (mount === "local") await checkScreen(page, "upload-request-resumed");

    // The owner has the one file, with the file's bytes.
    const detail = await api("GET", `/upload-requests/${id}`);
    expect(detail.data.files.map((file: { name: string; size: number }) => [file.name, file.size])).toEqual([
      ["field-recording.bin", FILE_SIZE],
    ]);
    const download = await fetch(
      `${app.baseUrl}/api/admin/fs/download?path=${encodeURIComponent(`/${mount}/inbox/field-recording.bin`)}`,
      { headers: { Authorization: `Bearer ${await token()}` } },
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(fileBytes)).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), RESUME_KEY)).toBeNull();
    expect(visitor.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
    await context.close();
  });
});
