// The scheduler on SQLite and Postgres: two processes (two schedulers with ledgers of their own) on one
// database run each slot of a schedule once and never overlap; a run killed with its process is marked
// interrupted and frees the job once its lease ends; the admin lists jobs, runs one now and reads its log.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createDatabase } from "../../db/client";
import { createApiClient, createApiKey, loginAdmin } from "../../test/api-client";
import { createTestApp, DATABASE_PROVIDERS, type TestApp } from "../../test/harness";
import { createJobLedger, type JobLedger } from "./ledger";
import { createScheduler } from "./scheduler";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_PROVIDERS)("scheduled jobs on %s", (provider) => {
  let t: TestApp;
  let admin: string;
  const api = createApiClient(() => t.app);
  const { call } = api;
  /** A second process's own connection to the same database. */
  let otherDb: ReturnType<typeof createDatabase>;
  let otherLedger: JobLedger;

  beforeAll(async () => {
    t = await createTestApp(provider);
    admin = await loginAdmin(api);
    otherDb = createDatabase(t.config.databaseUrl, { pgSchema: t.pgSchema });
    otherLedger = createJobLedger(t.config.databaseUrl, otherDb);
  });
  afterAll(async () => {
    otherLedger.close();
    await otherDb.$disconnect();
    await t.cleanup();
  });

  test("two processes on one schedule run each slot once and never at the same time", async () => {
    let runs = 0;
    let active = 0;
    let overlapped = false;
    const job = (owner: string) => ({
      name: "every-second",
      schedule: "* * * * * *",
      leaseMs: 5_000,
      async run({ log }: { log(line: string): void }) {
        active += 1;
        if (active > 1) overlapped = true;
        runs += 1;
        log(`ran in ${owner}`);
        await sleep(300);
        active -= 1;
        return { owner };
      },
    });
    const first = createScheduler({
      ledger: createJobLedger(t.config.databaseUrl, t.db),
      logger: t.logger,
      owner: "a",
    });
    const second = createScheduler({ ledger: otherLedger, logger: t.logger, owner: "b" });
    first.register(job("a"));
    second.register(job("b"));
    const startedAt = Date.now();
    await Promise.all([first.start(), second.start()]);
    await sleep(4_200);
    await Promise.all([first.stop(), second.stop()]);
    const seconds = Math.ceil((Date.now() - startedAt) / 1000);
    expect(overlapped).toBe(false);
    expect(runs).toBeGreaterThanOrEqual(3);
    // One run per second that passed, never one per process.
    expect(runs).toBeLessThanOrEqual(seconds);
    const recorded = await t.db.jobRun.findMany({
      where: { job: "every-second" },
      select: { status: true, log: true },
    });
    expect(recorded).toHaveLength(runs);
    expect(recorded.every((run) => run.status === "succeeded" && run.log.startsWith("ran in "))).toBe(true);
  }, 20_000);

  test("a run whose process died is marked interrupted and the job is free once its lease ends", async () => {
    const ledger = otherLedger;
    await ledger.register("crashy");
    const now = Date.now();
    // The "killed" process: claimed with a short lease and started a run, then never came back.
    expect(await ledger.claim("crashy", "dead", now, now + 300, now)).toBe(true);
    await ledger.startRun({
      id: crypto.randomUUID(),
      job: "crashy",
      trigger: "schedule",
      owner: "dead",
      startedAt: new Date(now),
    });
    t.scheduler.register({ name: "crashy", schedule: "0 0 1 1 *", run: async () => "recovered" });
    expect(await t.scheduler.runNow("crashy")).toBe("busy");
    await sleep(400);
    expect(await t.scheduler.runNow("crashy")).toBe("started");
    await t.scheduler.stop();
    const runs = await t.db.jobRun.findMany({
      where: { job: "crashy" },
      orderBy: { startedAt: "asc" },
      select: { status: true, result: true },
    });
    expect(runs).toEqual([
      { status: "interrupted", result: null },
      { status: "succeeded", result: JSON.stringify("recovered") },
    ]);
  });

  test("the admin lists the jobs, runs one now, sees its result and log, and cannot start it twice", async () => {
    let release = () => {};
    t.scheduler.register({
      name: "slow-report",
      schedule: "0 3 * * *",
      async run({ log }) {
        log("counting");
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        log("done");
        return { counted: 42 };
      },
    });
    const listed = await call("GET", "/admin/jobs", { auth: admin, procedure: "jobs.list" });
    expect(listed.status).toBe(200);
    const slow = listed.body.data.find((job) => job.name === "slow-report");
    expect(slow?.schedule).toBe("0 3 * * *");
    expect(new Date(slow?.next_run_at ?? 0).getUTCHours()).toBe(3);

    const started = await call("POST", "/admin/jobs/slow-report/run", { auth: admin });
    expect(started.status).toBe(202);
    const again = await call("POST", "/admin/jobs/slow-report/run", { auth: admin, lang: "zh" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("任务 slow-report 正在运行，请等它完成");
    release();
    let last: { status: string; result: string | null; log: string; duration_ms: number | null } | null = null;
    for (let attempt = 0; attempt < 50 && last?.status !== "succeeded"; attempt++) {
      await sleep(50);
      const runs = await call("GET", "/admin/jobs/slow-report/runs", { auth: admin, procedure: "jobs.runs" });
      last = runs.body.data[0] ?? null;
    }
    expect(last).toMatchObject({
      status: "succeeded",
      result: '{"counted":42}',
      log: "counting\ndone",
      trigger: "manual",
    });
    expect(last?.duration_ms).toBeGreaterThanOrEqual(0);

    expect((await call("POST", "/admin/jobs/nothing-such/run", { auth: admin, procedure: "jobs.run" })).status).toBe(
      404,
    );
    const key = await createApiKey(api, admin, { text_permission: true });
    expect((await call("GET", "/admin/jobs", { auth: key.auth, procedure: "jobs.list" })).status).toBe(403);
    expect((await call("POST", "/admin/jobs/slow-report/run", { procedure: "jobs.run" })).status).toBe(401);
  });
});
