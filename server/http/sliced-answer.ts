// Answers built a slice at a time (docs/performance.md, "A 20,000-file folder while others wait"): a long list (a PROPFIND of a 20,000-file folder,
// a whole fs/list) is written in slices with a turn of the event loop between them, so that other
// requests are served meanwhile instead of waiting for one large string.

/** Lets the event loop serve what is waiting (timers and sockets included) before going on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Entries written per slice: about 1 ms of string building on this machine. */
export const SLICE_ENTRIES = 250;

/**
 * A body made of `parts`, pulled as the client reads: each part is produced only when the one before
 * has been taken, with a turn of the event loop in between, so neither the CPU time nor the whole
 * answer is held at once. The parts must not fail for a reason the caller should hear: the status is
 * already sent (do the reads that can fail before).
 */
export function slicedBody(parts: Iterable<string>): ReadableStream<Uint8Array> {
  const iterator = parts[Symbol.iterator]();
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      await nextTurn();
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel() {
      iterator.return?.();
    },
  });
}

/** `items` in slices of SLICE_ENTRIES, each passed through `write`. */
export function* slicesOf<T>(items: readonly T[], write: (slice: readonly T[]) => string): Generator<string> {
  for (let start = 0; start < items.length; start += SLICE_ENTRIES) {
    yield write(items.slice(start, start + SLICE_ENTRIES));
  }
}
