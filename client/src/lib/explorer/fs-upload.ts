// One file's upload into a mount folder (docs/product.md §4, §7 File system), in one of three ways:
// - multipart above one part (5 MB): init, parts streamed through the server 3 at a time, each
//   retried, then complete; a failure or cancel aborts the upload so no parts are left behind;
// - presigned direct when the mount's storage lets the browser PUT (local storage always, which the
//   app serves itself; S3 when the page's CSP allows its origin and its CORS answers): presign, PUT,
//   commit with the ETag;
// - otherwise the form POST through the server (streamed there), which also takes over when a
//   direct PUT cannot reach the storage, remembered per storage for the rest of the visit.
// The part planning, retry, pool and XHR transport are the /upload screen's (lib/files).
import { MULTIPART_PART_SIZE } from "@shared/schemas/fs";
import { LOCAL_PROVIDER } from "@shared/schemas/storage";
import { AbortedError, isAbortError, PART_ATTEMPTS, sendParts, throwIfAborted, withRetry } from "../files/retry";
import { NetworkError, type Transport, type TransportResponse } from "../files/transport";
import { statusError } from "../files/upload-api";
import { isFinalError, NoDataError, UploadFailure } from "../files/upload-errors";
import { type PartPlan, PartProgress, planParts } from "../files/upload-plan";
import { PART_CONCURRENCY, PART_TIMEOUT_MS, sameOriginStorageUrl } from "../files/uploader";
import type { FsClient, FsEndpoint } from "./fs-client";

export type FsUploadMode = "multipart" | "direct" | "server";

export type FsUploadDeps = {
  client: Pick<FsClient, "multipartInit" | "multipartComplete" | "multipartAbort" | "presign" | "presignCommit">;
  endpoint: FsEndpoint;
  transport: Transport;
  /** Whether the page's CSP lets it connect to a URL (lib/files/csp.ts). */
  mayConnect: (url: string) => Promise<boolean>;
  /** Storage configs the browser could not PUT to during this visit. */
  directBlocked: Set<string>;
  pageOrigin?: string;
  signal?: AbortSignal;
  /** Files above this go multipart; one part by default (docs/product.md §9: 5 MB parts). */
  partSize?: number;
  retryDelayMs?: number;
};

export type FsUploadHooks = {
  onProgress?: (loaded: number, total: number) => void;
  onMode?: (mode: FsUploadMode) => void;
};

export type FsUploadSource = { blob: Blob; name: string; type: string; size: number };

const isSuccess = (response: TransportResponse) => response.status >= 200 && response.status < 300;

/** The direct PUT cannot reach the storage (CSP, CORS, down): the server path takes over. */
class DirectUnavailable extends Error {
  override name = "DirectUnavailable";
}

async function step<T>(stage: UploadFailure["stage"], run: () => Promise<T>, partNumber?: number): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isAbortError(error) || error instanceof UploadFailure || error instanceof DirectUnavailable) throw error;
    throw new UploadFailure(stage, error, partNumber === undefined ? {} : { partNumber });
  }
}

/** The envelope's data of a binary route's answer, or an HttpStatusError with the server's words. */
function envelopeData<T>(response: TransportResponse): T {
  if (!isSuccess(response)) throw statusError(response.status, response.text);
  try {
    const body = JSON.parse(response.text) as { success?: boolean; data?: T };
    if (body.success === false) throw statusError(response.status, response.text);
    if (body.data === undefined || body.data === null) throw new NoDataError();
    return body.data;
  } catch (error) {
    if (error instanceof SyntaxError) throw new NoDataError();
    throw error;
  }
}

/** Uploads `source` into `folder` (a folder's virtual path); resolves with the way it went. */
export async function uploadIntoFolder(
  source: FsUploadSource,
  folder: string,
  deps: FsUploadDeps,
  hooks: FsUploadHooks = {},
): Promise<FsUploadMode> {
  throwIfAborted(deps.signal);
  const partSize = deps.partSize ?? MULTIPART_PART_SIZE;
  const folderPath = folder.endsWith("/") ? folder : `${folder}/`;
  if (source.size > partSize) {
    hooks.onMode?.("multipart");
    await uploadMultipart(source, folderPath, partSize, deps, hooks);
    return "multipart";
  }
  try {
    hooks.onMode?.("direct");
    await uploadDirect(source, folderPath, deps, hooks);
    return "direct";
  } catch (error) {
    if (!(error instanceof DirectUnavailable)) throw error;
  }
  hooks.onMode?.("server");
  await uploadThroughServer(source, folderPath, deps, hooks);
  return "server";
}

/** The form POST (fields first, then the file: the server refuses fields after it). */
export async function uploadThroughServer(
  source: FsUploadSource,
  folderPath: string,
  deps: FsUploadDeps,
  hooks: FsUploadHooks = {},
): Promise<void> {
  const form = new FormData();
  form.append("path", folderPath);
  form.append("size", String(source.size));
  // docs/product.md §9: multipart is on by default for form uploads (the server streams either way).
  form.append("use_multipart", "true");
  if (source.type) form.append("contentType", source.type);
  form.append("file", source.blob, source.name);
  await step("server", async () => {
    const response = await deps.transport({
      method: "POST",
      url: `${deps.endpoint.base}/upload`,
      body: form,
      headers: deps.endpoint.headers(),
      signal: deps.signal,
      // The form adds a little around the file: the bar follows the file's bytes.
      onProgress: (loaded, total) =>
        hooks.onProgress?.(Math.min(source.size, (loaded / Math.max(1, total)) * source.size), source.size),
    });
    envelopeData(response);
  });
  hooks.onProgress?.(source.size, source.size);
}

