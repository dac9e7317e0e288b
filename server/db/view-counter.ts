// Counting one view of a paste: the one conditional UPDATE that decides whether a delivery may happen
// (docs/decisions/0011-view-counter.md). A view counts only while the paste is live: not expired at
// `now`, under its view limit, and not protected unless the caller checked the password. Because the
// check and the count are one statement, exactly max_views deliveries succeed however many requests
// race, across processes. services/pastes.ts calls it for every delivery; when it answers null the
// service looks at the row to say why (404, 410, password needed).
//
// On SQLite the statement runs on a thread of its own (view-counter-worker.ts) that commits views in
// groups: a write that the disk holds up no longer stops the event loop. A view of an unlimited paste,
// which no other view can take away, is answered from a read and its count written with the next
// group (docs/decisions/0011-view-counter.md). On Postgres it is Prisma's `updateManyAndReturn`, one
// round trip.
import { Database as SqliteConnection, type Statement } from "bun:sqlite";
import { Worker } from "node:worker_threads";
import { AppError } from "../errors";
import { type Database, providerOf } from "./client";
import { sqliteFilePath } from "./migrate";
import { UNLIMITED_LIVE_PASTE_SQL } from "./view-counter-sql";
import { WAL_SIZE_LIMIT_BYTES } from "./wal-checkpoint";

export type CountedPaste = {
  slug: string;
  content: string;
  format: string;
  encrypted: boolean;
  remark: string | null;
  hasPassword: boolean;
  expiresAt: Date | null;
  maxViews: number;
  views: number;
  createdAt: Date;
};

export type CountOptions = {
  /** The caller verified the paste's password: a protected paste may count. */
  unlocked?: boolean;
};

export type ViewCounter = {
  /**
   * Counts one view of the paste named `slug` if it is live at `now`, and returns it with the new
   * count; null when nothing was counted (absent, expired, used up, or protected and not unlocked).
   */
  count(slug: string, now: Date, options?: CountOptions): Promise<CountedPaste | null>;
  /**
   * Resolves once every view counted so far is written. A view of an unlimited paste is answered
   * before its count is committed (SQLite form; docs/decisions/0011-view-counter.md).
   */
  settled(): Promise<void>;
  /** Answers what is waiting with an error and closes the connection. */
  close(): Promise<void>;
};

/** The SQLite thread's answer rows: dates as epoch milliseconds, booleans as 0/1. */
export type CountedRow = Omit<CountedPaste, "expiresAt" | "createdAt" | "hasPassword" | "encrypted"> & {
  expiresAt: number | null;
  createdAt: number;
  hasPassword: number;
  encrypted: number;
};
export type ViewCounterWorkerData = { path: string; walSizeLimit: number };
export type ViewCounterRequest = { id: number; slug: string; nowMs: number; unlocked: boolean };
/** Views of unlimited pastes already delivered, per slug: counts to add. */
export type DeliveredViews = [slug: string, views: number][];
/**
 * What the server sends the thread: views to count and delivered views to add, or "close" (writes
 * what it was sent, closes the connection and ends the thread).
 */
export type ViewCounterMessage = { count: ViewCounterRequest[]; add: DeliveredViews } | "close";
/**
 * One answer per group: a row (or null) per request id, or why the group failed; `addBatches` is how
 * many messages' delivered views the group wrote (or failed to).
 */
export type ViewCounterReply = {
  ids: number[];
  addBatches: number;
  rows?: (CountedRow | null)[];
  failure?: "busy" | string;
};

export function createViewCounter(databaseUrl: string, db: Database): ViewCounter {
  return providerOf(databaseUrl) === "sqlite" ? createSqliteViewCounter(databaseUrl) : createPrismaViewCounter(db);
}

/** The view rule in Prisma's terms; the SQLite thread's statement says the same in SQL. */
export function liveViewWhere(slug: string, now: Date, { unlocked = false }: CountOptions, db: Database) {
  return {
    slug,
    ...(unlocked ? {} : { passwordHash: null }),
    OR: [{ maxViews: 0 }, { views: { lt: db.paste.fields.maxViews } }],
    AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }],
  };
}

