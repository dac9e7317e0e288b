// The periodic work of the server itself, as scheduled jobs (scheduler.ts): the sweep of what has
// expired, the audit log's retention, the fold of the kept share counts' old buckets and the SQLite
// write-ahead log's backstop checkpoint. Other domains add theirs here.
import type { ScheduledJobName } from "@shared/schemas/admin/jobs";
import { openWalCheckpointer } from "../../db/wal-checkpoint";
import { purgeAuditInChildProcess } from "../auth/audit-purge";
import { FOLD_AFTER_DAYS, foldShareCountsInChildProcess } from "../system/share-count-fold";
import { sweepInChildProcess } from "../system/sweeper";
import type { JobDefinition } from "./scheduler";

export const SWEEP_JOB = "sweep" satisfies ScheduledJobName;
export const WAL_CHECKPOINT_JOB = "wal-checkpoint" satisfies ScheduledJobName;
export const AUDIT_PURGE_JOB = "audit-purge" satisfies ScheduledJobName;
export const SHARE_COUNT_FOLD_JOB = "share-count-fold" satisfies ScheduledJobName;

/** The jobs every server process registers; the WAL check only on SQLite. */
export function systemJobs(databaseUrl: string): { jobs: JobDefinition[]; close(): void } {
  const checkpointer = openWalCheckpointer(databaseUrl);
  const jobs: JobDefinition[] = [
    {
      name: SWEEP_JOB,
      schedule: "*/10 * * * *",
      // A sweep of a slow object store may take long; a killed process frees the job after this.
      leaseMs: 30 * 60_000,
      run: () => sweepInChildProcess(),
    },
    {
      // Daily is enough for a 90-day retention; off the hour, away from the backups' usual slot.
      name: AUDIT_PURGE_JOB,
      schedule: "17 4 * * *",
      run: async ({ log }) => {
        const result = await purgeAuditInChildProcess(databaseUrl);
        log(`removed ${result.removed} audit events older than 90 days`);
        return result;
      },
    },
    {
      // The kept counts' old buckets, one per kind and creator (docs/admin-lists.md): daily, off the hour.
      name: SHARE_COUNT_FOLD_JOB,
      schedule: "41 3 * * *",
      run: async ({ log }) => {
        const result = await foldShareCountsInChildProcess(databaseUrl);
        log(`folded ${result.folded} share count buckets older than ${FOLD_AFTER_DAYS} days`);
        return result;
      },
    },
  ];
  if (checkpointer) {
    jobs.push({
      name: WAL_CHECKPOINT_JOB,
      schedule: "* * * * *",
      leaseMs: 60_000,
      async run({ log }) {
        const result = checkpointer.checkpointIfGrown();
        if (result?.busy) log("postponed: a reader or writer kept the log busy");
        return result ?? { skipped: "the log is within what the automatic checkpoint keeps" };
      },
    });
  }
  return { jobs, close: () => checkpointer?.close() };
}
