// The crawl that catches what changed in a storage past the app (docs/search-index.md): it walks the
// folders the storage's mounts show, page by page in the storage's key order, and updates the rows of
// each page; what it did not see by its end was removed from the storage. Its progress and where it
// stands are kept in FsIndexState, so a crawl whose process died is resumed from its last page by the
// next one (a scheduled run or a rebuild), and two processes never crawl one storage at once.

import { randomUUID } from "node:crypto";
import type { ScheduledJobName } from "@shared/schemas/admin/jobs";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { StorageService } from "../../storage";
import type { StorageDriver } from "../../storage/driver";
import { loadActiveMounts, mountKeyPrefix } from "../explorer/mounts";
import type { JobDefinition } from "../jobs/scheduler";
import type { IndexRow } from "./store";
import { rowsOf } from "./writes";

/** A crawl that has not shown progress for this long is taken to have died with its process. */
export const CRAWL_STALE_MS = 2 * 60_000;
/** Keys per listing page (S3's page). */
const CRAWL_PAGE_KEYS = 1000;
/** Folders remembered as already indexed by this crawl, so deep trees are not upserted per page. */
const KNOWN_FOLDERS_MAX = 100_000;

export const FS_INDEX_JOB = "fs-index" satisfies ScheduledJobName;

export type CrawlDeps = { db: Database; storage: StorageService };

type Cursor = { prefix: string; token: string | null };

/** The folders of a storage that mounts show, none inside another ("" is the whole storage). */
export async function crawlPrefixes(db: Database, storageConfigId: string): Promise<string[]> {
  const mounts = (await loadActiveMounts(db)).filter((mount) => mount.storageConfigId === storageConfigId);
  const prefixes = [...new Set(mounts.map(mountKeyPrefix))].sort();
  return prefixes.filter((prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(other)));
}

/** The storage configs that some active mount shows. */
export async function mountedStorages(db: Database): Promise<string[]> {
  return [...new Set((await loadActiveMounts(db)).map((mount) => mount.storageConfigId))].sort();
}

type Claim = { crawlId: string; startedMs: number; cursor: Cursor | null };

/**
 * Takes the storage's crawl for this process: null when a live crawl holds it. A crawl that died (its
 * heartbeat stopped) or failed is resumed where it stopped, with its start time, so what it saw before
 * still counts as seen.
 */
async function claimCrawl(db: Database, storageConfigId: string): Promise<Claim | null> {
  try {
    await db.fsIndexState.create({ data: { storageConfigId } });
  } catch (error) {
    // It exists already (or another process created it this instant).
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
  const crawlId = randomUUID();
  const now = new Date();
  const claimed = await db.fsIndexState.updateMany({
    where: {
      storageConfigId,
      OR: [
        { status: { not: "crawling" } },
        { heartbeatAt: null },
        { heartbeatAt: { lt: new Date(now.getTime() - CRAWL_STALE_MS) } },
      ],
    },
    data: { status: "crawling", crawlId, heartbeatAt: now, error: null },
  });
  if (claimed.count === 0) return null;
  const state = await db.fsIndexState.findUniqueOrThrow({
    where: { storageConfigId },
    select: { cursor: true, crawlStartedMs: true },
  });
  const cursor = parseCursor(state.cursor);
  if (cursor && state.crawlStartedMs !== null) return { crawlId, startedMs: Number(state.crawlStartedMs), cursor };
  const startedMs = now.getTime();
  await db.fsIndexState.update({
    where: { storageConfigId },
    data: { crawlStartedMs: BigInt(startedMs), crawledObjects: 0, cursor: null },
  });
  return { crawlId, startedMs, cursor: null };
}

function parseCursor(text: string | null): Cursor | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Cursor>;
    return typeof value.prefix === "string" ? { prefix: value.prefix, token: value.token ?? null } : null;
  } catch {
    return null;
  }
}

/** Raised when another process took the crawl over (this one was taken for dead). */
class CrawlReplaced extends Error {}

export type CrawlOutcome = { status: "done"; objects: number; removed: number } | { status: "busy" };

/**
 * Crawls one storage now, in this call: "busy" when another crawl of it is alive. `onProgress` hears
 * how many objects this crawl has seen so far.
 */
