// Copies and moves the server runs, driven through the explorer in Chromium against the real server and
// a real S3 server (s3rver): a folder of 200 files (one of 300 MiB) copied from local storage to the
// bucket, its per-file progress pushed live into the task panel; the tab closed mid-copy and opened
// again, where the task is followed to its end; a move through "Move to…". The task panel is checked
// at 375 px and desktop, light and dark, and with axe-core.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { type S3Service, startS3Server } from "../../scripts/test/services";
import {
  adminToken,
  dismissToasts,
  launchBrowser,
  layoutCheck,
  openPage,
  type RunningApp,
  signInAsAdmin,
  startApp,
} from "./harness";

setDefaultTimeout(300_000);

const REPO_ROOT = join(import.meta.dir, "../..");
const AXE_SOURCE = readFileSync(join(REPO_ROOT, "node_modules/axe-core/axe.min.js"), "utf8");
const BIG_BYTES = 300 * 1024 * 1024;
const SMALL_FILES = 199;

let app: RunningApp;
let browser: Browser;
let s3: S3Service;
let token: string;

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field.
async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, ...(await response.json()) };
}

async function listed(path: string): Promise<{ name: string; size: number }[]> {
  const answer = await api("GET", `/admin/fs/list?${new URLSearchParams({ path })}`);
  expect(answer.status).toBe(200);
  return answer.data.items;
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "e2e-server-tasks" });
  app = await startApp();
  browser = await launchBrowser();
  token = await adminToken(app);
  const storages = await api("GET", "/s3-configs");
  const bucket = await api("POST", "/s3-configs", {
    name: "Tasks bucket",
    provider_type: "Other S3 Compatible",
    endpoint_url: s3.endpoint,
    bucket_name: s3.bucket,
    region: s3.region,
    access_key_id: s3.accessKeyId,
    secret_access_key: s3.secretAccessKey,
    path_style: true,
  });
  expect(bucket.status).toBe(201);
  for (const [mount_path, storage_config_id, folder] of [
    ["/local", storages.data[0].id, "local"],
    ["/bucket", bucket.data.id, "bucket"],
  ]) {
    expect((await api("POST", "/admin/mounts", { name: folder, mount_path, storage_config_id, folder })).status).toBe(
      201,
    );
  }
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
  await browser?.close();
  await app?.stop();
  await s3?.stop();
});

const checkLayouts = layoutCheck(import.meta.path, dismissToasts);

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

/** axe-core on the page as it is, in the light and dark themes at both widths. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // No transitions: a colour measured halfway through the theme's fade is neither theme's.
  await page.addStyleTag({ content: "*,*::before,*::after{transition:none!important;animation:none!important}" });
  const found: string[] = [];
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains("dark") === dark,
        scheme === "dark",
      );
      const violations = await page.evaluate(async () => {
        // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
        const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
        return (result.violations as { id: string; nodes: { target: string[] }[] }[]).map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`,
        );
      });
      found.push(...violations.map((violation) => `${viewport.width} ${scheme} ${violation}`));
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}

describe("server tasks in the explorer", () => {
  test("a folder of 200 files (one of 300 MiB) is copied to S3 by the server; the tab closes, the task finishes", async () => {
    const { page, context, errors } = await openPage(browser);
    await signInAsAdmin(context, app);
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
    await checkLayouts(page, "server-task-running", { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);

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
    await checkLayouts(again, "server-task-finished", { fullPage: false });
    expect(await axeViolations(again)).toEqual([]);
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
    const { page, context } = await openPage(browser);
    await signInAsAdmin(context, app);
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
