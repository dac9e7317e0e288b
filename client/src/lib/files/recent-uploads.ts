// The last uploads made in this browser (docs/product.md §9: 3 are shown), so a link can be found again
// after the results are gone. Only what the list shows is kept, never a password.
export const RECENT_UPLOADS_KEY = "pastebox_recent_uploads";
export const RECENT_UPLOADS_MAX = 3;

export type RecentUpload = {
  slug: string;
  url: string;
  filename: string;
  size: number;
  mimetype: string;
  has_password: boolean;
  /** ISO 8601. */
  created_at: string;
  expires_at: string | null;
};

function isRecent(value: unknown): value is RecentUpload {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.slug === "string" &&
    typeof item.url === "string" &&
    typeof item.filename === "string" &&
    typeof item.size === "number" &&
    typeof item.created_at === "string"
  );
}

export type RecentUploadsStore = {
  list(): RecentUpload[];
  add(upload: RecentUpload): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
};

export function createRecentUploadsStore(
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined,
): RecentUploadsStore {
  const listeners = new Set<() => void>();
  let memory: RecentUpload[] = [];
  // useSyncExternalStore needs the same array until something changes.
  let snapshot: RecentUpload[] | null = null;

  const read = (): RecentUpload[] => {
    if (snapshot) return snapshot;
    let items = memory;
    if (storage) {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(RECENT_UPLOADS_KEY) ?? "[]");
        items = Array.isArray(parsed) ? parsed.filter(isRecent) : [];
      } catch {
        items = [];
      }
    }
    snapshot = items.slice(0, RECENT_UPLOADS_MAX);
    return snapshot;
  };

  const write = (items: RecentUpload[]) => {
    memory = items;
    snapshot = items;
    if (storage) {
      try {
        if (items.length === 0) storage.removeItem(RECENT_UPLOADS_KEY);
        else storage.setItem(RECENT_UPLOADS_KEY, JSON.stringify(items));
      } catch {
        // Blocked storage: the list lives for this page only.
      }
    }
    for (const listener of listeners) listener();
  };

  return {
    list: read,
    add(upload) {
      write([upload, ...read().filter((item) => item.slug !== upload.slug)].slice(0, RECENT_UPLOADS_MAX));
    },
    clear() {
      write([]);
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === RECENT_UPLOADS_KEY || event.key === null) {
          snapshot = null;
          listener();
        }
      };
      if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
      };
    },
  };
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export const recentUploads = createRecentUploadsStore(browserStorage());
