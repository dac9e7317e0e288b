// File sharing in a real browser against the real server (local storage): two files dropped on the
// upload screen, one of them multipart (the threshold lowered for this browser), with progress;
// the large one cancelled and retried; the other shared with a password and 2 views, opened in
// fresh contexts (wrong then right password, image preview, download, the view limit); a PDF
// preview; a URL upload from a local test server (through the server's proxy); file management and
// storage configuration in the admin area; screenshots at 375 and 1280 px, light and dark.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GENERATED_SLUG_LENGTH } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import type { Page } from "playwright-core";
import { s3StorageBody } from "../../../scripts/test/s3-storage";
import { type S3Service, startS3Server } from "../../../scripts/test/services";
import { tinyPdf } from "../kit/fixtures";
import { DESKTOP, dismissToasts, e2eSpec, PHONE } from "../kit/harness";
import { throttleUploads } from "../kit/pages";

setDefaultTimeout(120_000);

const { app, api, token, openPage, openAdminPage, checkLayouts } = e2eSpec(import.meta.path, {
  env: { ALLOW_PRIVATE_URLS: "true" },
});

const MB = 1024 * 1024;
const BIG_SIZE = 16 * MB;
const PASSWORD = "e2e-file-secret";

let origin: ReturnType<typeof Bun.serve>;
/** An S3 server whose bucket has no CORS rules: the browser may not PUT to it. */
let s3: S3Service;
/** One whose bucket lets any origin PUT: the browser uploads straight to it. */
let s3WithCors: S3Service;
/** Handed from one test to the next (they run in order). */
const shared = { photoLink: "", photoSize: 0 };

/** A small text file served by a site of its own, without CORS: the browser must use the proxy. */
const NOTES = `${"Meeting notes from the e2e test.\n".repeat(6000)}The end.\n`;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "e2e-files", cors: false });
  s3WithCors = await startS3Server({ bucket: "e2e-direct" });
  origin = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      if (new URL(request.url).pathname === "/files/notes.txt") {
        return new Response(NOTES, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
      }
      return new Response("not here", { status: 404 });
    },
  });
});

afterAll(async () => {
  origin?.stop(true);
  await s3?.stop();
  await s3WithCors?.stop();
});

/** Console errors other than the browser's own notes about 4xx answers (a 410 is expected here). */
function realErrors(errors: string[]): string[] {
  return errors.filter((error) => !error.startsWith("Failed to load resource"));
}

async function openAsAdmin(options: Parameters<typeof openPage>[0] = {}) {
  const opened = await openAdminPage(options);
  await opened.page.goto(`${app.baseUrl}/`);
  await opened.page.evaluate(
    // Multipart above 6 MB in this browser, so a 16 MB file goes in 4 parts.
    (threshold) => localStorage.setItem("pastebox_multipart_threshold", threshold),
    String(6 * MB),
  );
  return opened;
}

/** Drops files made in the page (a 16 MB binary, a PNG drawn on a canvas) on the drop zone. */
async function dropFiles(page: Page, files: ("big" | "photo")[], bigSize = BIG_SIZE, lastModified = Date.now()) {
  const transfer = await page.evaluateHandle(
    async ({ kinds, size, modified }) => {
      const data = new DataTransfer();
      for (const kind of kinds) {
        if (kind === "big") {
          const bytes = new Uint8Array(size);
          for (let index = 0; index < bytes.length; index += 997) bytes[index] = index % 251;
          data.items.add(
            new File([bytes], "big-archive.bin", { type: "application/octet-stream", lastModified: modified }),
          );
        } else if (kind === "photo") {
          const canvas = document.createElement("canvas");
          canvas.width = 480;
          canvas.height = 300;
          const context = canvas.getContext("2d") as CanvasRenderingContext2D;
          const gradient = context.createLinearGradient(0, 0, 480, 300);
          gradient.addColorStop(0, "#4f46e5");
          gradient.addColorStop(1, "#f59e0b");
          context.fillStyle = gradient;
          context.fillRect(0, 0, 480, 300);
          context.fillStyle = "#ffffff";
          context.font = "bold 40px sans-serif";
          context.fillText("Pastebox e2e", 110, 165);
          const blob = await new Promise<Blob>((resolve) => canvas.toBlob((png) => resolve(png as Blob), "image/png"));
          data.items.add(new File([blob], "sunset.png", { type: "image/png" }));
        }
      }
      return data;
    },
    { kinds: files, size: bigSize, modified: lastModified },
  );
  await page.dispatchEvent('[data-testid="drop-zone"]', "dragenter", { dataTransfer: transfer });
  await page.dispatchEvent('[data-testid="drop-zone"]', "drop", { dataTransfer: transfer });
}

