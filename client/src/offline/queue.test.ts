import { describe, expect, test } from "bun:test";
import { TRPCClientError } from "@trpc/client";
import { appRouter } from "../../../server/routers";
import { expectAnswers } from "../../test/answers";
import { networkError, trpcError } from "../../test/client-errors";
import { isNetworkError } from "../lib/api/api-errors";
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
import { createTestDb, queuedPaste } from "./test/fake-db";

const write = (procedurePath: string, input: unknown, timestamp: number) => ({
  procedurePath,
  input,
  authType: "admin" as const,
  sessionScope: "admin:admin",
  timestamp,
});

describe("which writes may wait", () => {
  test("every queued procedure is a mutation of the app's router", () => {
    const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })
      ._def.procedures;
    for (const path of Object.keys(QUEUED_PROCEDURES)) {
      expect({ path, type: procedures[path]?._def.type }).toEqual({ path, type: "mutation" });
    }
  });

  test("the writes docs/product.md §4 names are queued; secrets, uploads and reads are not", () => {
    const notQueued = [
      ...["keys.create", "storage.create", "storage.update", "admin.login", "admin.changePassword"],
      ...["pastes.unlock", "files.upload.presign", "fs.multipartInit", "pastes.view", "constructor", "toString"],
    ];
    expectAnswers(queueTypeOf, [
      ["pastes.create", "paste.create"],
      ["pastes.update", "paste.update"],
      ["files.batchDelete", "file.delete"],
      ["fs.mkdir", "fs.mkdir"],
      ["fs.rename", "fs.rename"],
      ["fs.batchRemove", "fs.delete"],
      ...notQueued.map((path) => [path, null] as const),
    ]);
  });
});

describe("the offline queue", () => {
  test("an item has the fields of docs/product.md §3 and status pending", async () => {
    const db = createTestDb();
    const item = await enqueueWrite(db, write("pastes.create", { content: "hello", format: "text" }, 1_000));
    expect(item).toMatchObject({
      ...queuedPaste({ content: "hello", format: "text" }, "admin:admin"),
      timestamp: 1_000,
    });
    expect(typeof item?.id).toBe("number");
    const [stored] = await pendingWrites(db);
    expect(stored).toEqual(item as OfflineQueueItem);
    expect(procedureOf(stored as OfflineQueueItem)).toBe("pastes.create");
  });

  test("a write queued by an older page under the admin/mine names replays as today's one procedure", () => {
    const replayed = (endpoint: string) => procedureOf({ endpoint });
    expectAnswers(replayed, [
      ["/trpc/pastes.admin.delete", "pastes.delete"],
      ["/trpc/pastes.mine.batchDelete", "pastes.batchDelete"],
      ["/trpc/files.mine.update", "files.update"],
      ["/trpc/mounts.admin.update", "mounts.update"],
      ["/trpc/fs.admin.mkdir", "fs.mkdir"],
      ["/trpc/fs.mine.rename", "fs.rename"],
      ["/trpc/fs.mine.batchRemove", "fs.batchRemove"],
      ...Object.keys(QUEUED_PROCEDURES).map((path) => [endpointOf(path), path] as const),
    ]);
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
        if ((item.data as { slug?: string }).slug === "taken")
          throw trpcError("CONFLICT", 409, "Link suffix already taken");
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
        if (calls === 2) throw networkError();
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
