// The one scheduler of periodic work (docs/jobs.md): each job has a cron-style schedule (croner evaluates it
// and keeps the timers), and every process of the server runs the same schedules; the database lease
// (ledger.ts) lets one process run each slot and keeps runs of a job from overlapping. Each run is
// recorded with its duration, result and log for the admin's Jobs view, which can also run a job now.
// Domains register their jobs in one list (system-jobs.ts) or with `register` before `start`.
import { hostname } from "node:os";
import { Cron } from "croner";
import type { Logger } from "../../logger";
import type { JobLedger } from "./ledger";

/** Lines and characters of a run's log that are kept: a runaway job cannot fill the table. */
const LOG_MAX_LINES = 200;
const LOG_MAX_CHARS = 16_000;
const RESULT_MAX_CHARS = 2_000;
/** How long a run holds its lease unless it says otherwise; renewed at half of it while it runs. */
const DEFAULT_LEASE_MS = 10 * 60_000;
const PROGRESS_INTERVAL_MS = 1_000;

export type JobContext = {
  /** Adds a line to the run's log (shown in the admin's Jobs view). */
  log(line: string): void;
  /**
   * Shows how far a long run has got: kept as the run's result while it runs (replaced by what the run
   * answers), so any process can show it. Written at most once a second.
   */
  progress(value: unknown): void;
  /** What "run now" passed (a backup's passphrase choice); undefined on a scheduled run. */
  params: unknown;
  signal: AbortSignal;
};

export type JobDefinition = {
  /** Stable id, the key of its lease and history ("sweep", "wal-checkpoint", "backup"). */
  name: string;
  /** A cron pattern (five fields, or six with seconds), evaluated in UTC. */
  schedule: string;
  /** Longest a run may hold the job without renewing: a process killed mid-run frees it after this. */
  leaseMs?: number;
  /**
   * Asked when a scheduled slot comes, before anything is claimed or recorded: a job whose timing is a
   * setting (the backups' daily or weekly) runs on a fixed pattern and says here whether this slot is
   * one of its own. "Run now" does not ask.
   */
  isDue?(slot: Date): Promise<boolean>;
  /** What the run reports (kept as JSON, shown as its result). */
  run(context: JobContext): Promise<unknown>;
};

export type JobRunOutcome = "started" | "busy";

export type Scheduler = {
  register(job: JobDefinition): void;
  jobs(): { name: string; schedule: string; nextRunAt: Date | null; runningHere: boolean }[];
  /** Starts the timers of every registered job. */
  start(): Promise<void>;
  /**
   * Runs a job now (the admin's "run now"), unless a run of it holds the lease somewhere. `params`
   * reach the run as `context.params` (in this process only: they are never stored). The run is
   * recorded before this answers "started", so a read right after sees it running.
   */
  runNow(name: string, params?: unknown): Promise<JobRunOutcome | "unknown">;
  /** Stops the timers and waits for the runs under way in this process. */
  stop(): Promise<void>;
};

