// The admin dashboard's figures. The numbers of pastes and file shares, in all, per storage, per day
// and per period, are sums of the counts the database keeps (ShareCount, docs/admin-lists.md), read in
// one statement (dashboard-counts.ts), so they cost the same at a million shares as at ten. "Expired"
// uses the services' rule (past expires_at, or max_views > 0 and views >= max_views) as two index
// reads: the rows past their expiry through the expiresAt index, and the used-up rows not past it
// through a partial index that holds only used-up rows. Both hold only gone rows, which the sweep
// purges every ten minutes, so neither grows with the shares that are live. Those counts and the
// storage cards are two more statements on the driver connection, as the sums are. A time zone offset
// that is not a multiple of the counts' quarter hours is counted over the rows' creation times instead.

import { formatBytesForScripts } from "@shared/format-bytes";
import type { DashboardStats } from "@shared/schemas/admin/dashboard";
import { DASHBOARD_DAYS } from "@shared/schemas/admin/dashboard";
import type { Database } from "../../db/client";
import { shareSums, smallCounts, storageCards } from "./dashboard-counts";
import { isOnBucketEdge } from "./share-counts";

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export type DashboardOptions = { now?: Date; tzOffsetMinutes?: number };

export type DayWindow = { date: string; start: Date; end: Date };

/**
 * The last `days` calendar days (today last) at a fixed offset east of UTC, each as a UTC instant
 * range [start, end). Today's day ends at the next local midnight, so all of today counts.
 */
export function dayWindows(now: Date, tzOffsetMinutes: number, days = DASHBOARD_DAYS): DayWindow[] {
  const offsetMs = tzOffsetMinutes * MINUTE_MS;
  const localMidnight = Math.floor((now.getTime() + offsetMs) / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, index) => {
    const localStart = localMidnight - (days - 1 - index) * DAY_MS;
    return {
      // The local calendar date: the local midnight read as if it were UTC.
      date: new Date(localStart).toISOString().slice(0, 10),
      start: new Date(localStart - offsetMs),
      end: new Date(localStart + DAY_MS - offsetMs),
    };
  });
}

type Range = { gte: Date; lt: Date };
export type Periods = { today: Range; thisWeek: Range; thisMonth: Range };

/**
 * Today, this week (from Monday) and this month as whole calendar periods at a fixed offset east of
 * UTC, each a UTC instant range [gte, lt), like the activity days.
 */
export function calendarPeriods(now: Date, tzOffsetMinutes: number): Periods {
  const offsetMs = tzOffsetMinutes * MINUTE_MS;
  const localMidnight = Math.floor((now.getTime() + offsetMs) / DAY_MS) * DAY_MS;
  const local = new Date(localMidnight);
  const weekStart = localMidnight - ((local.getUTCDay() + 6) % 7) * DAY_MS;
  const range = (start: number, end: number) => ({ gte: new Date(start - offsetMs), lt: new Date(end - offsetMs) });
  return {
    today: range(localMidnight, localMidnight + DAY_MS),
    thisWeek: range(weekStart, weekStart + 7 * DAY_MS),
    thisMonth: range(
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1),
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1),
    ),
  };
}

type PeriodCounts = { today: number; thisWeek: number; thisMonth: number };

export async function getDashboardStats(db: Database, options: DashboardOptions = {}): Promise<DashboardStats> {
  const now = options.now ?? new Date();
  const tzOffset = options.tzOffsetMinutes ?? 0;
  const windows = dayWindows(now, tzOffset);
  const periods = calendarPeriods(now, tzOffset);
  // Day and period edges fall on the counts' quarter hours unless the offset is an odd one: then the
  // rows' creation times are counted.
  const isBucketed = windows.every((day) => isOnBucketEdge(day.start) && isOnBucketEdge(day.end));
  const ranges: Range[] = [
    ...windows.map((day) => ({ gte: day.start, lt: day.end })),
    periods.today,
    periods.thisWeek,
    periods.thisMonth,
  ];

  const [sums, small, storages, rowRanges] = await Promise.all([
    shareSums(db, isBucketed ? ranges : []),
    smallCounts(db, now),
    storageCards(db),
    isBucketed ? null : countRangesFromRows(db, ranges),
  ]);
  const pasteRanges = rowRanges?.pastes ?? sums.pastes.ranges;
  const fileRanges = rowRanges?.files ?? sums.readyFiles.ranges;
  const periodsOf = (counts: number[]): PeriodCounts => ({
    today: counts[windows.length] ?? 0,
    thisWeek: counts[windows.length + 1] ?? 0,
    thisMonth: counts[windows.length + 2] ?? 0,
  });

  const pasteTotal = sums.pastes.rows;
  const pasteExpired = small.pastesExpiredByTime + small.pastesUsedUpUnexpired;
  const fileTotal = sums.readyFiles.rows;
  const fileExpired = small.filesExpiredByTime + small.filesUsedUpUnexpired;
  const fileBytes = sums.readyFiles.bytes;

  return {
    pastes: {
      total: pasteTotal,
      active: pasteTotal - pasteExpired,
      expired: pasteExpired,
      ...periodsOf(pasteRanges),
    },
    files: {
      total: fileTotal,
      active: fileTotal - fileExpired,
      expired: fileExpired,
      ...periodsOf(fileRanges),
      total_bytes: fileBytes,
      totalSize: formatBytesForScripts(fileBytes),
    },
    storage: { configs: storages.length, mounts: small.mounts },
    storage_configs: storages.map((storage) => ({
      id: storage.id,
      name: storage.name,
      provider_type: storage.providerType,
      is_default: storage.isDefault,
      // The figure the storage module shows and the capacity check counts (docs/storage-usage.md): what the
      // storage holds plus the declared size of uploads in flight (usedBytes in uploads/upload-limits.ts).
      used_bytes: storage.storedBytes + (sums.uploadingBytesByStorage.get(storage.id) ?? 0),
      file_count: sums.filesByStorage.get(storage.id) ?? 0,
      total_bytes: storage.totalStorageBytes,
    })),
    apiKeys: { total: small.apiKeys, active: small.apiKeys - small.apiKeysExpired, expired: small.apiKeysExpired },
    mounts: { total: small.mounts, active: small.activeMounts, inactive: small.mounts - small.activeMounts },
    activity: {
      tz_offset: tzOffset,
      days: windows.map((day, index) => ({
        date: day.date,
        pastes: pasteRanges[index] ?? 0,
        files: fileRanges[index] ?? 0,
      })),
    },
    generated_at: now,
  };
}

/**
 * A time zone offset off the counts' quarter hours: the rows created in each range, counted over their
 * creation times (files: the ready ones; status first, so the (status, createdAt) index serves it).
 */
async function countRangesFromRows(db: Database, ranges: Range[]): Promise<{ pastes: number[]; files: number[] }> {
  const [pastes, files] = await Promise.all([
    Promise.all(ranges.map((createdAt) => db.paste.count({ where: { createdAt } }))),
    Promise.all(ranges.map((createdAt) => db.fileShare.count({ where: { status: "ready", createdAt } }))),
  ]);
  return { pastes, files };
}
