// Keeps the search index current with every write through the app (docs/search-index.md): the storage
// service hands out drivers wrapped here (storage/index.ts), the one place every write passes through
// (the explorer, WebDAV, shares, upload requests, server tasks, the sweep). A write that succeeded is
// never failed by its index update: a row missed then is put right by the next crawl.

import type { ObjectInfo, StorageDriver } from "../../storage/driver";
import { ancestorFolders, type IndexRow, type IndexStore } from "./store";

/** Keys of a folder copy read per listing page while indexing what it wrote. */
const COPY_PAGE_KEYS = 1000;

/** What the index keeps of a listed object, and the folders above it. */
export function rowsOf(object: Pick<ObjectInfo, "key" | "size" | "lastModified">, kind: StorageDriver["kind"]) {
  const isMarker = object.key.endsWith("/");
  const own: IndexRow = {
    key: object.key,
    size: isMarker ? 0 : object.size,
    isFolder: isMarker,
    hasMarker: isMarker,
    modifiedMs: object.lastModified.getTime(),
  };
  // On disk a folder is a directory that stays when it empties; in a bucket it lasts as long as its keys.
  return [own, ...ancestorFolders(object.key).map((key) => folderRow(key, kind === "local"))];
}

const folderRow = (key: string, hasMarker: boolean): IndexRow => ({
  key,
  size: 0,
  isFolder: true,
  hasMarker,
  modifiedMs: null,
});

/** Indexes what a key holds now (after a write whose result the driver does not report). */
export async function indexStoredKey(store: IndexStore, driver: StorageDriver, storageConfigId: string, key: string) {
  const seenMs = Date.now();
  const object = await driver.head(key);
  if (object) await store.upsert(storageConfigId, rowsOf({ ...object, key }, driver.kind), seenMs);
  else await forgetKeys(store, storageConfigId, [key]);
}

async function forgetKeys(store: IndexStore, storageConfigId: string, keys: string[]) {
  await store.remove(storageConfigId, keys);
  const folders = new Set<string>();
  for (const key of keys) {
    if (key.endsWith("/")) folders.add(key);
    for (const folder of ancestorFolders(key)) folders.add(folder);
  }
  await store.pruneFolders(storageConfigId, [...folders]);
}

async function indexFolderCopy(store: IndexStore, driver: StorageDriver, storageConfigId: string, prefix: string) {
  let token: string | undefined;
  do {
    const seenMs = Date.now();
    const page = await driver.list(prefix, { continuationToken: token, maxKeys: COPY_PAGE_KEYS });
    const folder = { key: prefix, size: 0, lastModified: new Date(seenMs) };
    const rows = [folder, ...page.objects].flatMap((object) => rowsOf(object, driver.kind));
    await store.upsert(storageConfigId, rows, seenMs);
    token = page.nextContinuationToken ?? undefined;
  } while (token);
}

/**
 * Upserts of concurrent writes, grouped: rows arriving while a statement runs go together in the next
 * one (on SQLite every statement waits its turn for the one writer, so one per put would queue up).
 * Each caller still returns only once its rows are stored.
 */
function groupedUpserts(store: IndexStore, storageConfigId: string) {
  let pending: IndexRow[] = [];
  let pendingSeenMs = 0;
  let next: Promise<void> | null = null;
  let previous: Promise<void> = Promise.resolve();
  return (rows: IndexRow[], seenMs: number): Promise<void> => {
    pending.push(...rows);
    pendingSeenMs = Math.max(pendingSeenMs, seenMs);
    if (!next) {
      next = previous.then(() => {
        const batch = pending;
        const batchSeenMs = pendingSeenMs;
        pending = [];
        next = null;
        return store.upsert(storageConfigId, batch, batchSeenMs);
      });
      previous = next.catch(() => undefined);
    }
    return next;
  };
}

/** The driver of a storage config, telling the search index of every write through it. */
export function trackIndex(driver: StorageDriver, store: IndexStore, storageConfigId: string): StorageDriver {
  const upsert = groupedUpserts(store, storageConfigId);
  const quietly = async (update: () => Promise<void>) => {
    try {
      await update();
    } catch {
      // The write is done; the index learns of it with the next crawl.
    }
  };
  return {
    ...driver,
    async put(key, body, options) {
      const stored = await driver.put(key, body, options);
      const seenMs = Date.now();
      await quietly(() =>
        upsert(rowsOf({ key, size: stored.size, lastModified: new Date(seenMs) }, driver.kind), seenMs),
      );
      return stored;
    },
    async copy(sourceKey, targetKey, options) {
      await driver.copy(sourceKey, targetKey, options);
      await quietly(() =>
        targetKey.endsWith("/")
          ? indexFolderCopy(store, driver, storageConfigId, targetKey)
          : indexStoredKey(store, driver, storageConfigId, targetKey),
      );
    },
    async completeMultipartUpload(key, uploadId, parts) {
      const result = await driver.completeMultipartUpload(key, uploadId, parts);
      await quietly(() => indexStoredKey(store, driver, storageConfigId, key));
      return result;
    },
    // A delete that failed part-way changes nothing here: the next crawl sees what is left.
    async delete(key) {
      await driver.delete(key);
      // A folder removed on disk may have stayed (it was not empty): ask the storage.
      await quietly(() =>
        key.endsWith("/")
          ? indexStoredKey(store, driver, storageConfigId, key)
          : forgetKeys(store, storageConfigId, [key]),
      );
    },
    async deleteMany(keys) {
      await driver.deleteMany(keys);
      await quietly(() => forgetKeys(store, storageConfigId, keys));
    },
  };
}
