// The checked rows of an admin list. Only rows on screen count: a row that left the list (deleted
// elsewhere, another page) drops out of the selection by itself.
import { useMemo, useState } from "react";

export type Selection = {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  /** Selects every row on screen, or none when all of them already are. */
  toggleAll: () => void;
  clear: () => void;
  /** Forgets rows that were just deleted. */
  forget: (ids: readonly string[]) => void;
};

export function useSelection(items: readonly { id: string }[]): Selection {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(
    () => new Set(items.filter((item) => selectedIds.has(item.id)).map((item) => item.id)),
    [items, selectedIds],
  );
  return {
    selected,
    toggle: (id) =>
      setSelectedIds((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () => setSelectedIds(selected.size === items.length ? new Set() : new Set(items.map((item) => item.id))),
    clear: () => setSelectedIds(new Set()),
    forget: (ids) => setSelectedIds((current) => new Set([...current].filter((id) => !ids.includes(id)))),
  };
}

/** The rows that are selected, in list order. */
export function selectedItems<Item extends { id: string }>(items: readonly Item[], selection: Selection): Item[] {
  return items.filter((item) => selection.selected.has(item.id));
}
