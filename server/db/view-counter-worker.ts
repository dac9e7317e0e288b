// The SQLite view counter's thread (see view-counter.ts): it owns one write connection and writes the
// views it is sent in groups, one transaction per group. Off the server's event loop, a commit that the
// disk holds up (5-100 ms while the shared disk is busy) delays only the views waiting for it, not every
// request, and SQLite's automatic WAL checkpoint runs here too. A view that may be refused (a limited,
// expiring or protected paste) is answered after its group is committed, so a view limit is never
// over-delivered, even across a crash; views of unlimited pastes arrive already delivered, as counts to add.
import { Database } from "bun:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import type {
  CountedRow,
  ViewCounterMessage,
  ViewCounterReply,
  ViewCounterRequest,
  ViewCounterWorkerData,
} from "./view-counter";
import { ADD_VIEWS_SQL, COUNT_VIEW_SQL } from "./view-counter-sql";

// How long a group waits for the write lock, as the server's Prisma connection does (db/client.ts):
// here the wait blocks only this thread. Past it the group is answered "busy".
const BUSY_TIMEOUT_MS = 10_000;

function prepare(db: Database) {
  const countView = db.query<CountedRow, [string, number, number]>(COUNT_VIEW_SQL);
  const addViews = db.query<never, [string, number]>(ADD_VIEWS_SQL);
  // IMMEDIATE takes the write lock at BEGIN: a deferred transaction that read first could not upgrade.
  // Delivered views are added first, so a counted view's number includes them.
  return db.transaction((added: Map<string, number>, group: ViewCounterRequest[]) => {
    for (const [slug, views] of added) addViews.run(slug, views);
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
const commitGroup = prepare(db);
let queue: ViewCounterRequest[] = [];
let added = new Map<string, number>();
let addBatches = 0;
let scheduled = false;

function flush() {
  scheduled = false;
  const group = queue;
  const views = added;
  const reply: ViewCounterReply = { ids: group.map((request) => request.id), addBatches };
  queue = [];
  added = new Map();
  addBatches = 0;
  try {
    reply.rows = commitGroup(views, group);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    reply.failure = code.startsWith("SQLITE_BUSY") ? "busy" : String(error);
  }
  parentPort?.postMessage(reply);
}

parentPort?.on("message", (message: ViewCounterMessage) => {
  if (message === "close") {
    // What was sent before "close" is written first: a shutdown loses no delivered view.
    if (scheduled) flush();
    db.close();
    process.exit(0);
  }
  queue.push(...message.count);
  for (const [slug, views] of message.add) added.set(slug, (added.get(slug) ?? 0) + views);
  if (message.add.length > 0) addBatches++;
  // Views that arrive while a group commits wait in the message queue and join the next group.
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});
