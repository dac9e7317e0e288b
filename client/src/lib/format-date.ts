// Dates and times in the interface language (Intl), e.g. "12 Mar 2026, 14:05" / "2026年3月12日 14:05",
// and "3 minutes ago" / "3分钟前" for recent events.
import type { Language } from "@shared/constants";
import { htmlLangFor } from "./preferences/language";

export function formatDateTime(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(htmlLangFor(language), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

export function formatDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(htmlLangFor(language), { dateStyle: "medium" }).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** "5 minutes ago", "in 3 days"; under 45 seconds "now". */
export function formatRelativeTime(date: Date, now: Date, language: Language): string {
  const format = new Intl.RelativeTimeFormat(htmlLangFor(language), { numeric: "auto" });
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return format.format(0, "second");
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, "second");
}
