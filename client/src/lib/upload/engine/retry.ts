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
