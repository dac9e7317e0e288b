// A room filled with items near the 10 MB limit holds up no one (docs/clipboard.md, "Close codes and
// limits"; found by scripts/hardening/hostile/hostile.ts): eight devices asking for its history at once hold
// the event loop under 100 ms of CPU at a stretch (40-45 ms here), a large item sent under 100 ms
// (42-44 ms on SQLite, 37-44 on Postgres at load 13, 2026-11-30: its body is parsed in one turn and
// checked in the next, and SQLite's write goes past Prisma; 57-79 ms before). Before, the history's first query (ids
// and sizes) walked the content of every item on SQLite, and the passes of every page ran back to
// back: 630 ms for eight readers (130 ms on Postgres), 270-570 ms for one large item sent on SQLite.
// The event loop's blocks are measured in CPU time (server/test/event-loop-blocks.ts), which a busy
// shared machine does not stretch; the client here only drains the answers, so its own work is small.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generateLinkKey } from "@shared/encryption/encrypted-share";
import { driverConnectionOf } from "../../db/client";
import { sqliteFilePath } from "../../db/migrate";
import { LARGE_CONTENT_BUDGET_BYTES, largeContentBudget } from "../../http/large-content";
import { createClipboardRoom } from "../../test/api-client";
import { encryptItemText, socketUrl } from "../../test/clipboard-device";
import { countLoopTurns, watchEventLoopBlocks } from "../../test/event-loop-blocks";
import { DATABASE_PROVIDERS, type ServedTestApp, serveTestApp } from "../../test/harness";
import { residentMappedBytes } from "../../test/mapped-pages";

const ITEMS = 12;
const READERS = 8;
const READ_BOUND_MS = 100;
const SEND_BOUND_MS = 100;
const MIB = 1024 * 1024;

