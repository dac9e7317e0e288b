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
