// One object's upload, whichever way it goes and wherever it goes (docs/product.md §4). The way (the
// strategy) is one of three: a presigned direct PUT then a commit; multipart (parts a few at a time,
// each retried, aborted on failure or cancel); or a form POST through the server. Direct and
// multipart fall back to the server when the browser cannot reach the storage (its CORS, or the
// page's CSP), and the storage is remembered as unreachable for the rest of the visit.
// Where the object goes (the target) only supplies the server calls: a file share (lib/upload/uploader.ts),
// a file in a mount folder (lib/explorer/fs-upload.ts), or a client-side copy's target (client-copy.ts).
import type { DirectBlocked } from "../direct-blocked";
import { isFinalError, NoDataError, UploadFailure, type UploadStage } from "../upload-errors";
import { bytesDone, missingParts, type PartPlan, PartProgress, planParts, type UploadMode } from "../upload-plan";
import { eachInPool } from "./pool";
import { AbortedError, isAbortError, PART_ATTEMPTS, throwIfAborted, withRetry } from "./retry";
import { NetworkError, type Transport, type TransportResponse } from "./transport";
import { statusError } from "./upload-api";

/** docs/product.md §9: parts sent at once by one multipart upload, and the time one part may take. */
export const PART_CONCURRENCY = 3;
export const PART_TIMEOUT_MS = 300_000;

/**
 * Bytes an upload reads by range: a Blob, or bytes made as they are read (an encrypted file is
 * encrypted part by part while the parts go, shared/encryption/encrypted-file.ts, so it is never whole in memory;
 * each part is a buffer the page drops once sent).
 */
export type UploadBytes = {
  readonly size: number;
  slice(start: number, end: number): Blob | Promise<Blob | Uint8Array<ArrayBuffer>>;
};

export type UploadSource = {
  blob: UploadBytes;
  name: string;
  type: string;
  size: number;
  /** Identifies a local file across reloads (File.lastModified); absent for downloaded URLs and copies. */
  lastModified?: number;
  /** For URL uploads: recorded with the file. */
  sourceUrl?: string;
};

/** What the server granted for a direct PUT. */
export type DirectGrant<Result> = {
  url: string;
  headers: Record<string, string>;
  /** The storage, when a bucket on another origin: it may be unreachable (CSP, CORS). Null for the app's own. */
  remoteStorageKey: string | null;
  commit(etag: string | null): Promise<Result>;
  /** Removes what the server recorded for an upload that will not finish (docs/product.md §4). */
  discard?(): Promise<unknown>;
};

/** Where one part goes: a presigned URL of the storage, or the app's part route. */
export type PartRequest = { method: "PUT" | "POST"; url: string; headers?: Record<string, string> };

/** A multipart upload the server started (or one resumed after a reload). */
export type MultipartSession<Result> = {
  partSize: number;
  /** Parts the storage already holds (a resumed upload): part number -> ETag. */
  stored: Map<number, string>;
  isResumed: boolean;
  /** The storage, when the parts go straight to a bucket on another origin; null when through the app. */
  remoteStorageKey: string | null;
  /** `attempt` > 1 asks for a fresh URL (a signed one may have expired). */
  partRequest(part: PartPlan, attempt: number): Promise<PartRequest>;
  /** The part's ETag from its answer; null when the storage's CORS hides it (read back at the end). */
  readEtag(response: TransportResponse): string | null;
  /** The ETags the server holds, for parts whose answer hid them. */
  readStoredEtags?(): Promise<Map<number, string>>;
  onPartStored?(partsDone: number): void;
  complete(parts: { partNumber: number; etag: string }[]): Promise<Result>;
  /** Aborts on the server so no parts stay behind; best effort. */
  abort(): Promise<void>;
};

/** Where an object goes: the server calls of each strategy. */
export type UploadTarget<Result> = {
  startDirect(): Promise<DirectGrant<Result>>;
  /** Absent for a target that takes one PUT (a client-side copy). */
  startMultipart?(): Promise<MultipartSession<Result>>;
  /** The form POST through the server; `onProgress` follows the form's bytes. */
  sendThroughServer(request: {
    onProgress: (loaded: number, total: number) => void;
    signal?: AbortSignal;
  }): Promise<Result>;
};

export type UploadContext = {
  transport: Transport;
  /** Whether the page's CSP allows connecting to a URL (lib/shares/download/csp.ts). */
  mayConnect: (url: string) => Promise<boolean>;
  directBlocked: DirectBlocked;
  signal?: AbortSignal;
  /** Pause before retrying a part (doubled each time). */
  retryDelayMs?: number;
  onProgress?: (loaded: number, total: number) => void;
  onMode?: (mode: UploadMode) => void;
  /** A multipart upload picked up parts stored before (the bytes already there). */
  onResume?: (bytesAlreadyStored: number) => void;
};

export type UploadOutcome<Result> = { result: Result; mode: UploadMode };

const LOCAL_STORAGE_PATH = "/api/storage/local/";

