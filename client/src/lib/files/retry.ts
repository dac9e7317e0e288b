// Retrying one step of an upload (a multipart part): a few attempts with a growing pause, never
// after a cancel, and never for an answer that repeating cannot change (a 4xx other than timeouts).
export class AbortedError extends Error {
  override name = "AbortedError";
  constructor() {
    super("aborted");
  }
}

export function isAbortError(error: unknown): boolean {
  return (
    error instanceof AbortedError ||
    (typeof DOMException !== "undefined" && error instanceof DOMException && error.name === "AbortError") ||
    (error instanceof Error && error.name === "AbortError")
  );
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortedError();
}

/** Resolves after `ms`, or rejects with AbortedError as soon as the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortedError());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export type RetryOptions = {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Pause before the second attempt; doubled for each later one. */
  baseDelayMs?: number;
  signal?: AbortSignal;
  /** False stops at once (the error is final). Aborts are never retried. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  onRetry?: (error: unknown, nextAttempt: number) => void;
};

export const PART_ATTEMPTS = 3;

export async function withRetry<T>(run: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = PART_ATTEMPTS, baseDelayMs = 500, signal, shouldRetry = () => true, onRetry } = options;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    throwIfAborted(signal);
    try {
      return await run(attempt);
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw isAbortError(error) ? error : new AbortedError();
      lastError = error;
      if (attempt === attempts || !shouldRetry(error, attempt)) break;
      onRetry?.(error, attempt + 1);
      await sleep(baseDelayMs * 2 ** (attempt - 1), signal);
    }
  }
  throw lastError;
}

/**
 * Runs `tasks` with at most `concurrency` at a time. The first failure stops new tasks from
 * starting and is thrown once the running ones settle (their own failures are dropped).
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      if (signal?.aborted) {
        failure ??= { error: new AbortedError() };
        return;
      }
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/**
 * Sends parts a few at a time. One part that fails for good (after its own retries) stops the others
 * at once, as a cancel does, and is the error thrown; `signal` (the user's cancel) stops them all.
 * `send` gets the signal its requests must follow.
 */
export async function sendParts<T>(
  parts: readonly T[],
  concurrency: number,
  send: (part: T, signal: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal?.addEventListener("abort", stop, { once: true });
  let firstFailure: { error: unknown } | null = null;
  const sendOrStop = async (part: T) => {
    try {
      await send(part, controller.signal);
    } catch (error) {
      if (firstFailure === null && !controller.signal.aborted) {
        firstFailure = { error };
        stop();
      }
      throw error;
    }
  };
  try {
    await runPool(parts, concurrency, sendOrStop, controller.signal);
  } catch (error) {
    throw firstFailure ? (firstFailure as { error: unknown }).error : error;
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}
