// What a storage really holds (docs/storage-usage.md). Every write through the app passes through the
// driver `trackUsage` wraps, which keeps the storage's usage record (StorageUsage) up to date; a recount
// walks the storage and replaces the record with what it found. The capacity check and the figures the
// admin sees read the record.
//
// The rule that keeps writes during a recount from being lost or doubled: every write is announced in
// the StorageWrite journal (the key and its size before) BEFORE it touches the storage, and settled
// after (its size after). When the recount's walk passes a key, it notes in every journal entry for
// that key the size it listed (`seenBy`, `seenSize`; absent counts as 0). When the walk is done, the
// recount's total is what it listed plus, for each write it overlapped, that write's change unless
// the walk already saw the write's result (seenSize = sizeAfter). A write announced after the walk
// passed its key started after the listing, so the walk saw the size before it: its change is added.
// A write still in flight when the recount finishes is settled by the same comparison when it ends.
// Folder markers ("dir/") weigh nothing and are not tracked.

import { randomUUID } from "node:crypto";
import type { Database } from "../db/client";
import type { ListResult, StorageDriver } from "./driver";

type Tx = Parameters<Parameters<Database["$transaction"]>[0]>[0];

/** A running recount that has not shown progress for this long is taken to have died with its server. */
export const RECOUNT_STALE_MS = 2 * 60_000;
/** Keys listed per recount page (S3's maximum). */
const RECOUNT_PAGE_KEYS = 1000;
/**
 * The usage transactions' limits. They hold only database work, but how much grows with the keys of one
 * write (a folder's removal settles every key in it at once) and a recount page's journal; Prisma's
 * default (5 s) failed such a removal on a loaded machine, leaving the write unsettled. Long enough for a
 * large folder on a busy database; the row they take first still serialises them.
 */
const USAGE_TRANSACTION = { maxWait: 10_000, timeout: 60_000 };
/** Size lookups run at most this many at a time before a delete of many keys. */
const HEAD_CONCURRENCY = 16;

const isMarker = (key: string) => key.endsWith("/");

