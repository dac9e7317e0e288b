// The admin's view of the scheduled jobs: what is registered in this process, with the runs recorded by
// every process, and "run now".
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Scheduler } from "./scheduler";

/** A job run's columns as the admin sees them (toRunOutput), for this view and the backups'. */
export const runSelect = {
  id: true,
  trigger: true,
  status: true,
  startedAt: true,
  finishedAt: true,
  durationMs: true,
  result: true,
  log: true,
} as const;

type RunRow = {
  id: string;
  trigger: string;
  status: string;
  startedAt: Date;
  finishedAt: Date | null;
  durationMs: number | null;
  result: string | null;
  log: string;
};

export function toRunOutput(row: RunRow) {
  return {
    id: row.id,
    trigger: row.trigger as "schedule" | "manual",
    status: row.status as "running" | "succeeded" | "failed" | "interrupted",
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    duration_ms: row.durationMs,
    result: row.result,
    log: row.log,
  };
}

export async function listJobs(db: Database, scheduler: Scheduler) {
  return Promise.all(
    scheduler.jobs().map(async (job) => {
      const last = await db.jobRun.findFirst({
        where: { job: job.name },
        orderBy: { startedAt: "desc" },
        select: runSelect,
      });
      return {
        name: job.name,
        schedule: job.schedule,
        next_run_at: job.nextRunAt,
        last_run: last ? toRunOutput(last) : null,
      };
    }),
  );
}

function requireJob(scheduler: Scheduler, name: string) {
  if (!scheduler.jobs().some((job) => job.name === name))
    throw new AppError("NOT_FOUND", "errors.jobUnknown", { name });
}

export async function listJobRuns(db: Database, scheduler: Scheduler, name: string, limit: number) {
  requireJob(scheduler, name);
  const rows = await db.jobRun.findMany({
    where: { job: name },
    orderBy: { startedAt: "desc" },
    take: limit,
    select: runSelect,
  });
  return rows.map(toRunOutput);
}

export async function runJobNow(scheduler: Scheduler, name: string) {
  requireJob(scheduler, name);
  const outcome = await scheduler.runNow(name);
  if (outcome === "busy") throw new AppError("CONFLICT", "errors.jobBusy", { name });
  return { started: true as const };
}
