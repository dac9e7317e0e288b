// The admin dashboard's figures. The numbers of pastes and file shares, in all, per storage, per day
// and per period, are sums of the counts the database keeps (ShareCount, docs/admin-lists.md), so they
// cost the same at a million shares as at ten; the rest are small COUNTs. "Expired" uses the services'
// rule (past expires_at, or max_views > 0 and views >= max_views) through the indexes of expires_at and
// max_views: the sweep purges expired shares, so few rows ever match. A time zone offset that is not a
// multiple of the counts' quarter hours is counted over the rows' creation times instead.

import { formatBytesForScripts } from "@shared/format-bytes";
import type { DashboardStats } from "@shared/schemas/admin/dashboard";
import { DASHBOARD_DAYS } from "@shared/schemas/admin/dashboard";
import type { Database } from "../../db/client";
import { usedBytes } from "../uploads/upload-limits";
import { countFilesByStorage, countShares, isOnBucketEdge } from "./share-counts";

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

/** Rows created in each period, with one sum (or range count) per period. */
async function countPeriods(periods: Periods, count: (createdAt: Range) => Promise<number>): Promise<PeriodCounts> {
  const [today, thisWeek, thisMonth] = await Promise.all([
    count(periods.today),
    count(periods.thisWeek),
    count(periods.thisMonth),
  ]);
  return { today, thisWeek, thisMonth };
}

export async function getDashboardStats(db: Database, options: DashboardOptions = {}): Promise<DashboardStats> {
  const now = options.now ?? new Date();
  const tzOffset = options.tzOffsetMinutes ?? 0;
  const windows = dayWindows(now, tzOffset);
  const periods = calendarPeriods(now, tzOffset);

  const goneFile = {
    OR: [
      { expiresAt: { lte: now } },
      { AND: [{ maxViews: { gt: 0 } }, { views: { gte: db.fileShare.fields.maxViews } }] },
    ],
  };
  const gonePaste = {
    OR: [{ expiresAt: { lte: now } }, { AND: [{ maxViews: { gt: 0 } }, { views: { gte: db.paste.fields.maxViews } }] }],
  };
  // Uploads in flight are not shares yet (the file lists show "ready" ones only).
  const ready = { status: "ready" };
  // Day and period edges fall on the counts' quarter hours unless the offset is an odd one: then the
  // rows' creation times are counted.
  const isBucketed = windows.every((day) => isOnBucketEdge(day.start) && isOnBucketEdge(day.end));
  const pastesCreated = (range: Range) =>
    isBucketed
      ? countShares(db, { kind: "paste", createdAt: range }).then((counted) => counted.rows)
      : db.paste.count({ where: { createdAt: range } });
  const filesCreated = (range: Range) =>
    isBucketed
      ? countShares(db, { kind: "file", statuses: ["ready"], createdAt: range }).then((counted) => counted.rows)
      : // status first: the (status, createdAt) index serves the range.
        db.fileShare.count({ where: { ...ready, createdAt: range } });

  const [
    pasteTotal,
    pasteExpired,
    fileTotals,
    fileExpired,
    storageConfigs,
    storageUse,
    keyTotal,
    keyExpired,
    mountTotal,
    mountActive,
    pastesPerDay,
    filesPerDay,
    pastePeriods,
    filePeriods,
  ] = await Promise.all([
    countShares(db, { kind: "paste" }),
    db.paste.count({ where: gonePaste }),
    countShares(db, { kind: "file", statuses: ["ready"] }),
    // "Ready" said as "neither uploading nor gone", which no index serves: the expiry and view-limit
    // indexes then find the few gone rows, where the status index would read every ready share.
    db.fileShare.count({ where: { status: { notIn: ["uploading", "gone"] }, ...goneFile } }),
    db.storageConfig.findMany({
      select: {
        id: true,
        name: true,
        providerType: true,
        isDefault: true,
        totalStorageBytes: true,
      },
      orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }],
    }),
    countFilesByStorage(db),
    db.apiKey.count(),
    db.apiKey.count({ where: { expiresAt: { lte: now } } }),
    db.mount.count(),
    db.mount.count({ where: { isActive: true } }),
    Promise.all(windows.map((day) => pastesCreated({ gte: day.start, lt: day.end }))),
    Promise.all(windows.map((day) => filesCreated({ gte: day.start, lt: day.end }))),
    countPeriods(periods, pastesCreated),
    countPeriods(periods, filesCreated),
  ]);

  // The figure the storage module shows and the capacity check counts (docs/storage-usage.md).
  const usedById = new Map(
    await Promise.all(storageConfigs.map(async (config) => [config.id, await usedBytes(db, config.id)] as const)),
  );
  const filesById = storageUse;
  const fileTotal = fileTotals.rows;
  const fileBytes = fileTotals.bytes;

  return {
    pastes: {
      total: pasteTotal.rows,
      active: pasteTotal.rows - pasteExpired,
      expired: pasteExpired,
      ...pastePeriods,
    },
    files: {
      total: fileTotal,
      active: fileTotal - fileExpired,
      expired: fileExpired,
      ...filePeriods,
      total_bytes: fileBytes,
      totalSize: formatBytesForScripts(fileBytes),
    },
    storage: { configs: storageConfigs.length, mounts: mountTotal },
    storage_configs: storageConfigs.map((config) => ({
      id: config.id,
      name: config.name,
      provider_type: config.providerType,
      is_default: config.isDefault,
      used_bytes: usedById.get(config.id) ?? 0,
      file_count: filesById.get(config.id) ?? 0,
      total_bytes: config.totalStorageBytes === null ? null : Number(config.totalStorageBytes),
    })),
    apiKeys: { total: keyTotal, active: keyTotal - keyExpired, expired: keyExpired },
    mounts: { total: mountTotal, active: mountActive, inactive: mountTotal - mountActive },
    activity: {
      tz_offset: tzOffset,
      days: windows.map((day, index) => ({
        date: day.date,
        pastes: pastesPerDay[index] ?? 0,
        files: filesPerDay[index] ?? 0,
      })),
    },
    generated_at: now,
  };
}
