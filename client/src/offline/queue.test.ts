import { describe, expect, test } from "bun:test";
import { TRPCClientError } from "@trpc/client";
import { appRouter } from "../../../server/routers";
import { isNetworkError } from "../lib/api-errors";
import type { OfflineQueueItem } from "./db";
import {
  countPendingWrites,
  endpointOf,
  enqueueWrite,
  pendingWrites,
  procedureOf,
  QUEUED_PROCEDURES,
  queueTypeOf,
  syncQueue,
  withSyncLock,
} from "./queue";
import { createTestDb } from "./test/fake-db";

const write = (procedurePath: string, input: unknown, timestamp: number) => ({
  procedurePath,
  input,
  authType: "admin" as const,
  sessionScope: "admin:admin",
  timestamp,
});

const refused = (message: string) =>
  new TRPCClientError(message, {
    result: { error: { code: -32_600, message, data: { appCode: "CONFLICT", httpStatus: 409 } } },
  } as never);
const unreachable = () => new TRPCClientError("fetch failed", { cause: new TypeError("fetch failed") });

describe("which writes may wait", () => {
  test("every queued procedure is a mutation of the app's router", () => {
    const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })
      ._def.procedures;
    for (const path of Object.keys(QUEUED_PROCEDURES)) {
      expect({ path, type: procedures[path]?._def.type }).toEqual({ path, type: "mutation" });
    }
  });

  test("the writes docs/product.md §4 names are queued; secrets, uploads and reads are not", () => {
    expect(queueTypeOf("pastes.create")).toBe("paste.create");
    expect(queueTypeOf("pastes.update")).toBe("paste.update");
    expect(queueTypeOf("files.batchDelete")).toBe("file.delete");
    expect(queueTypeOf("fs.mkdir")).toBe("fs.mkdir");
    expect(queueTypeOf("fs.rename")).toBe("fs.rename");
    expect(queueTypeOf("fs.batchRemove")).toBe("fs.delete");
    for (const path of [
      "keys.create",
      "storage.create",
      "storage.update",
      "admin.login",
      "admin.changePassword",
      "pastes.unlock",
      "files.upload.presign",
      "fs.multipartInit",
      "pastes.view",
      "constructor",
      "toString",
    ]) {
      expect(queueTypeOf(path)).toBeNull();
    }
  });
});

