// Sorting a folder listing: folders first, then by name (natural order), size or modification time.
import type { FsEntry } from "@shared/schemas/explorer/explorer";

export type SortKey = "name" | "size" | "modified";
export type SortDirection = "asc" | "desc";
export type SortState = { key: SortKey; direction: SortDirection };

export const DEFAULT_SORT: SortState = { key: "name", direction: "asc" };

type Sortable = Pick<FsEntry, "name" | "type" | "size" | "modified">;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

export function compareEntries(a: Sortable, b: Sortable, sort: SortState): number {
  if (a.type !== b.type) return a.type === "directory" ? -1 : 1;
  let result = 0;
  if (sort.key === "size") result = a.size - b.size;
  else if (sort.key === "modified") result = (a.modified?.getTime() ?? 0) - (b.modified?.getTime() ?? 0);
  if (result === 0) result = collator.compare(a.name, b.name);
  return sort.direction === "asc" ? result : -result;
}

export function sortEntries<Entry extends Sortable>(entries: readonly Entry[], sort: SortState): Entry[] {
  return [...entries].sort((a, b) => compareEntries(a, b, sort));
}

/** Clicking a column: the same key flips the direction, another key starts ascending. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: "asc" };
}
