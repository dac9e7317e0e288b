// Counting one view of a paste: the one conditional UPDATE that decides whether a delivery may happen
// (docs/decisions/0011-view-counter.md). A view counts only while the paste is live: not expired at
// `now`, under its view limit, and not protected unless the caller checked the password. Because the
// check and the count are one statement, exactly max_views deliveries succeed however many requests
// race, across processes. services/pastes/pastes.ts calls it for every delivery; when it answers null the
// service looks at the row to say why (404, 410, password needed).
//
// On SQLite the statement runs on a thread of its own (view-counter-worker.ts) that commits views in
// groups: a write that the disk holds up no longer stops the event loop. A view of an unlimited paste,
// which no other view can take away, is answered by the thread from a read and its count written with
// the next group (docs/decisions/0011-view-counter.md). On Postgres it is Prisma's `updateManyAndReturn`, one
// round trip.
import { Worker } from "node:worker_threads";
import { AppError } from "../../errors";
import { type Database, providerOf } from "../client";
import { sqliteFilePath } from "../migrate";
import { WAL_SIZE_LIMIT_BYTES } from "../wal-checkpoint";

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
/**
 * What the server sends the thread: views to count and `settled()` requests (answered once every view
 * answered before them is written), or "close" (writes what it holds, closes the connection, ends).
 */
export type ViewCounterMessage = ViewsToCount | "close";
export type ViewsToCount = { count: ViewCounterRequest[]; settle: number[] };
/**
 * A row (or null) per view id, or why the group those views waited for failed; the `settled()`
 * requests now answered; whether the thread holds views not yet written (it keeps the process alive).
 */
export type ViewCounterReply = {
  ids: number[];
  rows?: (CountedRow | null)[];
  failure?: "busy" | string;
  settled?: number[];
  holding: boolean;
};

export function createViewCounter(databaseUrl: string, db: Database): ViewCounter {
  return providerOf(databaseUrl) === "sqlite" ? createSqliteViewCounter(databaseUrl) : createPrismaViewCounter(db);
}

/**
 * The view rule in Prisma's terms, for every kind of share (pastes, file shares, shared folders, sets): views
 * left (none counted past `maxViews`, the model's own column, e.g. `db.paste.fields.maxViews`) and not expired
 * at `now`. A counted view is one conditional UPDATE with this condition; the SQLite thread's statement says the
 * same in SQL.
 */
export function viewableWhere<MaxViews>(maxViews: MaxViews, now: Date) {
  return {
    OR: [{ maxViews: 0 }, { views: { lt: maxViews } }],
    AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }],
  };
}

export function liveViewWhere(slug: string, now: Date, { unlocked = false }: CountOptions, db: Database) {
  return { slug, ...(unlocked ? {} : { passwordHash: null }), ...viewableWhere(db.paste.fields.maxViews, now) };
}

/** The columns a delivery shows: what the counter returns; services/pastes/pastes.ts adds the management columns. */
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

export function createSqliteViewCounter(databaseUrl: string): ViewCounter {
  const workerData: ViewCounterWorkerData = { path: sqliteFilePath(databaseUrl), walSizeLimit: WAL_SIZE_LIMIT_BYTES };
  const pending = new Map<number, { resolve(row: CountedPaste | null): void; reject(error: unknown): void }>();
  const settleWaiters = new Map<number, () => void>();
  let nextId = 0;
  // Views (and settle requests) asked for in one turn of the event loop cross to the thread in one message.
  let outgoing: ViewsToCount = { count: [], settle: [] };
  let threadHolding = false;
  // The thread starts with the first view (~4 MiB that a server nobody reads does not need).
  let worker: Worker | null = null;

  // The thread keeps the process alive only while something waits for it or it holds unwritten views.
  const holdWhileBusy = () =>
    pending.size > 0 || settleWaiters.size > 0 || threadHolding ? worker?.ref() : worker?.unref();
  const send = () => {
    worker?.postMessage(outgoing satisfies ViewCounterMessage);
    outgoing = { count: [], settle: [] };
  };
  const sendSoon = (running: Worker) => {
    if (outgoing.count.length === 0 && outgoing.settle.length === 0) setImmediate(send);
    running.ref();
  };

  const settle = (id: number, outcome: { row: CountedRow | null } | { error: unknown }) => {
    const waiter = pending.get(id);
    if (!waiter) return;
    pending.delete(id);
    if ("error" in outcome) waiter.reject(outcome.error);
    else waiter.resolve(outcome.row && toCountedPaste(outcome.row));
  };
  const wakeSettled = (ids: Iterable<number>) => {
    for (const id of ids) {
      settleWaiters.get(id)?.();
      settleWaiters.delete(id);
    }
  };
  const startWorker = () => {
    const started = new Worker(new URL("./view-counter-worker.ts", import.meta.url), { workerData });
    started.on("message", ({ ids, rows, failure, settled, holding }: ViewCounterReply) => {
      // A busy database is the server's load, not the request's fault: 503, to be retried.
      const error = rows
        ? null
        : failure === "busy"
          ? new AppError("SERVICE_UNAVAILABLE", "errors.serviceUnavailable")
          : new Error(`view counter failed: ${failure}`);
      ids.forEach((id, index) => {
        settle(id, error ? { error } : { row: rows?.[index] ?? null });
      });
      wakeSettled(settled ?? []);
      threadHolding = holding;
      holdWhileBusy();
    });
    started.on("error", (error) => {
      for (const id of [...pending.keys()]) settle(id, { error });
      // The thread is gone with the views it had not written: they are lost, as in a crash.
      threadHolding = false;
      wakeSettled([...settleWaiters.keys()]);
    });
    return started;
  };

  return {
    count(slug, now, { unlocked = false } = {}) {
      const id = nextId++;
      worker ??= startWorker();
      const running = worker;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        sendSoon(running);
        outgoing.count.push({ id, slug, nowMs: now.getTime(), unlocked });
      });
    },
    settled() {
      const running = worker;
      if (!running) return Promise.resolve();
      const id = nextId++;
      return new Promise((resolve) => {
        settleWaiters.set(id, resolve);
        sendSoon(running);
        outgoing.settle.push(id);
      });
    },
    async close() {
      for (const id of [...pending.keys()]) settle(id, { error: new Error("view counter closed") });
      const running = worker;
      if (!running) return;
      worker = null;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      // Held until the thread has written what it holds and closed its connection: an idle,
      // unreferenced thread would let the process end in the middle of the server's shutdown.
      running.ref();
      running.postMessage("close" satisfies ViewCounterMessage);
      await exited;
      wakeSettled([...settleWaiters.keys()]);
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
