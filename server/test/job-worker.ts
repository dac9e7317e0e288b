// A worker for server/worker-thread.test.ts: it says when it begins each job, then answers it with the
// thread's own id (so a test sees whether a job ran on the same thread), spins for `spinMs` first
// (a job that holds the thread), or throws uncaught (a thread that crashes).
import type { JobStarted } from "../worker-thread";

export type TestJob = { id: number; spinMs?: number; crash?: boolean; silent?: boolean };
export type TestAnswer = { id: number; thread: string };

declare const self: Worker;

const thread = crypto.randomUUID();

self.onmessage = (event: MessageEvent<TestJob>) => {
  const { id, spinMs = 0, crash = false, silent = false } = event.data;
  if (!silent) self.postMessage({ id, started: true } satisfies JobStarted);
  // Uncaught: the thread itself fails.
  if (crash) throw new Error("the test worker crashed");
  const until = performance.now() + spinMs;
  while (performance.now() < until) {}
  self.postMessage({ id, thread } satisfies TestAnswer);
};
