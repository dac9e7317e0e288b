// The admin's Tasks and Scheduled jobs modules in Chromium against the real server (docs/tasks.md,
// docs/jobs.md): tasks started through the REST API by the admin and by a key are listed with their
// state and starter, filtered by state and by starter; a partly completed task's failed file is shown
// with its reason and retried once its cause is gone. Every job is listed with its schedule; "Run now"
// runs one, says when it has finished, and its run and log appear; the results of a backup, a crawl
// and an audit purge are read out in words (storages by name) in English and Chinese. Each screen is checked at 375 px and desktop, light and dark,
// for sideways overflow and axe-core violations.
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { e2eSpec } from "../kit/harness";

setDefaultTimeout(120_000);

const { app, addMount, apiData, openAdminPage, checkScreen } = e2eSpec(import.meta.path);

let keyId = "";
let partialId = "";

/** Waits until the module lists `count` tasks (a filter's answer replaced the list). */
async function shownTasks(page: Page, count: number) {
  await page.waitForFunction(
    (expected) => document.querySelectorAll("li[data-testid^='task-']").length === expected,
    count,
  );
}

/** Waits for the server to finish a task; answers it. */
async function finished(id: string, authorization?: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const task = await apiData("GET", `/admin/fs/tasks/${id}`, undefined, authorization ? { authorization } : {});
    if (["completed", "partial", "failed", "cancelled"].includes(task.status)) return task;
    if (Date.now() > deadline) throw new Error(`task ${id} did not finish: ${task.status}`);
    await Bun.sleep(100);
  }
}

beforeAll(async () => {
  await addMount({ name: "local", path: "/local", folder: "local" });
  const album = join(app.dataDir, "storage", "local", "album");
  mkdirSync(album, { recursive: true });
  for (let index = 0; index < 5; index++) writeFileSync(join(album, `photo-${index}.txt`), `photo ${index}\n`);

  const key = await apiData("POST", "/admin/api-keys", { name: "Sync job", mount_permission: true, basic_path: "/" });
  keyId = key.id;
  const byKey = await apiData(
    "POST",
    "/user/fs/tasks",
    { type: "copy", items: [{ sourcePath: "/local/album/photo-0.txt", targetPath: "/local/by-key/" }] },
    { authorization: `ApiKey ${key.key}` },
  );
  await finished(byKey.task_id);
  const copied = await apiData("POST", "/admin/fs/tasks", {
    type: "copy",
    items: [{ sourcePath: "/local/album", targetPath: "/local/backup/" }],
  });
  await finished(copied.task_id);
  // One file of this move is missing: the task ends partly completed.
  const partial = await apiData("POST", "/admin/fs/tasks", {
    type: "copy",
    items: [
      { sourcePath: "/local/album/photo-1.txt", targetPath: "/local/later/" },
      { sourcePath: "/local/album/late.txt", targetPath: "/local/later/" },
    ],
  });
  partialId = partial.task_id;
  expect((await finished(partialId)).status).toBe("partial");
});