export async function crawlStorage(
  deps: CrawlDeps,
  storageConfigId: string,
  options: { signal?: AbortSignal; onProgress?: (objects: number) => void } = {},
): Promise<CrawlOutcome> {
  const claim = await claimCrawl(deps.db, storageConfigId);
  if (!claim) return { status: "busy" };
  const { db } = deps;
  const index = deps.storage.index();
  try {
    const driver = await deps.storage.driverFor(storageConfigId);
    const prefixes = await crawlPrefixes(db, storageConfigId);
    let objects = claim.cursor
      ? (await db.fsIndexState.findUniqueOrThrow({ where: { storageConfigId }, select: { crawledObjects: true } }))
          .crawledObjects
      : 0;
    let removed = 0;
    const knownFolders = new Set<string>();
    const startAt = claim.cursor ? prefixes.indexOf(claim.cursor.prefix) : 0;
    for (const [position, prefix] of prefixes.entries()) {
      if (position < startAt) continue;
      let token = position === startAt ? (claim.cursor?.token ?? undefined) : undefined;
      // The next page is listed while the last one is written (listing and writing each take about
      // half a page's time): `writing` is the write of the page before, awaited before the next starts.
      let writing: Promise<void> = Promise.resolve();
      try {
        do {
          options.signal?.throwIfAborted();
          const seenMs = Date.now();
          const page = await listResuming(driver, prefix, token);
          const rows: IndexRow[] = [];
          for (const object of page.objects) {
            if (object.key === prefix) continue;
            for (const row of rowsOf(object, driver.kind)) {
              // Folders above the crawled one belong to other mounts' views, or to none.
              if (row.key.length <= prefix.length) continue;
              if (row.isFolder && !row.hasMarker && row.key !== object.key) {
                if (knownFolders.has(row.key)) continue;
                if (knownFolders.size < KNOWN_FOLDERS_MAX) knownFolders.add(row.key);
              }
              rows.push(row);
            }
            if (!object.key.endsWith("/")) objects++;
          }
          token = page.nextContinuationToken ?? undefined;
          const seen = objects;
          // Where a crawl resumes once this page is written: the page after it.
          const cursor = JSON.stringify(
            token ? { prefix, token } : { prefix: prefixes[position + 1] ?? prefix, token: null },
          );
          await writing;
          writing = (async () => {
            await index.upsert(storageConfigId, rows, seenMs);
            const progressed = await db.fsIndexState.updateMany({
              where: { storageConfigId, crawlId: claim.crawlId },
              data: { crawledObjects: seen, heartbeatAt: new Date(), cursor },
            });
            if (progressed.count === 0) throw new CrawlReplaced();
            options.onProgress?.(seen);
          })();
          // Seen by the next turn's await, or by the finally below when the listing fails first.
          writing.catch(() => undefined);
        } while (token);
      } finally {
        await writing;
      }
      removed += await index.dropUnseen(storageConfigId, prefix, claim.startedMs);
    }
    // Before "ready": the searches that follow it are planned on the rows just written. A failure here
    // (another VACUUM holding the table) leaves that to autovacuum; the crawl itself is done. The
    // heartbeat goes on meanwhile: a VACUUM of millions of rows must not look like a dead crawl.
    const beat = setInterval(() => {
      db.fsIndexState
        .updateMany({ where: { storageConfigId, crawlId: claim.crawlId }, data: { heartbeatAt: new Date() } })
        .catch(() => undefined);
    }, CRAWL_STALE_MS / 4);
    try {
      await index.settle().catch(() => undefined);
    } finally {
      clearInterval(beat);
    }
    const finished = await db.fsIndexState.updateMany({
      where: { storageConfigId, crawlId: claim.crawlId },
      data: { status: "ready", cursor: null, indexedAt: new Date(), heartbeatAt: new Date(), crawledObjects: objects },
    });
    if (finished.count === 0) throw new CrawlReplaced();
    return { status: "done", objects, removed };
  } catch (error) {
    if (error instanceof CrawlReplaced) return { status: "busy" };
    // The cursor stays: the next crawl resumes from the last page this one finished.
    await db.fsIndexState
      .updateMany({
        where: { storageConfigId, crawlId: claim.crawlId },
        data: {
          status: "failed",
          error:
            error instanceof AppError && error.messageKey.startsWith("errors.")
              ? error.messageKey
              : "errors.indexCrawlFailed",
        },
      })
      .catch(() => undefined);
    throw error;
  }
}

/** A page of the listing; a resumed page whose token the storage no longer takes starts the folder over. */
async function listResuming(driver: StorageDriver, prefix: string, token: string | undefined) {
  try {
    return await driver.list(prefix, { continuationToken: token, maxKeys: CRAWL_PAGE_KEYS });
  } catch (error) {
    if (token === undefined) throw error;
    return driver.list(prefix, { maxKeys: CRAWL_PAGE_KEYS });
  }
}

/**
 * Starts crawls of these storages (every mounted one by default) in the background, one after the
 * other: the rebuild the admin asks for. Answers which storages it will crawl and which another
 * crawl holds now (those are left to it).
 */
export async function startCrawls(
  deps: CrawlDeps & { logger: { warn(message: string, meta?: object): void } },
  storageConfigIds?: string[],
): Promise<{ storage_config_ids: string[] }> {
  const ids = storageConfigIds ?? (await mountedStorages(deps.db));
  const run = async () => {
    for (const id of ids) {
      await crawlStorage(deps, id).catch((error: unknown) =>
        deps.logger.warn("the search index crawl failed", { storageConfigId: id, error: String(error) }),
      );
    }
  };
  // The crawl goes on after the request that started it has been answered.
  void run();
  return { storage_config_ids: ids };
}

/** The scheduled crawl of every mounted storage (the ONE scheduler, docs/jobs.md). */
export function indexCrawlJob(deps: CrawlDeps): JobDefinition {
  return {
    name: FS_INDEX_JOB,
    schedule: "17 * * * *",
    leaseMs: 30 * 60_000,
    async run({ log, progress, signal }) {
      const results: Record<string, unknown> = {};
      for (const id of await mountedStorages(deps.db)) {
        const outcome = await crawlStorage(deps, id, { signal, onProgress: (objects) => progress({ [id]: objects }) });
        log(
          outcome.status === "busy"
            ? `${id}: another crawl holds it`
            : `${id}: ${outcome.objects} objects, ${outcome.removed} removed`,
        );
        results[id] = outcome;
      }
      return results;
    },
  };
}
