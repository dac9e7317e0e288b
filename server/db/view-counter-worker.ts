// The SQLite view counter's thread (see view-counter.ts): it owns one write connection and counts the
// views it is sent in groups, one transaction per group. Off the server's event loop, a commit that the
// disk holds up (5-100 ms while the shared disk is busy) delays only the views of its group, not every
// request, and SQLite's automatic WAL checkpoint runs here too. Every view is answered after its group
// is committed, so a view limit is never over-delivered, even across a crash.
import { Database } from "bun:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import type {
  CountedRow,
  ViewCounterMessage,
  ViewCounterReply,
  ViewCounterRequest,
  ViewCounterWorkerData,
} from "./view-counter";

/**
 * Milliseconds since 1970 of a stored date. The Prisma adapter writes ISO 8601 text ("...+00:00", or
 * "Z" from older versions), or integer milliseconds with its `unixepoch-ms` option; julianday() reads
 * every ISO form, with any offset, so dates compare as instants and never as text.
 */
const epochMs = (column: string) =>
  `CASE typeof(${column}) WHEN 'integer' THEN ${column} WHEN 'null' THEN NULL
   ELSE CAST(round((julianday(${column}) - 2440587.5) * 86400000.0) AS INTEGER) END`;

// The view rule, the same as the Prisma form in view-counter.ts (`liveViewWhere`): a view counts when
// the paste is not protected (or the caller checked its password), its view limit is not reached and
// its expiry is later than now. view-counter.integration.test.ts holds the two forms to the same cases.
const COUNT_VIEW_SQL = `UPDATE "Paste" SET "views" = "views" + 1
  WHERE "slug" = ?1 AND ("passwordHash" IS NULL OR ?3 = 1)
    AND ("maxViews" = 0 OR "views" < "maxViews")
    AND ("expiresAt" IS NULL OR ${epochMs('"expiresAt"')} > ?2)
  RETURNING "slug", "content", "format", "encrypted", "remark", "passwordHash" IS NOT NULL AS "hasPassword",
    ${epochMs('"expiresAt"')} AS "expiresAt", "maxViews", "views", ${epochMs('"createdAt"')} AS "createdAt"`;

// How long a group waits for the write lock, as the server's Prisma connection does (db/client.ts):
// here the wait blocks only this thread. Past it the group is answered "busy".
const BUSY_TIMEOUT_MS = 10_000;

function prepare(db: Database) {
  const statement = db.query<CountedRow, [string, number, number]>(COUNT_VIEW_SQL);
  // IMMEDIATE takes the write lock at BEGIN: a deferred transaction that read first could not upgrade.
  return db.transaction((group: ViewCounterRequest[]) =>
    group.map((request) => statement.all(request.slug, request.nowMs, request.unlocked ? 1 : 0)[0] ?? null),
  ).immediate;
}

const { path, walSizeLimit } = workerData as ViewCounterWorkerData;
const db = new Database(path);
db.exec(
  `PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = ${walSizeLimit};`,
);
const countGroup = prepare(db);
let queue: ViewCounterRequest[] = [];
let scheduled = false;

function flush() {
  scheduled = false;
  const group = queue;
  queue = [];
  let reply: ViewCounterReply;
  try {
    reply = { ids: group.map((request) => request.id), rows: countGroup(group) };
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    reply = {
      ids: group.map((request) => request.id),
      failure: code.startsWith("SQLITE_BUSY") ? "busy" : String(error),
    };
  }
  parentPort?.postMessage(reply);
}

parentPort?.on("message", (message: ViewCounterMessage) => {
  if (message === "close") {
    db.close();
    process.exit(0);
  }
  queue.push(...message);
  // Views that arrive while a group commits wait in the message queue and join the next group.
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});
