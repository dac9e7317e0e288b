// The backups' schedule (docs/backup.md, "On a schedule"): off, daily or weekly at an hour (UTC), how
// many archives to keep, where they go (the server's disk or a storage config: the off-site copy), and
// the passphrase that seals the secret, stored encrypted under the app secret (a restore needs the
// passphrase to open the archive, so the two never unlock each other). Kept as one system-setting row.
import {
  type BackupScheduleView,
  backupScheduleSchema,
  DEFAULT_BACKUP_SCHEDULE,
  type StoredBackupSchedule,
  type updateBackupScheduleInput,
} from "@shared/schemas/admin/backups";
import type { z } from "zod";
import { decryptSecret, encryptSecret } from "../../crypto";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { DISK_LOCATION } from "./archives";

export const BACKUP_SCHEDULE_KEY = "backup_schedule";

/** The schedule a stored row holds; the default (off) for a missing or unreadable one. */
export function scheduleFromRows(rows: readonly { key: string; value: string }[]): StoredBackupSchedule {
  const row = rows.find((candidate) => candidate.key === BACKUP_SCHEDULE_KEY);
  if (!row) return DEFAULT_BACKUP_SCHEDULE;
  try {
    const parsed = backupScheduleSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_BACKUP_SCHEDULE;
  } catch {
    return DEFAULT_BACKUP_SCHEDULE;
  }
}

export async function readBackupSchedule(db: Database): Promise<StoredBackupSchedule> {
  const rows = await db.systemSetting.findMany({
    where: { key: BACKUP_SCHEDULE_KEY },
    select: { key: true, value: true },
  });
  return scheduleFromRows(rows);
}

/** Whether a scheduled slot (the job's hourly pattern) is one of the schedule's backups. */
export function isBackupDue(schedule: StoredBackupSchedule, slot: Date): boolean {
  if (schedule.frequency === "off" || slot.getUTCHours() !== schedule.hour) return false;
  return schedule.frequency === "daily" || slot.getUTCDay() === schedule.weekday;
}

/** The passphrase of scheduled backups, or null when they leave the secret out. */
export function schedulePassphrase(schedule: StoredBackupSchedule, appSecret: string): string | null {
  return schedule.passphraseEnc ? decryptSecret(appSecret, schedule.passphraseEnc) : null;
}

export function toScheduleView(schedule: StoredBackupSchedule): BackupScheduleView {
  return {
    frequency: schedule.frequency,
    hour: schedule.hour,
    weekday: schedule.weekday,
    keep: schedule.keep,
    location: schedule.location,
    include_objects: schedule.includeObjects,
    has_passphrase: schedule.passphraseEnc !== null,
  };
}

export async function updateBackupSchedule(
  db: Database,
  appSecret: string,
  input: z.output<typeof updateBackupScheduleInput>,
): Promise<BackupScheduleView> {
  if (input.location !== DISK_LOCATION) {
    const config = await db.storageConfig.findUnique({ where: { id: input.location }, select: { id: true } });
    if (!config) throw new AppError("NOT_FOUND", "errors.storageConfigNotFound");
  }
  const current = await readBackupSchedule(db);
  const schedule: StoredBackupSchedule = {
    frequency: input.frequency,
    hour: input.hour,
    weekday: input.weekday,
    keep: input.keep,
    location: input.location,
    includeObjects: input.include_objects,
    // undefined keeps the passphrase stored; null leaves the secret out from now on.
    passphraseEnc:
      input.passphrase === undefined
        ? current.passphraseEnc
        : input.passphrase === null
          ? null
          : encryptSecret(appSecret, input.passphrase),
  };
  const value = JSON.stringify(schedule);
  await db.systemSetting.upsert({
    where: { key: BACKUP_SCHEDULE_KEY },
    create: { key: BACKUP_SCHEDULE_KEY, value },
    update: { value },
    select: { key: true },
  });
  return toScheduleView(schedule);
}
