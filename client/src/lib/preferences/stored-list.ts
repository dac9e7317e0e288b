// A short list kept as JSON in localStorage under one key (recent uploads, resumable uploads). What
// storage holds is checked item by item: junk or another version's data reads as nothing. An empty
// list removes the key. Without storage, or when it refuses a write (full, blocked), the list lives
// for this page only. Another tab's change reaches the listeners through the "storage" event.
export type ListStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Which fields an item must have, and of which type: what a stored item is checked against. */
export type ItemShape = Record<string, "string" | "number" | "boolean">;

export function hasShape<T>(value: unknown, shape: ItemShape): value is T {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return Object.entries(shape).every(([field, type]) => typeof item[field] === type);
}

export type StoredList<T> = {
  /** The same array until the list changes, as useSyncExternalStore needs. */
  read(): T[];
  write(items: T[]): void;
  subscribe(listener: () => void): () => void;
};

export function createStoredList<T>(options: {
  storage: ListStorage | undefined;
  key: string;
  shape: ItemShape;
  /** Items beyond this are not read. */
  max?: number;
}): StoredList<T> {
  const { storage, key, shape, max } = options;
  const listeners = new Set<() => void>();
  let memory: T[] = [];
  let snapshot: T[] | null = null;

  const read = (): T[] => {
    if (snapshot) return snapshot;
    let items = memory;
    if (storage) {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(key) ?? "[]");
        items = Array.isArray(parsed) ? parsed.filter((item): item is T => hasShape<T>(item, shape)) : [];
      } catch {
        items = [];
      }
    }
    snapshot = items.slice(0, max);
    return snapshot;
  };

  const write = (items: T[]) => {
    memory = items;
    snapshot = items;
    if (storage) {
      try {
        if (items.length === 0) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(items));
      } catch {
        // Kept in memory for this page.
      }
    }
    for (const listener of listeners) listener();
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) {
        snapshot = null;
        listener();
      }
    };
    if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
    };
  };

  return { read, write, subscribe };
}
