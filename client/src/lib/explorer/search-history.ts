// The explorer's local search history: the last few queries, newest first, kept in the offline
// database's searchHistory store (docs/product.md §3). The functions stay synchronous for the search panel:
// they work on an in-memory copy that is loaded from IndexedDB when the search panel first shows
// (loadSearchHistory) and written back in the background. Passing a Storage instead keeps the
// history there (tests, and the one-time move of what older versions kept in localStorage).
import type { OfflineDatabase } from "../../offline/db";
import { existingOfflineDb, openOfflineDb } from "../../offline/local-db";

export const SEARCH_HISTORY_KEY = "explorer_search_history";
export const SEARCH_HISTORY_MAX = 8;

type HistoryStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

let memory: string[] = [];

function parseHistory(text: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === "string").slice(0, SEARCH_HISTORY_MAX)
      : [];
  } catch {
    return [];
  }
}

function withQuery(current: string[], query: string): string[] {
  return [query, ...current.filter((item) => item !== query)].slice(0, SEARCH_HISTORY_MAX);
}

// Writes are queued one after another, so a quick add-then-clear lands in that order.
let writes: Promise<void> = Promise.resolve();
function persist(task: (db: OfflineDatabase) => Promise<unknown>): void {
  const opened = openOfflineDb();
  writes = writes
    .then(() => opened)
    .then((db) => db && task(db))
    .then(
      () => undefined,
      () => undefined, // Storage full or blocked: the history stays in memory for this visit.
    );
}

export function readSearchHistory(storage?: HistoryStorage | null): string[] {
  if (storage !== undefined) {
    try {
      return parseHistory(storage?.getItem(SEARCH_HISTORY_KEY) ?? null);
    } catch {
      return [];
    }
  }
  return [...memory];
}

export function addSearchHistory(query: string, storage?: HistoryStorage | null): string[] {
  const trimmed = query.trim();
  const current = readSearchHistory(storage);
  if (!trimmed) return current;
  const next = withQuery(current, trimmed);
  if (storage !== undefined) {
    try {
      storage?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the history stays in memory only.
    }
    return next;
  }
  memory = next;
  const timestamp = Date.now();
  persist(async (db) => {
    await db.searchHistory.put({ query: trimmed, timestamp });
    // Only the newest few are kept.
    const stale = await db.searchHistory.orderBy("timestamp").reverse().offset(SEARCH_HISTORY_MAX).primaryKeys();
    await db.searchHistory.bulkDelete(stale);
  });
  return next;
}

export function clearSearchHistory(storage?: HistoryStorage | null): void {
  if (storage !== undefined) {
    try {
      storage?.removeItem(SEARCH_HISTORY_KEY);
    } catch {
      // Nothing to clear when storage is unavailable.
    }
    return;
  }
  memory = [];
  persist((db) => db.searchHistory.clear());
}

/**
 * Loads the stored history into memory. A history that an older version kept in localStorage moves
 * into the database the first time, and leaves localStorage.
 */
export async function loadSearchHistory(
  db: OfflineDatabase | null,
  legacy: HistoryStorage | null = typeof localStorage === "undefined" ? null : localStorage,
): Promise<string[]> {
  if (!db) return readSearchHistory();
  try {
    const old = legacy ? readSearchHistory(legacy) : [];
    if (old.length > 0) {
      // Oldest first gets the oldest timestamp, so the order is kept.
      const base = Date.now() - old.length;
      await db.searchHistory.bulkPut(old.map((query, index) => ({ query, timestamp: base + (old.length - index) })));
      clearSearchHistory(legacy);
    }
    const rows = await db.searchHistory.orderBy("timestamp").reverse().limit(SEARCH_HISTORY_MAX).toArray();
    // Queries added while loading stay in front.
    memory = [...memory, ...rows.map((row) => row.query)]
      .filter((query, index, all) => all.indexOf(query) === index)
      .slice(0, SEARCH_HISTORY_MAX);
  } catch {
    // The database could not be read: start with what this visit adds.
  }
  return readSearchHistory();
}

let loaded: Promise<string[]> | undefined;

/** The stored history, loaded once per visit (the first time the search panel shows). */
export function loadStoredSearchHistory(): Promise<string[]> {
  loaded ??= existingOfflineDb()
    .then((db) => loadSearchHistory(db))
    .catch(() => readSearchHistory());
  return loaded;
}