describe.each(DATABASE_PROVIDERS)("a room of large items on %s", (provider) => {
  let served: ServedTestApp;
  let roomId = "";
  let content = "";

  beforeAll(async () => {
    served = await serveTestApp(provider);
    const { api, admin, t } = served;
    roomId = (await createClipboardRoom(api, admin, { history_limit: 500 })).id;
    // About 9.3 MiB of envelope each, just inside the default 10 MB item limit; stored directly, as
    // sending them is not what the first test measures.
    content = await encryptItemText("x".repeat(7 * 1024 * 1024), generateLinkKey());
    for (let index = 0; index < ITEMS; index++) {
      await t.db.clipboardItem.create({
        data: { roomId, content, size: content.length, deviceId: "d".repeat(22) },
      });
    }
  }, 120_000);
  afterAll(async () => {
    await served?.stop();
  });

  /** Sends one item (a JSON body) to the room, as a device does; answers the answer's bytes, once it was 201. */
  const sendItem = async (body: string) => {
    const answer = await fetch(`${served.origin}/api/clipboard/rooms/${roomId}/items`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(answer.status).toBe(201);
    return answer.arrayBuffer();
  };

  // The app's own SQLite connection maps the database file for the search index (db/client.ts); pages
  // read through a map stay resident, and a hostile run's 250 MiB room read once grew the server by
  // +253 MiB of them. Content is read through the read connection, which maps nothing
  // (docs/decisions/0016-large-reads-without-the-map.md). Before: +110 MiB here.
  // Registered on SQLite only (the test command counts a skipped test as failed): Postgres maps nothing.
  if (provider === "sqlite") {
    test("reading its whole history leaves none of it mapped into the server: the file's resident pages grow under 8 MiB", async () => {
      const file = sqliteFilePath(served.t.config.databaseUrl);
      const before = residentMappedBytes(file);
      let after = 0;
      let read = 0;
      for (let round = 0; round < ITEMS; round++) {
        const answer = await fetch(`${served.origin}/api/clipboard/rooms/${roomId}/items?after=${after}`);
        const { items, has_more } = (await answer.json()).data as { items: { id: number }[]; has_more: boolean };
        read += items.length;
        after = items.at(-1)?.id ?? after;
        if (!has_more) break;
      }
      expect(read).toBe(ITEMS);
      expect(residentMappedBytes(file) - before).toBeLessThan(8 * MIB);
    }, 60_000);
  }

  test("eight GETs and joins of its history at once keep every block of the event loop under 100 ms of CPU", async () => {
    const watch = watchEventLoopBlocks();
    const drained: number[] = [];
    const get = async () => {
      const answer = await fetch(`${served.origin}/api/clipboard/rooms/${roomId}/items?after=0`);
      drained.push((await answer.arrayBuffer()).byteLength);
    };
    const join = () =>
      new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(socketUrl(served.origin, roomId, { device: "j".repeat(22) }));
        socket.onmessage = (event) => {
          drained.push(String(event.data).length);
          socket.close();
          resolve();
        };
        socket.onerror = () => reject(new Error("the join failed"));
      });
    await Promise.all(Array.from({ length: READERS }, (_, index) => (index % 2 ? get() : join())));
    watch.stop();
    // Each got the first page: one item (alone larger than a page).
    expect(drained).toHaveLength(READERS);
    for (const bytes of drained) expect(bytes).toBeGreaterThan(content.length);
    expect(watch.longest()).toBeLessThan(READ_BOUND_MS);
    // The readers' pages were read side by side (several 9 MiB pages in flight at once), within the
    // process's byte budget (docs/clipboard.md): not one at a time, not all eight at once.
    expect(largeContentBudget.peak()).toBeGreaterThanOrEqual(2 * content.length);
    expect(largeContentBudget.peak()).toBeLessThanOrEqual(LARGE_CONTENT_BUDGET_BYTES);
  }, 60_000);

  test("sending a 9 MiB item holds the event loop under 100 ms of CPU at a stretch and is answered in a few bytes", async () => {
    const body = JSON.stringify({ device_id: "s".repeat(22), content });
    const watch = watchEventLoopBlocks();
    // Its id and size, not the 9 MiB content echoed back (which cost the server another copy).
    const answered = await sendItem(body);
    watch.stop();
    expect(watch.longest()).toBeLessThan(SEND_BOUND_MS);
    expect(answered.byteLength).toBeLessThan(1024);
  }, 60_000);

  // Through Prisma, an item's content was serialised into the query's JSON and back before SQLite saw
  // it: 55-75 ms of CPU in one turn for one 9 MiB item sent, against about 22 ms for SQLite's own write.
  // It is now written with the driver's own statement (services/clipboard/rooms.ts). Counted as work,
  // not time: no JSON text of the item's size is made while it is stored. Registered on SQLite only:
  // on Postgres the write goes through Prisma and pg's wire protocol, and waits for the database.
  if (provider === "sqlite") {
    test("a 9 MiB item sent is stored without serialising its content to JSON on the way", async () => {
      const body = JSON.stringify({ device_id: "j".repeat(22), content });
      const stringify = JSON.stringify;
      const large: number[] = [];
      JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
        const text = stringify(...args);
        if (text && text.length > MIB) large.push(text.length);
        return text;
      }) as typeof JSON.stringify;
      try {
        await sendItem(body);
      } finally {
        JSON.stringify = stringify;
      }
      expect(large).toEqual([]);
    }, 60_000);
  }

  // SQLite's commit of a 9 MiB item wrote its pages to the log and, the log being past 1,000 pages,
  // checkpointed them into the database, in the turn that had inserted it: 45-55 ms of CPU at a
  // stretch in a hostile run's room fill (docs/performance.md). Each now takes a turn of its own.
  // Counted as work (which turn runs which statement), not time. SQLite only: on Postgres the
  // database does this work in its own processes.
  if (provider === "sqlite") {
    test("a 9 MiB item sent is inserted, committed and checkpointed in three turns of the loop", async () => {
      const driver = await driverConnectionOf(served.t.db);
      if (driver.provider !== "sqlite") throw new Error("expected the SQLite driver");
      const { sqlite } = driver;
      const loop = countLoopTurns();
      const seen: { sql: string; turn: number; autoCheckpoint: number }[] = [];
      const query = sqlite.query.bind(sqlite);
      // The adapter opens the connection with safe integers: integers come back as bigint.
      const autoCheckpoint = () =>
        Number(
          (query("PRAGMA wal_autocheckpoint").get() as { wal_autocheckpoint: number | bigint }).wal_autocheckpoint,
        );
      sqlite.query = ((sql: string) => {
        if (/^\s*(INSERT INTO "ClipboardItem"|COMMIT|PRAGMA wal_checkpoint)/i.test(sql)) {
          seen.push({ sql: sql.trim().slice(0, 24), turn: loop.turns(), autoCheckpoint: autoCheckpoint() });
        }
        return query(sql);
      }) as typeof sqlite.query;
      try {
        await sendItem(JSON.stringify({ device_id: "c".repeat(22), content }));
        await Bun.sleep(20);
      } finally {
        loop.stop();
        sqlite.query = query;
      }
      // Each found after the one before it: a checkpoint an earlier test's item deferred can land in
      // the first turns of this one (it did on a loaded CI run), and is not this item's.
      const after = (previous: (typeof seen)[number] | undefined, prefix: string) =>
        seen.slice(previous ? seen.indexOf(previous) + 1 : 0).find((entry) => entry.sql.startsWith(prefix));
      const insert = after(undefined, "INSERT");
      const commit = after(insert, "COMMIT");
      const checkpoint = after(commit, "PRAGMA");
      expect(insert && commit && checkpoint).toBeTruthy();
      // The commit in a later turn than the insert, with the automatic checkpoint off; the checkpoint
      // later still, and the setting back as it was.
      expect(commit?.turn ?? 0).toBeGreaterThan(insert?.turn ?? 0);
      expect(commit?.autoCheckpoint).toBe(0);
      expect(checkpoint?.turn ?? 0).toBeGreaterThan(commit?.turn ?? 0);
      expect(autoCheckpoint()).toBe(1000);
    }, 60_000);
  }

  // JavaScriptCore scans the stack conservatively: a stale pointer left on it can keep the last item
  // sent (or its body) alive through one full collection and not the next, so one measurement can hold
  // one item more than the other whatever the server keeps (this test once failed by 57 KB over one
  // item on a loaded run). A server that keeps what is sent grows by an item per send: eight sends
  // leave it at least eight items larger, and less than two is the collector's noise, not a leak.
  test("items sent are not kept once written: eight more 9 MiB sends leave the heap less than two items larger", async () => {
    const body = JSON.stringify({ device_id: "k".repeat(22), content });
    const send = () => sendItem(body);
    // The first send loads what any first send loads; measure from after it.
    await send();
    await Bun.sleep(10);
    Bun.gc(true);
    const before = process.memoryUsage().heapUsed;
    for (let sent = 0; sent < 8; sent++) await send();
    await Bun.sleep(10);
    Bun.gc(true);
    // The database driver's debug history once kept the arguments of its last 100 queries, every
    // item's content among them: +37 MiB for four sends here, and +140 MiB in a hostile run's room fill.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(2 * content.length);
  }, 60_000);
});
