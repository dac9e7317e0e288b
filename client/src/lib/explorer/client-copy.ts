// The client-side copy of docs/product.md §4: when a batch copy spans two storage configs the server answers
// requiresClientSideCopy with, per file, a signed download URL of the source and a signed upload URL
// of the target. Files go one at a time: download, upload, next; a failed file is collected and the
// others go on; at the end the files that arrived are committed (batch-copy-commit, per target
// mount) when at least one did. A cancel stops before the next byte.
//
// The browser may not reach a bucket (the page's CSP, the bucket's CORS): the source is then read
// through the app's fs download route, and the target written through the app's form upload, which
// stream on the server. Each file passes through the browser as a Blob (the browser keeps large ones
// on disk), since a fetch cannot stream a request body over HTTP/1.1.

import { parentOf } from "@shared/paths";
import { AbortedError, isAbortError, throwIfAborted } from "../upload/engine/retry";
import type { Transport } from "../upload/engine/transport";
import { statusError } from "../upload/engine/upload-api";
import { sameOriginStorageUrl, type UploadTarget, uploadObject } from "../upload/engine/upload-object";
import { UploadFailure } from "../upload/upload-errors";
import type { CopyItem, FsClient, FsEndpoint } from "./fs-client";
import { sendIntoFolderThroughServer } from "./fs-upload";

export type ClientCopyDeps = {
  client: Pick<FsClient, "batchCopyCommit">;
  endpoint: FsEndpoint;
  transport: Transport;
  mayConnect: (url: string) => Promise<boolean>;
  pageOrigin?: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
};

export type ClientCopyHooks = {
  onFileStart?: (item: CopyItem) => void;
  /** Bytes moved for this file: its download then its upload, so up to twice its size. */
  onFileProgress?: (item: CopyItem, moved: number) => void;
  onFileDone?: (item: CopyItem) => void;
  onFileFailed?: (item: CopyItem, error: unknown) => void;
};

export type ClientCopyResult = {
  copied: CopyItem[];
  failed: { item: CopyItem; error: unknown }[];
  cancelled: boolean;
  /** Set when the commit itself failed (docs/product.md §8: failed to commit copy completion). */
  commitError: unknown | null;
};

/** The commit refused a file the browser copied. */
export class CopyCommitError extends Error {
  override name = "CopyCommitError";
}

/** A failed step of one file's copy, kept with its cause for the message. */
export class CopyStepError extends Error {
  override name = "CopyStepError";
  constructor(
    readonly stage: "download" | "upload",
    override readonly cause: unknown,
  ) {
    super(`${stage} failed`);
  }
}

async function readWithProgress(response: Response, onBytes: (bytes: number) => void, type: string): Promise<Blob> {
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const chunks: BlobPart[] = [];
  const reader = response.body.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    total += value.byteLength;
    onBytes(total);
  }
  return new Blob(chunks, { type });
}

async function download(item: CopyItem, deps: ClientCopyDeps, onBytes: (bytes: number) => void): Promise<Blob> {
  const fetchImpl = deps.fetch ?? fetch;
  const direct = sameOriginStorageUrl(item.downloadUrl, deps.pageOrigin);
  let response: Response | null = null;
  if (await deps.mayConnect(direct)) {
    try {
      response = await fetchImpl(direct, { signal: deps.signal });
      if (!response.ok) throw statusError(response.status, await response.text());
    } catch (error) {
      if (isAbortError(error)) throw error;
      // A bucket whose CORS refuses the page: read it through the app instead.
      response = null;
    }
  }
  if (!response) {
    const route = `${deps.endpoint.base}/download?${new URLSearchParams({ path: item.sourcePath })}`;
    response = await fetchImpl(route, { headers: deps.endpoint.headers(), signal: deps.signal });
    if (!response.ok) throw statusError(response.status, await response.text());
  }
  return readWithProgress(response, onBytes, item.contentType);
}

