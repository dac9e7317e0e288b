// The last uploads made in this browser (docs/product.md §9: 3 are shown), so a link can be found again
// after the results are gone. Only what the list shows is kept, never a password.
import { browserStorage } from "../../preferences/browser-storage";
import { createStoredList, type ItemShape, type ListStorage } from "../../preferences/stored-list";

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
  /** Set for a set of files (docs/share-sets.md): the row is the set's link, `size` its files' bytes. */
  file_count?: number;
};

/** What an item read back must have for the list to show it. */
const RECENT_SHAPE: ItemShape = {
  slug: "string",
  url: "string",
  filename: "string",
  size: "number",
  created_at: "string",
};

export type RecentUploadsStore = {
  list(): RecentUpload[];
  add(upload: RecentUpload): void;
  /** The files that went out as one set leave the list (their own links answer 404); the set takes their place. */
  replaceWithSet(memberSlugs: readonly string[], set: RecentUpload): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
};

export function createRecentUploadsStore(storage: ListStorage | undefined): RecentUploadsStore {
  const { read, write, subscribe } = createStoredList<RecentUpload>({
    storage,
    key: RECENT_UPLOADS_KEY,
    shape: RECENT_SHAPE,
    max: RECENT_UPLOADS_MAX,
  });
  return {
    list: read,
    add(upload) {
      write([upload, ...read().filter((item) => item.slug !== upload.slug)].slice(0, RECENT_UPLOADS_MAX));
    },
    replaceWithSet(memberSlugs, set) {
      const members = new Set(memberSlugs);
      write([set, ...read().filter((item) => !members.has(item.slug))].slice(0, RECENT_UPLOADS_MAX));
    },
    clear() {
      write([]);
    },
    subscribe,
  };
}

export const recentUploads = createRecentUploadsStore(browserStorage());
