// Two bounds on what one address can hold open, applied to every request by the app's fetch handler:
// - a body that stops arriving is cut with 408: a request may wait at most `stallMs` in all on its
//   body between two steps of MIN_PROGRESS_BYTES, so a body trickling a byte a second is cut after
//   `stallMs` while an upload that moves data (even slowly, 16 KiB per window) is never cut. Only time
//   the server spends waiting for the client counts: a slow store that reads the body slowly does not.
// - at most `maxPerAddress` requests with a body (uploads, forms, JSON calls) of one address are in
//   flight at once (429 past it); requests without one are not counted, as they hold nothing open.
import { formatBytes } from "@shared/format-bytes";
import { AppError } from "../errors";

/** The data a body must bring per stall window to count as moving. */
export const MIN_PROGRESS_BYTES = 16 * 1024;

export type RequestGuardLimits = { stallMs: number; maxPerAddress: number };

export type GuardedBody = {
  /** The request with its body read through the stall watch. */
  request: Request;
  /** Rejects with a 408 AppError when the body stalls; never resolves otherwise. */
  stalled: Promise<never>;
};

function stallError(stallMs: number): AppError {
  return new AppError(
    "REQUEST_TIMEOUT",
    "errors.requestBodyTimeout",
    { bytes: formatBytes(MIN_PROGRESS_BYTES), seconds: Math.round(stallMs / 1000) },
    { Connection: "close" },
  );
}

/** `request` whose body errors, and whose `stalled` rejects, once the client stops sending it. */
export function watchBody(request: Request, stallMs: number): GuardedBody {
  const source = request.body;
  if (!source) return { request, stalled: new Promise<never>(() => undefined) };
  let onStall: (error: AppError) => void = () => undefined;
  const stalled = new Promise<never>((_, reject) => {
    onStall = reject;
  });
  stalled.catch(() => undefined);
  const reader = source.getReader();
  let waitedMs = 0;
  let progress = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const started = performance.now();
        const timer = setTimeout(() => {
          const error = stallError(stallMs);
          onStall(error);
          controller.error(error);
          reader.cancel(error).catch(() => undefined);
        }, stallMs - waitedMs);
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else {
            waitedMs += performance.now() - started;
            progress += value.byteLength;
            if (progress >= MIN_PROGRESS_BYTES) {
              waitedMs = 0;
              progress = 0;
            }
            controller.enqueue(value);
          }
        } catch (error) {
          controller.error(error);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return { request: new Request(request, { body, duplex: "half" } as RequestInit), stalled };
}

/** Counts requests in flight per address; `admit` answers the release, or null past the cap. */
export function createInFlightCounter(maxPerAddress: number) {
  const inFlight = new Map<string, number>();
  return {
    admit(address: string): (() => void) | null {
      const count = inFlight.get(address) ?? 0;
      if (count >= maxPerAddress) return null;
      inFlight.set(address, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(address) ?? 1) - 1;
        if (left <= 0) inFlight.delete(address);
        else inFlight.set(address, left);
      };
    },
    refusal(): AppError {
      return new AppError(
        "TOO_MANY_REQUESTS",
        "errors.requestsInFlight",
        { max: maxPerAddress },
        { "Retry-After": "1" },
      );
    },
  };
}
