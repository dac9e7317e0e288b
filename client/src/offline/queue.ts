// The offline queue (docs/product.md §3, §4): a write made while offline is kept with who made it (the
// session's scope, never a credential), and replayed in the order it was made once the browser is back online. Which writes
// may wait is decided here, per tRPC procedure.
import type { AuthType } from "../lib/auth/store/auth-types";
import type { OfflineDatabase, OfflineQueueItem, QueueItemType } from "./db";

/**
 * Writes that can wait for the network: creating a paste, edits and deletions in the admin modules,
 * and mkdir, rename and delete in the mount explorer. Left out on purpose: anything whose answer is
 * needed at once or only once (a new API key is shown a single time), anything carrying a secret
 * that must not rest in IndexedDB (storage credentials, passwords), uploads (file bodies) and calls
 * that only read (unlocking a share, tests of a storage config).
 */
export const QUEUED_PROCEDURES: Readonly<Record<string, QueueItemType>> = {
  "pastes.create": "paste.create",
  "pastes.update": "paste.update",
  "pastes.delete": "paste.delete",
  "pastes.batchDelete": "paste.delete",
  "pastes.clearExpired": "paste.clearExpired",
  "files.update": "file.update",
  "files.delete": "file.delete",
  "files.batchDelete": "file.delete",
  "keys.update": "key.update",
  "keys.delete": "key.delete",
  "keys.batchDelete": "key.delete",
  "mounts.update": "mount.update",
  "mounts.delete": "mount.delete",
  "storage.delete": "storage.delete",
  "storage.setDefault": "storage.setDefault",
  "settings.update": "settings.update",
  "fs.mkdir": "fs.mkdir",
  "fs.rename": "fs.rename",
  "fs.remove": "fs.delete",
  "fs.batchRemove": "fs.delete",
};

export function queueTypeOf(procedurePath: string): QueueItemType | null {
  return Object.hasOwn(QUEUED_PROCEDURES, procedurePath) ? (QUEUED_PROCEDURES[procedurePath] ?? null) : null;
}

const TRPC_ENDPOINT_PREFIX = "/trpc/";

export function endpointOf(procedurePath: string): string {
  return `${TRPC_ENDPOINT_PREFIX}${procedurePath}`;
}

/**
 * Paste, file-share, mount and mount-explorer operations were once declared twice
 * ("pastes.admin.delete", "fs.mine.mkdir"); a write queued by an older version of the page still names
 * them so, and replays as the one procedure that now takes both callers.
 */
const MERGED_PROCEDURE = /^(pastes|files|mounts|fs)\.(?:admin|mine)\./;

/** The procedure a queued item replays ("/trpc/pastes.create" -> "pastes.create"). */
export function procedureOf(item: Pick<OfflineQueueItem, "endpoint">): string {
  const path = item.endpoint.startsWith(TRPC_ENDPOINT_PREFIX)
    ? item.endpoint.slice(TRPC_ENDPOINT_PREFIX.length)
    : item.endpoint;
  return path.replace(MERGED_PROCEDURE, "$1.");
}

export type WriteToQueue = {
  procedurePath: string;
  input: unknown;
  authType: AuthType;
  sessionScope: string | null;
  timestamp: number;
};

/** Queues a write; null when the procedure is not one that may wait. */
export async function enqueueWrite(db: OfflineDatabase, write: WriteToQueue): Promise<OfflineQueueItem | null> {
  const type = queueTypeOf(write.procedurePath);
  if (!type) return null;
  const item: OfflineQueueItem = {
    type,
    endpoint: endpointOf(write.procedurePath),
    method: "POST",
    data: write.input,
    sessionScope: write.sessionScope,
    authType: write.authType,
    timestamp: write.timestamp,
    status: "pending",
  };
  const id = await db.offlineQueue.add(item);
  return { ...item, id };
}

/** Pending writes, oldest first (ids grow with every write, so they keep the order made). */
export function pendingWrites(db: OfflineDatabase): Promise<OfflineQueueItem[]> {
  return db.offlineQueue.where("status").equals("pending").sortBy("id");
}

export function countPendingWrites(db: OfflineDatabase): Promise<number> {
  return db.offlineQueue.where("status").equals("pending").count();
}

export type SyncedWrite = { item: OfflineQueueItem; result: unknown };
export type FailedWrite = { item: OfflineQueueItem; error: unknown };
export type SyncReport = {
  synced: SyncedWrite[];
  failed: FailedWrite[];
  /** Still waiting: the server could not be reached, so these go next time, in the same order. */
  remaining: number;
};

export type SyncOptions = {
  /** Sends one write to the server; throws what the server (or the network) answered. */
  send: (item: OfflineQueueItem) => Promise<unknown>;
  /** No answer at all: stop and keep this write and those after it for the next try. */
  isUnreachable: (error: unknown) => boolean;
};

/**
 * Replays the queue in order. A write the server refuses (invalid, conflicting, an expired session)
 * would be refused again, so it leaves the queue and is reported; when the server cannot be reached
 * at all, syncing stops and nothing is lost or reordered.
 */
export async function syncQueue(db: OfflineDatabase, options: SyncOptions): Promise<SyncReport> {
  const report: SyncReport = { synced: [], failed: [], remaining: 0 };
  const items = await pendingWrites(db);
  for (const [index, item] of items.entries()) {
    try {
      const result = await options.send(item);
      report.synced.push({ item, result });
    } catch (error) {
      if (options.isUnreachable(error)) {
        report.remaining = items.length - index;
        return report;
      }
      report.failed.push({ item, error });
    }
    if (item.id !== undefined) await db.offlineQueue.delete(item.id);
  }
  return report;
}

let isSyncing = false;

/**
 * Runs `task` unless a sync is already running in this tab or (through the Web Locks API) in another
 * tab of the app: two tabs replaying the same queue would send every write twice.
 */
export async function withSyncLock<T>(task: () => Promise<T>): Promise<T | null> {
  if (isSyncing) return null;
  isSyncing = true;
  try {
    const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
    if (!locks) return await task();
    return await locks.request("pastebox-offline-sync", { ifAvailable: true }, (lock) => (lock ? task() : null));
  } finally {
    isSyncing = false;
  }
}
