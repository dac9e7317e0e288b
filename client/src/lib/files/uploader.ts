// One file's upload, whichever way it goes (docs/product.md §4): presigned direct PUT then commit; multipart
// (parts of 5 MB, 3 at a time, each retried, resumable after a reload); or a form POST through the
// server. Direct and multipart fall back to the server when the browser cannot reach the storage
// (its CORS, or the page's CSP). A failure or cancel after the server made a record removes it.
import { MULTIPART_PART_SIZE, MULTIPART_THRESHOLD } from "@shared/schemas/files";
import type { FileIdentity, ResumeRecord, ResumeStore } from "./resume-store";
import { AbortedError, isAbortError, PART_ATTEMPTS, sendParts, throwIfAborted, withRetry } from "./retry";
import { NetworkError, type Transport, type TransportResponse } from "./transport";
import type { MultipartInitOutput, UploadApi, UploadedFile, UploadTarget } from "./upload-api";
import { statusError } from "./upload-api";
import { isFinalError, MissingPartUrlError, NoDataError, UploadFailure, type UploadStage } from "./upload-errors";
import {
  bytesDone,
  chooseUploadMode,
  isLocalProvider,
  missingParts,
  type PartPlan,
  PartProgress,
  planParts,
  reusableParts,
  type UploadMode,
} from "./upload-plan";

/** docs/product.md §9: generic multipart uploader concurrency and part timeout. */
export const PART_CONCURRENCY = 3;
export const PART_TIMEOUT_MS = 300_000;
/** Part URLs are asked for in batches as the upload goes (they expire after an hour). */
const PART_URL_BATCH = 24;

export type UploadSource = {
  blob: Blob;
  name: string;
  type: string;
  size: number;
  /** Identifies a local file across reloads (File.lastModified); absent for downloaded URLs. */
  lastModified?: number;
  /** For URL uploads: recorded with the file. */
  sourceUrl?: string;
};

export type UploadHooks = {
  onProgress?: (loaded: number, total: number) => void;
  onMode?: (mode: UploadMode) => void;
  /** A multipart upload picked up parts stored before (the bytes already there). */
  onResume?: (bytesAlreadyStored: number) => void;
};

export type UploadDeps = {
  api: UploadApi;
  transport: Transport;
  /** The storage's provider type (from storage.list); null when unknown. */
  providerType: string | null;
  /** Remembered failures of direct uploads, per storage config. */
  directBlocked: { has(configId: string): boolean; add(configId: string): void };
  /** Whether the page's CSP allows connecting to a URL (lib/files/csp.ts). */
  mayConnect: (url: string) => Promise<boolean>;
  resume?: ResumeStore;
  threshold?: number;
  partSize?: number;
  /** The page's origin: local-storage URLs are made same-origin (the app serves them itself). */
  pageOrigin?: string;
  signal?: AbortSignal;
  /** Pause before retrying a part (doubled each time). */
  retryDelayMs?: number;
};

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

/** The PUT could not reach the storage: the browser is not allowed to (CORS, CSP) or it is down. */
class DirectUnavailable extends Error {
  override name = "DirectUnavailable";
}

function configKey(target: UploadTarget): string {
  return target.s3_config_id ?? "default";
}

function shareFields(target: UploadTarget) {
  return {
    remark: target.remark ?? null,
    password: target.password ?? null,
    expires_in: target.expires_in ?? null,
    max_views: target.max_views ?? 0,
  };
}

function presignFields(source: UploadSource, target: UploadTarget) {
  return {
    ...shareFields(target),
    s3_config_id: target.s3_config_id ?? null,
    slug: target.slug || null,
    path: target.path ?? "/",
    filename: source.name,
    mimetype: source.type || null,
    size: source.size,
    ...(source.sourceUrl ? { source_url: source.sourceUrl } : {}),
  };
}

async function step<T>(stage: UploadStage, run: () => Promise<T>, details?: { partNumber?: number }): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (error instanceof UploadFailure) throw error;
    throw new UploadFailure(stage, error, details);
  }
}

function isSuccess(response: TransportResponse): boolean {
  return response.status >= 200 && response.status < 300;
}

function etagOf(response: TransportResponse): string | null {
  const value = response.header("ETag");
  return value ? value.trim() : null;
}

/** Removes what the server recorded for an upload that will not finish (docs/product.md §4); best effort. */
async function discard(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch {
    return false;
  }
}

export async function uploadFile(
  source: UploadSource,
  target: UploadTarget,
  deps: UploadDeps,
  hooks: UploadHooks = {},
) {
  throwIfAborted(deps.signal);
  const key = configKey(target);
  const mode = chooseUploadMode({
    size: source.size,
    threshold: deps.threshold ?? MULTIPART_THRESHOLD,
    providerType: deps.providerType,
    isDirectBlocked: deps.directBlocked.has(key),
  });
  try {
    if (mode === "multipart") {
      hooks.onMode?.("multipart");
      return await uploadMultipart(source, target, deps, hooks);
    }
    if (mode === "direct") {
      hooks.onMode?.("direct");
      return await uploadDirect(source, target, deps, hooks);
    }
  } catch (error) {
    if (!(error instanceof DirectUnavailable)) throw error;
    deps.directBlocked.add(key);
  }
  hooks.onMode?.("server");
  return uploadThroughServer(source, target, deps, hooks);
}