/** A URL the app signed for its local storage, made relative to the page when its host differs. */
export function sameOriginStorageUrl(url: string, pageOrigin: string | undefined): string {
  if (!pageOrigin) return url;
  try {
    const parsed = new URL(url, pageOrigin);
    if (parsed.origin !== pageOrigin && parsed.pathname.startsWith(LOCAL_STORAGE_PATH)) {
      return `${pageOrigin}${parsed.pathname}${parsed.search}`;
    }
  } catch {
    // Not a URL we can read: used as given.
  }
  return url;
}

/** The browser may not reach the storage (CORS, CSP) or it is down: the server takes the object. */
class DirectUnavailable extends Error {
  override name = "DirectUnavailable";
  constructor(readonly storageKey: string) {
    super("direct upload unavailable");
  }
}

/** Runs one server call of a stage; its failure is reported as that stage's. */
export async function step<T>(
  stage: UploadStage,
  run: () => Promise<T>,
  details?: { partNumber?: number },
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isAbortError(error) || error instanceof UploadFailure || error instanceof DirectUnavailable) throw error;
    throw new UploadFailure(stage, error, details);
  }
}

/** Bytes of one piece of a whole body made from bytes read by range (the size of a record). */
const WHOLE_BODY_PIECE = 5 * 1024 * 1024;

/**
 * The whole object as one body (a direct PUT, the form upload). Bytes made as they are read become a
 * Blob piece by piece: the browser keeps a Blob's bytes outside the page (on disk when they are
 * many), so the page never holds the whole object (docs/encrypted-shares.md).
 */
export async function wholeBody(source: UploadSource): Promise<Blob> {
  if (source.blob instanceof Blob) return source.blob;
  const pieces: Blob[] = [];
  for (let start = 0; start < source.size || pieces.length === 0; start += WHOLE_BODY_PIECE) {
    const piece = await source.blob.slice(start, Math.min(source.size, start + WHOLE_BODY_PIECE));
    pieces.push(piece instanceof Blob ? piece : new Blob([piece]));
  }
  return new Blob(pieces);
}

const isSuccess = (response: TransportResponse) => response.status >= 200 && response.status < 300;

async function discard(run: (() => Promise<unknown>) | undefined): Promise<void> {
  try {
    await run?.();
  } catch {
    // Best effort: the server sweeps what is left.
  }
}

/**
 * Uploads `source` to `target` by `strategy`; direct and multipart go through the server instead when
 * the browser cannot reach the storage. Resolves with the target's result and the way it went.
 */
export async function uploadObject<Result>(
  source: UploadSource,
  target: UploadTarget<Result>,
  strategy: UploadMode,
  context: UploadContext,
): Promise<UploadOutcome<Result>> {
  throwIfAborted(context.signal);
  if (strategy !== "server") {
    context.onMode?.(strategy);
    try {
      const result =
        strategy === "direct"
          ? await uploadDirect(source, target, context)
          : await uploadMultipart(source, target, context);
      return { result, mode: strategy };
    } catch (error) {
      if (!(error instanceof DirectUnavailable)) throw error;
      context.directBlocked.add(error.storageKey);
    }
  }
  context.onMode?.("server");
  return { result: await uploadThroughServer(source, target, context), mode: "server" };
}

async function uploadThroughServer<Result>(
  source: UploadSource,
  target: UploadTarget<Result>,
  context: UploadContext,
): Promise<Result> {
  throwIfAborted(context.signal);
  let loaded = 0;
  const report = (bytes: number) => {
    loaded = bytes;
    context.onProgress?.(bytes, source.size);
  };
  const result = await step("server", () =>
    target.sendThroughServer({
      signal: context.signal,
      // The form adds a little around the file: the bar follows the file's bytes.
      onProgress: (sent, total) => report(Math.min(source.size, (sent / Math.max(1, total)) * source.size)),
    }),
  );
  // A small form may end without a progress event: the bar still ends full.
  if (loaded < source.size) report(source.size);
  return result;
}

async function uploadDirect<Result>(
  source: UploadSource,
  target: UploadTarget<Result>,
  context: UploadContext,
): Promise<Result> {
  const grant = await step("presign", async () => {
    const answer = await target.startDirect();
    if (!answer.url) throw new NoDataError();
    return answer;
  });
  const remote = grant.remoteStorageKey;
  try {
    if (remote !== null && (context.directBlocked.has(remote) || !(await context.mayConnect(grant.url)))) {
      throw new DirectUnavailable(remote);
    }
    let response: TransportResponse;
    try {
      response = await context.transport({
        method: "PUT",
        url: grant.url,
        body: await wholeBody(source),
        headers: grant.headers,
        onProgress: (loaded) => context.onProgress?.(loaded, source.size),
        signal: context.signal,
      });
    } catch (error) {
      // A cross-origin PUT the bucket's CORS refuses looks like a network failure: try the server.
      if (error instanceof NetworkError && remote !== null && !error.isTimeout) throw new DirectUnavailable(remote);
      throw new UploadFailure("put", error, { toS3: remote !== null });
    }
    if (!isSuccess(response)) {
      throw new UploadFailure("put", statusError(response.status, response.text), { toS3: remote !== null });
    }
    context.onProgress?.(source.size, source.size);
    const etag = response.header("ETag")?.trim() || null;
    return await step("commit", () => grant.commit(etag));
  } catch (error) {
    await discard(grant.discard);
    throw error;
  }
}

