// The offline database opens over what earlier releases left in the browser: each version's upgrade
// runs once, and what the user had (queued writes, settings, search history) stays.
import { describe, expect, test } from "bun:test";
import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { OfflineDatabase, V1_STORES } from "./db";

/** A database as the release with schema `version` left it, holding one row of each kind. */
async function leftBy(version: number, indexedDB: IDBFactory): Promise<void> {
  const old = new Dexie("pastebox-upgrade", { indexedDB, IDBKeyRange });
  old.version(1).stores(V1_STORES);
  for (let next = 2; next <= version; next++) old.version(next).stores({});
  await old.open();
  await old.table("settings").put({ key: "theme", value: "dark" });
  await old.table("searchHistory").put({ query: "report", timestamp: 1 });
  await old.table("directories").put({ path: "/docs", owner: "me", data: { files: [] }, cachedAt: 1 });
  await old.table("offlineQueue").add({
    type: "paste.create",
    endpoint: "/trpc/pastes.create",
    method: "POST",
    data: { content: "hi" },
    ...(version < 2 ? { authToken: "secret" } : { sessionScope: "user:1" }),
    authType: "user",
    timestamp: 1,
    status: "pending",
  });
  old.close();
}

describe("offline database upgrades", () => {
  for (const version of [1, 2, 3]) {
    test(`a database from schema version ${version} keeps the user's rows and gains the task list`, async () => {
      const indexedDB = new IDBFactory();
      await leftBy(version, indexedDB);
      const db = new OfflineDatabase("pastebox-upgrade", { indexedDB, IDBKeyRange });
      expect(await db.settings.get("theme")).toEqual({ key: "theme", value: "dark" });
      expect((await db.searchHistory.toArray()).map((entry) => entry.query)).toEqual(["report"]);
      const [queued] = await db.offlineQueue.toArray();
      expect(queued?.data).toEqual({ content: "hi" });
      expect(queued).not.toHaveProperty("authToken");
      // Listings in the shape before version 3 are fetched again.
      expect(await db.directories.count()).toBe(version < 3 ? 0 : 1);
      await db.tasks.put({ id: "task-1", createdAt: 1, task: { id: "task-1" } });
      expect(await db.tasks.count()).toBe(1);
      db.close();
    });
  }
});