export async function uploadThroughServer(
  source: UploadSource,
  target: UploadTarget,
  deps: UploadDeps,
  hooks: UploadHooks = {},
): Promise<UploadedFile> {
  throwIfAborted(deps.signal);
  const fields = presignFields(source, target);
  return step("server", () =>
    deps.api.serverUpload({
      file: source.blob,
      filename: source.name,
      fields: {
        s3_config_id: fields.s3_config_id,
        slug: fields.slug,
        path: fields.path,
        remark: fields.remark,
        password: fields.password,
        expires_in: fields.expires_in,
        max_views: fields.max_views,
        mimetype: fields.mimetype,
        filename: fields.filename,
        size: fields.size,
        source_url: source.sourceUrl,
      },
      signal: deps.signal,
      // The form adds a little around the file: the bar follows the file's bytes.
      onProgress: (loaded, total) =>
        hooks.onProgress?.(Math.min(source.size, (loaded / total) * source.size), source.size),
    }),
  );
}

async function uploadDirect(source: UploadSource, target: UploadTarget, deps: UploadDeps, hooks: UploadHooks) {
  const isLocal = isLocalProvider(deps.providerType);
  const presign = await step("presign", async () => {
    const answer = await deps.api.presign(presignFields(source, target));
    if (!answer?.upload_url || !answer.file_id) throw new NoDataError();
    return answer;
  });
  const fileId = presign.file_id;
  try {
    const url = sameOriginStorageUrl(presign.upload_url, deps.pageOrigin);
    if (!isLocal && !(await deps.mayConnect(url))) throw new DirectUnavailable();
    let response: TransportResponse;
    try {
      response = await deps.transport({
        method: "PUT",
        url,
        body: source.blob,
        headers: presign.headers ?? { "Content-Type": presign.contentType },
        onProgress: (loaded) => hooks.onProgress?.(loaded, source.size),
        signal: deps.signal,
      });
    } catch (error) {
      // A cross-origin PUT the bucket's CORS refuses looks like a network failure: try the server.
      if (error instanceof NetworkError && !isLocal && !error.isTimeout) throw new DirectUnavailable();
      throw new UploadFailure("put", error, { toS3: !isLocal });
    }
    if (!isSuccess(response)) {
      throw new UploadFailure("put", statusError(response.status, response.text), { toS3: !isLocal });
    }
    hooks.onProgress?.(source.size, source.size);
    return await step("commit", () =>
      deps.api.commit({ file_id: fileId, etag: etagOf(response), size: source.size, ...shareFields(target) }),
    );
  } catch (error) {
    await discard(() => deps.api.cancel({ file_id: fileId }));
    throw error;
  }
}

type MultipartState = { fileId: string; partSize: number; done: Map<number, string>; resumed: boolean };

async function startOrResume(
  source: UploadSource,
  target: UploadTarget,
  deps: UploadDeps,
  partSize: number,
): Promise<MultipartState> {
  const identity: FileIdentity | null =
    source.lastModified === undefined
      ? null
      : { name: source.name, size: source.size, lastModified: source.lastModified };
  const configId = target.s3_config_id ?? null;
  const previous = identity && deps.resume ? deps.resume.find(identity, configId) : null;
  if (previous) {
    try {
      const stored = await deps.api.uploadedParts({ file_id: previous.file_id });
      const plan = planParts(source.size, previous.part_size);
      return {
        fileId: previous.file_id,
        partSize: previous.part_size,
        done: reusableParts(plan, stored.parts),
        resumed: true,
      };
    } catch (error) {
      if (isAbortError(error)) throw error;
      // Gone on the server (finished, cancelled, swept): start over.
      deps.resume?.remove(previous.file_id);
    }
  }
  const init: MultipartInitOutput = await step("multipartInit", async () => {
    const answer = await deps.api.multipartInit({ ...presignFields(source, target), part_size: partSize });
    if (!answer?.file_id || !answer.upload_id) throw new NoDataError();
    return answer;
  });
  if (identity && deps.resume) {
    const record: ResumeRecord = {
      ...identity,
      file_id: init.file_id,
      s3_config_id: configId,
      part_size: init.part_size,
      part_count: init.part_count,
      parts_done: 0,
      started_at: Date.now(),
    };
    deps.resume.save(record);
  }
  return { fileId: init.file_id, partSize: init.part_size, done: new Map(), resumed: false };
}