async function uploadMultipart<Result>(
  source: UploadSource,
  target: UploadTarget<Result>,
  context: UploadContext,
): Promise<Result> {
  const session = await step("multipartInit", async () => {
    if (!target.startMultipart) throw new TypeError("This target takes no multipart upload");
    return target.startMultipart();
  });
  const remote = session.remoteStorageKey;
  const done = session.stored;
  const plan = planParts(source.size, session.partSize);
  const alreadyStored = bytesDone(plan, done);
  if (session.isResumed) context.onResume?.(alreadyStored);
  const progress = new PartProgress(alreadyStored);
  const report = () => context.onProgress?.(progress.loaded, source.size);
  report();
  let hasUnreadEtag = false;

  const sendPart = (part: PartPlan, signal: AbortSignal) =>
    withRetry(
      async (attempt) => {
        progress.reset(part.partNumber);
        const request = await step("part", () => session.partRequest(part, attempt), { partNumber: part.partNumber });
        if (remote !== null && !(await context.mayConnect(request.url))) throw new DirectUnavailable(remote);
        let response: TransportResponse;
        try {
          response = await context.transport({
            ...request,
            body: await source.blob.slice(part.start, part.end),
            onProgress: (loaded) => {
              progress.update(part.partNumber, loaded);
              report();
            },
            signal,
            timeoutMs: PART_TIMEOUT_MS,
          });
        } catch (error) {
          // The first part tells whether the browser may reach the storage at all.
          if (
            error instanceof NetworkError &&
            !error.isTimeout &&
            remote !== null &&
            done.size === 0 &&
            attempt === 1
          ) {
            throw new DirectUnavailable(remote);
          }
          throw new UploadFailure("part", error, { partNumber: part.partNumber });
        }
        if (!isSuccess(response)) {
          throw new UploadFailure("part", statusError(response.status, response.text), { partNumber: part.partNumber });
        }
        const etag = await step("part", async () => session.readEtag(response), { partNumber: part.partNumber });
        // A storage whose CORS hides ETag still has the part: its ETag is read back from the server.
        if (!etag) hasUnreadEtag = true;
        done.set(part.partNumber, etag ?? "");
        progress.complete(part.partNumber, part.size);
        report();
        session.onPartStored?.(done.size);
      },
      {
        attempts: PART_ATTEMPTS,
        baseDelayMs: context.retryDelayMs ?? 500,
        signal,
        shouldRetry: (error) =>
          !(error instanceof DirectUnavailable) && !isFinalError(error instanceof UploadFailure ? error.cause : error),
      },
    );

  try {
    // One failed part (after its retries) stops the others at once, as a cancel does.
    await sendParts(missingParts(plan, done), sendPart, context.signal);
    throwIfAborted(context.signal);
    if (hasUnreadEtag && session.readStoredEtags) {
      const stored = await step("multipartComplete", () =>
        (session.readStoredEtags as () => Promise<Map<number, string>>)(),
      );
      for (const [partNumber, etag] of stored) done.set(partNumber, etag);
    }
    const parts = plan.map((part) => ({ partNumber: part.partNumber, etag: done.get(part.partNumber) ?? "" }));
    if (parts.some((part) => !part.etag)) throw new UploadFailure("multipartComplete", new NoDataError());
    return await step("multipartComplete", () => session.complete(parts));
  } catch (error) {
    // docs/product.md §4: on cancel or failure the upload is aborted, so its parts do not stay behind.
    await session.abort();
    if (error instanceof DirectUnavailable) throw error;
    if (isAbortError(error) || context.signal?.aborted) throw new AbortedError();
    throw error;
  }
}

/**
 * Sends parts PART_CONCURRENCY at a time. One part that fails for good (after its own retries) stops
 * the others at once, as a cancel does, and is the error thrown; `signal` (the user's cancel) stops
 * them all. `send` gets the signal its requests must follow.
 */
async function sendParts(
  parts: readonly PartPlan[],
  send: (part: PartPlan, signal: AbortSignal) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal?.addEventListener("abort", stop, { once: true });
  let firstFailure: { error: unknown } | null = null;
  try {
    await eachInPool(parts, PART_CONCURRENCY, async (part) => {
      throwIfAborted(controller.signal);
      try {
        await send(part, controller.signal);
      } catch (error) {
        // The parts it stops fail with aborts: the first failure is the cause.
        if (firstFailure === null && !controller.signal.aborted) {
          firstFailure = { error };
          stop();
        }
        throw error;
      }
    });
    throwIfAborted(controller.signal);
  } catch (error) {
    throw firstFailure ? (firstFailure as { error: unknown }).error : error;
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}
