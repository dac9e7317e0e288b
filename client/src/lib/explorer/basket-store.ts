// The file basket (docs/product.md §1, §4): files collected from anywhere in the explorer (the list, a
// preview, search results) to download together as one zip. Kept in localStorage, so it survives a
// reload and is shared by the tabs of one browser (the `storage` event keeps them in step).
export type BasketItem = {
  path: string;
  name: string;
  size: number;
  mimetype: string | null;
  /** ISO date of the file's last change, used as the zip entry's date. */
  modified: string | null;
};

export const BASKET_KEY = "explorer_basket";
/** docs/product.md §4: the basket warns for large totals; above this the zip takes long to build and save. */
export const LARGE_BASKET_BYTES = 1024 ** 3;
/** A bound on what is kept, so a runaway selection cannot fill localStorage. */
export const BASKET_MAX_ITEMS = 5000;

export type BasketStore = {
  getItems(): readonly BasketItem[];
  /** Adds files not in the basket yet; returns how many were added. */
  add(items: readonly BasketItem[]): number;
  remove(paths: readonly string[]): void;
  clear(): void;
  has(path: string): boolean;
  subscribe(listener: () => void): () => void;
};

function isItem(value: unknown): value is BasketItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.path === "string" && typeof item.name === "string" && typeof item.size === "number";
}

function read(storage: Storage | null): BasketItem[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(BASKET_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter(isItem).map((item) => ({
          path: item.path,
          name: item.name,
          size: item.size,
          mimetype: typeof item.mimetype === "string" ? item.mimetype : null,
          modified: typeof item.modified === "string" ? item.modified : null,
        }))
      : [];
  } catch {
    return [];
  }
}

function localStorageOrNull(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function createBasketStore(storage: Storage | null = localStorageOrNull()): BasketStore {
  let items: readonly BasketItem[] = read(storage);
  const listeners = new Set<() => void>();
  const publish = (next: readonly BasketItem[], persist = true) => {
    items = next;
    if (persist) {
      try {
        storage?.setItem(BASKET_KEY, JSON.stringify(next));
      } catch {
        // Full or unavailable storage: the basket lasts for this visit.
      }
    }
    for (const listener of listeners) listener();
  };
  if (typeof window !== "undefined") {
    window.addEventListener("storage", (event) => {
      if (event.key === BASKET_KEY) publish(read(storage), false);
    });
  }
  return {
    getItems: () => items,
    add(added) {
      const known = new Set(items.map((item) => item.path));
      const fresh = added.filter((item) => !known.has(item.path) && known.add(item.path));
      if (fresh.length === 0) return 0;
      const before = items.length;
      const next = [...items, ...fresh].slice(0, BASKET_MAX_ITEMS);
      publish(next);
      return next.length - before;
    },
    remove(paths) {
      const gone = new Set(paths);
      const next = items.filter((item) => !gone.has(item.path));
      if (next.length !== items.length) publish(next);
    },
    clear() {
      if (items.length > 0) publish([]);
    },
    has: (path) => items.some((item) => item.path === path),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function basketTotal(items: readonly Pick<BasketItem, "size">[]): number {
  return items.reduce((sum, item) => sum + item.size, 0);
}

/** The one basket of the app. */
export const basket = createBasketStore();

/** A listed or found file as a basket item. */
export function basketItemOf(entry: {
  path: string;
  name: string;
  size: number;
  mimetype: string | null;
  modified: Date | string | null;
}): BasketItem {
  const modified = entry.modified instanceof Date ? entry.modified.toISOString() : entry.modified;
  return { path: entry.path, name: entry.name, size: entry.size, mimetype: entry.mimetype, modified };
}
