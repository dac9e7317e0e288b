// What the app keeps for offline reading: the pastes and file shares this browser opened and the
// directory listings it browsed (docs/product.md §1, §3), written when a call succeeds and read back when
// there is no network. Answers read back carry a mark, so a screen can say they are an offline copy.
import { CACHED_QUERY_PATHS, type CachedQueryPath, OFFLINE_CACHE_MAX_AGE_MS } from "./constants";
import type { CachedDirectory, CachedFile, CachedPaste, OfflineDatabase } from "./db";

export function isCachedQueryPath(path: string): path is CachedQueryPath {
  return (CACHED_QUERY_PATHS as readonly string[]).includes(path);
}

const OFFLINE_MARK = "__offlineCache";

export type OfflineCacheInfo = { cachedAt: number };

/**
 * The offline mark is a plain enumerable field: React Query keeps the previous object when new data
 * is deeply equal, so a mark it cannot see (a symbol, a WeakSet) would be lost when the offline
 * copy equals what was shown online.
 */
function markFromOfflineCache<T>(data: T, cachedAt: number): T {
  if (typeof data !== "object" || data === null) return data;
  return { ...data, [OFFLINE_MARK]: { cachedAt } satisfies OfflineCacheInfo };
}

/** Set when the value was answered from the offline cache: when it was saved. */
export function offlineCacheInfo(value: unknown): OfflineCacheInfo | null {
  if (typeof value !== "object" || value === null || !(OFFLINE_MARK in value)) return null;
  const info: unknown = (value as Record<string, unknown>)[OFFLINE_MARK];
  if (typeof info !== "object" || info === null) return null;
  const cachedAt = (info as Record<string, unknown>).cachedAt;
  return typeof cachedAt === "number" ? { cachedAt } : null;
}

/** "/docs//2024/" -> "/docs/2024": one key per directory however its path was typed. */
export function normalizeDirectoryPath(path: unknown): string {
  const text = typeof path === "string" ? path : "/";
  return `/${text
    .split("/")
    .filter((segment) => segment.length > 0)
    .join("/")}`;
}

function stringField(input: unknown, field: string): string | null {
  if (typeof input !== "object" || input === null) return null;
  const value = (input as Record<string, unknown>)[field];
  return typeof value === "string" && value.length > 0 ? value : null;
}

function isFresh(cachedAt: number, now: number): boolean {
  return now - cachedAt <= OFFLINE_CACHE_MAX_AGE_MS && cachedAt <= now;
}

/** A share past its expiry is gone on the server too: never show it from the cache. */
function isExpiredShare(data: { expires_at: Date | null }, now: number): boolean {
  return data.expires_at instanceof Date && data.expires_at.getTime() <= now;
}

export type CacheContext = {
  /** Fingerprint of who is signed in (sessionFingerprint); scopes private listings. */
  owner: string;
  now: number;
};

/**
 * Records a successful answer. Password-protected shares are not kept: their content was given to
 * someone who proved they know the password, and a local copy would outlive that check.
 */
export async function saveQueryResult(
  db: OfflineDatabase,
  path: CachedQueryPath,
  input: unknown,
  data: unknown,
  context: CacheContext,
): Promise<void> {
  if (typeof data !== "object" || data === null || offlineCacheInfo(data)) return;
  const cachedAt = context.now;
  switch (path) {
    case "pastes.view": {
      const paste = data as CachedPaste["data"];
      const slug = stringField(input, "slug");
      if (!slug || paste.has_password || paste.content === null) return;
      await db.pastes.put({ slug, data: paste, cachedAt });
      return;
    }
    case "files.public.get": {
      const file = data as CachedFile["data"];
      const slug = stringField(input, "slug");
      if (!slug || file.has_password) return;
      await db.files.put({ slug, data: file, cachedAt });
      return;
    }
    case "fs.list": {
      // A folder's first page (or whole listing) stands for it offline; later pages are not kept.
      if (stringField(input, "cursor")) return;
      const listing = data as CachedDirectory["data"];
      const key = normalizeDirectoryPath(stringField(input, "path") ?? "/");
      await db.directories.put({ path: key, owner: context.owner, data: listing, cachedAt });
      return;
    }
  }
}