export function createScheduler(options: { ledger: JobLedger; logger: Logger; owner?: string }): Scheduler {
  const { ledger, logger } = options;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const definitions = new Map<string, JobDefinition>();
  const timers = new Map<string, Cron>();
  const running = new Map<string, Promise<void>>();
  const abort = new AbortController();
  let registered: Promise<void> | null = null;

  const ensureRegistered = () => {
    registered ??= Promise.all([...definitions.keys()].map((name) => ledger.register(name))).then(() => {});
    return registered;
  };

  async function execute(
    job: JobDefinition,
    trigger: "schedule" | "manual",
    slotMs: number,
    params?: unknown,
  ): Promise<JobRunOutcome> {
    await ensureRegistered();
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    const startedAt = new Date();
    if (!(await ledger.claim(job.name, owner, slotMs, startedAt.getTime() + leaseMs, startedAt.getTime())))
      return "busy";
    const id = crypto.randomUUID();
    try {
      await ledger.startRun({ id, job: job.name, trigger, owner, startedAt });
    } catch (error) {
      await ledger.release(job.name, owner);
      throw error;
    }
    const lines: string[] = [];
    let logChars = 0;
    let progressWrittenAt = 0;
    const context: JobContext = {
      log(line) {
        if (lines.length >= LOG_MAX_LINES || logChars >= LOG_MAX_CHARS) return;
        const kept = line.slice(0, LOG_MAX_CHARS - logChars);
        lines.push(kept);
        logChars += kept.length + 1;
      },
      progress(value) {
        const now = Date.now();
        if (now - progressWrittenAt < PROGRESS_INTERVAL_MS) return;
        progressWrittenAt = now;
        ledger.reportProgress(id, JSON.stringify(value).slice(0, RESULT_MAX_CHARS)).catch((error) => {
          logger.warn(`could not record the progress of job ${job.name}`, { error: String(error) });
        });
      },
      params,
      signal: abort.signal,
    };
    const work = (async () => {
      const renew = setInterval(() => {
        ledger.extend(job.name, owner, Date.now() + leaseMs).catch((error) => {
          logger.warn(`could not renew the lease of job ${job.name}`, { error: String(error) });
        });
      }, leaseMs / 2);
      renew.unref();
      let status: "succeeded" | "failed" = "succeeded";
      let result: string | null = null;
      try {
        const answer = await job.run(context);
        result = answer === undefined ? null : JSON.stringify(answer).slice(0, RESULT_MAX_CHARS);
      } catch (error) {
        status = "failed";
        result = JSON.stringify({ error: error instanceof Error ? error.message : String(error) }).slice(
          0,
          RESULT_MAX_CHARS,
        );
        logger.warn(`job ${job.name} failed`, { error: String(error) });
      } finally {
        clearInterval(renew);
      }
      const finishedAt = new Date();
      try {
        await ledger.finishRun(id, job.name, {
          status,
          finishedAt,
          durationMs: finishedAt.getTime() - startedAt.getTime(),
          result,
          log: lines.join("\n"),
        });
      } finally {
        await ledger.release(job.name, owner);
      }
    })()
      .catch((error) => logger.warn(`job ${job.name} could not be recorded`, { error: String(error) }))
      .finally(() => running.delete(job.name));
    running.set(job.name, work);
    return "started";
  }

  return {
    register(job) {
      if (definitions.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      // Throws here, at start-up, on a pattern croner cannot read.
      new Cron(job.schedule, { paused: true, timezone: "UTC" });
      definitions.set(job.name, job);
      registered = null;
    },
    jobs() {
      return [...definitions.values()].map((job) => ({
        name: job.name,
        schedule: job.schedule,
        nextRunAt: (timers.get(job.name) ?? new Cron(job.schedule, { paused: true, timezone: "UTC" })).nextRun(),
        runningHere: running.has(job.name),
      }));
    },
    async start() {
      await ensureRegistered();
      for (const job of definitions.values()) {
        if (timers.has(job.name)) continue;
        const pattern = new Cron(job.schedule, { paused: true, timezone: "UTC" });
        const timer = new Cron(job.schedule, { timezone: "UTC", unref: true }, () => {
          // The slot is the scheduled time itself (the latest one not after now), the same in every
          // process however late each one's timer fired.
          const slot = pattern.previousRuns(1, new Date(Date.now() + 1))[0] ?? new Date();
          Promise.resolve(job.isDue ? job.isDue(slot) : true)
            .then((isDue) => (isDue ? execute(job, "schedule", slot.getTime()) : undefined))
            .catch((error) => logger.warn(`job ${job.name} could not be claimed`, { error: String(error) }));
        });
        timers.set(job.name, timer);
      }
    },
    async runNow(name, params) {
      const job = definitions.get(name);
      if (!job) return "unknown";
      return execute(job, "manual", Date.now(), params);
    },
    async stop() {
      for (const timer of timers.values()) timer.stop();
      timers.clear();
      abort.abort();
      await Promise.all(running.values());
    },
  };
}
