// The upload limits (docs/rules.md), one set for every way bytes come in (file shares, mount uploads,
// WebDAV): the max upload size setting, then the storage config's capacity. Each is checked on the
// declared size, while streamed bytes are counted, and on the stored object at completion, through
// the request's upload policy (services/uploads/policy.ts, docs/uploads.md).

import { formatBytes } from "@shared/format-bytes";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { byteCounter } from "../../storage/streams";
import { storedBytes } from "../../storage/usage";

/** Unfinished uploads older than this are aborted and removed by the sweep. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Bytes counted against a storage config's capacity: what the storage holds, as its usage record
 * knows it (docs/storage-usage.md), plus the declared size of share uploads not stored yet.
 */
export async function usedBytes(db: Database, storageConfigId: string): Promise<number> {
  const [stored, inFlight] = await Promise.all([
    storedBytes(db, storageConfigId),
    db.fileShare.aggregate({ where: { storageConfigId, status: "uploading" }, _sum: { size: true } }),
  ]);
  return stored + Number(inFlight._sum.size ?? 0n);
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge", { max: formatBytes(maxBytes) });
}

type Capacity = { total: number; remaining: number };

/** What an upload may still take: the max upload size, and the room left on its storage (null: unlimited). */
export type UploadRoom = { maxBytes: number; capacity: Capacity | null };

function insufficientStorage(size: number, capacity: Capacity): AppError {
  return new AppError("INSUFFICIENT_STORAGE", "errors.insufficientStorageDetail", {
    size: formatBytes(size),
    remaining: formatBytes(capacity.remaining),
    total: formatBytes(capacity.total),
  });
}

/**
 * The room left under known limits (an upload's policy holds them, services/uploads/policy.ts): the
 * storage's use is read now, as uploads come and go. `ownBytes` are already counted in that use by the
 * upload itself (a file share's record in flight holds its declared size; an object already stored is
 * in the usage record) and are given back.
 */
export async function roomWithin(
  db: Database,
  limits: { storageConfigId: string; maxBytes: number; totalBytes: bigint | null },
  ownBytes = 0,
): Promise<UploadRoom> {
  const { maxBytes, totalBytes } = limits;
  if (totalBytes === null) return { maxBytes, capacity: null };
  const total = Number(totalBytes);
  const used = (await usedBytes(db, limits.storageConfigId)) - ownBytes;
  return { maxBytes, capacity: { total, remaining: Math.max(0, total - used) } };
}

/** The error for `size` bytes that do not fit, or null when they do. */
export function overLimit(room: UploadRoom, size: number): AppError | null {
  if (size > room.maxBytes) return tooLarge(room.maxBytes);
  if (room.capacity && size > room.capacity.remaining) return insufficientStorage(size, room.capacity);
  return null;
}

/**
 * Refuses `size` bytes the storage has no room left for: the server's own copies between storages
 * (services/tasks/), which the max upload size (a limit on what callers send) does not concern.
 */
export async function assertStorageRoom(db: Database, storageConfigId: string, size: number) {
  const row = await db.storageConfig.findUnique({
    where: { id: storageConfigId },
    select: { totalStorageBytes: true },
  });
  const limits = { storageConfigId, maxBytes: Number.POSITIVE_INFINITY, totalBytes: row?.totalStorageBytes ?? null };
  const { capacity } = await roomWithin(db, limits);
  if (capacity && size > capacity.remaining) throw insufficientStorage(size, capacity);
}

/** A target's own limit on a streamed body, tighter than the room (an upload request's), and its error. */
export type TargetLimit = { bytes: number; refusal: () => AppError };

/**
 * A counting transform for a streamed body: it cuts the stream off at whichever comes first, the max
 * upload size, the storage's room or the target's own limit, and says which.
 */
export function limitCounter(room: UploadRoom, within?: TargetLimit) {
  const limit = Math.min(room.maxBytes, room.capacity?.remaining ?? Number.POSITIVE_INFINITY);
  if (within && within.bytes < limit) return byteCounter(within.bytes, within.refusal);
  return byteCounter(limit, (received) => overLimit(room, received) ?? tooLarge(room.maxBytes));
}
