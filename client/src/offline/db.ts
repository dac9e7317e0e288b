// The browser's local offline database (docs/product.md §3 "Local offline database stores"), on IndexedDB
// through Dexie: pastes by slug, files by slug, directories by path, settings, the offline queue,
// the explorer's search history and its task list. The app reaches it only through local-db.ts,
// which loads this module (and Dexie with it) the first time something is kept or read
// (docs/architecture.md, What each page loads).

import type { fsListOutput } from "@shared/schemas/explorer/explorer";
import type { PasteView } from "@shared/schemas/pastes";
import type { PublicFileView } from "@shared/schemas/shares/shares";
import Dexie, { type DexieOptions, type EntityTable } from "dexie";
import type { z } from "zod";
import type { AuthType } from "../lib/auth/store/auth-types";
import { OFFLINE_DB_NAME } from "./constants";

/** A public file share's details as the file page shows them (files.public.get). */
export type CachedFileData = PublicFileView;
/** A directory listing as the explorer shows it (fs.*.list). */
export type CachedDirectoryData = z.infer<typeof fsListOutput>;

export type CachedPaste = { slug: string; data: PasteView; cachedAt: number };
export type CachedFile = { slug: string; data: CachedFileData; cachedAt: number };
export type CachedDirectory = {
  path: string;
  /** Fingerprint of the session that listed it: another user's session never sees it. */
  owner: string;
  data: CachedDirectoryData;
  cachedAt: number;
};

export type OfflineSetting = { key: string; value: unknown };

/** What a queued write does, for the messages about it. */
export type QueueItemType =
  | "paste.create"
  | "paste.update"
  | "paste.delete"
  | "paste.clearExpired"
  | "file.update"
  | "file.delete"
  | "key.update"
  | "key.delete"
  | "mount.update"
  | "mount.delete"
  | "storage.delete"
  | "storage.setDefault"
  | "settings.update"
  | "fs.mkdir"
  | "fs.rename"
  | "fs.delete";

/** docs/product.md §3 "Offline queue item": type, endpoint, method, data, who made it, auth type, timestamp,
 * status pending. The endpoint is the tRPC call that replays it (POST /trpc/<procedure>). Who made
 * it is the session's scope (auth-types.ts sessionScopeOf), never a token: the session is a cookie. */
export type OfflineQueueItem = {
  id?: number;
  type: QueueItemType;
  endpoint: string;
  method: "POST";
  data: unknown;
  sessionScope: string | null;
  authType: AuthType;
  timestamp: number;
  status: "pending";
};

export type SearchHistoryEntry = { query: string; timestamp: number };

/** An explorer task as kept across reloads (lib/explorer/tasks/task-persistence.ts); failures as text. */
export type StoredTask = {
  id: string;
  createdAt: number;
  /** The task, its errors worded as they were shown (an Error does not survive IndexedDB). */
  task: unknown;
};

/** The tables of the first release. Never edited: later versions change the schema in upgrades of their own. */
export const V1_STORES = {
  pastes: "slug, cachedAt",
  files: "slug, cachedAt",
  directories: "path, cachedAt",
  settings: "key",
  offlineQueue: "++id, timestamp, status",
  searchHistory: "query, timestamp",
};

export class OfflineDatabase extends Dexie {
  pastes!: EntityTable<CachedPaste, "slug">;
  files!: EntityTable<CachedFile, "slug">;
  directories!: EntityTable<CachedDirectory, "path">;
  settings!: EntityTable<OfflineSetting, "key">;
  offlineQueue!: EntityTable<OfflineQueueItem, "id">;
  searchHistory!: EntityTable<SearchHistoryEntry, "query">;
  tasks!: EntityTable<StoredTask, "id">;

  /** `options` can bring another IndexedDB implementation (unit tests use fake-indexeddb). */
  constructor(name: string = OFFLINE_DB_NAME, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores(V1_STORES);
    // Version 1 kept the session token with each queued write: it leaves IndexedDB. Such writes name
    // no one, and are sent only while someone of the same kind is signed in (sync.ts).
    this.version(2).upgrade((transaction) =>
      transaction
        .table("offlineQueue")
        .toCollection()
        .modify((item: Record<string, unknown>) => {
          delete item.authToken;
          item.sessionScope ??= null;
        }),
    );
    // Version 3: folder listings name their entries `items` (the CloudPaste layout); listings kept in
    // the old shape would show as empty folders offline, so they are dropped and fetched again.
    this.version(3).upgrade((transaction) => transaction.table("directories").clear());
    // Version 4: the explorer's task list, kept for 7 days (lib/explorer/tasks/task-persistence.ts).
    this.version(4).stores({ tasks: "id, createdAt" });
  }
}
