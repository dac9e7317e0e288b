// One worker thread that runs one kind of job off the event loop (server-rendered Markdown, large
// WebDAV XML bodies): it owns the thread's life and the jobs waiting for it, and the caller keeps only
// its messages and what it makes of each outcome. The thread starts with the first job (or `prepare`),
// does not keep the process alive (`ref: false`), and ends after `idleMs` without work.
//
// A job is bounded twice: from the moment it is posted until the thread begins it (`startTimeoutMs`;
// a thread that never says it began a job is timed by this alone), then, once the thread says
// `started`, by the job's own budget (`budgetMs`). Either one passing ends the thread, since a thread
// runs one job at a time and everything queued behind the stuck one would wait as long: the job that
// ran past its budget ends as "overran", every other job waiting then as "stuck", and the next job
// starts a new thread. A thread that fails (an uncaught error in it) ends the jobs it held as "crashed".

/** What the thread posts when it begins a job: from then on the time is this job's budget. */
export type JobStarted = { id: number; started: true };

/**
 * How a job ended: the thread's answer; "overran" (it ran past its budget after it began and ended
 * the thread); "stuck" (the thread was ended for a job not begun in time, or for another that
 * overran); "crashed" (the thread failed while the job waited, `message` says how).
 */
export type JobEnd<Answer> =
  | { answer: Answer }
  | { stopped: "overran" | "stuck" }
  | { stopped: "crashed"; message: string };

export type WorkerThreadOptions = {
  /** The worker's module. */
  url: URL;
  /** How long a job may wait, from being posted, for the thread to begin it (or to answer, if it never says). */
  startTimeoutMs: number;
  /**
   * How long a job may run once the thread said it began it, read at that moment (a test may lower
   * it). Without it a `started` message changes nothing: `startTimeoutMs` times the whole job.
   */
  budgetMs?: () => number;
  /** The thread ends after this long with no job. */
  idleMs: number;
};

export type WorkerThread<Request extends { id: number }, Answer extends { id: number }> = {
  /** Posts one job (its `id` is given here) and resolves with how it ended; never rejects. */
  run(request: Omit<Request, "id">): Promise<JobEnd<Answer>>;
  /** Starts the thread ahead of work; it ends again after `idleMs` if none comes. */
  prepare(): void;
  /** Whether a thread is up now (for tests). */
  isRunning(): boolean;
};

type Pending<Answer> = { settle: (end: JobEnd<Answer>) => void; timer: Timer };

export function createWorkerThread<Request extends { id: number }, Answer extends { id: number }>(
  options: WorkerThreadOptions,
): WorkerThread<Request, Answer> {
  let worker: Worker | null = null;
  let idleTimer: Timer | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending<Answer>>();

  /** Ends `thread` and every job it held; `culprit` is the job that overran its budget. */
  function end(thread: Worker, reason: JobEnd<Answer>, culprit?: number) {
    thread.terminate();
    if (worker === thread) worker = null;
    for (const [id, entry] of pending) {
      clearTimeout(entry.timer);
      pending.delete(id);
      entry.settle(id === culprit ? { stopped: "overran" } : reason);
    }
  }

  function endWhenIdle(thread: Worker) {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (pending.size === 0 && worker === thread) end(thread, { stopped: "stuck" });
    }, options.idleMs);
    idleTimer.unref();
  }

  function thread(): Worker {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (worker) return worker;
    // ref: false: an idle worker must not keep the process (or a test run) alive.
    const started = new Worker(options.url, { ref: false });
    started.onmessage = (event: MessageEvent<Answer | JobStarted>) => {
      const message = event.data;
      const entry = pending.get(message.id);
      if (!entry) return;
      if ("started" in message && message.started === true) {
        if (!options.budgetMs) return;
        // The thread runs one job at a time: from now on the time is this job's.
        clearTimeout(entry.timer);
        entry.timer = setTimeout(() => end(started, { stopped: "stuck" }, message.id), options.budgetMs());
        return;
      }
      clearTimeout(entry.timer);
      pending.delete(message.id);
      entry.settle({ answer: message as Answer });
      if (pending.size === 0 && worker === started) endWhenIdle(started);
    };
    started.onerror = (event) => end(started, { stopped: "crashed", message: event.message });
    worker = started;
    return started;
  }

  return {
    run(request) {
      const id = ++nextId;
      const running = thread();
      return new Promise((settle) => {
        // Until the thread begins this job (it may still be loading, or busy with others).
        const timer = setTimeout(() => end(running, { stopped: "stuck" }), options.startTimeoutMs);
        pending.set(id, { settle, timer });
        running.postMessage({ ...request, id });
      });
    },
    prepare() {
      const running = thread();
      if (pending.size === 0) endWhenIdle(running);
    },
    isRunning: () => worker !== null,
  };
}