async function uploadDirect(source: FsUploadSource, folderPath: string, deps: FsUploadDeps, hooks: FsUploadHooks) {
  const presign = await step("presign", async () => {
    const answer = await deps.client.presign({
      path: folderPath,
      fileName: source.name,
      contentType: source.type || null,
      fileSize: source.size,
    });
    if (!answer?.presignedUrl) throw new NoDataError();
    return answer;
  });
  const isLocal = presign.providerType === LOCAL_PROVIDER;
  if (!isLocal && deps.directBlocked.has(presign.storageConfigId)) throw new DirectUnavailable();
  const url = sameOriginStorageUrl(presign.presignedUrl, deps.pageOrigin);
  if (!isLocal && !(await deps.mayConnect(url))) {
    deps.directBlocked.add(presign.storageConfigId);
    throw new DirectUnavailable();
  }
  let response: TransportResponse;
  try {
    response = await deps.transport({
      method: "PUT",
      url,
      body: source.blob,
      headers: presign.headers,
      signal: deps.signal,
      onProgress: (loaded) => hooks.onProgress?.(loaded, source.size),
    });
  } catch (error) {
    // A PUT the bucket's CORS refuses looks like a network failure: the server path takes over.
    if (error instanceof NetworkError && !error.isTimeout && !isLocal) {
      deps.directBlocked.add(presign.storageConfigId);
      throw new DirectUnavailable();
    }
    throw new UploadFailure("put", error, { toS3: !isLocal });
  }
  if (!isSuccess(response)) {
    throw new UploadFailure("put", statusError(response.status, response.text), { toS3: !isLocal });
  }
  hooks.onProgress?.(source.size, source.size);
  await step("commit", () =>
    deps.client.presignCommit({
      path: presign.path,
      etag: response.header("ETag"),
      contentType: presign.contentType,
      fileSize: source.size,
    }),
  );
}

async function uploadMultipart(
  source: FsUploadSource,
  folderPath: string,
  partSize: number,
  deps: FsUploadDeps,
  hooks: FsUploadHooks,
) {
  const init = await step("multipartInit", async () => {
    const answer = await deps.client.multipartInit({
      path: folderPath,
      filename: source.name,
      contentType: source.type || null,
      fileSize: source.size,
    });
    if (!answer?.uploadId) throw new NoDataError();
    return answer;
  });
  const plan = planParts(source.size, partSize);
  const lastPart = plan.length;
  const progress = new PartProgress(0);
  const report = () => hooks.onProgress?.(progress.loaded, source.size);
  const etags = new Map<number, string>();
  const sendPart = (part: PartPlan, signal: AbortSignal) =>
    withRetry(
      async () => {
        progress.reset(part.partNumber);
        const query = new URLSearchParams({
          path: init.path,
          uploadId: init.uploadId,
          key: init.key,
          partNumber: String(part.partNumber),
          isLastPart: String(part.partNumber === lastPart),
        });
        let response: TransportResponse;
        try {
          response = await deps.transport({
            method: "POST",
            url: `${deps.endpoint.base}/multipart/part?${query}`,
            body: source.blob.slice(part.start, part.end, "application/octet-stream"),
            headers: { ...deps.endpoint.headers(), "Content-Type": "application/octet-stream" },
            signal,
            timeoutMs: PART_TIMEOUT_MS,
            onProgress: (loaded) => {
              progress.update(part.partNumber, loaded);
              report();
            },
          });
        } catch (error) {
          throw new UploadFailure("part", error, { partNumber: part.partNumber });
        }
        let answer: { etag?: string };
        try {
          answer = envelopeData<{ etag?: string }>(response);
        } catch (error) {
          throw new UploadFailure("part", error, { partNumber: part.partNumber });
        }
        if (!answer.etag) throw new UploadFailure("part", new NoDataError(), { partNumber: part.partNumber });
        etags.set(part.partNumber, answer.etag);
        progress.complete(part.partNumber, part.size);
        report();
      },
      {
        attempts: PART_ATTEMPTS,
        baseDelayMs: deps.retryDelayMs ?? 500,
        signal,
        shouldRetry: (error) => !isFinalError(error instanceof UploadFailure ? error.cause : error),
      },
    );

  try {
    // One failed part (after its retries) stops the others at once, as a cancel does.
    await sendParts(plan, PART_CONCURRENCY, sendPart, deps.signal);
    throwIfAborted(deps.signal);
    await step("multipartComplete", () =>
      deps.client.multipartComplete({
        path: init.path,
        uploadId: init.uploadId,
        key: init.key,
        parts: plan.map((part) => ({ partNumber: part.partNumber, etag: etags.get(part.partNumber) ?? "" })),
        contentType: init.contentType,
        fileSize: source.size,
      }),
    );
  } catch (error) {
    // docs/product.md §4: on cancel or failure the upload is aborted, so its parts do not stay behind.
    await deps.client
      .multipartAbort({ path: init.path, uploadId: init.uploadId, key: init.key })
      .catch(() => undefined);
    if (isAbortError(error) || deps.signal?.aborted) throw new AbortedError();
    throw error;
  }
}