/** Creates the usage record of a storage config if it has none (new configs start at 0 bytes). */
export async function ensureUsageRecord(db: Database | Tx, storageConfigId: string): Promise<void> {
  const found = await db.storageUsage.findUnique({ where: { storageConfigId }, select: { storageConfigId: true } });
  if (found) return;
  try {
    await db.storageUsage.create({ data: { storageConfigId } });
  } catch (error) {
    // Another write created it at the same moment.
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
}

type Announced = { id: string; sizeBefore: bigint };

async function announce(
  db: Database,
  storageConfigId: string,
  writes: { key: string; sizeBefore: number }[],
  isDirect = false,
): Promise<Announced[]> {
  if (writes.length === 0) return [];
  await ensureUsageRecord(db, storageConfigId);
  return db.storageWrite.createManyAndReturn({
    data: writes.map((write) => ({ storageConfigId, key: write.key, sizeBefore: BigInt(write.sizeBefore), isDirect })),
    select: { id: true, sizeBefore: true },
  });
}

/** The change a finished write makes to a total that already holds what `seenSize` says of its key. */
function changeBeyond(seenSize: bigint, sizeBefore: bigint, sizeAfter: bigint): bigint {
  return seenSize === sizeAfter ? 0n : sizeAfter - sizeBefore;
}

/** Ends announced writes with their sizes after, moving the usage record by what they changed. */
async function settle(db: Database, storageConfigId: string, writes: { id: string; sizeAfter: number }[]) {
  if (writes.length === 0) return;
  await db.$transaction(async (tx) => {
    // Taking the record's row first serialises this with a recount's page and finish.
    const usage = await tx.storageUsage.update({
      where: { storageConfigId },
      data: { updatedAt: new Date() },
      select: { recountStatus: true, recountId: true },
    });
    const runningId = usage.recountStatus === "running" ? usage.recountId : null;
    const entries = await tx.storageWrite.findMany({
      where: { id: { in: writes.map((write) => write.id) } },
      select: { id: true, sizeBefore: true, seenBy: true, seenSize: true },
    });
    const afterOf = new Map(writes.map((write) => [write.id, BigInt(write.sizeAfter)]));
    let change = 0n;
    const keep: { id: string; sizeAfter: bigint }[] = [];
    for (const entry of entries) {
      const sizeAfter = afterOf.get(entry.id) ?? entry.sizeBefore;
      // Seen by a recount that has finished: that recount's total already holds what it saw.
      const seenByFinished = entry.seenBy !== null && entry.seenBy !== runningId && entry.seenSize !== null;
      change += seenByFinished
        ? changeBeyond(entry.seenSize ?? 0n, entry.sizeBefore, sizeAfter)
        : sizeAfter - entry.sizeBefore;
      // A running recount settles the writes it overlapped when it finishes.
      if (runningId) keep.push({ id: entry.id, sizeAfter });
    }
    await tx.storageUsage.update({ where: { storageConfigId }, data: { usedBytes: { increment: change } } });
    for (const entry of keep) {
      await tx.storageWrite.update({ where: { id: entry.id }, data: { sizeAfter: entry.sizeAfter } });
    }
    if (!runningId) await tx.storageWrite.deleteMany({ where: { id: { in: entries.map((entry) => entry.id) } } });
  }, USAGE_TRANSACTION);
}

async function sizeOf(driver: StorageDriver, key: string): Promise<number> {
  return (await driver.head(key))?.size ?? 0;
}

async function sizesOf(driver: StorageDriver, keys: string[]): Promise<number[]> {
  const sizes: number[] = [];
  for (let i = 0; i < keys.length; i += HEAD_CONCURRENCY) {
    sizes.push(...(await Promise.all(keys.slice(i, i + HEAD_CONCURRENCY).map((key) => sizeOf(driver, key)))));
  }
  return sizes;
}

/**
 * Settles the presigned uploads to `key` (the browser wrote the bytes, the app never saw them), by
 * the object's size now. Called when the app is told such an upload is done, and before any other
 * write to the key, so that an upload that was never confirmed is counted before it is replaced.
 */
export async function settleDirectWrites(
  db: Database,
  driver: StorageDriver,
  storageConfigId: string,
  key: string,
): Promise<void> {
  const open = await db.storageWrite.findMany({
    where: { storageConfigId, key, isDirect: true, sizeAfter: null },
    orderBy: { createdAt: "asc" },
    select: { id: true, sizeBefore: true },
  });
  if (open.length === 0) return;
  const now = await sizeOf(driver, key);
  // The first announced holds the size before them all; the later ones change nothing more.
  await settle(
    db,
    storageConfigId,
    open.map((write, index) => ({ id: write.id, sizeAfter: index === 0 ? now : Number(write.sizeBefore) })),
  );
}

/** The last write queued on each key ("<storage config id> <key>"), while any is queued or running. */
const keyQueues = new Map<string, Promise<void>>();

/**
 * Runs `work` once every write queued earlier on any of `keys` has ended, and holds them until it
 * ends. A tracked write measures its keys before and after itself: two at once on one key would both
 * measure the same "before" and count it twice. All keys are queued on at once (a write waits only
 * for writes queued before it), so writes of several keys cannot wait on each other in a circle.
 */
async function oneWriteAtATime<T>(keys: string[], work: () => Promise<T>): Promise<T> {
  let release = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const earlier = new Set<Promise<void>>();
  for (const key of keys) {
    const queued = keyQueues.get(key);
    if (queued) earlier.add(queued);
    keyQueues.set(key, mine);
  }
  try {
    await Promise.all(earlier);
    return await work();
  } finally {
    release();
    for (const key of keys) if (keyQueues.get(key) === mine) keyQueues.delete(key);
  }
}

/** A write to some keys, and how to read their sizes once it has succeeded. */
type KeyWrite<T> = {
  keys: string[];
  write: () => Promise<T>;
  sizesAfter: (result: T) => Promise<number[]> | number[];
};

/** Where writes are counted: a storage config's usage record, sizes read through its driver. */
type UsageLedger = { db: Database; driver: StorageDriver; storageConfigId: string };

/**
 * Announces, performs and settles a write to some keys, whatever its outcome. Writes through this
 * process to the same key take turns (`oneWriteAtATime`).
 */
function tracked<T>(ledger: UsageLedger, change: KeyWrite<T>): Promise<T> {
  const counted = change.keys.filter((key) => !isMarker(key));
  if (counted.length === 0) return change.write();
  return oneWriteAtATime(
    [...new Set(counted)].map((key) => `${ledger.storageConfigId} ${key}`),
    () => trackedNow(ledger, { ...change, keys: counted }),
  );
}

async function trackedNow<T>(
  { db, driver, storageConfigId }: UsageLedger,
  { keys, write, sizesAfter }: KeyWrite<T>,
): Promise<T> {
  for (const key of new Set(keys)) await settleDirectWrites(db, driver, storageConfigId, key);
  const before = await sizesOf(driver, keys);
  const announced = await announce(
    db,
    storageConfigId,
    keys.map((key, index) => ({ key, sizeBefore: before[index] ?? 0 })),
  );
  const settleAt = (after: number[]) =>
    settle(
      db,
      storageConfigId,
      announced.map((entry, index) => ({ id: entry.id, sizeAfter: after[index] ?? 0 })),
    );
  try {
    const result = await write();
    await settleAt(await sizesAfter(result));
    return result;
  } catch (error) {
    // A failed write may have done part of its work (some keys of many): count what is there now.
    await settleAt(await sizesOf(driver, keys).catch(() => before));
    throw error;
  }
}

/** The driver of a storage config, counting every write through it in the config's usage record. */
export function trackUsage(driver: StorageDriver, db: Database, storageConfigId: string): StorageDriver {
  const ledger: UsageLedger = { db, driver, storageConfigId };
  const track = <T>(keys: string[], write: () => Promise<T>, sizesAfter: KeyWrite<T>["sizesAfter"]) =>
    tracked(ledger, { keys, write, sizesAfter });
  return {
    ...driver,
    put: (key, body, options) =>
      track(
        [key],
        () => driver.put(key, body, options),
        (stored) => [stored.size],
      ),
    copy: (sourceKey, targetKey, options) =>
      track(
        [targetKey],
        () => driver.copy(sourceKey, targetKey, options),
        () => sizesOf(driver, [targetKey]),
      ),
    delete: (key) =>
      track(
        [key],
        () => driver.delete(key),
        () => [0],
      ),
    deleteMany: (keys) =>
      track(
        keys,
        () => driver.deleteMany(keys),
        () => keys.map(() => 0),
      ),
    completeMultipartUpload: (key, uploadId, parts) =>
      track(
        [key],
        () => driver.completeMultipartUpload(key, uploadId, parts),
        () => sizesOf(driver, [key]),
      ),
    async presignPut(key, options) {
      if (!isMarker(key)) {
        await announce(db, storageConfigId, [{ key, sizeBefore: await sizeOf(driver, key) }], true);
      }
      return driver.presignPut(key, options);
    },
  };
}

// ---- Recount ----------------------------------------------------------------------------------

/** Key order of a storage's listings: S3 sorts by UTF-8 bytes, local disk by JavaScript string order. */
function keyComparer(kind: StorageDriver["kind"]): (a: string, b: string) => number {
  if (kind === "s3") return (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  return (a, b) => (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Starts counting what the storage holds, in the background; the record shows the progress. A
 * recount already running is left alone unless it has gone quiet (its server died): then this one
 * takes over. Returns false when one is running.
 */
export async function startRecount(
  db: Database,
  driver: StorageDriver,
  storageConfigId: string,
  onFinished?: (outcome: Promise<void>) => void,
): Promise<boolean> {
  await ensureUsageRecord(db, storageConfigId);
  const recountId = randomUUID();
  const started = await db.$transaction(async (tx) => {
    const usage = await tx.storageUsage.update({
      where: { storageConfigId },
      data: { updatedAt: new Date() },
      select: { recountStatus: true, recountHeartbeatAt: true },
    });
    const isAlive =
      usage.recountStatus === "running" &&
      usage.recountHeartbeatAt !== null &&
      Date.now() - usage.recountHeartbeatAt.getTime() < RECOUNT_STALE_MS;
    if (isAlive) return false;
    // A recount that died leaves notes and kept writes behind; their changes are in usedBytes already.
    await forgetRecountNotes(tx, storageConfigId);
    const now = new Date();
    await tx.storageUsage.update({
      where: { storageConfigId },
      data: {
        recountStatus: "running",
        recountId,
        recountObjects: 0,
        recountBytes: 0n,
        recountCursor: null,
        recountStartedAt: now,
        recountHeartbeatAt: now,
        recountError: null,
      },
    });
    return true;
  }, USAGE_TRANSACTION);
  if (!started) return false;
  const outcome = runRecount(db, driver, storageConfigId, recountId);
  // The walk goes on after the request that started it has been answered.
  outcome.catch(() => undefined);
  onFinished?.(outcome);
  return true;
}

async function forgetRecountNotes(tx: Tx, storageConfigId: string) {
  await tx.storageWrite.deleteMany({ where: { storageConfigId, sizeAfter: { not: null } } });
  await tx.storageWrite.updateMany({ where: { storageConfigId }, data: { seenBy: null, seenSize: null } });
}

/** Raised inside a page's transaction when another recount has taken over. */
class RecountReplaced extends Error {}

async function runRecount(db: Database, driver: StorageDriver, storageConfigId: string, recountId: string) {
  const compare = keyComparer(driver.kind);
  let token: string | undefined;
  let previousLast: string | null = null;
  try {
    do {
      const page: ListResult = await driver.list("", { continuationToken: token, maxKeys: RECOUNT_PAGE_KEYS });
      token = page.nextContinuationToken ?? undefined;
      const objects = page.objects.filter((object) => !isMarker(object.key));
      const sizes = new Map(objects.map((object) => [object.key, BigInt(object.size)]));
      const last = page.objects.at(-1)?.key ?? null;
      const isLastPage = token === undefined;
      const lowerBound = previousLast;
      // This page answered for the keys after the previous page's last, up to its own last (the last
      // page: every key after).
      const isInPage = (key: string) =>
        (lowerBound === null || compare(key, lowerBound) > 0) &&
        (isLastPage || (last !== null && compare(key, last) <= 0));
      await db.$transaction(async (tx) => {
        const usage = await tx.storageUsage.update({
          where: { storageConfigId },
          data: {
            recountObjects: { increment: objects.length },
            recountBytes: { increment: objects.reduce((sum, object) => sum + BigInt(object.size), 0n) },
            recountCursor: last ?? previousLast,
            recountHeartbeatAt: new Date(),
          },
          select: { recountId: true, recountStatus: true },
        });
        if (usage.recountId !== recountId || usage.recountStatus !== "running") throw new RecountReplaced();
        const journal = await tx.storageWrite.findMany({
          where: { storageConfigId },
          select: { id: true, key: true },
        });
        for (const entry of journal.filter((entry) => isInPage(entry.key))) {
          await tx.storageWrite.update({
            where: { id: entry.id },
            data: { seenBy: recountId, seenSize: sizes.get(entry.key) ?? 0n },
          });
        }
      }, USAGE_TRANSACTION);
      previousLast = last ?? previousLast;
    } while (token);
    await finishRecount(db, storageConfigId, recountId);
  } catch (error) {
    if (error instanceof RecountReplaced) return;
    await db
      .$transaction(async (tx) => {
        const usage = await tx.storageUsage.findUnique({ where: { storageConfigId }, select: { recountId: true } });
        if (usage?.recountId !== recountId) return;
        await forgetRecountNotes(tx, storageConfigId);
        await tx.storageUsage.update({
          where: { storageConfigId },
          data: { recountStatus: "failed", recountError: errorKeyOf(error) },
        });
      }, USAGE_TRANSACTION)
      .catch(() => undefined);
    throw error;
  }
}

function errorKeyOf(error: unknown): string {
  const key = (error as { message?: unknown }).message;
  return typeof key === "string" && key.startsWith("errors.") ? key : "errors.recountFailed";
}

async function finishRecount(db: Database, storageConfigId: string, recountId: string) {
  await db.$transaction(async (tx) => {
    const usage = await tx.storageUsage.update({
      where: { storageConfigId },
      data: { updatedAt: new Date() },
      select: { recountId: true, recountStatus: true, recountBytes: true, recountObjects: true },
    });
    if (usage.recountId !== recountId || usage.recountStatus !== "running") return;
    const finished = await tx.storageWrite.findMany({
      where: { storageConfigId, sizeAfter: { not: null } },
      select: { id: true, sizeBefore: true, sizeAfter: true, seenBy: true, seenSize: true },
    });
    let change = 0n;
    for (const write of finished) {
      const sizeAfter = write.sizeAfter ?? write.sizeBefore;
      change +=
        write.seenBy === recountId
          ? changeBeyond(write.seenSize ?? 0n, write.sizeBefore, sizeAfter)
          : sizeAfter - write.sizeBefore;
    }
    await tx.storageWrite.deleteMany({ where: { id: { in: finished.map((write) => write.id) } } });
    await tx.storageUsage.update({
      where: { storageConfigId },
      data: {
        usedBytes: usage.recountBytes + change,
        countedAt: new Date(),
        countedObjects: usage.recountObjects,
        recountStatus: "idle",
        recountCursor: null,
      },
    });
  }, USAGE_TRANSACTION);
}

// ---- Reading ----------------------------------------------------------------------------------

export const storageUsageSelect = {
  usedBytes: true,
  countedAt: true,
  countedObjects: true,
  recountStatus: true,
  recountObjects: true,
  recountBytes: true,
  recountStartedAt: true,
  recountHeartbeatAt: true,
  recountError: true,
} as const;

/** Bytes a storage holds, as its usage record knows them. */
export async function storedBytes(db: Database, storageConfigId: string): Promise<number> {
  const usage = await db.storageUsage.findUnique({ where: { storageConfigId }, select: { usedBytes: true } });
  return Number(usage?.usedBytes ?? 0n);
}