/** The cached answer for a call, marked as an offline copy, or null when there is none to show. */
export async function readCachedQuery(
  db: OfflineDatabase,
  path: CachedQueryPath,
  input: unknown,
  context: CacheContext,
): Promise<unknown | null> {
  switch (path) {
    case "pastes.view": {
      const slug = stringField(input, "slug");
      const row = slug ? await db.pastes.get(slug) : undefined;
      if (!row || !isFresh(row.cachedAt, context.now) || isExpiredShare(row.data, context.now)) return null;
      return markFromOfflineCache(row.data, row.cachedAt);
    }
    case "files.public.get": {
      const slug = stringField(input, "slug");
      const row = slug ? await db.files.get(slug) : undefined;
      if (!row || !isFresh(row.cachedAt, context.now) || isExpiredShare(row.data, context.now)) return null;
      return markFromOfflineCache(row.data, row.cachedAt);
    }
    case "fs.list": {
      if (stringField(input, "cursor")) return null;
      const row = await db.directories.get(normalizeDirectoryPath(stringField(input, "path") ?? "/"));
      if (!row || row.owner !== context.owner || !isFresh(row.cachedAt, context.now)) return null;
      return markFromOfflineCache(row.data, row.cachedAt);
    }
  }
}

/** Drops what is older than the offline cache keeps (docs/product.md §9: 7 days). */
export async function pruneOfflineCache(db: OfflineDatabase, now: number): Promise<void> {
  const cutoff = now - OFFLINE_CACHE_MAX_AGE_MS;
  await Promise.all([
    db.pastes.where("cachedAt").below(cutoff).delete(),
    db.files.where("cachedAt").below(cutoff).delete(),
    db.directories.where("cachedAt").below(cutoff).delete(),
  ]);
}

/** Listings and the task list belong to a session: when it ends, they go (a shared computer keeps nothing of them). */
export async function clearPrivateCache(db: OfflineDatabase): Promise<void> {
  await Promise.all([db.directories.clear(), db.tasks.clear()]);
}

/**
 * A stable, non-reversible name for who is signed in (the session's scope): listings are tagged with
 * it. The signed-out caller has no scope and shares one name.
 */
export async function sessionFingerprint(authType: string, scope: string | null): Promise<string> {
  if (!scope) return "anonymous";
  const bytes = new TextEncoder().encode(`${authType}:${scope}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Where kept answers are looked for, and whose they are. */
export type KeptCopiesSource = {
  /**
   * The local database only if this browser already has one (a queued write or a setting made it): a
   * visit that only reads never creates it, the service worker's cache keeps the answer then
   * (first-visit-cache.ts).
   */
  existingDb: () => Promise<OfflineDatabase | null>;
  /** The caller's sessionFingerprint. */
  owner: () => Promise<string>;
  now: () => number;
};

/**
 * Keeping and reading back the answers of reads, for the tRPC link (offline-link.ts) and the share
 * pages' REST reads (offline-reads.ts). Storage never breaks a read: a copy that cannot be read is
 * "not kept", one that cannot be saved is dropped.
 */
export function keptCopies(source: KeptCopiesSource) {
  return {
    async read(path: CachedQueryPath, input: unknown): Promise<unknown | null> {
      try {
        const db = await source.existingDb();
        if (!db) return null;
        return await readCachedQuery(db, path, input, { owner: await source.owner(), now: source.now() });
      } catch {
        return null;
      }
    },
    keep(path: CachedQueryPath, input: unknown, data: unknown): void {
      void Promise.all([source.existingDb(), source.owner()])
        .then(([db, owner]) => db && saveQueryResult(db, path, input, data, { owner, now: source.now() }))
        .catch(() => undefined);
    },
  };
}
