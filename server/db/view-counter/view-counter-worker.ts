// The SQLite view counter's thread (see view-counter.ts): it owns one write connection and writes the
// views it is sent in groups, one transaction per group. Off the server's event loop, a commit that the
// disk holds up (5-100 ms while the shared disk is busy) delays only the views waiting for it, not every
// request, and SQLite's automatic WAL checkpoint runs here too.
// A view of an unlimited paste is read and answered as soon as its message arrives, and its count is
// written with the next group: nothing another view does can take it away. Every other view (a
// limited, expiring or protected paste) is answered after its group is committed, so a view limit is
// never over-delivered, even across a crash (docs/decisions/0011-view-counter.md).
import { Database } from "bun:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import type {
  CountedRow,
  ViewCounterMessage,
  ViewCounterReply,
  ViewCounterRequest,
  ViewCounterWorkerData,
} from "./view-counter";
import { ADD_VIEWS_SQL, COUNT_VIEW_SQL, UNLIMITED_LIVE_PASTE_SQL } from "./view-counter-sql";

// How long a group waits for the write lock, as the server's Prisma connection does (db/client.ts):
// here the wait blocks only this thread. Past it the group is answered "busy".
const BUSY_TIMEOUT_MS = 10_000;
/** How long answered views of unlimited pastes are gathered when no other view waits for a commit. */
const DELIVERED_VIEWS_INTERVAL_MS = 20;

function prepare(db: Database) {
  const countView = db.query<CountedRow, [string, number, number]>(COUNT_VIEW_SQL);
  const addViews = db.query<never, [string, number]>(ADD_VIEWS_SQL);
  // IMMEDIATE takes the write lock at BEGIN: a deferred transaction that read first could not upgrade.
  // Delivered views are added first, so a counted view's number includes them.
  return db.transaction((delivered: Map<string, number>, group: ViewCounterRequest[]) => {
    for (const [slug, views] of delivered) addViews.run(slug, views);
    return group.map((request) => countView.all(request.slug, request.nowMs, request.unlocked ? 1 : 0)[0] ?? null);
  }).immediate;
}

const { path, walSizeLimit } = workerData as ViewCounterWorkerData;
const db = new Database(path);
// synchronous = NORMAL, as every connection of the app: under WAL a commit is not flushed to the disk
// (a process crash loses nothing committed, a power loss may lose the last commits; only checkpoints sync).
db.exec(
  `PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = ${walSizeLimit};`,
);
const readUnlimitedLive = db.query<CountedRow, [string, number, number]>(UNLIMITED_LIVE_PASTE_SQL);
const commitGroup = prepare(db);
// Views that wait for their group's commit.
let queue: ViewCounterRequest[] = [];
// Views of unlimited pastes already answered and not yet written, per slug. The thread is the only
// writer of this process, so the stored count plus these is the number the next view gets.
let delivered = new Map<string, number>();
// "settled" requests waiting until nothing answered is left unwritten.
let settleWaiters: number[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let flushSoon = false;

const holding = () => queue.length > 0 || delivered.size > 0;
const reply = (answer: Omit<ViewCounterReply, "holding">) =>
  parentPort?.postMessage({ ...answer, holding: holding() } satisfies ViewCounterReply);

/** A view waiting for its commit is written at once; answered views alone are gathered a while. */
function scheduleFlush() {
  if (flushSoon) return;
  if (queue.length > 0) {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    flushSoon = true;
    setImmediate(flush);
  } else if (delivered.size > 0 && !flushTimer) {
    flushTimer = setTimeout(flush, DELIVERED_VIEWS_INTERVAL_MS);
  }
}

function answerSettled() {
  if (holding() || settleWaiters.length === 0) return;
  reply({ ids: [], settled: settleWaiters });
  settleWaiters = [];
}

function flush() {
  flushSoon = false;
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const group = queue;
  const views = delivered;
  queue = [];
  delivered = new Map();
  const ids = group.map((request) => request.id);
  try {
    const rows = commitGroup(views, group);
    reply({ ids, rows });
  } catch (error) {
    // Answered views must count: they go with the next group.
    for (const [slug, count] of views) delivered.set(slug, (delivered.get(slug) ?? 0) + count);
    const code = (error as { code?: string }).code ?? "";
    reply({ ids, failure: code.startsWith("SQLITE_BUSY") ? "busy" : String(error) });
    scheduleFlush();
  }
  answerSettled();
}

parentPort?.on("message", (message: ViewCounterMessage) => {
  if (message === "close") {
    // What was sent before "close" is written first: a shutdown loses no answered view.
    if (holding()) flush();
    db.close();
    process.exit(0);
  }
  const ids: number[] = [];
  const rows: CountedRow[] = [];
  for (const request of message.count) {
    const row = readUnlimitedLive.get(request.slug, request.nowMs, request.unlocked ? 1 : 0);
    if (!row) {
      queue.push(request);
      continue;
    }
    const answered = (delivered.get(row.slug) ?? 0) + 1;
    delivered.set(row.slug, answered);
    ids.push(request.id);
    rows.push({ ...row, views: row.views + answered });
  }
  if (ids.length > 0) reply({ ids, rows });
  settleWaiters.push(...message.settle);
  // Views that arrive while a group commits wait in the message queue and join the next group.
  scheduleFlush();
  answerSettled();
});
