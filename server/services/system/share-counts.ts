// How many pastes and file shares there are, read from the counts the database keeps (ShareCount, kept
// by triggers: docs/admin-lists.md) instead of counting rows: a sum over a few rows per creator and
// quarter hour, whatever the number of shares.

import type { Database } from "../../db/client";

/** ShareCount's buckets: Unix seconds rounded down to this. Every time zone's offset is a multiple. */
export const SHARE_COUNT_BUCKET_SECONDS = 900;

export type ShareCountFilter = {
  kind: "paste" | "file";
  /** Files: these statuses only. */
  statuses?: readonly string[];
  /** Only shares of these creators (created_by values). */
  creators?: readonly string[];
  storageConfigId?: string;
  /** Created in [gte, lt); both must fall on a bucket's edge (see `isOnBucketEdge`). */
  createdAt?: { gte: Date; lt: Date };
};

/** Whether a time is the start of a bucket, so that a range starting or ending there is counted exactly. */
export function isOnBucketEdge(date: Date): boolean {
  return date.getTime() % (SHARE_COUNT_BUCKET_SECONDS * 1000) === 0;
}

const bucketOf = (date: Date) => BigInt(Math.floor(date.getTime() / 1000));

/** The shares matching `filter`, and (files) the sum of their sizes. */
export async function countShares(db: Database, filter: ShareCountFilter): Promise<{ rows: number; bytes: number }> {
  const sums = await db.shareCount.aggregate({
    where: {
      kind: filter.kind,
      ...(filter.statuses ? { status: { in: [...filter.statuses] } } : {}),
      ...(filter.creators ? { createdBy: { in: [...filter.creators] } } : {}),
      ...(filter.storageConfigId !== undefined ? { storageConfigId: filter.storageConfigId } : {}),
      ...(filter.createdAt
        ? { bucket: { gte: bucketOf(filter.createdAt.gte), lt: bucketOf(filter.createdAt.lt) } }
        : {}),
    },
    _sum: { rows: true, bytes: true },
  });
  return { rows: Number(sums._sum.rows ?? 0), bytes: Number(sums._sum.bytes ?? 0n) };
}

/** Files per storage config (the dashboard's storage cards), among these statuses (default: all). */
export async function countFilesByStorage(db: Database, statuses?: readonly string[]): Promise<Map<string, number>> {
  const groups = await db.shareCount.groupBy({
    by: ["storageConfigId"],
    where: { kind: "file", ...(statuses ? { status: { in: [...statuses] } } : {}) },
    _sum: { rows: true },
  });
  return new Map(groups.map((group) => [group.storageConfigId, Number(group._sum.rows ?? 0)]));
}