describe("the offline queue", () => {
  test("an item has the fields of docs/product.md §3 and status pending", async () => {
    const db = createTestDb();
    const item = await enqueueWrite(db, write("pastes.create", { content: "hello", format: "text" }, 1_000));
    expect(item).toMatchObject({
      type: "paste.create",
      endpoint: "/trpc/pastes.create",
      method: "POST",
      data: { content: "hello", format: "text" },
      sessionScope: "admin:admin",
      authType: "admin",
      timestamp: 1_000,
      status: "pending",
    });
    expect(typeof item?.id).toBe("number");
    const [stored] = await pendingWrites(db);
    expect(stored).toEqual(item as OfflineQueueItem);
    expect(procedureOf(stored as OfflineQueueItem)).toBe("pastes.create");
  });

  test("a write queued by an older page under the admin/mine names replays as today's one procedure", () => {
    const replayed = (endpoint: string) => procedureOf({ endpoint });
    expect(replayed("/trpc/pastes.admin.delete")).toBe("pastes.delete");
    expect(replayed("/trpc/pastes.mine.batchDelete")).toBe("pastes.batchDelete");
    expect(replayed("/trpc/files.mine.update")).toBe("files.update");
    expect(replayed("/trpc/mounts.admin.update")).toBe("mounts.update");
    expect(replayed("/trpc/fs.admin.mkdir")).toBe("fs.mkdir");
    expect(replayed("/trpc/fs.mine.rename")).toBe("fs.rename");
    expect(replayed("/trpc/fs.mine.batchRemove")).toBe("fs.batchRemove");
    for (const path of Object.keys(QUEUED_PROCEDURES)) expect(replayed(endpointOf(path))).toBe(path);
  });

  test("a procedure that may not wait is not queued", async () => {
    const db = createTestDb();
    expect(await enqueueWrite(db, write("keys.create", { name: "k" }, 1))).toBeNull();
    expect(await countPendingWrites(db)).toBe(0);
  });

  test("dates in the input survive storage (IndexedDB keeps them as dates)", async () => {
    const db = createTestDb();
    const expires = new Date("2030-01-02T03:04:05Z");
    await enqueueWrite(db, write("pastes.update", { id: "p1", expires_at: expires }, 1));
    const [item] = await pendingWrites(db);
    expect(item?.data).toEqual({ id: "p1", expires_at: expires });
    const data = item?.data as { expires_at: unknown } | undefined;
    expect(data?.expires_at).toBeInstanceOf(Date);
  });

  test("sync sends in the order the writes were made and empties the queue", async () => {
    const db = createTestDb();
    await enqueueWrite(db, write("fs.mkdir", { path: "/a" }, 3));
    await enqueueWrite(db, write("fs.rename", { oldPath: "/a", newPath: "/b" }, 2));
    await enqueueWrite(db, write("fs.remove", { path: "/b" }, 1));
    const sent: string[] = [];
    const report = await syncQueue(db, {
      send: async (item) => {
        sent.push(procedureOf(item));
        return { ok: true };
      },
      isUnreachable: isNetworkError,
    });
    // Insertion order, whatever the clocks said.
    expect(sent).toEqual(["fs.mkdir", "fs.rename", "fs.remove"]);
    expect(report.synced.map(({ item }) => item.type)).toEqual(["fs.mkdir", "fs.rename", "fs.delete"]);
    expect(report.failed).toEqual([]);
    expect(report.remaining).toBe(0);
    expect(await countPendingWrites(db)).toBe(0);
  });

  test("a write the server refuses is reported and dropped; the next ones still go", async () => {
    const db = createTestDb();
    await enqueueWrite(db, write("pastes.create", { content: "one", slug: "taken" }, 1));
    await enqueueWrite(db, write("pastes.create", { content: "two" }, 2));
    const report = await syncQueue(db, {
      send: async (item) => {
        if ((item.data as { slug?: string }).slug === "taken") throw refused("Link suffix already taken");
        return { slug: "abc123" };
      },
      isUnreachable: isNetworkError,
    });
    expect(report.failed).toHaveLength(1);
    expect(report.failed[0]?.error).toBeInstanceOf(TRPCClientError);
    expect(String((report.failed[0]?.error as Error | undefined)?.message)).toBe("Link suffix already taken");
    expect(report.synced.map(({ result }) => result)).toEqual([{ slug: "abc123" }]);
    expect(await countPendingWrites(db)).toBe(0);
  });

  test("when the server cannot be reached, sync stops and keeps the rest in order", async () => {
    const db = createTestDb();
    await enqueueWrite(db, write("fs.mkdir", { path: "/one" }, 1));
    await enqueueWrite(db, write("fs.mkdir", { path: "/two" }, 2));
    await enqueueWrite(db, write("fs.mkdir", { path: "/three" }, 3));
    let calls = 0;
    const report = await syncQueue(db, {
      send: async () => {
        calls += 1;
        if (calls === 2) throw unreachable();
        return {};
      },
      isUnreachable: isNetworkError,
    });
    expect(calls).toBe(2);
    expect(report.synced).toHaveLength(1);
    expect(report.remaining).toBe(2);
    expect((await pendingWrites(db)).map((item) => (item.data as { path: string }).path)).toEqual(["/two", "/three"]);
  });

  test("one sync at a time: a second call while one runs does nothing", async () => {
    let release: () => void = () => undefined;
    const first = withSyncLock(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve("first");
        }),
    );
    expect(await withSyncLock(async () => "second")).toBeNull();
    release();
    expect(await first).toBe("first");
    expect(await withSyncLock(async () => "third")).toBe("third");
  });
});
