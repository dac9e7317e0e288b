// The dashboard's figures that a page of the dashboard reads most: every sum of the kept counts
// (ShareCount, docs/admin-lists.md) in one statement, and the used-up shares, mounts and keys in
// another, both sent on the driver connection under Prisma (db/client.ts `driverConnectionOf`). Before,
// the dashboard sent about thirty Prisma queries (one sum per day and per period, per kind), and
// Prisma's building and reading of each cost more CPU than the database's own work.

import { type Database, type DriverConnection, driverConnectionOf } from "../../db/client";
import { driverQuery as query } from "../../db/driver-query";
import { SHARE_COUNT_BUCKET_SECONDS } from "./share-counts";

/** A range of creation times [gte, lt), both on a bucket's edge. */
export type BucketRange = { gte: Date; lt: Date };

export type ShareSums = {
  pastes: { rows: number; ranges: number[] };
  /** Ready files (what the file lists show). */
  readyFiles: { rows: number; bytes: number; ranges: number[] };
  /** Files of every status per storage config. */
  filesByStorage: Map<string, number>;
  /** The declared bytes of uploads in flight per storage config. */
  uploadingBytesByStorage: Map<string, number>;
};

const bucketOf = (date: Date) =>
  Math.floor(date.getTime() / 1000 / SHARE_COUNT_BUCKET_SECONDS) * SHARE_COUNT_BUCKET_SECONDS;

/** Each kept count's sum over all time and over each of `ranges`, in one read of ShareCount. */
export async function shareSums(db: Database, ranges: readonly BucketRange[]): Promise<ShareSums> {
  const driver = await driverConnectionOf(db);
  const params: number[] = [];
  const columns = ranges.map((range, index) => {
    params.push(bucketOf(range.gte), bucketOf(range.lt));
    return `SUM(CASE WHEN "bucket" >= ?${2 * index + 1} AND "bucket" < ?${2 * index + 2} THEN "rows" ELSE 0 END) AS "r${index}"`;
  });
  const rows = await query(
    driver,
    `SELECT "kind", "status", "storageConfigId", SUM("rows") AS "rows", SUM("bytes") AS "bytes"${columns.map((column) => `, ${column}`).join("")}
     FROM {ShareCount} GROUP BY "kind", "status", "storageConfigId"`,
    params,
  );
  const sums: ShareSums = {
    pastes: { rows: 0, ranges: ranges.map(() => 0) },
    readyFiles: { rows: 0, bytes: 0, ranges: ranges.map(() => 0) },
    filesByStorage: new Map(),
    uploadingBytesByStorage: new Map(),
  };
  for (const row of rows) {
    const count = Number(row.rows ?? 0);
    const rangeCounts = ranges.map((_, index) => Number(row[`r${index}`] ?? 0));
    const add = (into: number[]) => {
      rangeCounts.forEach((value, index) => {
        into[index] = (into[index] ?? 0) + value;
      });
    };
    if (row.kind === "paste") {
      sums.pastes.rows += count;
      add(sums.pastes.ranges);
      continue;
    }
    const storage = String(row.storageConfigId);
    sums.filesByStorage.set(storage, (sums.filesByStorage.get(storage) ?? 0) + count);
    if (row.status === "ready") {
      sums.readyFiles.rows += count;
      sums.readyFiles.bytes += Number(row.bytes ?? 0);
      add(sums.readyFiles.ranges);
    } else if (row.status === "uploading") {
      sums.uploadingBytesByStorage.set(
        storage,
        (sums.uploadingBytesByStorage.get(storage) ?? 0) + Number(row.bytes ?? 0),
      );
    }
  }
  return sums;
}

export type SmallCounts = {
  /** Used-up pastes (views >= maxViews > 0) whose expiry has not passed: gone, not counted by expiry. */
  pastesUsedUpUnexpired: number;
  /** The same among ready files (neither uploading nor gone). */
  filesUsedUpUnexpired: number;
  mounts: number;
  activeMounts: number;
  apiKeys: number;
};

/**
 * The used-up shares, read from the partial indexes of used-up rows (migration
 * 20261130050000_used_up_index; its WHERE is written here word for word, which the databases need to
 * use it), and the numbers of mounts and keys, in one statement. SQLite: a stored date is compared as
 * an instant, whatever form the adapter wrote it in (view-counter-sql.ts).
 */
export async function smallCounts(db: Database, now: Date): Promise<SmallCounts> {
  const driver = await driverConnectionOf(db);
  const [row] = await query(driver, smallCountsSql(driver.provider), [now.getTime()]);
  return {
    pastesUsedUpUnexpired: Number(row?.pastes ?? 0),
    filesUsedUpUnexpired: Number(row?.files ?? 0),
    mounts: Number(row?.mounts ?? 0),
    activeMounts: Number(row?.activeMounts ?? 0),
    apiKeys: Number(row?.apiKeys ?? 0),
  };
}

/** smallCounts' statement (for `driverSql`); ?1 is now in epoch milliseconds. */
export function smallCountsSql(provider: DriverConnection["provider"]): string {
  const usedUp = `"maxViews" > 0 AND "views" >= "maxViews"`;
  const unexpired =
    provider === "sqlite"
      ? `("expiresAt" IS NULL OR CASE typeof("expiresAt") WHEN 'integer' THEN "expiresAt"
           ELSE CAST(round((julianday("expiresAt") - 2440587.5) * 86400000.0) AS INTEGER) END > ?1)`
      : `("expiresAt" IS NULL OR "expiresAt" > (to_timestamp(?1::bigint / 1000.0) AT TIME ZONE 'UTC'))`;
  const indexed = (name: string) => (provider === "sqlite" ? ` INDEXED BY "${name}"` : "");
  return `SELECT
       (SELECT COUNT(*) FROM {Paste}${indexed("Paste_usedUp_idx")} WHERE ${usedUp} AND ${unexpired}) AS "pastes",
       (SELECT COUNT(*) FROM {FileShare}${indexed("FileShare_usedUp_idx")}
         WHERE ${usedUp} AND "status" NOT IN ('uploading', 'gone') AND ${unexpired}) AS "files",
       (SELECT COUNT(*) FROM {Mount}) AS "mounts",
       (SELECT COUNT(*) FROM {Mount} WHERE "isActive") AS "activeMounts",
       (SELECT COUNT(*) FROM {ApiKey}) AS "apiKeys"`;
}
