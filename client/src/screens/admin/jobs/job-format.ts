// How the Jobs module words a scheduled job (docs/jobs.md): its name in the reader's language (the
// job's own name when it has no text), and a run's duration.
import { SCHEDULED_JOBS, type ScheduledJobName } from "@shared/schemas/admin/jobs";
import type { TFunction } from "i18next";

export function jobTitle(t: TFunction, name: string): string {
  return isScheduledJob(name) ? t(`adminJobs.names.${name}`) : name;
}

function isScheduledJob(name: string): name is ScheduledJobName {
  return (SCHEDULED_JOBS as readonly string[]).includes(name);
}

/** "350 ms", "4.2 s", "3 min": the unit a person reads a run's length in. */
export function formatDuration(ms: number, language: string): string {
  const unit = (value: number, name: "millisecond" | "second" | "minute" | "hour", digits = 0) =>
    new Intl.NumberFormat(language, {
      style: "unit",
      unit: name,
      unitDisplay: "short",
      maximumFractionDigits: digits,
    }).format(value);
  if (ms < 1_000) return unit(ms, "millisecond");
  if (ms < 60_000) return unit(ms / 1_000, "second", 1);
  if (ms < 3_600_000) return unit(ms / 60_000, "minute", 1);
  return unit(ms / 3_600_000, "hour", 1);
}

/**
 * A cron pattern in words for the patterns the server's jobs use ("Every 10 minutes", "Every day at
 * 04:17"); null for any other, which the view shows as the pattern alone. Times are UTC, as the
 * schedule's label says.
 */
export function describeSchedule(t: TFunction, pattern: string): string | null {
  const fields = pattern.trim().split(/\s+/);
  const step = (field: string | undefined) => (field === "*" ? 1 : field?.match(/^\*\/(\d+)$/)?.[1]);
  const fixed = (field: string | undefined, max: number) => {
    const value = field?.match(/^\d{1,2}$/) ? Number(field) : Number.NaN;
    return value <= max ? value : null;
  };
  if (fields.length === 6) {
    const seconds = step(fields[0]);
    if (seconds === undefined || fields.slice(1).some((field) => field !== "*")) return null;
    return Number(seconds) === 1
      ? t("adminJobs.schedule.everySecond")
      : t("adminJobs.schedule.everySeconds", { count: Number(seconds) });
  }
  if (fields.length !== 5) return null;
  const [minute, hour, ...rest] = fields;
  if (rest.some((field) => field !== "*")) return null;
  if (hour === "*") {
    const every = step(minute);
    if (every !== undefined)
      return Number(every) === 1
        ? t("adminJobs.schedule.everyMinute")
        : t("adminJobs.schedule.everyMinutes", { count: Number(every) });
    const at = fixed(minute, 59);
    if (at === null) return null;
    return at === 0
      ? t("adminJobs.schedule.hourlyOnTheHour")
      : t("adminJobs.schedule.hourlyAt", { minute: String(at).padStart(2, "0") });
  }
  const atMinute = fixed(minute, 59);
  const atHour = fixed(hour, 23);
  if (atMinute === null || atHour === null) return null;
  const time = `${String(atHour).padStart(2, "0")}:${String(atMinute).padStart(2, "0")}`;
  return t("adminJobs.schedule.dailyAt", { time });
}

/** What a job's schedule does not say (the backup's own schedule under Backups); null for most. */
export function scheduleNote(t: TFunction, name: string): string | null {
  if (name === "backup") return t("adminJobs.schedule.notes.backup");
  if (name === "upload-request-webhooks") return t("adminJobs.schedule.notes.upload-request-webhooks");
  return null;
}
