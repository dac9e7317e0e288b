// The mount explorer in a real browser against the real server, with local storage and a real S3
// server (s3rver, in this process): a mount created in the admin module (its validation messages
// first); a folder created, a file uploaded, renamed, downloaded, previewed and a Markdown file edited
// in the source editor (and its rich mode); a whole folder uploaded (a 6 MB file in it goes multipart); copies within a
// storage and across storages (run by the server, followed live in the task panel); search; three files through the basket into a
// zip opened with `unzip`; every step followed in the task manager; deletes; and API keys kept to
// their base path (one read-only). Screenshots at 375 and 1280 px, light and dark.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { type S3Service, startS3Server } from "../../../scripts/test/services";
import { e2eSpec, signInAsAdmin } from "../kit/harness";

setDefaultTimeout(180_000);

const { app, api, token, openPage, addS3Storage, addMount, checkLayouts } = e2eSpec(import.meta.path);

const NOTE = "# Notes\n\nWritten by the explorer e2e test.\n";
const BIG_SIZE = 6 * 1024 * 1024 + 123;

let s3: S3Service;
let albumDir: string;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "e2e-explorer" });
  // The folder the folder upload picks: three small files in two levels and one that goes multipart.
  albumDir = join(mkdtempSync(join(tmpdir(), "explorer-e2e-")), "album");
  mkdirSync(join(albumDir, "sub"), { recursive: true });
  writeFileSync(join(albumDir, "alpha.txt"), "alpha file\n");
  writeFileSync(join(albumDir, "readme.md"), "# Album\n\nPhotos of the trip.\n");
  writeFileSync(join(albumDir, "sub", "gamma.txt"), "gamma in a subfolder\n");
  const big = Buffer.alloc(BIG_SIZE);
  for (let i = 0; i < big.length; i++) big[i] = (i * 31 + 7) & 0xff;
  writeFileSync(join(albumDir, "big.bin"), big);
});

afterAll(async () => {
  await s3?.stop();
});

function realErrors(errors: string[]): string[] {
  return errors.filter((error) => !error.startsWith("Failed to load resource"));
}

async function names(path: string): Promise<string[]> {
  const answer = await api("GET", `/admin/fs/list?${new URLSearchParams({ path })}`);
  expect(answer.status).toBe(200);
  return answer.data.items.map((entry: { name: string }) => entry.name);
}

