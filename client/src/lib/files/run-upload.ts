// What one row of the upload list does when it runs: the limits checked first (max upload size,
// the chosen storage's free space), then for a URL the download (0-49 %), then the upload itself
// (0-99 %, or 50-99 % after a download) by the mode that fits (lib/files/uploader.ts, upload-object.ts).
import { MULTIPART_THRESHOLD } from "@shared/schemas/files";
import type { ResumeStore } from "./resume-store";
import { AbortedError, isAbortError } from "./retry";
import type { Transport } from "./transport";
import {
  createServerUpload,
  createUploadApi,
  type FilesClient,
  type UploadedFile,
  type UploadTarget,
} from "./upload-api";
import { UploadFailure, UploadLimitError } from "./upload-errors";
import { percentOf, urlUploadPercent } from "./upload-plan";
import type { ProgressPatch, QueueItem } from "./upload-queue";
import { type UploadDeps, uploadFile } from "./uploader";
import { DownloadTooLargeError, downloadUrl } from "./url-download";

export type StorageChoice = {
  id: string;
  provider_type: string;
  total_storage_bytes: number | null;
  used_storage_bytes: number;
};

export type UploadEnvironment = {
  client: FilesClient;
  transport: Transport;
  /** Authorization and Accept-Language for the plain routes (form upload, URL proxy). */
  headers: () => Record<string, string>;
  maxBytes: number;
  /** The storage the upload goes to, when the list of storages is known. */
  storage: StorageChoice | null;
  threshold?: number;
  pageOrigin?: string;
  mayConnect: (url: string) => Promise<boolean>;
  directBlocked: UploadDeps["directBlocked"];
  resume?: ResumeStore;
  fetchImpl?: typeof fetch;
};

export type UploadJob = { target: UploadTarget; env: UploadEnvironment };

/** The limits the server enforces, checked before any byte moves. */
export function checkLimits(size: number, env: Pick<UploadEnvironment, "maxBytes" | "storage">): void {
  if (size > env.maxBytes) throw new UploadLimitError("tooLarge", { size, max: env.maxBytes });
  const storage = env.storage;
  if (storage && storage.total_storage_bytes !== null) {
    const remaining = Math.max(0, storage.total_storage_bytes - storage.used_storage_bytes);
    if (size > remaining) {
      throw new UploadLimitError("insufficientStorage", { size, remaining, total: storage.total_storage_bytes });
    }
  }
}

function depsFor(env: UploadEnvironment, flow: "upload" | "fromUrl", signal: AbortSignal): UploadDeps {
  return {
    api: createUploadApi(env.client, flow, createServerUpload(env.transport, env.headers)),
    transport: env.transport,
    providerType: env.storage?.provider_type ?? null,
    directBlocked: env.directBlocked,
    mayConnect: env.mayConnect,
    resume: env.resume,
    threshold: env.threshold ?? MULTIPART_THRESHOLD,
    pageOrigin: env.pageOrigin,
    signal,
  };
}

export async function runUpload(
  item: QueueItem,
  job: UploadJob,
  report: (patch: ProgressPatch) => void,
  signal: AbortSignal,
): Promise<UploadedFile> {
  const { env, target } = job;
  const source = item.source;
  if (source.kind === "file") {
    checkLimits(source.file.size, env);
    report({ phase: "uploading", total: source.file.size });
    return uploadFile(
      {
        blob: source.file,
        name: source.file.name,
        type: source.file.type,
        size: source.file.size,
        lastModified: source.file.lastModified,
      },
      target,
      depsFor(env, "upload", signal),
      {
        onMode: (mode) => report({ mode }),
        onResume: (bytes) => report({ resumedBytes: bytes }),
        onProgress: (loaded, total) => report({ loaded, total, percent: percentOf(loaded, total) }),
      },
    );
  }

  if (source.size !== null) checkLimits(source.size, env);
  report({ phase: "downloading", percent: 0, total: source.size });
  let download: Awaited<ReturnType<typeof downloadUrl>>;
  try {
    download = await downloadUrl({
      url: source.url,
      sizeHint: source.size,
      signal,
      maxBytes: env.maxBytes,
      mayFetchDirect: env.mayConnect,
      proxyHeaders: env.headers,
      fetchImpl: env.fetchImpl,
      onProgress: (loaded, total) => report({ loaded, total, percent: urlUploadPercent("download", loaded, total) }),
    });
  } catch (error) {
    if (error instanceof DownloadTooLargeError) {
      throw new UploadLimitError("tooLarge", { size: error.size, max: env.maxBytes });
    }
    if (isAbortError(error)) throw new UploadFailure("download", new AbortedError());
    throw new UploadFailure("download", error);
  }
  const blob = download.blob;
  checkLimits(blob.size, env);
  const type = source.contentType || download.contentType?.split(";")[0]?.trim() || blob.type;
  report({ phase: "uploading", via: download.via, size: blob.size, loaded: 0, total: blob.size, percent: 50 });
  return uploadFile(
    { blob, name: source.filename, type, size: blob.size, sourceUrl: source.url },
    target,
    depsFor(env, "fromUrl", signal),
    {
      onMode: (mode) => report({ mode }),
      onProgress: (loaded, total) => report({ loaded, total, percent: urlUploadPercent("upload", loaded, total) }),
    },
  );
}