/** The columns a delivery shows: what the counter returns; services/pastes.ts adds the management columns. */
export const countedPasteSelect = {
  slug: true,
  content: true,
  format: true,
  encrypted: true,
  remark: true,
  passwordHash: true,
  expiresAt: true,
  maxViews: true,
  views: true,
  createdAt: true,
} as const;

export function createPrismaViewCounter(db: Database): ViewCounter {
  return {
    async count(slug, now, options = {}) {
      const [row] = await db.paste.updateManyAndReturn({
        where: liveViewWhere(slug, now, options, db),
        data: { views: { increment: 1 } },
        select: countedPasteSelect,
      });
      if (!row) return null;
      const { passwordHash, ...paste } = row;
      return { ...paste, hasPassword: passwordHash !== null };
    },
    async settled() {},
    async close() {},
  };
}

// The server's read of an unlimited paste waits this long for a lock at most (only a WAL recovery takes one).
const READ_BUSY_TIMEOUT_MS = 10_000;
/** How long delivered views of unlimited pastes are gathered before they are sent to be written. */
const DELIVERED_VIEWS_INTERVAL_MS = 20;

export function createSqliteViewCounter(databaseUrl: string): ViewCounter {
  const path = sqliteFilePath(databaseUrl);
  const workerData: ViewCounterWorkerData = { path, walSizeLimit: WAL_SIZE_LIMIT_BYTES };
  const pending = new Map<number, { resolve(row: CountedPaste | null): void; reject(error: unknown): void }>();
  let nextId = 0;
  // Views asked for in one turn of the event loop cross to the thread in one message, with the
  // delivered views gathered since the last one.
  let outgoing: ViewCounterRequest[] = [];
  let delivered = new Map<string, number>();
  let sendScheduled: "now" | "soon" | null = null;
  let sendTimer: ReturnType<typeof setTimeout> | null = null;
  // Delivered views sent and not yet committed, in the order sent (the thread answers them in order).
  const addsInFlight: DeliveredViews[] = [];
  // Per paste, its delivered views not yet committed and the count its last one was answered with: a
  // view read before the earlier ones are written still gets the next number.
  const uncommitted = new Map<string, { views: number; lastAnswered: number }>();
  let settledWaiters: (() => void)[] = [];
  // The thread starts with the first view (~4 MiB that a server nobody reads does not need).
  let worker: Worker | null = null;
  // Unlimited pastes are read here, on a connection of this thread (a read in WAL mode does not wait
  // for the writer).
  type Reader = { connection: SqliteConnection; unlimitedLive: Statement<CountedRow, [string, number, number]> };
  let reader: Reader | null = null;

  const busy = () => pending.size > 0 || uncommitted.size > 0;
  // The thread keeps the process alive only while views wait for it.
  const holdWhileBusy = () => (busy() ? worker?.ref() : worker?.unref());
  const send = () => {
    if (sendTimer) clearTimeout(sendTimer);
    sendTimer = null;
    sendScheduled = null;
    const add: DeliveredViews = [...delivered];
    delivered = new Map();
    if (add.length > 0) addsInFlight.push(add);
    worker?.postMessage({ count: outgoing, add } satisfies ViewCounterMessage);
    outgoing = [];
  };
  const scheduleSend = (when: "now" | "soon") => {
    if (sendScheduled === "now" || sendScheduled === when) return;
    if (sendTimer) clearTimeout(sendTimer);
    sendScheduled = when;
    if (when === "now") setImmediate(send);
    else sendTimer = setTimeout(send, DELIVERED_VIEWS_INTERVAL_MS);
  };
  const forgetCommitted = (add: DeliveredViews) => {
    for (const [slug, views] of add) {
      const entry = uncommitted.get(slug);
      if (!entry) continue;
      entry.views -= views;
      if (entry.views <= 0) uncommitted.delete(slug);
    }
  };
  const wakeSettled = () => {
    if (uncommitted.size > 0) return;
    for (const wake of settledWaiters) wake();
    settledWaiters = [];
  };

  const settle = (id: number, outcome: { row: CountedRow | null } | { error: unknown }) => {
    const waiter = pending.get(id);
    if (!waiter) return;
    pending.delete(id);
    if ("error" in outcome) waiter.reject(outcome.error);
    else waiter.resolve(outcome.row && toCountedPaste(outcome.row));
  };
  const startWorker = () => {
    const started = new Worker(new URL("./view-counter-worker.ts", import.meta.url), { workerData });
    started.on("message", ({ ids, rows, addBatches, failure }: ViewCounterReply) => {
      // A busy database is the server's load, not the request's fault: 503, to be retried.
      const error = rows
        ? null
        : failure === "busy"
          ? new AppError("SERVICE_UNAVAILABLE", "errors.serviceUnavailable")
          : new Error(`view counter failed: ${failure}`);
      ids.forEach((id, index) => {
        settle(id, error ? { error } : { row: rows?.[index] ?? null });
      });
      for (const add of addsInFlight.splice(0, addBatches)) {
        if (!error) {
          forgetCommitted(add);
          continue;
        }
        // Not written: sent again with the next ones (the views were delivered, they must count).
        for (const [slug, views] of add) delivered.set(slug, (delivered.get(slug) ?? 0) + views);
        scheduleSend("soon");
      }
      wakeSettled();
      holdWhileBusy();
    });
    started.on("error", (error) => {
      for (const id of [...pending.keys()]) settle(id, { error });
      // The thread is gone with the views it had not written: they are lost, as in a crash.
      uncommitted.clear();
      addsInFlight.length = 0;
      wakeSettled();
    });
    return started;
  };

  /** The paste when a view of it counts now and its views are unlimited, read without the thread. */
  const readUnlimitedLive = (slug: string, nowMs: number, unlocked: boolean): CountedRow | null => {
    if (!reader) {
      const connection = new SqliteConnection(path);
      connection.exec(`PRAGMA query_only = ON; PRAGMA busy_timeout = ${READ_BUSY_TIMEOUT_MS};`);
      reader = { connection, unlimitedLive: connection.query(UNLIMITED_LIVE_PASTE_SQL) };
    }
    return reader.unlimitedLive.get(slug, nowMs, unlocked ? 1 : 0);
  };

  /** Answers a view of an unlimited paste at once; its count is written with the next group. */
  const deliverBeforeCommit = (row: CountedRow): CountedPaste => {
    const entry = uncommitted.get(row.slug);
    const views = Math.max(row.views, entry?.lastAnswered ?? 0) + 1;
    if (entry) {
      entry.views++;
      entry.lastAnswered = views;
    } else uncommitted.set(row.slug, { views: 1, lastAnswered: views });
    delivered.set(row.slug, (delivered.get(row.slug) ?? 0) + 1);
    worker ??= startWorker();
    if (uncommitted.size === 1 && pending.size === 0) holdWhileBusy();
    scheduleSend("soon");
    return toCountedPaste({ ...row, views });
  };

  return {
    async count(slug, now, { unlocked = false } = {}) {
      const nowMs = now.getTime();
      // Nothing another view does can take a view of an unlimited paste away: it is answered now
      // (docs/decisions/0011-view-counter.md); every other view waits for its commit.
      const unlimited = readUnlimitedLive(slug, nowMs, unlocked);
      if (unlimited) return deliverBeforeCommit(unlimited);
      const id = nextId++;
      worker ??= startWorker();
      const running = worker;
      return new Promise((resolve, reject) => {
        if (!busy()) running.ref();
        pending.set(id, { resolve, reject });
        scheduleSend("now");
        outgoing.push({ id, slug, nowMs, unlocked });
      });
    },
    settled() {
      if (uncommitted.size === 0) return Promise.resolve();
      if (delivered.size > 0) scheduleSend("now");
      return new Promise((resolve) => settledWaiters.push(resolve));
    },
    async close() {
      for (const id of [...pending.keys()]) settle(id, { error: new Error("view counter closed") });
      reader?.connection.close();
      reader = null;
      const running = worker;
      if (!running) return;
      // Delivered views not yet sent go before "close": the thread writes them before it closes.
      if (delivered.size > 0) send();
      worker = null;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      // Held until the thread has closed its connection: an idle, unreferenced thread would let the
      // process end in the middle of the server's shutdown.
      running.ref();
      running.postMessage("close" satisfies ViewCounterMessage);
      await exited;
    },
  };
}

function toCountedPaste(row: CountedRow): CountedPaste {
  return {
    ...row,
    hasPassword: row.hasPassword === 1,
    encrypted: row.encrypted === 1,
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
    createdAt: new Date(row.createdAt),
  };
}
