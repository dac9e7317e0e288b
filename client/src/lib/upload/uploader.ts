// A file share's upload (docs/product.md §4): the server calls of the device and URL flows as a target
// of uploadObject (upload-object.ts), which moves the bytes. Direct: presign, PUT, commit (a failure
// or cancel removes the record). Multipart: parts of 5 MB through presigned part URLs asked for in
// batches, resumable after a reload (resume-store.ts). Server: the form POST of /api/upload.
import { MULTIPART_PART_SIZE, MULTIPART_THRESHOLD } from "@shared/constants";
import type { DirectBlocked } from "./direct-blocked";
import { partUrlSource } from "./engine/part-urls";
import type { ResumeStore } from "./engine/resume-store";
import { throwIfAborted } from "./engine/retry";
import { startOrResume } from "./engine/start-or-resume";
import type { Transport } from "./engine/transport";
import type { MultipartInitOutput, UploadApi, UploadedFile, UploadTarget } from "./engine/upload-api";
import { uploadContextOf } from "./engine/upload-context";
import {
  type MultipartSession,
  type UploadTarget as ObjectTarget,
  sameOriginStorageUrl,
  type UploadSource,
  uploadObject,
  wholeBody,
} from "./engine/upload-object";
import { NoDataError } from "./upload-errors";
import { chooseUploadMode, isLocalProvider, planParts, type UploadMode } from "./upload-plan";

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
  directBlocked: DirectBlocked;
  /** Whether the page's CSP allows connecting to a URL (lib/shares/download/csp.ts). */
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
    ...(target.encrypted ? { encrypted: true } : {}),
  };
}

export async function uploadFile(
  source: UploadSource,
  target: UploadTarget,
  deps: UploadDeps,
  hooks: UploadHooks = {},
): Promise<UploadedFile> {
  throwIfAborted(deps.signal);
  const strategy = chooseUploadMode({
    size: source.size,
    threshold: deps.threshold ?? MULTIPART_THRESHOLD,
    providerType: deps.providerType,
    isDirectBlocked: deps.directBlocked.has(configKey(target)),
  });
  const { result } = await uploadObject(
    source,
    shareTarget(source, target, deps),
    strategy,
    uploadContextOf(deps, hooks),
  );
  return result;
}

function shareTarget(source: UploadSource, target: UploadTarget, deps: UploadDeps): ObjectTarget<UploadedFile> {
  // The app's own local storage is always reachable; a bucket may not be.
  const remoteStorageKey = isLocalProvider(deps.providerType) ? null : configKey(target);
  return {
    async startDirect() {
      const presign = await deps.api.presign(presignFields(source, target));
      if (!presign?.upload_url || !presign.file_id) throw new NoDataError();
      return {
        url: sameOriginStorageUrl(presign.upload_url, deps.pageOrigin),
        headers: presign.headers ?? { "Content-Type": presign.contentType },
        remoteStorageKey,
        commit: (etag) =>
          deps.api.commit({ file_id: presign.file_id, etag, size: source.size, ...shareFields(target) }),
        discard: () => deps.api.cancel({ file_id: presign.file_id }),
      };
    },
    startMultipart: () => startMultipart(source, target, deps, remoteStorageKey),
    sendThroughServer: async ({ onProgress, signal }) => {
      const fields = presignFields(source, target);
      return deps.api.serverUpload({
        file: await wholeBody(source),
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
          encrypted: target.encrypted ? "true" : undefined,
        },
        signal,
        onProgress,
      });
    },
  };
}

async function startMultipart(
  source: UploadSource,
  target: UploadTarget,
  deps: UploadDeps,
  remoteStorageKey: string | null,
): Promise<MultipartSession<UploadedFile>> {
  const started = await startOrResume({
    store: deps.resume,
    file: source,
    place: { s3_config_id: target.s3_config_id ?? null },
    storedParts: async (previous) => (await deps.api.uploadedParts({ file_id: previous.file_id })).parts,
    start: async () => {
      const init: MultipartInitOutput = await deps.api.multipartInit({
        ...presignFields(source, target),
        part_size: deps.partSize ?? MULTIPART_PART_SIZE,
      });
      if (!init?.file_id || !init.upload_id) throw new NoDataError();
      return init;
    },
  });
  const { fileId } = started;
  const plan = planParts(source.size, started.partSize);
  const urls = partUrlSource(
    async (partNumbers) => (await deps.api.partUrls({ file_id: fileId, part_numbers: partNumbers }))?.urls ?? [],
    plan.filter((part) => !started.stored.has(part.partNumber)),
    { pageOrigin: deps.pageOrigin },
  );
  return {
    partSize: started.partSize,
    stored: started.stored,
    isResumed: started.isResumed,
    remoteStorageKey,
    partRequest: async (part, attempt) => ({ method: "PUT", url: await urls.urlFor(part.partNumber, attempt > 1) }),
    readEtag: (response) => response.header("ETag")?.trim() || null,
    async readStoredEtags() {
      const stored = await deps.api.uploadedParts({ file_id: fileId });
      return new Map(stored.parts.map((part) => [part.part_number, part.etag]));
    },
    onPartStored: (partsDone) => deps.resume?.update(fileId, { parts_done: partsDone }),
    async complete(parts) {
      const file = await deps.api.multipartComplete({
        file_id: fileId,
        parts: parts.map((part) => ({ part_number: part.partNumber, etag: part.etag })),
        ...shareFields(target),
      });
      deps.resume?.remove(fileId);
      return file;
    },
    async abort() {
      // docs/product.md §4: a cancel or failure removes the record. When the abort cannot reach the
      // server either, the record stays, so choosing the file again can resume.
      try {
        await deps.api.multipartAbort({ file_id: fileId });
        deps.resume?.remove(fileId);
      } catch {
        // Kept for resuming.
      }
    },
  };
}