describe("admin tasks", () => {
  test("every task with its state and starter; filters; a failed file's reason; retry", async () => {
    const { context, page, errors } = await openAdminPage();
    await page.goto(`${app.baseUrl}/admin/tasks`);
    await page.getByRole("heading", { level: 1, name: "Tasks" }).waitFor();
    const cards = page.locator("li[data-testid^='task-']");
    await page.getByTestId(`task-${partialId}`).waitFor();
    expect(await cards.count()).toBe(3);
    const partial = page.getByTestId(`task-${partialId}`);
    expect(await partial.getByTestId("task-status").textContent()).toBe("Partly completed");
    expect(await partial.textContent()).toContain("1 of 2 done");
    expect(await partial.textContent()).toContain("1 failed");
    await checkScreen(page, "tasks");

    // Filters: the key's task alone, then the partly completed one alone.
    await page.getByLabel("Started by").selectOption(keyId);
    await shownTasks(page, 1);
    expect(await cards.first().textContent()).toContain("Sync job");
    await page.getByLabel("Started by").selectOption("");
    await page.getByLabel("Status").selectOption("partial");
    await shownTasks(page, 1);
    expect(await cards.first().getAttribute("data-testid")).toBe(`task-${partialId}`);
    await page.getByLabel("Status").selectOption("cancelled");
    await page.getByText("No task matches these filters.").waitFor();
    await checkScreen(page, "tasks-no-match");
    await page.getByRole("button", { name: "Show all tasks" }).click();
    await page.getByTestId(`task-${partialId}`).waitFor();

    // The failed file and why.
    await partial.getByRole("button", { name: "The files of Copy /local/album/photo-1.txt" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("task-file-error").waitFor();
    expect(await dialog.getByTestId("task-file").count()).toBe(1);
    expect(await dialog.getByTestId("task-file").textContent()).toContain("/local/album/late.txt");
    expect(await dialog.getByTestId("task-file-error").textContent()).toBe("The file or folder does not exist");
    await checkScreen(page, "tasks-files-dialog");
    await dialog.getByLabel("Failed files only").uncheck();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid='task-file']").length === 2);
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "detached" });

    // The cause goes away; retry runs the failed file and the task completes.
    writeFileSync(join(app.dataDir, "storage", "local", "album", "late.txt"), "late\n");
    await partial.getByRole("button", { name: "Retry failed files of Copy /local/album/photo-1.txt" }).click();
    await page.getByText("The failed files run again").waitFor();
    await partial.getByTestId("task-status").getByText("Completed", { exact: true }).waitFor();
    expect(readFileSync(join(app.dataDir, "storage", "local", "later", "late.txt"), "utf8")).toBe("late\n");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("admin scheduled jobs", () => {
  test("every job with its schedule; run one now and read its run and log", async () => {
    const { context, page, errors } = await openAdminPage();
    await page.goto(`${app.baseUrl}/admin/jobs`);
    await page.getByRole("heading", { level: 1, name: "Scheduled jobs" }).waitFor();
    const sweep = page.getByTestId("job-sweep");
    await sweep.waitFor();
    for (const name of ["sweep", "fs-index", "backup"]) await page.getByTestId(`job-${name}`).waitFor();
    expect(await sweep.textContent()).toContain("Clean-up of expired shares");
    const jobs = await apiData("GET", "/admin/jobs");
    const sweepJob = jobs.find((job: { name: string }) => job.name === "sweep");
    expect(await sweep.textContent()).toContain(sweepJob.schedule);
    await checkScreen(page, "jobs");

    await sweep.getByRole("button", { name: "Run now: Clean-up of expired shares" }).click();
    await page.getByText("Clean-up of expired shares started").waitFor();
    await page.getByText("Clean-up of expired shares finished").waitFor();
    await sweep.getByTestId("job-status").getByText("Succeeded", { exact: true }).waitFor();
    expect(await sweep.getByTestId("job-result").textContent()).toBe("Expired pastes, shares and uploads cleaned up");
    expect(await sweep.getByTestId("job-schedule").textContent()).toContain("Every 10 minutes");
    await sweep.getByRole("button", { name: "Runs and log of Clean-up of expired shares" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("job-run").first().waitFor();
    expect(await dialog.getByTestId("job-run").first().textContent()).toContain("Run by hand");
    const runs = await apiData("GET", "/admin/jobs/sweep/runs");
    expect(runs[0].trigger).toBe("manual");
    expect(runs[0].status).toBe("succeeded");
    await checkScreen(page, "jobs-runs-dialog");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("each finished run's result in words, in English and in Chinese: a backup, a crawl, a purge", async () => {
    for (const name of ["backup", "fs-index", "audit-purge"]) await ranToTheEnd(name);
    const storages = await apiData("GET", "/s3-configs");
    const crawled = (await apiData("GET", "/admin/jobs/fs-index/runs"))[0];
    const storageIds = Object.keys(JSON.parse(crawled.result));
    expect(storageIds.length).toBeGreaterThan(0);
    const storageName = storages.find((config: { id: string }) => config.id === storageIds[0]).name;
    const backupName = JSON.parse((await apiData("GET", "/admin/jobs/backup/runs"))[0].result).name;

    const { context, page, errors } = await openAdminPage();
    await page.goto(`${app.baseUrl}/admin/jobs`);
    const backup = page.getByTestId("job-backup");
    await backup.getByTestId("job-result").waitFor();
    const backupText = await backup.getByTestId("job-result").textContent();
    expect(backupText).toStartWith(`Backup ${backupName} · `);
    expect(backupText).toMatch(/ \d[\d,]* rows · /);
    expect(backupText).toContain("on the server disk");
    // The storage by its name, once the storage list has come.
    await page.getByTestId("job-fs-index").getByText(`Storage “${storageName}”: `).waitFor();
    expect(await page.getByTestId("job-audit-purge").getByTestId("job-result").textContent()).toMatch(
      /^[\d,]+ audit events? removed$/,
    );
    expect(await page.getByTestId("job-list").textContent()).not.toMatch(/[{}"]/);
    await checkScreen(page, "jobs-results");
    expect(errors).toEqual([]);
    await context.close();

    const zh = await openAdminPage({ locale: "zh-CN" });
    await zh.page.goto(`${app.baseUrl}/admin/jobs`);
    await zh.page.getByRole("heading", { level: 1, name: "定时任务" }).waitFor();
    const purge = zh.page.getByTestId("job-audit-purge");
    await purge.getByTestId("job-result").waitFor();
    expect(await purge.getByTestId("job-result").textContent()).toMatch(/^已删除 [\d,]+ 条审计事件$/);
    expect(await purge.getByTestId("job-schedule").textContent()).toContain("每天 04:17");
    await zh.page.getByTestId("job-fs-index").getByText(`存储“${storageName}”：`).waitFor();
    expect(await zh.page.getByTestId("job-backup").getByTestId("job-result").textContent()).toStartWith(
      `备份 ${backupName} · `,
    );
    await checkScreen(zh.page, "jobs-results-zh");
    expect(zh.errors).toEqual([]);
    await zh.context.close();
  });
});

/** Runs a job now through the REST API and waits until its run has ended well. */
async function ranToTheEnd(name: string) {
  await apiData("POST", `/admin/jobs/${name}/run`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [last] = await apiData("GET", `/admin/jobs/${name}/runs`);
    if (last && last.status !== "running") {
      expect(`${name}: ${last.status}`).toBe(`${name}: succeeded`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`job ${name} did not finish`);
    await Bun.sleep(100);
  }
}
