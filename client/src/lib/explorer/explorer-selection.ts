// Multi-select over a listing, by path: toggle one, select all or none, keep only paths still listed.

export function toggleSelected(selected: ReadonlySet<string>, path: string): Set<string> {
  const next = new Set(selected);
  if (next.has(path)) next.delete(path);
  else next.add(path);
  return next;
}

export function toggleAll(selected: ReadonlySet<string>, paths: readonly string[]): Set<string> {
  const allSelected = paths.length > 0 && paths.every((path) => selected.has(path));
  return allSelected ? new Set() : new Set(paths);
}

/** Drops selected paths that are no longer in the listing (after a refresh, delete or rename). */
export function pruneSelection(selected: ReadonlySet<string>, paths: readonly string[]): Set<string> {
  const present = new Set(paths);
  const next = new Set([...selected].filter((path) => present.has(path)));
  return next.size === selected.size ? (selected as Set<string>) : next;
}

export type SelectionState = "none" | "some" | "all";

export function selectionState(selected: ReadonlySet<string>, paths: readonly string[]): SelectionState {
  const count = paths.filter((path) => selected.has(path)).length;
  if (count === 0) return "none";
  return count === paths.length ? "all" : "some";
}
