// The dashboard's figures that a page of the dashboard reads most: every sum of the kept counts
// (ShareCount, docs/admin-lists.md) in one statement, and the used-up shares, mounts and keys in
// another, both sent on the driver connection under Prisma (db/client.ts `driverConnectionOf`). Before,
// the dashboard sent about thirty Prisma queries (one sum per day and per period, per kind), and
// Prisma's building and reading of each cost more CPU than the database's own work.

import { type Database, type DriverConnection, driverConnectionOf } from "../../db/client";
import { driverFlag, driverQuery as query } from "../../db/driver-query";
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
  /** Pastes past their expiry, not purged yet. */
  pastesExpiredByTime: number;
  /** Used-up pastes (views >= maxViews > 0) whose expiry has not passed: gone, not counted by expiry. */
  pastesUsedUpUnexpired: number;
  /** Ready files (neither uploading nor gone) past their expiry. */
  filesExpiredByTime: number;
  /** Used-up ready files whose expiry has not passed. */
  filesUsedUpUnexpired: number;
  mounts: number;
  activeMounts: number;
  apiKeys: number;
  apiKeysExpired: number;
};

/**
 * The gone shares not purged yet, and the numbers of mounts and keys, in one statement: the shares past
 * their expiry from the expiresAt indexes, the used-up ones from the partial indexes of used-up rows
 * (migration 20261130050000_used_up_index; its WHERE is written here word for word, which the databases
 * need to use it). The sweep purges both every ten minutes, so neither read grows with the live shares.
 */
export async function smallCounts(db: Database, now: Date): Promise<SmallCounts> {
  const driver = await driverConnectionOf(db);
  const statement = smallCountsStatement(driver.provider, now);
  const [row] = await query(driver, statement.sql, statement.params);
  const count = (name: string) => Number(row?.[name] ?? 0);
  return {
    pastesExpiredByTime: count("pastesExpired"),
    pastesUsedUpUnexpired: count("pastesUsedUp"),
    filesExpiredByTime: count("filesExpired"),
    filesUsedUpUnexpired: count("filesUsedUp"),
    mounts: count("mounts"),
    activeMounts: count("activeMounts"),
    apiKeys: count("apiKeys"),
    apiKeysExpired: count("apiKeysExpired"),
  };
}

/**
 * smallCounts' statement (for `driverSql`) and its parameters at `now`. SQLite: a stored date is
 * compared as an instant, whatever form the adapter wrote it in (view-counter-sql.ts); the rows past
 * their expiry are first narrowed by the index as text (every ISO form of a time up to now sorts at or
 * before now's "Z" form; integer dates sort before all text), then compared as instants.
 */
export function smallCountsStatement(
  provider: DriverConnection["provider"],
  now: Date,
): { sql: string; params: (number | string)[] } {
  const sqlite = provider === "sqlite";
  const instant = `CASE typeof("expiresAt") WHEN 'integer' THEN "expiresAt"
           ELSE CAST(round((julianday("expiresAt") - 2440587.5) * 86400000.0) AS INTEGER) END`;
  const unexpired = sqlite
    ? `("expiresAt" IS NULL OR ${instant} > ?1)`
    : `("expiresAt" IS NULL OR "expiresAt" > (to_timestamp(?1::bigint / 1000.0) AT TIME ZONE 'UTC'))`;
  const expired = sqlite
    ? `"expiresAt" <= ?2 AND ${instant} <= ?1`
    : `"expiresAt" <= (to_timestamp(?1::bigint / 1000.0) AT TIME ZONE 'UTC')`;
  const usedUp = `"maxViews" > 0 AND "views" >= "maxViews"`;
  const readyFile = `"status" NOT IN ('uploading', 'gone')`;
  const indexed = (name: string) => (sqlite ? ` INDEXED BY "${name}"` : "");
  const sql = `SELECT
       (SELECT COUNT(*) FROM {Paste} WHERE ${expired}) AS "pastesExpired",
       (SELECT COUNT(*) FROM {Paste}${indexed("Paste_usedUp_idx")} WHERE ${usedUp} AND ${unexpired}) AS "pastesUsedUp",
       (SELECT COUNT(*) FROM {FileShare} WHERE ${expired} AND ${readyFile}) AS "filesExpired",
       (SELECT COUNT(*) FROM {FileShare}${indexed("FileShare_usedUp_idx")}
         WHERE ${usedUp} AND ${readyFile} AND ${unexpired}) AS "filesUsedUp",
       (SELECT COUNT(*) FROM {Mount}) AS "mounts",
       (SELECT COUNT(*) FROM {Mount} WHERE "isActive") AS "activeMounts",
       (SELECT COUNT(*) FROM {ApiKey}) AS "apiKeys",
       (SELECT COUNT(*) FROM {ApiKey} WHERE ${expired}) AS "apiKeysExpired"`;
  return { sql, params: sqlite ? [now.getTime(), now.toISOString()] : [now.getTime()] };
}

export type StorageCard = {
  id: string;
  name: string;
  providerType: string;
  isDefault: boolean;
  totalStorageBytes: number | null;
  /** What the storage holds (StorageUsage), without the uploads in flight. */
  storedBytes: number;
};

/** Every storage config with what it holds, the default first, then oldest first: the dashboard's cards. */
export async function storageCards(db: Database): Promise<StorageCard[]> {
  const driver = await driverConnectionOf(db);
  const rows = await query(
    driver,
    `SELECT c."id", c."name", c."providerType", c."isDefault", c."totalStorageBytes", u."usedBytes"
     FROM {StorageConfig} c LEFT JOIN {StorageUsage} u ON u."storageConfigId" = c."id"
     ORDER BY c."isDefault" DESC, c."createdAt" ASC`,
    [],
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    providerType: String(row.providerType),
    isDefault: driverFlag(row.isDefault),
    totalStorageBytes: row.totalStorageBytes === null ? null : Number(row.totalStorageBytes),
    storedBytes: Number(row.usedBytes ?? 0),
  }));
}
