// A fresh in-memory offline database per test (fake-indexeddb), so tests never share stores and
// never touch a global IndexedDB.
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { OfflineDatabase } from "../db";

export function createTestDb(): OfflineDatabase {
  return new OfflineDatabase(`test-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}
