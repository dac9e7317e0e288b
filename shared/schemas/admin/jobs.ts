// Scheduled jobs as the admin sees them (docs/jobs.md, GET /admin/jobs): each job's schedule, next run and
// its recent runs with duration, result and log.
import { z } from "zod";

/**
 * Every job a server registers (server/app/compose.ts). Each one's constant is checked against this list
 * and each one has a name in both languages (`adminJobs.names`), so a new job cannot reach the Jobs view
 * under its bare id.
 */
export const SCHEDULED_JOBS = [
  "sweep",
  "wal-checkpoint",
  "fs-index",
  "backup",
  "audit-purge",
  "share-count-fold",
  "upload-request-webhooks",
] as const;
export type ScheduledJobName = (typeof SCHEDULED_JOBS)[number];

export const JOB_RUN_STATUSES = ["running", "succeeded", "failed", "interrupted"] as const;

export const jobRunOutput = z.object({
  id: z.string(),
  trigger: z.enum(["schedule", "manual"]),
  status: z.enum(JOB_RUN_STATUSES),
  started_at: z.date(),
  finished_at: z.date().nullable(),
  duration_ms: z.number().nullable().describe("Milliseconds the run took; null while it runs"),
  result: z
    .string()
    .nullable()
    .describe(
      "What the run answered, as JSON text of at most 2,000 characters (docs/jobs.md lists each job's keys); " +
        'while it runs, its progress so far; when it failed, `{"error": "<message>"}`',
    ),
  log: z.string(),
});

export const jobOutput = z.object({
  name: z.string(),
  schedule: z.string().describe("Cron pattern, evaluated in UTC"),
  next_run_at: z.date().nullable(),
  last_run: jobRunOutput.nullable(),
});

export const jobNameParam = z.object({ name: z.string().min(1).max(100) });

export const jobRunsInput = jobNameParam.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