/** The copy's upload: a direct PUT to the signed URL, or the form upload when the bucket is out of reach. */
async function upload(item: CopyItem, blob: Blob, deps: ClientCopyDeps, onBytes: (bytes: number) => void) {
  const source = { blob, name: item.fileName, type: item.contentType, size: blob.size };
  const target: UploadTarget<string | null> = {
    startDirect: async () => ({
      url: sameOriginStorageUrl(item.uploadUrl, deps.pageOrigin),
      headers: { "Content-Type": item.contentType },
      // Local or not, the signed URL is treated as one the page may not reach: checked, and left for
      // the form upload when the PUT gets no answer.
      remoteStorageKey: `copy:${item.targetMountId}`,
      commit: async (etag) => etag,
    }),
    sendThroughServer: async (request) => {
      await sendIntoFolderThroughServer(source, parentOf(item.targetPath), deps, request);
      return null;
    },
  };
  const { result } = await uploadObject(source, target, "direct", {
    transport: deps.transport,
    mayConnect: deps.mayConnect,
    // Each copy tries the direct way again: its URLs come from the server's answer for this batch.
    directBlocked: new Set(),
    signal: deps.signal,
    onProgress: (loaded) => onBytes(loaded),
  });
  return result;
}

/** Copies the files of a requiresClientSideCopy answer, one at a time, then commits what arrived. */
export async function copyAcrossStorages(
  items: readonly CopyItem[],
  deps: ClientCopyDeps,
  hooks: ClientCopyHooks = {},
): Promise<ClientCopyResult> {
  const copied: { item: CopyItem; etag: string | null }[] = [];
  const failed: ClientCopyResult["failed"] = [];
  let cancelled = false;
  for (const item of items) {
    if (deps.signal?.aborted) {
      cancelled = true;
      break;
    }
    hooks.onFileStart?.(item);
    try {
      throwIfAborted(deps.signal);
      let blob: Blob;
      try {
        blob = await download(item, deps, (bytes) => hooks.onFileProgress?.(item, bytes));
      } catch (error) {
        throw isAbortError(error) ? error : new CopyStepError("download", error);
      }
      throwIfAborted(deps.signal);
      let etag: string | null;
      try {
        etag = await upload(item, blob, deps, (bytes) => hooks.onFileProgress?.(item, blob.size + bytes));
      } catch (error) {
        const cause = error instanceof UploadFailure ? error.cause : error;
        throw isAbortError(cause) ? new AbortedError() : new CopyStepError("upload", cause);
      }
      copied.push({ item, etag });
      hooks.onFileDone?.(item);
    } catch (error) {
      if (isAbortError(error) || deps.signal?.aborted) {
        cancelled = true;
        break;
      }
      failed.push({ item, error });
      hooks.onFileFailed?.(item, error);
    }
  }
  const result: ClientCopyResult = { copied: [], failed, cancelled, commitError: null };
  if (copied.length === 0) return result;
  // The files that arrived are committed even after a cancel: they are in the target storage.
  const byMount = new Map<string, typeof copied>();
  for (const entry of copied) {
    const group = byMount.get(entry.item.targetMountId) ?? [];
    group.push(entry);
    byMount.set(entry.item.targetMountId, group);
  }
  for (const [targetMountId, group] of byMount) {
    try {
      const answer = await deps.client.batchCopyCommit.mutate({
        targetMountId,
        files: group.map(({ item, etag }) => ({
          targetPath: item.targetPath,
          s3Path: item.targetS3Path,
          contentType: item.contentType || "application/octet-stream",
          fileSize: item.fileSize,
          etag,
        })),
      });
      const refused = new Map(answer.failed.map((failure) => [failure.targetPath, failure.message]));
      for (const { item } of group) {
        const message = refused.get(item.targetPath);
        if (message === undefined) result.copied.push(item);
        else {
          const error = new CopyCommitError(message);
          failed.push({ item, error });
          hooks.onFileFailed?.(item, error);
        }
      }
    } catch (cause) {
      const error = new CopyCommitError(cause instanceof Error ? cause.message : String(cause));
      result.commitError = error;
      for (const { item } of group) {
        failed.push({ item, error });
        hooks.onFileFailed?.(item, error);
      }
    }
  }
  return result;
}
