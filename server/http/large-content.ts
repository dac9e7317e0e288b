// Large content in one process (a clipboard item or history page past 1 MiB, a large JSON body): how
// many of its bytes are worked on at once (a byte budget), each piece starting in a turn of the event
// loop of its own, and when the copies such work leaves behind are collected (docs/clipboard.md,
// docs/performance.md "The hostile-traffic run").

import { edenGC } from "bun:jsc";
import { nextTurn } from "./sliced-answer";

/** Content past this many bytes goes through `withLargeContent`; smaller content is not worth it. */
export const LARGE_CONTENT_BYTES = 1024 * 1024;
/**
 * Bytes of large content in flight per process: three 10 MB items or eight history pages at once.
 * Each piece holds a few copies of its bytes (read, encoded, sent) until collected, so this bounds what
 * readers of huge rooms make the server hold together while letting them progress side by side; a
 * piece alone larger than the budget runs alone.
 */
export const LARGE_CONTENT_BUDGET_BYTES = 32 * 1024 * 1024;
/** Garbage of large content noted since the last collection that makes the next one run. */
const COLLECT_AFTER_BYTES = 32 * 1024 * 1024;
/**
 * A full collection stops the loop for as long as the live heap takes to mark: 100 ms of CPU and
 * 400 ms of wall time for a heap of 500 MiB of small objects (measured 2026-11-29), a few milliseconds
 * for a server's usual heap. The heap figure counts the large items themselves, which cost little to
 * mark (a hostile run's server reached 308 MiB with them). Past this size only the young generation is
 * collected: the copies are young, so most of them still go.
 */
const FULL_COLLECTION_HEAP_BYTES = 400 * 1024 * 1024;

export type ByteBudget = ReturnType<typeof createByteBudget>;

/**
 * A semaphore counted in bytes: `acquire(bytes)` waits until they fit beside what is in flight, first
 * come first served (a large piece is not overtaken forever by small ones), and gives the function
 * that returns them. A request for more than the whole budget waits for all of it.
 */
export function createByteBudget(capacity: number) {
  let inUse = 0;
  let peak = 0;
  const waiting: { bytes: number; grant: () => void }[] = [];
  function admit() {
    for (let next = waiting[0]; next && inUse + next.bytes <= capacity; next = waiting[0]) {
      waiting.shift();
      inUse += next.bytes;
      peak = Math.max(peak, inUse);
      next.grant();
    }
  }
  return {
    capacity,
    acquire(bytes: number): Promise<() => void> {
      const held = Math.min(bytes, capacity);
      return new Promise((resolve) => {
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          inUse -= held;
          admit();
        };
        waiting.push({ bytes: held, grant: () => resolve(release) });
        admit();
      });
    },
    /** Bytes in flight now, and the most there ever were (for tests and figures). */
    inUse: () => inUse,
    peak: () => peak,
  };
}

export const largeContentBudget = createByteBudget(LARGE_CONTENT_BUDGET_BYTES);

let nextStart: Promise<void> = Promise.resolve();

/**
 * Two turns of the loop after the previous piece's start. On SQLite a piece's read or write runs
 * synchronously in its first turn and its caller encodes the result in the next: spacing the starts
 * keeps one heavy step per turn (eight readers of 10 MB items ran back to back and held every other
 * request 0.6 s, docs/performance.md), while on Postgres pieces still wait for the database together.
 */
function turnOfItsOwn(): Promise<void> {
  const start = nextStart.then(nextTurn).then(nextTurn);
  nextStart = start;
  return start;
}

/**
 * `work` on `bytes` of large content, within the process's byte budget and starting in a turn of its
 * own. Its caller gets the result in the next turn and encodes and sends it in the microtasks that
 * follow (a JSON answer, a socket message); the bytes are given back a turn later, so the encoding
 * counts too, and noted as garbage to collect.
 */
export function withLargeContent<T>(
  bytes: number,
  work: () => Promise<T>,
  budget: ByteBudget = largeContentBudget,
): Promise<T> {
  if (bytes <= LARGE_CONTENT_BYTES) return work();
  return new Promise<T>((resolve, reject) => {
    void budget.acquire(bytes).then(async (release) => {
      try {
        await turnOfItsOwn();
        const settle = await work().then(
          (value) => () => resolve(value),
          (error: unknown) => () => reject(error),
        );
        await nextTurn();
        settle();
        await nextTurn();
      } finally {
        release();
        // Its copies: what was read or written, and what its caller encoded.
        noteLargeGarbage(2 * bytes);
      }
    });
  });
}

let garbageBytes = 0;
let collectionPending = false;

/**
 * Counts bytes of large content that are garbage now or soon (a body decoded and parsed, a piece of
 * work done); past COLLECT_AFTER_BYTES a collection runs in the next turn. The collector would run
 * anyway, but later than a stream of 10 MB bodies piles up copies: a room filled over HTTP grew the
 * server by 222 MiB (docs/performance.md). Counting, instead of collecting after each piece, keeps
 * the pauses few when many pieces are in flight.
 */
export function noteLargeGarbage(bytes: number) {
  if (bytes <= LARGE_CONTENT_BYTES) return;
  garbageBytes += bytes;
  if (garbageBytes < COLLECT_AFTER_BYTES || collectionPending) return;
  collectionPending = true;
  setImmediate(() => {
    collectionPending = false;
    garbageBytes = 0;
    if (process.memoryUsage().heapUsed < FULL_COLLECTION_HEAP_BYTES) Bun.gc(true);
    else edenGC();
  });
}
