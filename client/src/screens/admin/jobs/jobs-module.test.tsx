import { beforeEach, describe, expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../../../test/eventually";
import { storageConfig } from "../../../../test/fixtures";
import { renderAppAt } from "../../../../test/render-app";
import { mockTrpc, type ProcedureOutput } from "../../../../test/trpc-msw";
import i18n from "../../../i18n";

const server = mockTrpc();

type Job = ProcedureOutput<"jobs.list">[number];
type Run = NonNullable<Job["last_run"]>;

function run(overrides: Partial<Run> = {}): Run {
  return {
    id: "r1",
    trigger: "schedule",
    status: "succeeded",
    started_at: new Date("2026-11-30T04:17:00Z"),
    finished_at: new Date("2026-11-30T04:17:01Z"),
    duration_ms: 1200,
    result: null,
    log: "",
    ...overrides,
  };
}

const storage = storageConfig({ name: "Local" });

let jobs: Job[] = [];

beforeEach(async () => {
  await i18n.changeLanguage("en");
  jobs = [
    {
      name: "audit-purge",
      schedule: "17 4 * * *",
      next_run_at: new Date(Date.now() + 3_600_000),
      last_run: run({ result: JSON.stringify({ removed: 1204 }) }),
    },
    {
      name: "fs-index",
      schedule: "17 * * * *",
      next_run_at: new Date(Date.now() + 600_000),
      last_run: run({ result: JSON.stringify({ "cfg-local": { status: "done", objects: 1024, removed: 3 } }) }),
    },
    {
      name: "backup",
      schedule: "0 * * * *",
      next_run_at: new Date(Date.now() + 600_000),
      last_run: run({ status: "failed", result: JSON.stringify({ error: "no space left on device" }) }),
    },
    { name: "sweep", schedule: "*/10 * * * *", next_run_at: new Date(Date.now() + 60_000), last_run: null },
  ];
  server.signInAsAdmin({
    "jobs.list": () => jobs,
    "storage.list": () => [storage],
    "jobs.runs": (input) =>
      input.name === "audit-purge"
        ? Array.from({ length: Math.min(25, Number(input.limit ?? 20)) }, (_, index) =>
            run({ id: `p${index}`, result: JSON.stringify({ removed: index }) }),
          )
        : jobs.filter((job) => job.name === input.name).flatMap((job) => job.last_run ?? []),
    "jobs.run": (input) => {
      jobs = jobs.map((job) =>
        job.name === input.name
          ? { ...job, last_run: run({ id: "r2", trigger: "manual", result: JSON.stringify({ swept: true }) }) }
          : job,
      );
      return { started: true };
    },
  });
});

describe("jobs module", () => {
  test("results and errors in words, storages by name, schedules in words", async () => {
    renderAppAt("/admin/jobs");
    const purge = await screen.findByTestId("job-audit-purge", {}, { timeout: 20_000 });
    expect(within(purge).getByTestId("job-result").textContent).toBe("1,204 audit events removed");
    expect(within(purge).getByTestId("job-schedule").textContent).toContain("Every day at 04:17");
    expect(within(purge).getByTestId("job-schedule").textContent).toContain("17 4 * * *");
    const index = screen.getByTestId("job-fs-index");
    await eventually(() =>
      expect(within(index).getByTestId("job-result").textContent).toBe("Storage “Local”: 1,024 objects, 3 removed"),
    );
    const backup = screen.getByTestId("job-backup");
    expect(within(backup).getByTestId("job-error").textContent).toBe("no space left on device");
    expect(within(backup).getByText("Error")).toBeTruthy();
    expect(within(backup).getByTestId("job-schedule").textContent).toContain("under Backups");
    for (const card of screen.getAllByRole("listitem")) expect(card.textContent).not.toMatch(/[{}]/);
  });

  test("in Chinese", async () => {
    await i18n.changeLanguage("zh");
    renderAppAt("/admin/jobs");
    const purge = await screen.findByTestId("job-audit-purge", {}, { timeout: 20_000 });
    expect(within(purge).getByTestId("job-result").textContent).toBe("已删除 1,204 条审计事件");
    expect(within(purge).getByTestId("job-schedule").textContent).toContain("每天 04:17");
    expect(within(screen.getByTestId("job-backup")).getByText("错误")).toBeTruthy();
  });

  test("run now says it started and, once the list shows the run ended, that it finished", async () => {
    renderAppAt("/admin/jobs");
    const sweep = await screen.findByTestId("job-sweep", {}, { timeout: 20_000 });
    expect(sweep.textContent).toContain("Not run yet");
    fireEvent.click(within(sweep).getByRole("button", { name: "Run now: Clean-up of expired shares" }));
    await screen.findByText("Clean-up of expired shares started");
    await screen.findByText("Clean-up of expired shares finished");
    expect(within(screen.getByTestId("job-sweep")).getByTestId("job-result").textContent).toBe(
      "Expired pastes, shares and uploads cleaned up",
    );
  });

  test("a run under way: its progress, how long it has run, and run now busy", async () => {
    jobs = jobs.map((job) =>
      job.name === "backup"
        ? {
            ...job,
            last_run: run({
              status: "running",
              started_at: new Date(Date.now() - 12_000),
              finished_at: null,
              duration_ms: null,
              result: JSON.stringify({ phase: "rows", rows: 1204, objects: 0, bytes: 4096 }),
            }),
          }
        : job,
    );
    renderAppAt("/admin/jobs");
    const backup = await screen.findByTestId("job-backup", {}, { timeout: 20_000 });
    expect(within(backup).getByText("Progress")).toBeTruthy();
    expect(within(backup).getByTestId("job-result").textContent).toBe(
      "Writing the database rows · 1,204 rows · 0 objects · 4 KB so far",
    );
    expect(backup.textContent).toMatch(/Running for 1[2-9](\.\d)? s/);
    const runNow = within(backup).getByRole("button", { name: "Run now: Automatic backup" });
    expect(runNow.textContent).toBe("Running…");
    expect((runNow as HTMLButtonElement).disabled).toBe(true);
    expect(runNow.getAttribute("aria-busy")).toBe("true");
  });

  test("the runs dialog reads each run's result and error the same way", async () => {
    renderAppAt("/admin/jobs");
    const backup = await screen.findByTestId("job-backup", {}, { timeout: 20_000 });
    fireEvent.click(within(backup).getByRole("button", { name: "Runs and log of Automatic backup" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByTestId("job-run");
    expect(within(dialog).getByTestId("job-error").textContent).toBe("no space left on device");
  });

  test("the runs dialog shows the last 20 runs, and the older ones the server keeps on request", async () => {
    renderAppAt("/admin/jobs");
    const purge = await screen.findByTestId("job-audit-purge", {}, { timeout: 20_000 });
    fireEvent.click(within(purge).getByRole("button", { name: "Runs and log of Audit log clean-up" }));
    const dialog = await screen.findByRole("dialog");
    await eventually(() => expect(within(dialog).getAllByTestId("job-run")).toHaveLength(20));
    fireEvent.click(within(dialog).getByRole("button", { name: "Show older runs" }));
    await eventually(() => expect(within(dialog).getAllByTestId("job-run")).toHaveLength(25));
    expect(within(dialog).queryByRole("button", { name: "Show older runs" })).toBeNull();
    expect(within(dialog).getAllByTestId("job-result")[24]?.textContent).toBe("24 audit events removed");
  });
});
