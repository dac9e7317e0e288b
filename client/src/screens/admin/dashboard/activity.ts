// Helpers of the 7-day activity chart: the browser's UTC offset the server counts days in, its
// label, and day labels in the interface language. Dates arrive as calendar days ("2026-03-10").

import type { Language } from "@shared/constants";
import { MAX_TZ_OFFSET, MIN_TZ_OFFSET } from "@shared/schemas/admin/dashboard";
import { htmlLangFor } from "../../../lib/preferences/language";

/** Minutes east of UTC right now (getTimezoneOffset counts west), within the range the API takes. */
export function browserTzOffset(now: Date = new Date()): number {
  const east = -now.getTimezoneOffset();
  return Math.min(MAX_TZ_OFFSET, Math.max(MIN_TZ_OFFSET, east));
}

/** 480 -> "UTC+08:00", -210 -> "UTC-03:30", 0 -> "UTC". */
export function formatTzOffset(minutes: number): string {
  if (minutes === 0) return "UTC";
  const sign = minutes > 0 ? "+" : "-";
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, "0");
  const rest = String(absolute % 60).padStart(2, "0");
  return `UTC${sign}${hours}:${rest}`;
}

// The calendar day is read at UTC midnight and formatted in UTC, so no time zone can shift it.
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** "3/10" (en) or "3/10" (zh): short enough for seven ticks on a phone. */
export function formatDayTick(date: string, language: Language): string {
  return new Intl.DateTimeFormat(htmlLangFor(language), { month: "numeric", day: "numeric", timeZone: "UTC" }).format(
    dayOf(date),
  );
}

/** "Tuesday, March 10" / "3月10日星期二": the tooltip's and the table's label. */
export function formatDayLong(date: string, language: Language): string {
  return new Intl.DateTimeFormat(htmlLangFor(language), {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(dayOf(date));
}