/** Hands out presigned part URLs, asking the server for the next batch when needed. */
function partUrlSource(deps: UploadDeps, fileId: string, parts: readonly PartPlan[]) {
  const urls = new Map<number, string>();
  let pending: Promise<void> | null = null;
  const order = parts.map((part) => part.partNumber);
  const fetchFrom = (partNumber: number) => {
    const start = order.indexOf(partNumber);
    const batch = order.slice(start, start + PART_URL_BATCH).filter((number) => !urls.has(number));
    return step(
      "partUrls",
      async () => {
        const answer = await deps.api.partUrls({ file_id: fileId, part_numbers: batch });
        for (const item of answer?.urls ?? []) urls.set(item.part_number, item.url);
      },
      { partNumber },
    );
  };
  return {
    async urlFor(partNumber: number, refresh = false): Promise<string> {
      if (refresh) urls.delete(partNumber);
      while (!urls.has(partNumber)) {
        if (pending) {
          await pending;
          if (urls.has(partNumber)) break;
        }
        pending = fetchFrom(partNumber).finally(() => {
          pending = null;
        });
        await pending;
        if (!urls.has(partNumber)) throw new UploadFailure("part", new MissingPartUrlError(partNumber), { partNumber });
      }
      return sameOriginStorageUrl(urls.get(partNumber) as string, deps.pageOrigin);
    },
  };
}

async function uploadMultipart(source: UploadSource, target: UploadTarget, deps: UploadDeps, hooks: UploadHooks) {
  const isLocal = isLocalProvider(deps.providerType);
  const state = await startOrResume(source, target, deps, deps.partSize ?? MULTIPART_PART_SIZE);
  const { fileId, done } = state;
  const plan = planParts(source.size, state.partSize);
  const todo = missingParts(plan, done);
  const alreadyStored = bytesDone(plan, done);
  if (state.resumed) hooks.onResume?.(alreadyStored);
  const progress = new PartProgress(alreadyStored);
  const report = () => hooks.onProgress?.(progress.loaded, source.size);
  report();
  const urls = partUrlSource(deps, fileId, todo);
  let hasUnreadEtag = false;
  const sendPart = (part: PartPlan, signal: AbortSignal) =>
    withRetry(
      async (attempt) => {
        progress.reset(part.partNumber);
        const url = await urls.urlFor(part.partNumber, attempt > 1);
        if (!isLocal && !(await deps.mayConnect(url))) throw new DirectUnavailable();
        let response: TransportResponse;
        try {
          response = await deps.transport({
            method: "PUT",
            url,
            body: source.blob.slice(part.start, part.end),
            onProgress: (loaded) => {
              progress.update(part.partNumber, loaded);
              report();
            },
            signal,
            timeoutMs: PART_TIMEOUT_MS,
          });
        } catch (error) {
          // The first part tells whether the browser may reach the storage at all.
          if (error instanceof NetworkError && !error.isTimeout && !isLocal && done.size === 0 && attempt === 1) {
            throw new DirectUnavailable();
          }
          throw new UploadFailure("part", error, { partNumber: part.partNumber });
        }
        if (!isSuccess(response)) {
          throw new UploadFailure("part", statusError(response.status, response.text), { partNumber: part.partNumber });
        }
        const etag = etagOf(response);
        // A storage whose CORS hides ETag still has the part: its ETag is read back from the server.
        if (!etag) hasUnreadEtag = true;
        done.set(part.partNumber, etag ?? "");
        progress.complete(part.partNumber, part.size);
        report();
        deps.resume?.update(fileId, { parts_done: done.size });
      },
      {
        attempts: PART_ATTEMPTS,
        baseDelayMs: deps.retryDelayMs ?? 500,
        signal,
        shouldRetry: (error) =>
          !(error instanceof DirectUnavailable) && !isFinalError(error instanceof UploadFailure ? error.cause : error),
      },
    );

  try {
    // One failed part (after its retries) stops the others at once, as a cancel does.
    await sendParts(todo, PART_CONCURRENCY, sendPart, deps.signal);
    throwIfAborted(deps.signal);
    if (hasUnreadEtag) {
      const stored = await step("multipartComplete", () => deps.api.uploadedParts({ file_id: fileId }));
      for (const part of stored.parts) done.set(part.part_number, part.etag);
    }
    const etags = plan.map((part) => ({ part_number: part.partNumber, etag: done.get(part.partNumber) ?? "" }));
    if (etags.some((part) => !part.etag)) throw new UploadFailure("multipartComplete", new NoDataError());
    const file = await step("multipartComplete", () =>
      deps.api.multipartComplete({ file_id: fileId, parts: etags, ...shareFields(target) }),
    );
    deps.resume?.remove(fileId);
    return file;
  } catch (error) {
    // docs/product.md §4: on cancel or failure the upload is aborted and its record removed. When the abort
    // cannot reach the server either, the record stays, so choosing the file again can resume.
    const aborted = await discard(() => deps.api.multipartAbort({ file_id: fileId }));
    if (aborted) deps.resume?.remove(fileId);
    if (error instanceof DirectUnavailable) throw error;
    if (isAbortError(error) || deps.signal?.aborted) throw new AbortedError();
    throw error;
  }
}