const row = (page: Page, name: string) => page.locator(`[data-testid="upload-row"][data-name="${name}"]`);

async function listFiles(): Promise<{ slug: string; filename: string; size: number; id: string }[]> {
  const response = await fetch(`${app.baseUrl}/api/admin/files?limit=100`, {
    headers: { Authorization: `Bearer ${await token()}` },
  });
  return (
    (await response.json()) as { data: { files: { slug: string; filename: string; size: number; id: string }[] } }
  ).data.files;
}

async function uploadThroughApi(name: string, content: BlobPart, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new File([content], name, { type }));
  const response = await fetch(`${app.baseUrl}/api/upload`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await token()}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { slug: string; url: string } }).data;
}

describe("file sharing", () => {
  test("signed out, the upload screen asks to log in", async () => {
    const { context, page, errors } = await openPage();
    await page.goto(`${app.baseUrl}/upload`);
    const prompt = page.getByTestId("upload-login-prompt");
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain("Log in to upload files");
    expect(await page.getByTestId("drop-zone").count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("Upload's order: the rows in view at 1280x800; on a phone the share options before the list", async () => {
    const desktop = await openAsAdmin({ viewport: DESKTOP });
    await desktop.page.goto(`${app.baseUrl}/upload`);
    await desktop.page.getByTestId("drop-zone").waitFor();
    await dropFiles(desktop.page, ["big", "photo"]);
    await row(desktop.page, "sunset.png").waitFor();
    // Unscrolled, each row (and the progress it will show) is inside the window.
    expect(await desktop.page.evaluate(() => window.scrollY)).toBe(0);
    for (const name of ["big-archive.bin", "sunset.png"]) {
      const box = await row(desktop.page, name).boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    }
    await desktop.context.close();

    const phone = await openAsAdmin({ viewport: PHONE, isMobile: true, hasTouch: true });
    await phone.page.goto(`${app.baseUrl}/upload`);
    await phone.page.getByTestId("drop-zone").waitFor();
    await dropFiles(phone.page, ["photo"]);
    await row(phone.page, "sunset.png").waitFor();
    // Read top to bottom: the options are chosen before the list's Upload button is reached.
    const options = await phone.page.getByTestId("share-options").boundingBox();
    const start = await phone.page.getByTestId("start-uploads").boundingBox();
    expect(options && start && options.y + options.height <= start.y).toBe(true);
    await phone.context.close();
  });

  test("a long file name is whole where its column has room and wraps where it has not: no sideways scroll at 320 px", async () => {
    const name = "quarterly-financial-report-for-the-board-meeting-final-version-three.txt";
    const { context, page } = await openAsAdmin({ viewport: DESKTOP });
    await page.goto(`${app.baseUrl}/upload`);
    await page
      .getByTestId("file-input")
      .setInputFiles([{ name, mimeType: "text/plain", buffer: Buffer.from("report") }]);
    await page.getByTestId("start-uploads").click();
    await page.locator(`[data-testid="upload-row"][data-name="${name}"][data-status="success"]`).waitFor();
    // How many lines a name takes, and whether any of it is cut off.
    const shown = (selector: string) =>
      page.locator(selector).evaluateAll((elements) =>
        elements.map((element) => ({
          lines: Math.round(
            element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
          ),
          isCut: element.scrollHeight > element.clientHeight + 0.5 || element.scrollWidth > element.clientWidth + 0.5,
        })),
      );
    const inRow = `[data-testid="upload-row"] [title="${name}"]`;
    // On a desktop the upload row has room for the whole name on one line.
    expect(await shown(inRow)).toEqual([{ lines: 1, isCut: false }]);
    // At 320 px the name wraps, whole, in its row (up to four lines; the side list's narrower column cuts
    // it after four, its title holding all of it), and neither list widens the page.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 320);
    expect(await shown(inRow)).toEqual([{ lines: expect.any(Number), isCut: false }]);
    expect((await shown(inRow))[0]?.lines).toBeGreaterThan(1);
    await context.close();
    // Not this test's to keep: the next tests start with no files.
    for (const file of (await listFiles()).filter((each) => each.filename === name)) {
      expect((await api("DELETE", `/admin/files/${file.id}`)).status).toBe(200);
    }
    expect(await listFiles()).toEqual([]);
  });

  test("two files dropped, one multipart with progress; cancelled and retried; the other shared with a password and 2 views", async () => {
    const { context, page, errors } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByTestId("drop-zone").waitFor();
    expect(await page.getByTestId("max-size").textContent()).toBe("Up to 100 MB per file");

    await dropFiles(page, ["big", "photo"]);
    await row(page, "sunset.png").waitFor();
    expect(await row(page, "big-archive.bin").getAttribute("data-status")).toBe("pending");
    expect(await page.getByTestId("upload-summary").textContent()).toBe("2 waiting");

    // A screenshot pasted from the clipboard joins the list under a name of its own, and can be removed.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array([137, 80, 78, 71])], "image.png", { type: "image/png" }));
      document.body.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    const pasted = page.locator('[data-testid="upload-row"][data-name^="pasted-"]');
    await pasted.waitFor();
    expect(await pasted.getAttribute("data-name")).toMatch(/^pasted-\d{8}-\d{6}\.png$/);
    await pasted.getByRole("button", { name: /^Remove pasted-/ }).click();
    await pasted.waitFor({ state: "detached" });

    // The large file, slowed down so its progress can be watched, then cancelled.
    const cdp = await throttleUploads(context, page, 2 * MB);
    const big = row(page, "big-archive.bin");
    await big.getByRole("button", { name: "Upload big-archive.bin" }).click();
    await big.locator('[role="progressbar"]').waitFor();
    await page.waitForFunction(() => {
      const text =
        document.querySelector('[data-name="big-archive.bin"] [data-testid="upload-percent"]')?.textContent ?? "";
      const percent = Number.parseInt(text, 10);
      return percent > 0 && percent < 100;
    });
    expect(await big.textContent()).toContain("multipart");
    await big.getByTestId("cancel-upload").click();
    await page.waitForSelector('[data-name="big-archive.bin"][data-status="error"]');
    expect(await big.getByTestId("upload-error").textContent()).toBe("Upload cancelled");
    // Cancelled means cleaned up: no record is left on the server.
    expect((await listFiles()).length).toBe(0);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The photo, with a password, 2 views and a remark.
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Max views").fill("2");
    await page.getByText("1 day", { exact: true }).click();
    await page.getByLabel("Remark").fill("E2E sunset");
    await row(page, "sunset.png").getByRole("button", { name: "Upload sunset.png" }).click();
    await page.waitForSelector('[data-name="sunset.png"][data-status="success"]');
    const photo = row(page, "sunset.png");
    shared.photoLink = await photo.getByTestId("result-link").inputValue();
    expect(shared.photoLink).toMatch(new RegExp(`/file/[A-Za-z0-9]{${GENERATED_SLUG_LENGTH}}$`));
    expect(await photo.textContent()).toContain("Password protected");
    expect(await photo.textContent()).toContain("2 views allowed");
    expect(await photo.textContent()).toContain("direct to storage");
    await photo.getByRole("button", { name: "Show QR code" }).click();
    expect(await photo.getByTestId("share-qr").getAttribute("src")).toStartWith("data:image/png;base64,");

    // Retry the large one: it goes through this time, in parts.
    await page.getByLabel("Password", { exact: true }).fill("");
    await page.getByLabel("Max views").fill("");
    await big.getByTestId("retry-upload").click();
    await page.waitForSelector('[data-name="big-archive.bin"][data-status="success"]', { timeout: 60_000 });
    expect(await big.textContent()).toContain("multipart");
    expect(await page.getByTestId("upload-summary").textContent()).toBe("2 done");

    const files = await listFiles();
    expect(files.map((file) => file.filename).sort()).toEqual(["big-archive.bin", "sunset.png"]);
    expect(files.find((file) => file.filename === "big-archive.bin")?.size).toBe(BIG_SIZE);
    shared.photoSize = files.find((file) => file.filename === "sunset.png")?.size ?? 0;
    // The three most recent uploads of this browser.
    expect(await page.getByTestId("recent-upload").count()).toBe(2);
    // Nothing is left to resume.
    expect(await page.evaluate(() => localStorage.getItem("pastebox_multipart_uploads"))).toBeNull();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("a multipart upload interrupted by a reload resumes when the same file is chosen again", async () => {
    const { context, page, errors } = await openAsAdmin();
    // Leaving mid-upload asks first; the test says yes.
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByTestId("drop-zone").waitFor();
    const modified = 1_700_000_000_000;
    const cdp = await throttleUploads(context, page, 2 * MB);
    await dropFiles(page, ["big"], BIG_SIZE, modified);
    await row(page, "big-archive.bin").getByRole("button", { name: "Upload big-archive.bin" }).click();
    // Wait until the first parts are stored, then reload in the middle of the upload.
    await page.waitForFunction(() => {
      const records = JSON.parse(localStorage.getItem("pastebox_multipart_uploads") ?? "[]") as {
        parts_done: number;
      }[];
      return (records[0]?.parts_done ?? 0) >= 1;
    });
    await page.reload();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const notice = page.getByTestId("resume-notice");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("big-archive.bin");

    await dropFiles(page, ["big"], BIG_SIZE, modified);
    await row(page, "big-archive.bin").getByRole("button", { name: "Upload big-archive.bin" }).click();
    await page.waitForSelector('[data-name="big-archive.bin"][data-status="success"]', { timeout: 60_000 });
    expect(await row(page, "big-archive.bin").textContent()).toMatch(/resumed, \d+ MB already stored/);
    await notice.waitFor({ state: "detached" });
    const files = await listFiles();
    const resumed = files.filter((file) => file.filename === "big-archive.bin");
    expect(resumed.length).toBe(2);
    // The stored file is whole: same size, same bytes at the end.
    const latest = resumed[0];
    const answer = await fetch(`${app.baseUrl}/api/public/files/${latest?.slug}`);
    const details = (await answer.json()) as { data: { download_url: string; size: number } };
    expect(details.data.size).toBe(BIG_SIZE);
    const bytes = new Uint8Array(await (await fetch(new URL(details.data.download_url, app.baseUrl))).arrayBuffer());
    expect(bytes.length).toBe(BIG_SIZE);
    const marked = Math.floor((BIG_SIZE - 1) / 997) * 997;
    expect([bytes[5 * MB - 1], bytes[marked], bytes[marked + 1]]).toEqual([
      Math.floor((5 * MB - 1) / 997) * 997 === 5 * MB - 1 ? (5 * MB - 1) % 251 : 0,
      marked % 251,
      0,
    ]);
    // Not this test's to keep.
    await fetch(`${app.baseUrl}/api/admin/files/${latest?.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${await token()}` },
    });
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("the protected photo in fresh contexts: password, preview, download, then the view limit", async () => {
    const link = shared.photoLink.replace(/^http:\/\/[^/]+/, app.baseUrl);
    const visitor = await openPage();
    await visitor.page.goto(link);
    const prompt = visitor.page.getByTestId("file-password-prompt");
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain("sunset.png");
    await visitor.page.getByLabel("Password", { exact: true }).fill("not-it");
    await visitor.page.getByRole("button", { name: "Open file" }).click();
    await visitor.page.getByText("Wrong password. Try again.").waitFor();
    await visitor.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await visitor.page.getByRole("button", { name: "Open file" }).click();

    await visitor.page.getByTestId("file-document").waitFor();
    expect(await visitor.page.getByRole("heading", { level: 1 }).textContent()).toBe("sunset.png");
    expect(await visitor.page.getByTestId("file-views").textContent()).toBe("1 of 2 views");
    const image = visitor.page.getByTestId("image-preview");
    await image.waitFor();
    await visitor.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="image-preview"]');
      return Boolean(img?.complete && img.naturalWidth === 480);
    });
    // The remark is the owner's note: the visitor's page never shows it (docs/product.md §3).
    expect(await visitor.page.getByText("E2E sunset").count()).toBe(0);

    // Download: an attachment with the file's name and bytes.
    const [download] = await Promise.all([
      visitor.page.waitForEvent("download"),
      visitor.page.getByTestId("file-download").click(),
    ]);
    expect(download.suggestedFilename()).toBe("sunset.png");
    const path = await download.path();
    expect(readFileSync(path).length).toBe(shared.photoSize);
    expect(realErrors(visitor.errors)).toEqual([]);
    await visitor.context.close();

    // Second view, opened with ?password= (as a link handed to a viewer would be): the last one.
    const second = await openPage();
    await second.page.goto(`${link}?password=${encodeURIComponent(PASSWORD)}`);
    await second.page.getByTestId("file-document").waitFor();
    expect(await second.page.getByTestId("file-views").textContent()).toBe("2 of 2 views");
    await second.page.getByTestId("last-view").waitFor();
    await second.context.close();

    // Third: the limit is reached.
    const third = await openPage();
    await third.page.goto(link);
    await third.page.getByRole("heading", { level: 1, name: "View limit reached" }).waitFor();
    expect(realErrors(third.errors)).toEqual([]);
    await third.context.close();
  });

  test("a PDF is previewed in a frame from its signed link", async () => {
    const pdf = await uploadThroughApi("handbook.pdf", tinyPdf(), "application/pdf", { remark: "E2E handbook" });
    const { context, page, errors } = await openPage();
    await page.goto(`${app.baseUrl}/file/${pdf.slug}`);
    const frame = page.getByTestId("pdf-preview");
    await frame.waitFor();
    const src = (await frame.getAttribute("src")) ?? "";
    expect(src).toContain("/api/storage/local/");
    expect(src).toContain("disposition=inline");
    const answer = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get("content-type"),
        start: (await response.text()).slice(0, 8),
      };
    }, src);
    expect(answer).toEqual({ status: 200, type: "application/pdf", start: "%PDF-1.4" });
    expect(await page.getByTestId("file-views").textContent()).toBe("1 view");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("a file link reads its REST route, without the tRPC client or the Markdown renderer; one view per open; expired, it says so", async () => {
    const expiresAt = new Date(Date.now() + 4_000);
    const code = await uploadThroughApi("answer.ts", "export const answer = 42;\n", "text/typescript", {
      expires_at: expiresAt.toISOString(),
    });
    const { context, page, errors } = await openPage();
    const fetched: string[] = [];
    context.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${app.baseUrl}/file/${code.slug}`);
    await page.getByTestId("code-preview").waitFor();
    expect(await page.getByTestId("file-views").textContent()).toBe("1 view");
    // Opened straight from its link, the page brings its own styles: padding, syntax colours, and a
    // block that scrolls can be reached by keyboard (docs/accessibility.md).
    const look = await page.evaluate(() => {
      const pre = document.querySelector<HTMLElement>("[data-testid=code-preview] pre");
      const keyword = document.querySelector<HTMLElement>("[data-testid=code-preview] .hljs-keyword");
      const code = pre?.querySelector("code");
      if (!pre || !keyword || !code) return null;
      return {
        padding: getComputedStyle(pre).paddingLeft,
        keyword: getComputedStyle(keyword).color,
        text: getComputedStyle(code).color,
        tabIndex: pre.tabIndex,
      };
    });
    expect(look).not.toBeNull();
    expect(look?.padding).not.toBe("0px");
    expect(look?.keyword).not.toBe(look?.text);
    expect(look?.tabIndex).toBe(0);
    // docs/decisions/0014-public-pages-without-trpc.md: one counted read, no tRPC client, no zod, and a
    // code preview without the Markdown renderer and its sanitiser.
    expect(fetched.filter((path) => path.startsWith("/api/public/files/"))).toEqual([`/api/public/files/${code.slug}`]);
    expect(fetched.filter((path) => path.startsWith("/trpc/") && path !== "/trpc/session.me")).toEqual([]);
    expect(
      fetched.filter((path) =>
        /^\/assets\/(trpc|data-providers|schemas|markdown-view|purify|encrypted)[^/]*\.js$/.test(path),
      ),
    ).toEqual([]);
    // Nor Upload's texts, nor the password form of a protected share; the QR code's library comes when asked for.
    expect(fetched.filter((path) => /^\/assets\/(files|share-password-form)-/.test(path))).toEqual([]);
    const beforeQr = fetched.length;
    await page.getByRole("button", { name: "Show QR code" }).click();
    expect(await page.getByTestId("share-qr").getAttribute("src")).toStartWith("data:image/png;base64,");
    expect(fetched.slice(beforeQr).filter((path) => path.startsWith("/assets/")).length).toBeGreaterThan(0);

    // Waiting for a clock, not for the page: the share must have expired.
    await Bun.sleep(Math.max(0, expiresAt.getTime() - Date.now() + 250));
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "This file has expired" }).waitFor();
    await checkLayouts(page, "file-expired");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("upload from a URL served by a local site: checked, downloaded through the server, uploaded, previewed", async () => {
    const { context, page, errors } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByTestId("tab-url").click();
    const url = `http://127.0.0.1:${origin.port}/files/notes.txt`;
    await page.getByTestId("url-input").fill(url);
    await page.getByTestId("url-check").click();
    const info = page.getByTestId("url-info");
    await info.waitFor();
    expect(await info.textContent()).toContain("Text");
    expect(await page.getByTestId("url-filename").inputValue()).toBe("notes.txt");
    await page.getByTestId("url-filename").fill("meeting-notes.txt");
    await page.getByTestId("url-upload").click();
    await page.waitForSelector('[data-name="meeting-notes.txt"][data-status="success"]');
    const done = row(page, "meeting-notes.txt");
    // The site sends no CORS headers and the page may only connect to itself: the proxy fetched it.
    expect(await done.textContent()).toContain("from URL");
    expect(await done.textContent()).toContain("downloaded through the server");
    const link = (await done.getByTestId("result-link").inputValue()).replace(/^http:\/\/[^/]+/, app.baseUrl);

    // A site that answers 404: the proxy's reason, translated.
    await page.getByTestId("url-input").fill(`http://127.0.0.1:${origin.port}/files/missing.txt`);
    await page.getByTestId("url-check").click();
    await page.getByText(/Failed to check the URL: .*404/).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();

    const visitor = await openPage();
    await visitor.page.goto(link);
    const preview = visitor.page.getByTestId("text-preview");
    await preview.waitFor();
    expect(await preview.textContent()).toContain("The end.");
    expect(await visitor.page.getByTestId("file-size").textContent()).toBe(formatBytes(NOTES.length, "en"));
    expect(realErrors(visitor.errors)).toEqual([]);
    await visitor.context.close();
  });

  test("file management: search, edit, delete one, delete the rest in a batch", async () => {
    const { context, page, errors } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/admin/file-management`);
    const table = page.getByTestId("file-table");
    await table.waitFor();
    // The photo's views ran out: it stays listed (2 / 2) until the links handed to its last viewers
    // expire, then the sweep removes it.
    expect((await table.locator("tbody tr").allTextContents()).length).toBe(4);
    expect(await table.locator("tbody tr", { hasText: "sunset.png" }).textContent()).toContain("2 / 2");

    await page.getByTestId("file-search").fill("meeting");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="file-table"] tbody tr').length === 1);
    const notes = table.locator("tbody tr").first();
    await notes.getByRole("button", { name: "Edit meeting-notes.txt" }).click();
    const form = page.getByTestId("file-edit-form");
    await form.waitFor();
    await form.getByLabel("Remark").fill("Notes from the URL");
    await form.getByLabel("Max views").fill("10");
    await page.getByTestId("save-file").click();
    await page.getByText("File share updated").waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="file-table"] tbody tr')?.textContent?.includes("Notes from the URL"),
    );
    // One view so far: the visitor's.
    expect(await notes.textContent()).toContain("1 / 10");

    await page.getByTestId("file-search").fill("");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="file-table"] tbody tr').length === 4);
    const handbook = table.locator("tbody tr", { hasText: "handbook.pdf" });
    await handbook.getByRole("button", { name: "Delete handbook.pdf" }).click();
    await page.getByRole("dialog").getByText("Delete this file?").waitFor();
    await page.getByTestId("confirm-delete-files").click();
    await page.getByText("1 file deleted").waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="file-table"] tbody tr').length === 3);

    await table.getByRole("checkbox", { name: "Select all on this page" }).check();
    expect(await page.getByTestId("file-selection").textContent()).toContain("3 files selected");
    await page.getByTestId("delete-selected-files").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Delete 3 files?").waitFor();
    expect(await dialog.textContent()).toContain("big-archive.bin");
    await page.getByTestId("confirm-delete-files").click();
    await page.getByText("3 files deleted").waitFor();
    await page.getByText("No files yet").waitFor();
    expect(await listFiles()).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("storage configuration: test, add a second disk, make it default, refuse to delete one in use", async () => {
    const { context, page, errors } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/admin/storage-config`);
    await page.getByTestId("storage-list").waitFor();
    const first = page.locator('[data-testid^="storage-card-"]').first();
    const firstName = ((await first.getAttribute("data-testid")) ?? "").replace("storage-card-", "");
    await first.getByTestId("test-storage").click();
    await page.getByTestId("storage-test-verdict").waitFor();
    expect(await page.getByTestId("storage-test-verdict").textContent()).toBe("All steps passed: the storage works.");
    for (const step of ["write", "read", "list", "delete"]) {
      expect(await page.getByTestId(`test-step-${step}`).textContent()).toMatch(/\d+ ms/);
    }
    expect(await page.getByTestId("storage-test-cors").textContent()).toContain("served by the app itself");
    await page.getByRole("button", { name: "Done" }).click();

    await page.getByTestId("add-storage").click();
    const form = page.getByTestId("storage-form");
    await form.waitFor();
    await form.getByText("Local disk").click();
    await form.getByLabel("Name").fill("Second disk");
    await form.getByLabel("Folder on the server").fill(join(app.dataDir, "second-disk"));
    await form.getByLabel("Capacity", { exact: true }).fill("1");
    await page.getByTestId("save-storage").click();
    const second = page.getByTestId("storage-card-Second disk");
    await second.waitFor();
    expect(await second.getByTestId("storage-usage").textContent()).toBe("0 B of 1 GB (0%)");
    await second.getByTestId("set-default").click();
    await second.getByTestId("default-badge").waitFor();

    // A file on the first storage keeps it from being deleted.
    await uploadThroughApi("keep.txt", "kept", "text/plain", {
      s3_config_id:
        (
          (await (
            await fetch(`${app.baseUrl}/api/s3-configs`, { headers: { Authorization: `Bearer ${await token()}` } })
          ).json()) as { data: { id: string; name: string }[] }
        ).data.find((item) => item.name === firstName)?.id ?? "",
    });
    await page.reload();
    await page.getByTestId(`storage-card-${firstName}`).getByTestId("delete-storage").click();
    await page.getByTestId("confirm-delete-storage").click();
    const problem = page.getByTestId("delete-storage-problem");
    await problem.waitFor();
    expect(await problem.textContent()).toContain("This storage is still in use");
    expect(await problem.textContent()).toContain("(file shares: 1, mounts: 0)");
    await page.getByRole("button", { name: "Close", exact: true }).last().click();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("an S3 bucket without CORS: the test says so with the rule to add; uploads to it fall back to the server", async () => {
    const { context, page, errors } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/admin/storage-config`);
    await page.getByTestId("storage-list").waitFor();
    await page.getByTestId("add-storage").click();
    const form = page.getByTestId("storage-form");
    await form.waitFor();
    await form.getByText("Other S3 compatible").click();
    await form.getByLabel("Name").fill("Test bucket");
    await form.getByLabel("Endpoint URL").fill(s3.endpoint);
    await form.getByLabel("Bucket", { exact: true }).fill(s3.bucket);
    await form.getByLabel("Region").fill(s3.region);
    await form.getByLabel("Access key ID").fill(s3.accessKeyId);
    await form.getByLabel("Secret access key", { exact: true }).fill(s3.secretAccessKey);
    expect(await form.getByLabel("Path-style URLs").isChecked()).toBe(true);
    await page.getByTestId("save-storage").click();
    const card = page.getByTestId("storage-card-Test bucket");
    await card.waitFor();
    expect(await card.textContent()).toContain(s3.bucket);

    // Saved again without touching the secret: it is kept (the test below still signs correctly).
    await card.getByTestId("edit-storage").click();
    expect(await page.getByLabel("Secret access key", { exact: true }).inputValue()).toBe("••••••••");
    await page.getByTestId("save-storage").click();
    await page.getByText("Storage updated").waitFor();

    await dismissToasts(page);
    await card.getByTestId("test-storage").click();
    await page.getByTestId("storage-test-verdict").waitFor();
    expect(await page.getByTestId("storage-test-verdict").textContent()).toBe("All steps passed: the storage works.");
    expect(await page.getByTestId("storage-test-cors").textContent()).toContain("does not allow uploads from");
    expect(await page.getByTestId("cors-rule").textContent()).toContain('"AllowedMethods"');
    // This page loaded before the storage existed, so its CSP does not list the bucket yet: said
    // next to the CORS verdict (a reload picks up the new policy).
    expect(await page.getByTestId("cors-csp-note").textContent()).toContain(`reload the page`);
    expect(await page.getByTestId("cors-csp-note").textContent()).toContain(s3.endpoint);
    await checkLayouts(page, "storage-test-cors", { fullPage: false });
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // An upload to that bucket: the page's CSP allows it now, the bucket's CORS refuses the browser's
    // PUT, so the uploader falls back to the server (and remembers it for this storage).
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByTestId("drop-zone").waitFor();
    const select = page.getByTestId("storage-select");
    await select.locator("option", { hasText: "Test bucket" }).waitFor({ state: "attached" });
    await select.selectOption({ label: "Test bucket" });
    await dropFiles(page, ["photo"]);
    await page.getByTestId("start-uploads").click();
    await page.waitForSelector('[data-name="sunset.png"][data-status="success"]');
    expect(await row(page, "sunset.png").textContent()).toContain("through the server");
    const link = (await row(page, "sunset.png").getByTestId("result-link").inputValue()).replace(
      /^http:\/\/[^/]+/,
      app.baseUrl,
    );
    const refusedByCors = (error: string) => error.includes("blocked by CORS policy") && error.includes(s3.endpoint);
    expect(realErrors(errors).filter((error) => !refusedByCors(error))).toEqual([]);
    await context.close();

    // Served from the bucket by a short-lived signed link.
    const visitor = await openPage();
    await visitor.page.goto(link);
    await visitor.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="image-preview"]');
      return Boolean(img?.complete && img.naturalWidth === 480);
    });
    expect(await visitor.page.getByTestId("image-preview").getAttribute("src")).toStartWith(
      `${s3.endpoint}/${s3.bucket}/`,
    );
    expect(realErrors(visitor.errors)).toEqual([]);
    await visitor.context.close();
  });

  test("an S3 bucket with CORS: the page's CSP follows the storage configs and the browser PUTs to it directly", async () => {
    const created = await fetch(`${app.baseUrl}/api/s3-configs`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json" },
      body: JSON.stringify(s3StorageBody("Direct bucket", s3WithCors)),
    });
    expect(created.status).toBe(201);
    const { context, page, errors } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByTestId("drop-zone").waitFor();
    const select = page.getByTestId("storage-select");
    await select.locator("option", { hasText: "Direct bucket" }).waitFor({ state: "attached" });
    await select.selectOption({ label: "Direct bucket" });
    const putsToBucket: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().startsWith(s3WithCors.endpoint)) putsToBucket.push(request.url());
    });
    await dropFiles(page, ["photo"]);
    await page.getByTestId("start-uploads").click();
    await page.waitForSelector('[data-name="sunset.png"][data-status="success"]');
    expect(await row(page, "sunset.png").textContent()).toContain("direct to storage");
    expect(putsToBucket.length).toBe(1);
    expect(putsToBucket[0]).toStartWith(`${s3WithCors.endpoint}/${s3WithCors.bucket}/`);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("screenshots at 375 and 1280 px, light and dark", async () => {
    const { context, page, errors } = await openAsAdmin();
    const sample = await uploadThroughApi("mountains.png", await pngFromPage(page), "image/png", {
      remark: "Shot for the docs",
    });
    const locked = await uploadThroughApi("contract.pdf", tinyPdf(), "application/pdf", {
      password: "pw",
      max_views: "0",
    });
    await uploadThroughApi(
      "release-notes.md",
      "# Release 0.6.8\n\n- File sharing\n- Storage configs\n",
      "text/markdown",
    );
    await uploadThroughApi("build.log", "ok\n".repeat(100), "text/plain", { expires_in: "24" });

    // Upload screen with rows in progress (slowed), then its results.
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByTestId("drop-zone").waitFor();
    const cdp = await throttleUploads(context, page, 256 * 1024);
    await dropFiles(page, ["big", "photo"], 40 * MB);
    await row(page, "sunset.png").waitFor();
    await page.getByTestId("start-uploads").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-status="uploading"] [role="progressbar"]').length >= 1,
    );
    await checkLayouts(page, "upload-in-progress");
    await row(page, "big-archive.bin").getByTestId("cancel-upload").click();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.waitForSelector('[data-name="sunset.png"][data-status="success"]');
    await row(page, "sunset.png").getByRole("button", { name: "Show QR code" }).click();
    await checkLayouts(page, "upload-results");

    await page.getByTestId("tab-url").click();
    await page.getByTestId("url-input").fill(`http://127.0.0.1:${origin.port}/files/notes.txt`);
    await page.getByTestId("url-check").click();
    await page.getByTestId("url-info").waitFor();
    await checkLayouts(page, "upload-url-tab");

    await page.goto(`${app.baseUrl}/file/${sample.slug}`);
    await page.getByTestId("image-preview").waitFor();
    await page.waitForFunction(() =>
      Boolean(document.querySelector<HTMLImageElement>('[data-testid="image-preview"]')?.naturalWidth),
    );
    await checkLayouts(page, "file-image-preview");
    await page.getByRole("button", { name: "Show QR code" }).click();
    await page.getByTestId("share-qr").waitFor();
    await checkLayouts(page, "file-qr-shown");

    const visitor = await openPage();
    await visitor.page.goto(`${app.baseUrl}/file/${locked.slug}`);
    await visitor.page.getByTestId("file-password-prompt").waitFor();
    await checkLayouts(visitor.page, "file-password-prompt");
    expect(realErrors(visitor.errors)).toEqual([]);
    await visitor.context.close();

    await page.goto(`${app.baseUrl}/admin/file-management`);
    await page.getByTestId("file-table").waitFor();
    await checkLayouts(page, "admin-files");
    await page.getByTestId("file-table").getByRole("button", { name: "Edit mountains.png" }).click();
    await page.getByTestId("file-edit-form").waitFor();
    await page.getByLabel("Add a password").check();
    await checkLayouts(page, "admin-file-edit", { fullPage: false });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.goto(`${app.baseUrl}/admin/storage-config`);
    await page.getByTestId("storage-list").waitFor();
    await page.locator('[data-testid^="storage-card-"]').first().getByTestId("test-storage").click();
    await page.getByTestId("storage-test-verdict").waitFor();
    await checkLayouts(page, "storage-test-result", { fullPage: false });
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await checkLayouts(page, "storage-configs");
    await page.getByTestId("add-storage").click();
    await page.getByTestId("storage-form").getByText("Cloudflare R2").click();
    await checkLayouts(page, "storage-form", { fullPage: false });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // The upload screen in Chinese.
    await page.evaluate(() => localStorage.setItem("language", "zh"));
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByTestId("drop-zone").waitFor();
    await checkLayouts(page, "upload-zh");
    await page.evaluate(() => localStorage.setItem("language", "en"));
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

/** A PNG drawn on a canvas, for files uploaded through the API. */
async function pngFromPage(page: Page): Promise<Uint8Array<ArrayBuffer>> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 400;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    const sky = context.createLinearGradient(0, 0, 0, 400);
    sky.addColorStop(0, "#0ea5e9");
    sky.addColorStop(1, "#e0f2fe");
    context.fillStyle = sky;
    context.fillRect(0, 0, 640, 400);
    context.fillStyle = "#334155";
    context.beginPath();
    context.moveTo(0, 400);
    context.lineTo(180, 160);
    context.lineTo(320, 330);
    context.lineTo(460, 120);
    context.lineTo(640, 400);
    context.fill();
    return canvas.toDataURL("image/png").split(",")[1] ?? "";
  });
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}
