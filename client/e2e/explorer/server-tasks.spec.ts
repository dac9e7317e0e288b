// Copies and moves the server runs, driven through the explorer in Chromium against the real server and
// a real S3 server (s3rver): a folder of 200 files (one of 300 MiB) copied from local storage to the
// bucket, its per-file progress pushed live into the task panel; the tab closed mid-copy and opened
// again, where the task is followed to its end; a move through "Move to…". The task panel is checked
// at 375 px and desktop, light and dark, and with axe-core.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { type S3Service, startS3Server } from "../../../scripts/test/services";
import { e2eSpec } from "../kit/harness";

setDefaultTimeout(300_000);

const { app, api, openAdminPage, addS3Storage, addMount, checkScreen } = e2eSpec(import.meta.path);

const BIG_BYTES = 300 * 1024 * 1024;
const SMALL_FILES = 199;

let s3: S3Service;

async function listed(path: string): Promise<{ name: string; size: number }[]> {
  const answer = await api("GET", `/admin/fs/list?${new URLSearchParams({ path })}`);
  expect(answer.status).toBe(200);
  return answer.data.items;
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "e2e-server-tasks" });
  const bucketId = await addS3Storage(s3, "Tasks bucket");
  await addMount({ name: "local", path: "/local", folder: "local" });
  await addMount({ name: "bucket", path: "/bucket", folder: "bucket", storageId: bucketId });
  // The folder to copy, written straight into the local storage: 199 small files and one of 300 MiB.
  const album = join(app.dataDir, "storage", "local", "album");
  mkdirSync(album, { recursive: true });
  for (let index = 0; index < SMALL_FILES; index++) {
    writeFileSync(join(album, `photo-${String(index).padStart(3, "0")}.txt`), `photo ${index}\n`);
  }
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 0xff;
  const big = openSync(join(album, "video.bin"), "w");
  for (let written = 0; written < BIG_BYTES; written += chunk.length) writeSync(big, chunk);
  closeSync(big);
  mkdirSync(join(app.dataDir, "storage", "local", "notes"), { recursive: true });
  writeFileSync(join(app.dataDir, "storage", "local", "notes", "todo.txt"), "move me\n");
});

afterAll(async () => {
  await s3?.stop();
});

function entry(page: Page, name: string) {
  return page.locator(`[data-testid="entry"][data-name="${name}"]`);
}

async function openTasks(page: Page) {
  await page.getByTestId("tasks-button").click();
  await page.getByTestId("task-panel").waitFor();
}

async function pickTarget(page: Page, button: string, path: string[]) {
  await page.getByTestId(button).click();
  const dialog = page.getByTestId("copy-dialog");
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "All mounts" }).click();
  for (const name of path) await dialog.locator(`[data-testid="copy-folder"][data-name="${name}"]`).click();
  await page.getByTestId("copy-submit").click();
  await dialog.waitFor({ state: "detached" });
}

describe("server tasks in the explorer", () => {
  test("a folder of 200 files (one of 300 MiB) is copied to S3 by the server; the tab closes, the task finishes", async () => {
    const { page, context, errors } = await openAdminPage();
    await page.goto(`${app.baseUrl}/mount-explorer/local`);
    await entry(page, "album").getByRole("checkbox").check();
    await pickTarget(page, "copy-to-button", ["bucket"]);
    await openTasks(page);
    const task = page.locator('[data-testid="task"][data-type="copy"]').first();
    expect(await task.getByTestId("task-title").textContent()).toBe("Copy 1 item to /bucket");
    // Pushed while it runs: files finish one by one in the panel, before the big one is through.
    await task.getByTestId("task-on-server").waitFor();
    await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="task-files-done"]')?.textContent ?? "";
        const match = /^(\d+) of 200 files$/.exec(text);
        return match !== null && Number(match[1]) > 0 && Number(match[1]) < 200;
      },
      undefined,
      { timeout: 120_000 },
    );
    expect(await task.getAttribute("data-status")).toBe("running");
    await checkScreen(page, "server-task-running", { fullPage: false });

    // The tab goes; the server goes on. A new tab follows the task to its end.
    await page.close();
    const again = await context.newPage();
    again.on("pageerror", (error) => errors.push(error.message));
    await again.goto(`${app.baseUrl}/mount-explorer/bucket`);
    await openTasks(again);
    const followed = again.locator('[data-testid="task"][data-type="copy"]').first();
    await again.waitForFunction(
      () =>
        document.querySelector('[data-testid="task"][data-type="copy"]')?.getAttribute("data-status") === "completed",
      undefined,
      { timeout: 240_000 },
    );
    expect(await followed.getByTestId("task-summary").textContent()).toBe("200 copied, 0 skipped, 0 failed");
    expect(await followed.getByTestId("task-files-done").textContent()).toBe("200 of 200 files");
    await checkScreen(again, "server-task-finished", { fullPage: false });
    const copied = await listed("/bucket/album");
    expect(copied).toHaveLength(200);
    expect(copied.find((file) => file.name === "video.bin")?.size).toBe(BIG_BYTES);
    // Each object once, and the source kept.
    expect(new Set(copied.map((file) => file.name)).size).toBe(200);
    expect(await listed("/local/album")).toHaveLength(200);
    expect(errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  test("Move to… moves a folder to the other storage through the server, and the source goes", async () => {
    const { page, context } = await openAdminPage();
    await page.goto(`${app.baseUrl}/mount-explorer/local`);
    await entry(page, "notes").getByRole("checkbox").check();
    await pickTarget(page, "move-to-button", ["bucket"]);
    await openTasks(page);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="task"][data-type="move"]')?.getAttribute("data-status") === "completed",
      undefined,
      { timeout: 60_000 },
    );
    expect(
      await page.locator('[data-testid="task"][data-type="move"]').first().getByTestId("task-summary").textContent(),
    ).toBe("1 moved, 0 skipped, 0 failed");
    expect((await listed("/bucket/notes")).map((file) => file.name)).toEqual(["todo.txt"]);
    expect((await listed("/local")).map((file) => file.name)).not.toContain("notes");
    await page.keyboard.press("Escape");
    await entry(page, "notes").waitFor({ state: "detached" });
    await context.close();
  });
});
