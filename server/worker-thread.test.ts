// The worker-thread helper (server/worker-thread.ts) over a real thread (server/test/job-worker.ts): a
// job that holds the thread past its budget is cut there and the next job runs on a new thread; a job
// the thread never begins is cut at the start timeout; an idle thread ends; a thread that crashes ends
// only the jobs it held.
import { describe, expect, test } from "bun:test";
import type { TestAnswer, TestJob } from "./test/job-worker";
import { createWorkerThread, type JobEnd, type WorkerThreadOptions } from "./worker-thread";

const BUDGET_MS = 200;
/** Far past the budget on any machine, far below the test's time limit. */
const STUCK_MS = 10_000;

function jobs(options: Partial<WorkerThreadOptions> = {}) {
  return createWorkerThread<TestJob, TestAnswer>({
    url: new URL("./test/job-worker.ts", import.meta.url),
    startTimeoutMs: 20_000,
    budgetMs: () => BUDGET_MS,
    idleMs: 60_000,
    ...options,
  });
}

function threadOf(end: JobEnd<TestAnswer>): string {
  if (!("answer" in end)) throw new Error(`the job did not answer: ${JSON.stringify(end)}`);
  return end.answer.thread;
}

describe("a worker thread", () => {
  test("a job past its budget is cut there, the jobs queued behind it too, and the next job runs", async () => {
    const worker = jobs();
    const first = threadOf(await worker.run({}));
    const started = performance.now();
    const [stuck, queued] = await Promise.all([worker.run({ spinMs: STUCK_MS }), worker.run({})]);
    const took = performance.now() - started;
    expect(stuck).toEqual({ stopped: "overran" });
    expect(queued).toEqual({ stopped: "stuck" });
    expect(took).toBeGreaterThanOrEqual(BUDGET_MS);
    expect(took).toBeLessThan(BUDGET_MS + 3_000);
    // A new thread.
    expect(threadOf(await worker.run({}))).not.toBe(first);
  });

  test("a job the thread never begins is cut at the start timeout", async () => {
    const worker = jobs({ startTimeoutMs: 300 });
    const first = threadOf(await worker.run({}));
    expect(await worker.run({ silent: true, spinMs: STUCK_MS })).toEqual({ stopped: "stuck" });
    expect(threadOf(await worker.run({}))).not.toBe(first);
  });

  test("an idle thread ends, a busy one is kept", async () => {
    const worker = jobs({ idleMs: 300 });
    expect(worker.isRunning()).toBe(false);
    const first = threadOf(await worker.run({}));
    expect(threadOf(await worker.run({}))).toBe(first);
    expect(worker.isRunning()).toBe(true);
    const idle = performance.now();
    while (worker.isRunning() && performance.now() - idle < 5_000) await Bun.sleep(20);
    expect(worker.isRunning()).toBe(false);
    expect(performance.now() - idle).toBeGreaterThanOrEqual(250);
    expect(threadOf(await worker.run({}))).not.toBe(first);
  });

  test("a thread started ahead of work ends when none comes", async () => {
    const worker = jobs({ idleMs: 300 });
    worker.prepare();
    expect(worker.isRunning()).toBe(true);
    await Bun.sleep(1_000);
    expect(worker.isRunning()).toBe(false);
  });

  test("a thread that crashes ends only the jobs in flight", async () => {
    const worker = jobs();
    const before = await worker.run({});
    const first = threadOf(before);
    const [crashed, queued] = await Promise.all([worker.run({ crash: true }), worker.run({})]);
    expect(crashed).toMatchObject({ stopped: "crashed", message: expect.stringContaining("the test worker crashed") });
    expect(queued).toMatchObject({ stopped: "crashed" });
    // What was answered before keeps its answer; what comes after runs on a new thread.
    expect(before).toEqual({ answer: { id: expect.any(Number), thread: first } });
    expect(threadOf(await worker.run({}))).not.toBe(first);
  });
});
