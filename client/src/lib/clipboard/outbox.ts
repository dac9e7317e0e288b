// The live clipboard's own IndexedDB (docs/clipboard.md, Offline): items sent while offline wait here
// (already encrypted) until the room's connection is back, and this device's id and the keys of rooms
// it created stay here so the owner can open them again. A database of its own, apart from the
// offline app's (client/src/offline/db.ts), so that neither one's schema versions depend on the other.

import { generateDeviceId } from "@shared/clipboard";
import Dexie, { type DexieOptions, type EntityTable } from "dexie";

export type PendingItem = { id?: number; roomId: string; content: string; ref: string; createdAt: number };
export type SavedRoomKey = { roomId: string; key: string };
type Setting = { name: string; value: string };

class ClipboardDb extends Dexie {
  pending!: EntityTable<PendingItem, "id">;
  roomKeys!: EntityTable<SavedRoomKey, "roomId">;
  settings!: EntityTable<Setting, "name">;
  constructor(options?: DexieOptions) {
    super("pastebox-clipboard", options);
    this.version(1).stores({ pending: "++id, roomId", roomKeys: "roomId", settings: "name" });
  }
}

let db: ClipboardDb | null = null;
const database = () => {
  db ??= new ClipboardDb();
  return db;
};

/** Unit tests bring another IndexedDB (fake-indexeddb, as for the offline database): a fresh, empty one. */
export function openClipboardDb(options: DexieOptions) {
  db?.close();
  db = new ClipboardDb(options);
}

export async function deviceId(): Promise<string> {
  const stored = await database().settings.get("deviceId");
  if (stored) return stored.value;
  const value = generateDeviceId();
  await database().settings.put({ name: "deviceId", value });
  return value;
}

export const queueItem = (item: Omit<PendingItem, "id">) => database().pending.add(item);
export const pendingItems = (roomId: string) => database().pending.where("roomId").equals(roomId).sortBy("id");
export const removePending = (ref: string) =>
  database()
    .pending.filter((item) => item.ref === ref)
    .delete();

export const saveRoomKey = (roomId: string, key: string) => database().roomKeys.put({ roomId, key });
export async function savedRoomKey(roomId: string): Promise<string | null> {
  return (await database().roomKeys.get(roomId))?.key ?? null;
}
export const forgetRoom = (roomId: string) =>
  Promise.all([database().roomKeys.delete(roomId), database().pending.where("roomId").equals(roomId).delete()]);
