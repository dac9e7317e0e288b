// A fresh in-memory offline database per test (fake-indexeddb), so tests never share stores and
// never touch a global IndexedDB.
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { OfflineDatabase } from "../db";

export function createTestDb(): OfflineDatabase {
  return new OfflineDatabase(`test-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

/** A paste the admin created offline, as the queue keeps it: who wrote it, and pending (docs/product.md §3). */
export function queuedPaste(data: unknown, sessionScope: string) {
  return {
    type: "paste.create",
    endpoint: "/trpc/pastes.create",
    method: "POST",
    data,
    sessionScope,
    authType: "admin",
    status: "pending",
  };
}
