// The backup as a scheduled job (docs/backup.md, "From the admin panel"; docs/jobs.md): the admin's
// "Create backup now" runs it at once with a passphrase choice, and the database lease lets one backup
// run at a time across processes. It reads the rows on a database client of its own (a snapshot must
// not share a connection with live requests), writes the archive to DATA_DIR/backups and reports its
// progress on the run's row, so any process can show it.
import { join } from "node:path";
import { z } from "zod";
import type { Config } from "../../config";
import { createDatabase, type Database } from "../../db/client";
import type { JobDefinition } from "../jobs/scheduler";
import { archiveNameFor, backupsFolder, DISK_LOCATION, diskLocation, listArchivesAt } from "./archives";
import { writeBackup } from "./create";

export const BACKUP_JOB = "backup";

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
};

export type BackupJobDeps = {
  config: Pick<Config, "databaseUrl" | "databaseProvider" | "dataDir" | "secret">;
  /** A database client of the run's own, disconnected when it ends. */
  openDatabase?: () => Database;
};

export function backupJob({ config, openDatabase }: BackupJobDeps): JobDefinition {
  return {
    name: BACKUP_JOB,
    // Checked hourly; isDue says which slots are backups. Until a schedule is set, only "run now" runs it.
    schedule: "0 * * * *",
    // Short, renewed every minute: a backup killed with its process shows as running for 2 minutes at most.
    leaseMs: 2 * 60_000,
    isDue: async () => false,
    async run({ params, progress, log }) {
      const options: BackupRunParams =
        params === undefined ? { passphrase: null, includeObjects: true } : backupRunParams.parse(params);
      const location = await diskLocation(config.dataDir);
      const taken = new Set((await listArchivesAt(location)).map((archive) => archive.name));
      const name = archiveNameFor(new Date(), taken);
      const db = openDatabase ? openDatabase() : createDatabase(config.databaseUrl);
      try {
        const summary = await writeBackup(
          { db, provider: config.databaseProvider, dataDir: config.dataDir, secret: config.secret },
          join(backupsFolder(config.dataDir), name),
          {
            passphrase: options.passphrase ?? undefined,
            includeObjects: options.includeObjects,
            onProgress: (value) => progress(value),
          },
        );
        const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
        log(`${name}: ${rows} rows, ${summary.objects.count} local objects, ${summary.bytes} bytes`);
        if (!summary.secretIncluded) log("no passphrase: the app secret is not in the archive");
        const result: BackupRunResult = {
          location: DISK_LOCATION,
          name,
          bytes: summary.bytes,
          rows,
          objects: summary.objects.count,
          objectBytes: summary.objects.bytes,
          skippedObjects: summary.skippedObjects.length,
          secretIncluded: summary.secretIncluded,
        };
        return result;
      } finally {
        await db.$disconnect();
      }
    },
  };
}
