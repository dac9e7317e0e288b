// What one row of the upload list does when it runs: the limits checked first (max upload size,
// the chosen storage's free space), then for a URL the download (0-49 %), then the upload itself
// (0-99 %, or 50-99 % after a download) by the mode that fits (lib/upload/uploader.ts, upload-object.ts).
import { MULTIPART_THRESHOLD } from "@shared/constants";
import type { ResumeStore } from "../engine/resume-store";
import { AbortedError, isAbortError } from "../engine/retry";
import type { Transport } from "../engine/transport";
import {
  createServerUpload,
  createUploadApi,
  type FilesClient,
  type UploadedFile,
  type UploadTarget,
} from "../engine/upload-api";
import { UploadFailure, UploadLimitError } from "../upload-errors";
import { checkLimits } from "../upload-limits";
import { percentOf, urlUploadPercent } from "../upload-plan";
import { type UploadDeps, uploadFile } from "../uploader";
import { DownloadTooLargeError, downloadUrl } from "../url-download";
import type { ProgressPatch, QueueItem } from "./upload-queue";

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

/**
 * Encrypt in this browser (docs/encrypted-shares.md): each file gets its own link key, and the
 * password, when one is set, is mixed into it here and never sent.
 */
export type UploadEncryption = { password: string | null };

export type UploadJob = { target: UploadTarget; env: UploadEnvironment; encryption?: UploadEncryption };

type PlainSource = { blob: Blob; name: string; type: string; sourceUrl?: string };

/**
 * The ciphertext uploaded instead of the file: encrypted record by record as the upload reads its
 * parts, so encrypting and sending overlap and the page holds a few 5 MiB records at a time, whatever
 * the file's size (docs/encrypted-shares.md). The link the result shows carries the key in its fragment.
 */
async function encryptedSource(plain: PlainSource, encryption: UploadEncryption) {
  const [{ encryptedBytes, ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE }, { generateLinkKey }] = await Promise.all([
    import("@shared/encryption/encrypted-file"),
    import("@shared/encryption/encrypted-share"),
  ]);
  const linkKey = generateLinkKey();
  const bytes = await encryptedBytes(
    plain.blob,
    { name: plain.name, type: plain.type, size: plain.blob.size },
    linkKey,
    encryption.password ?? undefined,
  );
  // Each part goes as a Blob from the page, which the browser frees once the page collects it; every
  // other way measured held more, or held parts for as long as the service worker lived
  // (docs/encrypted-shares.md, "Memory of an encrypted upload").
  const blob = {
    size: bytes.size,
    slice: async (start: number, end: number) => new Blob([await bytes.slice(start, end)]),
  };
  // No lastModified: a new encryption has a new key, so parts stored before cannot be resumed.
  return { source: { blob, name: ENCRYPTED_FILE_NAME, type: ENCRYPTED_FILE_TYPE, size: bytes.size }, linkKey };
}

async function uploadSource(
  plain: PlainSource & { lastModified?: number },
  job: UploadJob,
  flow: "upload" | "fromUrl",
  report: (patch: ProgressPatch) => void,
  signal: AbortSignal,
  onProgress: (loaded: number, total: number) => void,
): Promise<UploadedFile> {
  const hooks = {
    onMode: (mode: ProgressPatch["mode"]) => report({ mode }),
    onResume: (bytes: number) => report({ resumedBytes: bytes }),
    onProgress,
  };
  if (!job.encryption) {
    return uploadFile({ ...plain, size: plain.blob.size }, job.target, depsFor(job.env, flow, signal), hooks);
  }
  let encrypted: Awaited<ReturnType<typeof encryptedSource>>;
  // One phase: the records are encrypted while the parts are sent.
  report({ phase: "encrypting", loaded: 0 });
  try {
    encrypted = await encryptedSource(plain, job.encryption);
  } catch (error) {
    if (isAbortError(error) || signal.aborted) throw new UploadFailure("encrypt", new AbortedError());
    throw new UploadFailure("encrypt", error);
  }
  checkLimits(encrypted.source.size, job.env);
  report({ total: encrypted.source.size });
  const target = { ...job.target, encrypted: true, password: null };
  const file = await uploadFile(encrypted.source, target, depsFor(job.env, flow, signal), hooks);
  // The server never saw the password (it is in the key), so its record says none: the page knows better.
  return { ...file, url: `${file.url}#${encrypted.linkKey}`, has_password: Boolean(job.encryption.password) };
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
  const { env } = job;
  const source = item.source;
  if (source.kind === "file") {
    checkLimits(source.file.size, env);
    report({ phase: "uploading", total: source.file.size });
    const file = source.file;
    return uploadSource(
      { blob: file, name: file.name, type: file.type, lastModified: file.lastModified },
      job,
      "upload",
      report,
      signal,
      (loaded, total) => report({ loaded, total, percent: percentOf(loaded, total) }),
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
  return uploadSource(
    { blob, name: source.filename, type, sourceUrl: source.url },
    job,
    "fromUrl",
    report,
    signal,
    (loaded, total) => report({ loaded, total, percent: urlUploadPercent("upload", loaded, total) }),
  );
}
