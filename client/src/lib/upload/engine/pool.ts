// The one way the client runs work a few at a time: the parts of a multipart upload, the files of
// an explorer upload task, the rows of the upload list. p-limit keeps the waiting line.
import pLimit, { type LimitFunction } from "p-limit";

export type Pool = LimitFunction;

/** A line where at most `concurrency` tasks run at once; the rest start in order as slots free up. */
export function createPool(concurrency: number): Pool {
  return pLimit(Math.max(1, concurrency));
}

/**
 * Runs `task` over `items`, at most `concurrency` at once, and waits for every one to settle; each
 * failure is its own (none stops the others). Throws the first failure, in the items' order.
 */
export async function eachInPool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const pool = createPool(concurrency);
  const settled = await Promise.allSettled(items.map((item) => pool(() => task(item))));
  const failure = settled.find((outcome) => outcome.status === "rejected");
  if (failure) throw failure.reason;
}
