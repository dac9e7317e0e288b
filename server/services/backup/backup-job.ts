// The backup as a scheduled job (docs/backup.md, "From the admin panel" and "On a schedule";
// docs/jobs.md). The job's pattern is hourly; `isDue` reads the schedule the admin set (off, daily or
// weekly at an hour) without loading Prisma, so only the slots it names run. "Create backup now" runs
// it at once with a passphrase choice, to the server's disk; a scheduled run takes the schedule's
// passphrase and location (the disk, or a storage config: the archive is streamed into it, to S3 as a
// multipart upload completed only when the archive is whole) and then keeps only the newest N there.
// The database lease lets one backup run at a time across processes; the rows are read on a database
// client of the run's own, and its progress is kept on the run's row so any process can show it.
import { join } from "node:path";
import type { ScheduledJobName } from "@shared/schemas/admin/jobs";
import { z } from "zod";
import type { Config } from "../../config";
import { createDatabase, type Database } from "../../db/client";
import type { ReadConnection } from "../../db/read-connection";
import type { StorageService } from "../../storage";
import type { JobDefinition } from "../jobs/scheduler";
import {
  type ArchiveLocation,
  archiveLocation,
  archiveNameFor,
  backupsFolder,
  DISK_LOCATION,
  listArchivesAt,
  pruneArchives,
} from "./archives";
import type { BackupSource, streamBackup } from "./create";
import { isBackupDue, readBackupSchedule, scheduleFromRows, schedulePassphrase } from "./schedule";

export const BACKUP_JOB = "backup" satisfies ScheduledJobName;
/** Checked every hour on the hour; the schedule says which of these slots are backups. */
export const BACKUP_JOB_PATTERN = "0 * * * *";

/** What "Create backup now" passes to the run (kept in memory only: never stored). */
export const backupRunParams = z.object({
  passphrase: z.string().nullable(),
  includeObjects: z.boolean(),
});
export type BackupRunParams = z.infer<typeof backupRunParams>;

export type BackupRunResult = {
  location: string;
  name: string;
  bytes: number;
  rows: number;
  objects: number;
  objectBytes: number;
  skippedObjects: number;
  secretIncluded: boolean;
  /** Older archives deleted to keep the schedule's number. */
  pruned: string[];
};

export type BackupJobDeps = {
  config: Pick<Config, "databaseUrl" | "databaseProvider" | "dataDir" | "secret">;
  /** The app's client: reads the schedule and storage configs (the backup itself opens its own). */
  db: Database;
  reads: Pick<ReadConnection, "settingRows">;
  storage: StorageService;
  /** A database client of the run's own for the snapshot, disconnected when it ends. */
  openDatabase?: () => Database;
  /** Tests run the schedule faster than hourly. */
  pattern?: string;
};

export function backupJob(deps: BackupJobDeps): JobDefinition {
  const { config } = deps;
  return {
    name: BACKUP_JOB,
    schedule: deps.pattern ?? BACKUP_JOB_PATTERN,
    // Short, renewed every minute: a backup killed with its process shows as running for 2 minutes at most.
    leaseMs: 2 * 60_000,
    isDue: async (slot) => isBackupDue(scheduleFromRows(await deps.reads.settingRows()), slot),
    async run({ params, progress, log }) {
      const isScheduled = params === undefined;
      const schedule = isScheduled ? await readBackupSchedule(deps.db) : null;
      const options: BackupRunParams = schedule
        ? { passphrase: schedulePassphrase(schedule, config.secret), includeObjects: schedule.includeObjects }
        : backupRunParams.parse(params);
      const archiveDeps = { db: deps.db, storage: deps.storage, dataDir: config.dataDir };
      const location = await archiveLocation(archiveDeps, schedule?.location ?? DISK_LOCATION);
      const taken = new Set((await listArchivesAt(location)).map((archive) => archive.name));
      const name = archiveNameFor(new Date(), taken);
      const db = deps.openDatabase ? deps.openDatabase() : createDatabase(config.databaseUrl);
      try {
        const source: BackupSource = {
          db,
          provider: config.databaseProvider,
          dataDir: config.dataDir,
          secret: config.secret,
        };
        const summary = await writeTo(location, name, source, {
          passphrase: options.passphrase ?? undefined,
          includeObjects: options.includeObjects,
          onProgress: (value) => progress(value),
        });
        const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
        log(
          `${name} (${location.name ?? "disk"}): ${rows} rows, ${summary.objects.count} local objects, ${summary.bytes} bytes`,
        );
        if (!summary.secretIncluded) log("no passphrase: the app secret is not in the archive");
        const pruned = schedule ? await pruneArchives(location, schedule.keep) : [];
        if (pruned.length > 0) log(`removed older archives: ${pruned.join(", ")}`);
        const result: BackupRunResult = {
          location: location.id,
          name,
          bytes: summary.bytes,
          rows,
          objects: summary.objects.count,
          objectBytes: summary.objects.bytes,
          skippedObjects: summary.skippedObjects.length,
          secretIncluded: summary.secretIncluded,
          pruned,
        };
        return result;
      } finally {
        await db.$disconnect();
      }
    },
  };
}

async function writeTo(
  location: ArchiveLocation,
  name: string,
  source: BackupSource,
  options: Parameters<typeof streamBackup>[2],
) {
  // The archive writer (tar-stream) loads with the first backup: an idle server does not hold it.
  const { streamBackup, writeBackup } = await import("./create");
  if (location.id === DISK_LOCATION) return writeBackup(source, join(backupsFolder(source.dataDir), name), options);
  // Of unknown length, the archive goes to S3 in parts; the upload completes only when the stream ends well.
  return streamBackup(
    source,
    async (archive) => ({
      bytes: (await location.driver.put(`${location.prefix}${name}`, archive, { contentType: "application/x-tar" }))
        .size,
    }),
    options,
  );
}
