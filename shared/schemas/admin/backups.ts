// Backups as the admin's Backups module and the REST API see them (docs/backup.md, "From the admin
// panel"): the archives kept, the run under way with its progress, the last run, and the CloudPaste
// import's per-item report.
import { z } from "zod";
import { jobRunOutput } from "./jobs";

/** Where an archive is kept: the server's disk (`disk`) or a storage config (its id). */
export const backupLocation = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "A location is `disk` or a storage config's id");

/** Only names the server gives its archives: a path can never be named. */
export const backupArchiveName = z
  .string()
  .regex(/^pastebox-\d{8}-\d{6}(?:-\d{1,3})?\.tar$/, "An archive's name as the server gave it (pastebox-….tar)");

export const backupArchiveParams = z.object({ location: backupLocation, name: backupArchiveName });

export const backupArchiveOutput = z.object({
  location: z.string().describe("`disk`, or the id of the storage config that holds it"),
  location_name: z.string().nullable().describe("The storage config's name; null on the server's disk"),
  name: backupArchiveName,
  size: z.number().int().nonnegative(),
  created_at: z.date(),
});
export type BackupArchiveView = z.infer<typeof backupArchiveOutput>;

export const backupProgressOutput = z.object({
  phase: z.enum(["rows", "objects", "upload", "done"]),
  rows: z.number().int().nonnegative(),
  objects: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type BackupProgressView = z.infer<typeof backupProgressOutput>;

/** The run under way, the last one and the next: the Backups module and the dashboard. */
/** A restore uploaded from the panel, verified, waiting for the next start (decision 0015). */
export const pendingRestoreOutput = z.object({
  uploaded_at: z.date(),
  backup_created_at: z.date().describe("When the backup was made"),
  app_version: z.string().describe("The Pastebox version that made it"),
  source_provider: z.enum(["sqlite", "postgres"]),
  rows: z.number().describe("Rows it restores, all tables together"),
  tables: z.record(z.string(), z.number()).describe("Rows per table"),
  objects: z.object({ count: z.number(), bytes: z.number() }).describe("Files of local storages it restores"),
  secret_included: z.boolean().describe("The backup's app secret was opened with the passphrase and is kept sealed"),
  other_secret: z
    .boolean()
    .describe("Made without the secret, on an install with another: API keys and S3 credentials must be redone"),
});
export type PendingRestoreView = z.infer<typeof pendingRestoreOutput>;

export const restoreUploadQuery = z.object({
  force: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1")
    .describe("Replace an install that already has data (pastes, file shares, API keys, mounts, clipboard rooms)"),
});

export const backupRunStateOutput = z.object({
  running: z
    .object({
      started_at: z.date(),
      trigger: z.enum(["schedule", "manual"]),
      progress: backupProgressOutput.nullable(),
    })
    .nullable()
    .describe("The backup under way in any process, with how far it has got"),
  last_run: jobRunOutput.nullable().describe("The last finished backup run: its result or its error"),
  next_scheduled_at: z.date().nullable().describe("When the schedule makes the next backup; null when it is off"),
  pending_restore: pendingRestoreOutput
    .nullable()
    .describe("A restore uploaded from the panel, applied when the server next starts; null when none"),
});
export type BackupRunState = z.infer<typeof backupRunStateOutput>;

export const backupOverviewOutput = backupRunStateOutput.extend({
  archives: z.array(backupArchiveOutput).describe("Newest first"),
});
export type BackupOverview = z.infer<typeof backupOverviewOutput>;

export const BACKUP_PASSPHRASE_MIN = 8;

export const createBackupInput = z.object({
  passphrase: z
    .string()
    .min(BACKUP_PASSPHRASE_MIN)
    .max(1024)
    .nullable()
    .describe(
      "Seals the app secret into the archive; null leaves it out (API keys and S3 credentials must then be re-entered on an install with another secret)",
    ),
  include_objects: z.boolean().default(true).describe("Copy the objects of local storage configs"),
});

export const IMPORT_ACTIONS = ["import", "skip", "conflict", "change"] as const;

export const cloudPasteImportQuery = z.object({
  dry_run: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((value) => value === "true" || value === "1")
    .describe("Report what would happen and write nothing (the default)"),
});

export const cloudPasteImportOutput = z.object({
  dry_run: z.boolean(),
  source: z.object({ kind: z.enum(["backup", "database"]), schema_version: z.number().nullable() }),
  items: z.array(
    z.object({ kind: z.string(), name: z.string(), action: z.enum(IMPORT_ACTIONS), note: z.string().optional() }),
  ),
  unmapped: z.array(z.string()).describe("CloudPaste values with no place here, not imported"),
});
export type CloudPasteImportView = z.infer<typeof cloudPasteImportOutput>;

export const BACKUP_FREQUENCIES = ["off", "daily", "weekly"] as const;

/** The schedule as stored (services/backup/schedule.ts): the passphrase encrypted under the app secret. */
export const backupScheduleSchema = z.object({
  frequency: z.enum(BACKUP_FREQUENCIES),
  hour: z.number().int().min(0).max(23),
  weekday: z.number().int().min(0).max(6),
  keep: z.number().int().min(1).max(365),
  location: backupLocation,
  includeObjects: z.boolean(),
  passphraseEnc: z.string().nullable(),
});
export type StoredBackupSchedule = z.infer<typeof backupScheduleSchema>;

export const DEFAULT_BACKUP_SCHEDULE: StoredBackupSchedule = {
  frequency: "off",
  hour: 3,
  weekday: 0,
  keep: 7,
  location: "disk",
  includeObjects: true,
  passphraseEnc: null,
};

export const backupScheduleOutput = z.object({
  frequency: z.enum(BACKUP_FREQUENCIES),
  hour: z.number().int().describe("Hour of the day, UTC"),
  weekday: z.number().int().describe("Day of a weekly backup: 0 Sunday to 6 Saturday (UTC)"),
  keep: z.number().int().describe("Archives kept at the location; older ones are deleted after a scheduled backup"),
  location: z.string().describe("`disk` or a storage config's id"),
  include_objects: z.boolean(),
  has_passphrase: z.boolean().describe("Scheduled backups seal the secret with a stored passphrase"),
});
export type BackupScheduleView = z.infer<typeof backupScheduleOutput>;

export const updateBackupScheduleInput = z.object({
  frequency: z.enum(BACKUP_FREQUENCIES),
  hour: z.number().int().min(0).max(23).default(3),
  weekday: z.number().int().min(0).max(6).default(0),
  keep: z.number().int().min(1).max(365).default(7),
  location: backupLocation.default("disk"),
  include_objects: z.boolean().default(true),
  passphrase: z
    .string()
    .min(BACKUP_PASSPHRASE_MIN)
    .max(1024)
    .nullable()
    .optional()
    .describe("A new passphrase; null leaves the secret out of scheduled backups; omitted keeps the stored one"),
});
