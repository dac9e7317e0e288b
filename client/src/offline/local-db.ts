// The way in to the local offline database (db.ts). Dexie is loaded with it the first time the app
// keeps or reads something offline, not with the page: a visitor who never stores anything never
// downloads it (docs/architecture.md, What each page loads). Writers open the database (creating
// it); readers only look in one that exists, so a browser that has kept nothing loads nothing to
// find that out.
import { pruneOfflineCache } from "./cache-store";
import { OFFLINE_DB_NAME } from "./constants";
import type { OfflineDatabase } from "./db";

let shared: Promise<OfflineDatabase | null> | undefined;

/** The app's database, created if needed; null where IndexedDB does not exist (then nothing is kept offline). */
export function openOfflineDb(): Promise<OfflineDatabase | null> {
  shared ??=
    typeof indexedDB === "undefined"
      ? Promise.resolve(null)
      : import("./db").then(
          ({ OfflineDatabase }) => {
            const db = new OfflineDatabase();
            // Once per visit, when the database is first used: what is older than 7 days goes.
            void pruneOfflineCache(db, Date.now()).catch(() => undefined);
            return db;
          },
          // The code could not be loaded (offline before the worker cached it): nothing is kept.
          () => null,
        );
  return shared;
}

/** Whether this browser has the app's database, without opening it (true where the browser cannot tell). */
async function offlineDbExists(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  if (typeof indexedDB.databases !== "function") return true;
  try {
    return (await indexedDB.databases()).some((info) => info.name === OFFLINE_DB_NAME);
  } catch {
    return true;
  }
}

/** The database if this browser has one (opened in this visit or kept from an earlier one), else null. */
export async function existingOfflineDb(): Promise<OfflineDatabase | null> {
  if (shared) return shared;
  return (await offlineDbExists()) ? openOfflineDb() : null;
}

/** Unit tests: the database the app's code uses from now on (null: none, undefined: the browser's). */
export function setOfflineDbForTests(db: OfflineDatabase | null | undefined): void {
  shared = db === undefined ? undefined : Promise.resolve(db);
}

/** Reads a setting; a missing or unreadable one is `fallback`. */
export async function readSetting<T>(key: string, fallback: T): Promise<T> {
  const db = await existingOfflineDb();
  if (!db) return fallback;
  try {
    const row = await db.settings.get(key);
    return row === undefined ? fallback : (row.value as T);
  } catch {
    return fallback;
  }
}

export async function writeSetting(key: string, value: unknown): Promise<void> {
  const db = await openOfflineDb();
  if (!db) return;
  try {
    await db.settings.put({ key, value });
  } catch {
    // Storage full or blocked: the choice lasts for this visit only.
  }
}
