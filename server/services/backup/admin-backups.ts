import type { Readable } from "node:stream";
import { formatBytes } from "@shared/format-bytes";
import {
  backupProgressOutput,
  type CloudPasteImportView,
  type StoredBackupSchedule,
} from "@shared/schemas/admin/backups";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { runSelect, toRunOutput } from "../jobs/jobs";
import type { Scheduler } from "../jobs/scheduler";
import { type ArchiveDeps, archiveLocation, DISK_LOCATION, diskLocation, listArchivesAt } from "./archives";
import { BACKUP_JOB, type BackupRunParams } from "./backup-job";
import { importCloudPaste } from "./cloudpaste/import";
import { CloudPasteSourceError, readCloudPaste } from "./cloudpaste/source";
import { pendingRestore } from "./pending-restore";
import { isBackupDue, readBackupSchedule } from "./schedule";
import { withSpooledUpload } from "./spooled-upload";

/** A CloudPaste backup or database is metadata only (objects stay in their bucket): this is plenty. */
export const CLOUDPASTE_UPLOAD_MAX_BYTES = 256 * 1024 * 1024;

/** The next slot the schedule backs up at (UTC), or null when it is off. */
export function nextScheduledBackup(schedule: StoredBackupSchedule, now = new Date()): Date | null {
  if (schedule.frequency === "off") return null;
  const next = new Date(now);
  next.setUTCMinutes(0, 0, 0);
  for (let hours = 0; hours <= 8 * 24; hours++) {
    if (next > now && isBackupDue(schedule, next)) return next;
    next.setUTCHours(next.getUTCHours() + 1);
  }
  return null;
}

export async function backupOverview(deps: ArchiveDeps) {
  const schedule = await readBackupSchedule(deps.db);
  const archives = await listArchivesAt(await diskLocation(deps.dataDir));
  if (schedule.location !== DISK_LOCATION) {
    // The off-site copies: a storage that cannot be reached now does not hide the disk's archives.
    try {
      archives.push(...(await listArchivesAt(await archiveLocation(deps, schedule.location))));
    } catch {
      // Shown by the last run's error and the storage's own status.
    }
  }
  archives.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return {
    archives: archives.map((archive) => ({
      location: archive.location,
      location_name: archive.locationName,
      name: archive.name,
      size: archive.size,
      created_at: archive.createdAt,
    })),
    ...(await backupRunState(deps, schedule)),
  };
}

/** The backup under way with its progress, the last finished run, the next scheduled one and a restore
 * waiting for the next start: what the dashboard shows, without listing any archive (an off-site
 * bucket may be slow to list). */
export async function backupRunState(
  { db, dataDir }: { db: Database; dataDir: string },
  schedule?: StoredBackupSchedule,
) {
  const [stored, latest, lease, lastFinished] = await Promise.all([
    schedule ?? readBackupSchedule(db),
    db.jobRun.findFirst({ where: { job: BACKUP_JOB }, orderBy: { startedAt: "desc" }, select: runSelect }),
    db.jobLease.findUnique({ where: { job: BACKUP_JOB }, select: { leaseUntilMs: true } }),
    db.jobRun.findFirst({
      where: { job: BACKUP_JOB, status: { not: "running" } },
      orderBy: { startedAt: "desc" },
      select: runSelect,
    }),
  ]);
  // A run row left "running" by a killed process is not under way once its lease has ended.
  const isRunning = latest?.status === "running" && lease !== null && Number(lease.leaseUntilMs) > Date.now();
  let progress = null;
  if (isRunning && latest.result) {
    try {
      const parsed = backupProgressOutput.safeParse(JSON.parse(latest.result));
      if (parsed.success) progress = parsed.data;
    } catch {
      // Not progress yet: shown as just started.
    }
  }
  return {
    running:
      isRunning && latest
        ? { started_at: latest.startedAt, trigger: latest.trigger as "schedule" | "manual", progress }
        : null,
    last_run: lastFinished ? toRunOutput(lastFinished) : null,
    next_scheduled_at: nextScheduledBackup(stored),
    pending_restore: pendingRestore(dataDir),
  };
}

export async function createBackupNow(scheduler: Scheduler, params: BackupRunParams) {
  const outcome = await scheduler.runNow(BACKUP_JOB, params);
  if (outcome === "busy") throw new AppError("CONFLICT", "errors.backupRunning");
  if (outcome === "unknown") throw new AppError("SERVICE_UNAVAILABLE", "errors.backupUnavailable");
  return { started: true as const };
}

/**
 * Imports (or, with `dryRun`, reports what it would import from) a CloudPaste file sent as the body:
 * the bytes are spooled to a temporary folder in DATA_DIR (the reader opens a SQLite file by path),
 * bounded by CLOUDPASTE_UPLOAD_MAX_BYTES, and removed whatever happens.
 */
export async function importCloudPasteUpload(
  deps: { db: Database; secret: string; dataDir: string },
  body: Readable,
  options: { dryRun: boolean },
): Promise<CloudPasteImportView> {
  const place = {
    folder: "imports",
    prefix: "cloudpaste-",
    file: "source",
    maxBytes: CLOUDPASTE_UPLOAD_MAX_BYTES,
    tooLarge: () =>
      new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge", { max: formatBytes(CLOUDPASTE_UPLOAD_MAX_BYTES) }),
  };
  return withSpooledUpload(deps.dataDir, place, body, async (path) => {
    let data: ReturnType<typeof readCloudPaste>;
    try {
      data = readCloudPaste(path);
    } catch (error) {
      if (error instanceof CloudPasteSourceError) {
        throw new AppError("BAD_REQUEST", "errors.cloudPasteUnreadable", { reason: error.message });
      }
      throw error;
    }
    const report = await importCloudPaste({ db: deps.db, secret: deps.secret }, data, { dryRun: options.dryRun });
    return {
      dry_run: report.dryRun,
      source: { kind: data.kind, schema_version: data.schemaVersion },
      items: report.items,
      unmapped: report.unmapped,
    };
  });
}