async function contentOf(path: string): Promise<Buffer> {
  const response = await fetch(`${app.baseUrl}/api/admin/fs/download?${new URLSearchParams({ path })}`, {
    headers: { Authorization: `Bearer ${await token()}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function openAsAdmin(options: { noSavePicker?: boolean } = {}) {
  const opened = await openPage({ acceptDownloads: true });
  // Without a save dialog the zip is gathered and handed over as a download (Firefox, Safari).
  if (options.noSavePicker) {
    await opened.context.addInitScript(() => {
      // biome-ignore lint/suspicious/noExplicitAny: removing a browser API for the test
      delete (window as any).showSaveFilePicker;
    });
  }
  await signInAsAdmin(opened.context, app);
  await opened.page.goto(`${app.baseUrl}/`);
  return opened;
}

async function dismissToasts(page: Page) {
  for (const dismiss of await page.getByRole("button", { name: "Dismiss" }).all())
    await dismiss.click({ timeout: 1_000 }).catch(() => {});
}

function entry(page: Page, name: string) {
  return page.locator(`[data-testid="entry"][data-name="${name}"]`);
}

async function openTasks(page: Page) {
  await page.getByTestId("tasks-button").click();
  await page.getByTestId("task-panel").waitFor();
}

async function closePanel(page: Page) {
  await page.keyboard.press("Escape");
  await page.getByTestId("task-panel").waitFor({ state: "detached" });
}

/** Waits for the newest task of a type to end and returns its status. */
async function newestTaskStatus(page: Page, type: string): Promise<string> {
  const task = page.locator(`[data-testid="task"][data-type="${type}"]`).first();
  await task.waitFor();
  await page.waitForFunction(
    (kind) => {
      const element = document.querySelector(`[data-testid="task"][data-type="${kind}"]`);
      const status = element?.getAttribute("data-status");
      return status !== null && status !== undefined && status !== "pending" && status !== "running";
    },
    type,
    { timeout: 120_000 },
  );
  return (await task.getAttribute("data-status")) ?? "";
}

async function copyTo(page: Page, path: string[]) {
  await page.getByTestId("copy-to-button").click();
  const dialog = page.getByTestId("copy-dialog");
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "All mounts" }).click();
  for (const name of path) await dialog.locator(`[data-testid="copy-folder"][data-name="${name}"]`).click();
  expect(await dialog.getByLabel("Skip files that already exist").isChecked()).toBe(true);
  await page.getByTestId("copy-submit").click();
  await dialog.waitFor({ state: "detached" });
}

describe("mount explorer", () => {
  test("create a mount, then folder, upload, rename, download, preview, edit Markdown, search, delete", async () => {
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
    // Its own folder of the disk, so the mounts the next test makes on the same disk stay apart.
    await form.locator('input[name="mount-folder"]').fill("e2e-docs");
    expect(await form.getByTestId("mount-location").textContent()).toContain("/e2e-docs/");
    await page.getByTestId("mount-save").click();
    const card = page.getByTestId("mount-card-E2E docs");
    await card.waitFor();
    expect(await card.getByTestId("mount-status").textContent()).toBe("Active");
    await checkLayouts(page, "mount-module");

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

    // Upload a file into it: a task of the task manager.
    await page
      .getByTestId("upload-input")
      .setInputFiles({ name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from(NOTE) });
    await entry(page, "notes.md").waitFor();
    await openTasks(page);
    expect(await newestTaskStatus(page, "upload")).toBe("completed");
    await closePanel(page);

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
    expect(readFileSync(await download.path(), "utf8")).toBe(NOTE);

    // Preview (the `preview` query), then edit the Markdown in the source editor.
    await entry(page, "minutes.md").getByRole("link").click();
    await page.getByTestId("preview-panel").waitFor();
    expect(page.url()).toContain("?preview=");
    await page.getByTestId("file-preview").waitFor();
    await checkLayouts(page, "explorer-preview");
    await page.getByTestId("preview-edit").click();
    const editable = page.getByTestId("text-editor").locator(".cm-content");
    await editable.waitFor();
    expect(await editable.locator(".cm-line").first().textContent()).toBe("# Notes");
    await editable.press("Control+End");
    await page.keyboard.type("Edited in the editor.");
    await checkLayouts(page, "explorer-markdown-editor", { fullPage: false });
    // The rich mode says that it re-formats, and keeps what was typed.
    await page.getByTestId("editor-view-rich").click();
    await page.getByTestId("rich-note").waitFor();
    await page.getByTestId("text-editor").locator(".ProseMirror").getByText("Edited in the editor.").waitFor();
    await page.getByTestId("editor-view-source").click();
    await editable.waitFor();
    await page.getByTestId("editor-save").click();
    await page.getByTestId("text-editor").waitFor({ state: "detached" });
    await page.getByTestId("preview-close").click();
    await page.getByTestId("preview-panel").waitFor({ state: "detached" });
    const edited = (await contentOf("/e2e-docs/reports/minutes.md")).toString("utf8");
    // Byte for byte what was there, plus what was typed.
    expect(edited).toBe(`${NOTE}Edited in the editor.`);

    // A plain text file opens as text.
    await page
      .getByTestId("upload-input")
      .setInputFiles({ name: "todo.txt", mimeType: "text/plain", buffer: Buffer.from("one\n") });
    await entry(page, "todo.txt").waitFor();
    await entry(page, "minutes.md").getByRole("checkbox").uncheck();
    await entry(page, "todo.txt").getByRole("checkbox").check();
    await page.getByTestId("edit-button").click();
    await page.getByTestId("text-editor").locator(".cm-content").press("Control+End");
    await page.keyboard.type("two\n");
    await page.getByTestId("editor-save").click();
    await page.getByTestId("text-editor").waitFor({ state: "detached" });
    expect((await contentOf("/e2e-docs/reports/todo.txt")).toString("utf8")).toBe("one\ntwo\n");

    // A file dropped on the listing is uploaded into the folder.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["dropped\n"], "dropped.txt", { type: "text/plain" }));
      return transfer;
    });
    await page.getByTestId("explorer-listing").dispatchEvent("dragover", { dataTransfer: dropped });
    await page.getByTestId("explorer-listing").dispatchEvent("drop", { dataTransfer: dropped });
    await entry(page, "dropped.txt").waitFor();
    expect((await contentOf("/e2e-docs/reports/dropped.txt")).toString("utf8")).toBe("dropped\n");

    // Screenshots of a folder with files and a subfolder.
    await page.getByTestId("mkdir-button").click();
    await page.locator('input[name="entry-name"]').fill("archive");
    await page.getByTestId("name-submit").click();
    await entry(page, "archive").waitFor();
    await checkLayouts(page, "explorer-list");
    await page.getByRole("button", { name: "Grid" }).click();
    await page.getByTestId("entry-grid").waitFor();
    await checkLayouts(page, "explorer-grid");
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

    // Delete everything here: a delete task.
    await page.getByRole("checkbox", { name: "Select all" }).check();
    await page.getByTestId("delete-button").click();
    await page.getByTestId("delete-confirm").click();
    await page.getByTestId("explorer-empty").waitFor();
    await openTasks(page);
    expect(await newestTaskStatus(page, "delete")).toBe("completed");
    await closePanel(page);

    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("folder upload (multipart inside), copy within and across storages, basket zip, tasks, delete", async () => {
    const bucketId = await addS3Storage(s3, "E2E bucket");
    await addMount({ name: "Local", path: "/local", folder: "local" });
    await addMount({ name: "Bucket", path: "/bucket", folder: "bucket", storageId: bucketId });
    expect((await api("POST", "/admin/fs/mkdir", { path: "/local/copies" })).status).toBe(201);

    const { page, context, errors } = await openAsAdmin({ noSavePicker: true });
    await page.goto(`${app.baseUrl}/mount-explorer/local`);
    await entry(page, "copies").waitFor();

    // A whole folder through the folder input: its subfolder is created and the 6 MB file goes in parts.
    await page.getByTestId("upload-folder-input").setInputFiles(albumDir);
    await entry(page, "album").waitFor();
    await openTasks(page);
    expect(await newestTaskStatus(page, "upload")).toBe("completed");
    const uploadTask = page.locator('[data-testid="task"][data-type="upload"]').first();
    expect(await uploadTask.getByTestId("task-title").textContent()).toBe("Upload a folder (4 files) to /local");
    expect(await uploadTask.locator('[data-testid="task-file"][data-status="completed"]').count()).toBe(4);
    await closePanel(page);
    expect((await names("/local/album")).sort()).toEqual(["alpha.txt", "big.bin", "readme.md", "sub"]);
    expect(await names("/local/album/sub")).toEqual(["gamma.txt"]);
    expect((await contentOf("/local/album/big.bin")).equals(readFileSync(join(albumDir, "big.bin")))).toBe(true);

    // Copy the folder within the same storage, then across storages: the server copies both.
    await entry(page, "album").getByRole("checkbox").check();
    await copyTo(page, ["local", "copies"]);
    await openTasks(page);
    expect(await newestTaskStatus(page, "copy")).toBe("completed");
    expect(
      await page.locator('[data-testid="task"][data-type="copy"]').first().getByTestId("task-summary").textContent(),
    ).toBe("4 copied, 0 skipped, 0 failed");
    await closePanel(page);
    expect((await names("/local/copies/album")).sort()).toEqual(["alpha.txt", "big.bin", "readme.md", "sub"]);

    await entry(page, "album").getByRole("checkbox").check();
    await page.getByTestId("copy-to-button").click();
    await page.getByTestId("copy-dialog").waitFor();
    await page.getByTestId("copy-dialog").getByRole("button", { name: "All mounts" }).click();
    await page.locator('[data-testid="copy-folder"][data-name="bucket"]').waitFor();
    await checkLayouts(page, "explorer-copy-dialog", { fullPage: false });
    // The server copies across storages: the browser sends no byte to the bucket.
    const bucketPuts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().startsWith(s3.endpoint)) bucketPuts.push(request.url());
    });
    await page.locator('[data-testid="copy-folder"][data-name="bucket"]').click();
    await page.getByTestId("copy-submit").click();
    await openTasks(page);
    expect(await newestTaskStatus(page, "copy")).toBe("completed");
    const copyTask = page.locator('[data-testid="task"][data-type="copy"]').first();
    expect(await copyTask.getByTestId("task-summary").textContent()).toBe("4 copied, 0 skipped, 0 failed");
    expect(await copyTask.locator('[data-testid="task-file"][data-status="completed"]').count()).toBe(4);
    await closePanel(page);
    expect((await names("/bucket/album")).sort()).toEqual(["alpha.txt", "big.bin", "readme.md", "sub"]);
    expect(bucketPuts).toEqual([]);
    expect((await contentOf("/bucket/album/sub/gamma.txt")).toString()).toBe("gamma in a subfolder\n");
    expect((await contentOf("/bucket/album/big.bin")).equals(readFileSync(join(albumDir, "big.bin")))).toBe(true);

    // Again with skip existing on: every file is skipped, nothing is rewritten.
    await entry(page, "album").getByRole("checkbox").check();
    await copyTo(page, ["bucket"]);
    await openTasks(page);
    expect(await newestTaskStatus(page, "copy")).toBe("completed");
    expect(
      await page.locator('[data-testid="task"][data-type="copy"]').first().getByTestId("task-summary").textContent(),
    ).toBe("0 copied, 4 skipped, 0 failed");
    await closePanel(page);

    // Search everywhere: the file is found in both mounts; one goes to the basket from the results.
    await page.getByLabel("Search files", { exact: true }).fill("gamma");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const results = page.getByTestId("search-results");
    await results.getByText("/bucket/album/sub").waitFor();
    expect(await results.getByRole("link", { name: "gamma.txt" }).count()).toBe(3);
    await results.getByRole("listitem").filter({ hasText: "/bucket/album/sub" }).getByTestId("search-basket").click();
    await page.getByRole("button", { name: "Close search results" }).click();

    // Two more from the list of the album folder, one of them from its preview.
    await entry(page, "album").getByRole("link").click();
    await entry(page, "alpha.txt").waitFor();
    await entry(page, "alpha.txt").getByRole("checkbox").check();
    await page.getByTestId("add-to-basket-button").click();
    await entry(page, "readme.md").getByRole("link").click();
    await page.getByTestId("preview-basket").click();
    await page.getByTestId("preview-close").click();
    await page.getByTestId("preview-panel").waitFor({ state: "detached" });
    expect(await page.getByTestId("basket-button-badge").textContent()).toBe("3");

    // The basket: three files, their total; the zip built in the browser holds exactly them.
    await page.getByTestId("basket-button").click();
    const basketPanel = page.getByTestId("basket-panel");
    await basketPanel.waitFor();
    expect(await basketPanel.getByTestId("basket-item").count()).toBe(3);
    expect(await basketPanel.textContent()).toContain("3 files");
    await checkLayouts(page, "explorer-basket", { fullPage: false });
    const [zip] = await Promise.all([page.waitForEvent("download"), page.getByTestId("basket-download").click()]);
    expect(zip.suggestedFilename()).toMatch(/^pastebox-[\d-]+\.zip$/);
    const zipPath = await zip.path();
    const entries = Bun.spawnSync(["unzip", "-Z1", zipPath]).stdout.toString().trim().split("\n").sort();
    expect(entries).toEqual(["bucket/album/sub/gamma.txt", "local/album/alpha.txt", "local/album/readme.md"]);
    expect(Bun.spawnSync(["unzip", "-p", zipPath, "bucket/album/sub/gamma.txt"]).stdout.toString()).toBe(
      "gamma in a subfolder\n",
    );
    await page.getByTestId("task-panel").waitFor();
    expect(await newestTaskStatus(page, "download")).toBe("completed");
    expect(await page.locator('[data-testid="task"]').count()).toBe(5);
    await checkLayouts(page, "explorer-tasks", { fullPage: false });
    await closePanel(page);

    // Where the browser has a save dialog, the zip streams straight into the chosen file. The dialog
    // is answered with a file of the origin's private file system, read back afterwards.
    await page.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the save dialog's stand-in
      (window as any).showSaveFilePicker = async () =>
        (await navigator.storage.getDirectory()).getFileHandle("basket.zip", { create: true });
    });
    await page.getByTestId("basket-button").click();
    await page.getByTestId("basket-download").click();
    await page.getByTestId("task-panel").waitFor();
    expect(await newestTaskStatus(page, "download")).toBe("completed");
    expect(await page.locator('[data-testid="task"]').first().getByTestId("task-summary").textContent()).toBe(
      "Zip saved: 3 files, 0 left out",
    );
    const streamed = await page.evaluate(async () => {
      const file = await (await (await navigator.storage.getDirectory()).getFileHandle("basket.zip")).getFile();
      return Array.from(new Uint8Array(await file.arrayBuffer()));
    });
    const streamedPath = join(mkdtempSync(join(tmpdir(), "explorer-zip-")), "basket.zip");
    writeFileSync(streamedPath, Buffer.from(streamed));
    expect(Bun.spawnSync(["unzip", "-Z1", streamedPath]).stdout.toString().trim().split("\n").sort()).toEqual(entries);
    expect(Bun.spawnSync(["unzip", "-p", streamedPath, "local/album/alpha.txt"]).stdout.toString()).toBe(
      "alpha file\n",
    );

    // Clearing finished tasks empties the list; the badge goes.
    await dismissToasts(page);
    await page.getByTestId("tasks-clear").click();
    await page.getByText("No tasks yet").waitFor();
    await closePanel(page);
    expect(await page.getByTestId("tasks-button-badge").count()).toBe(0);

    // Delete the copies: a delete task removes the folder whole.
    await page.goto(`${app.baseUrl}/mount-explorer/local`);
    await entry(page, "copies").getByRole("checkbox").check();
    await page.getByTestId("delete-button").click();
    await page.getByTestId("delete-confirm").click();
    await entry(page, "copies").waitFor({ state: "detached" });
    expect(await names("/local")).toEqual(["album"]);

    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("an API key stays within its base path; a read-only key cannot write", async () => {
    const writer = await api("POST", "/admin/api-keys", {
      name: "Album writer",
      mount_permission: true,
      basic_path: "/local/album",
    });
    expect(writer.status).toBe(201);
    const reader = await api("POST", "/admin/api-keys", {
      name: "Album reader",
      mount_permission: true,
      mount_read_only: true,
      basic_path: "/local/album",
    });
    expect(reader.status).toBe(201);

    async function signIn(key: string) {
      const opened = await openPage();
      await opened.page.goto(`${app.baseUrl}/admin`);
      await opened.page.getByRole("tab", { name: "API key" }).click();
      await opened.page.getByRole("textbox", { name: "API key" }).fill(key);
      await opened.page.getByRole("textbox", { name: "API key" }).press("Enter");
      await opened.page.getByRole("heading", { level: 1, name: "Mount management" }).waitFor();
      return opened;
    }

    // The writer: sent back to its base path, sees only its part, may upload there.
    const { page, context, errors } = await signIn(writer.data.key);
    await page.goto(`${app.baseUrl}/mount-explorer/bucket`);
    await page.waitForURL(`${app.baseUrl}/mount-explorer/local/album`);
    await entry(page, "alpha.txt").waitFor();
    expect(
      (await page.getByTestId("entry").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-name")))).sort(),
    ).toEqual(["alpha.txt", "big.bin", "readme.md", "sub"]);
    await page.goto(`${app.baseUrl}/mount-explorer`);
    await page.waitForURL(`${app.baseUrl}/mount-explorer/local/album`);
    await page.goto(`${app.baseUrl}/mount-explorer/local/album/sub`);
    await entry(page, "gamma.txt").waitFor();
    await page
      .getByTestId("upload-input")
      .setInputFiles({ name: "by-key.txt", mimeType: "text/plain", buffer: Buffer.from("from the key\n") });
    await entry(page, "by-key.txt").waitFor();
    expect((await contentOf("/local/album/sub/by-key.txt")).toString()).toBe("from the key\n");
    // Outside its base path the server refuses, whatever the page does.
    const outside = await api("GET", `/user/fs/list?path=${encodeURIComponent("/bucket/album")}`, undefined, {
      authorization: `ApiKey ${writer.data.key}`,
    });
    expect(outside.status).toBe(403);
    expect(realErrors(errors)).toEqual([]);
    await context.close();

    // The reader: no write actions, and the server refuses a write all the same.
    const readOnly = await signIn(reader.data.key);
    await readOnly.page.goto(`${app.baseUrl}/mount-explorer/local/album`);
    await entry(readOnly.page, "alpha.txt").waitFor();
    expect(await readOnly.page.getByTestId("upload-button").count()).toBe(0);
    expect(await readOnly.page.getByTestId("upload-folder-button").count()).toBe(0);
    await entry(readOnly.page, "alpha.txt").getByRole("checkbox").check();
    expect(await readOnly.page.getByTestId("download-button").count()).toBe(1);
    expect(await readOnly.page.getByTestId("add-to-basket-button").count()).toBe(1);
    expect(await readOnly.page.getByTestId("copy-to-button").count()).toBe(0);
    expect(await readOnly.page.getByTestId("delete-button").count()).toBe(0);
    const refused = await api(
      "POST",
      "/user/fs/mkdir",
      { path: "/local/album/new" },
      { authorization: `ApiKey ${reader.data.key}` },
    );
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("Your key can only read the mounts");
    expect(realErrors(readOnly.errors)).toEqual([]);
    await readOnly.context.close();
  });
});
