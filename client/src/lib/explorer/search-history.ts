// The explorer's local search history: the last few queries, newest first, in localStorage.
export const SEARCH_HISTORY_KEY = "explorer_search_history";
export const SEARCH_HISTORY_MAX = 8;

type HistoryStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storageOf(storage?: HistoryStorage | null): HistoryStorage | null {
  if (storage !== undefined) return storage;
  return typeof localStorage === "undefined" ? null : localStorage;
}

export function readSearchHistory(storage?: HistoryStorage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storageOf(storage)?.getItem(SEARCH_HISTORY_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === "string").slice(0, SEARCH_HISTORY_MAX)
      : [];
  } catch {
    return [];
  }
}

export function addSearchHistory(query: string, storage?: HistoryStorage | null): string[] {
  const trimmed = query.trim();
  const current = readSearchHistory(storage);
  if (!trimmed) return current;
  const next = [trimmed, ...current.filter((item) => item !== trimmed)].slice(0, SEARCH_HISTORY_MAX);
  try {
    storageOf(storage)?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the history stays in memory only.
  }
  return next;
}

export function clearSearchHistory(storage?: HistoryStorage | null): void {
  storageOf(storage)?.removeItem(SEARCH_HISTORY_KEY);
}
