// One file's upload into a mount folder (docs/product.md §4, §7 File system): the fs procedures and
// routes as a target of uploadObject (lib/upload/engine/upload-object.ts), which moves the bytes.
// - multipart above one part (5 MB): init, parts streamed through the app's part route, complete;
// - presigned direct when the mount's storage lets the browser PUT (local storage always, which the
//   app serves itself; S3 when the page's CSP allows its origin and its CORS answers): presign, PUT,
//   commit with the ETag;
// - otherwise the form POST through the server (streamed there).

import { LOCAL_PROVIDER } from "@shared/constants";
import { MULTIPART_PART_SIZE } from "@shared/schemas/explorer/explorer";
import type { DirectBlocked } from "../upload/direct-blocked";
import { throwIfAborted } from "../upload/engine/retry";
import type { Transport } from "../upload/engine/transport";
import { envelopeData } from "../upload/engine/upload-api";
import { uploadContextOf } from "../upload/engine/upload-context";
import {
  sameOriginStorageUrl,
  type UploadSource,
  type UploadTarget,
  uploadObject,
  wholeBody,
} from "../upload/engine/upload-object";
import { NoDataError } from "../upload/upload-errors";
import type { UploadMode } from "../upload/upload-plan";
import type { FsClient, FsEndpoint } from "./fs-client";

export type FsUploadDeps = {
  client: Pick<FsClient, "multipartInit" | "multipartComplete" | "multipartAbort" | "presign" | "presignCommit">;
  endpoint: FsEndpoint;
  transport: Transport;
  /** Whether the page's CSP lets it connect to a URL (lib/shares/download/csp.ts). */
  mayConnect: (url: string) => Promise<boolean>;
  /** Storage configs the browser could not PUT to during this visit. */
  directBlocked: DirectBlocked;
  pageOrigin?: string;
  signal?: AbortSignal;
  /** Files above this go multipart; one part by default (docs/product.md §9: 5 MB parts). */
  partSize?: number;
  retryDelayMs?: number;
};

export type FsUploadHooks = {
  onProgress?: (loaded: number, total: number) => void;
  onMode?: (mode: UploadMode) => void;
};

/** Uploads `source` into `folder` (a folder's virtual path); resolves with the way it went. */
export async function uploadIntoFolder(
  source: UploadSource,
  folder: string,
  deps: FsUploadDeps,
  hooks: FsUploadHooks = {},
): Promise<UploadMode> {
  throwIfAborted(deps.signal);
  const partSize = deps.partSize ?? MULTIPART_PART_SIZE;
  const { mode } = await uploadObject(
    source,
    folderTarget(source, folder, deps, partSize),
    source.size > partSize ? "multipart" : "direct",
    uploadContextOf(deps, hooks),
  );
  return mode;
}

function folderPathOf(folder: string): string {
  return folder.endsWith("/") ? folder : `${folder}/`;
}

/** The form POST into a folder (fields first, then the file: the server refuses fields after it). */
export async function sendIntoFolderThroughServer(
  source: Pick<UploadSource, "name" | "type" | "size"> & { blob: Blob },
  folder: string,
  deps: Pick<FsUploadDeps, "transport" | "endpoint">,
  request: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal },
): Promise<void> {
  const form = new FormData();
  form.append("path", folderPathOf(folder));
  form.append("size", String(source.size));
  // docs/product.md §9: multipart is on by default for form uploads (the server streams either way).
  form.append("use_multipart", "true");
  if (source.type) form.append("contentType", source.type);
  form.append("file", source.blob, source.name);
  const response = await deps.transport({
    method: "POST",
    url: `${deps.endpoint.base}/upload`,
    body: form,
    headers: deps.endpoint.headers(),
    signal: request.signal,
    onProgress: request.onProgress,
  });
  envelopeData(response);
}

function folderTarget(source: UploadSource, folder: string, deps: FsUploadDeps, partSize: number): UploadTarget<void> {
  // The file as both starts describe it; their procedures spell the name's field apart (fileName, filename).
  const file = { path: folderPathOf(folder), contentType: source.type || null, fileSize: source.size };
  return {
    async startDirect() {
      const presign = await deps.client.presign.mutate({ ...file, fileName: source.name });
      if (!presign?.presignedUrl) throw new NoDataError();
      return {
        url: sameOriginStorageUrl(presign.presignedUrl, deps.pageOrigin),
        headers: presign.headers,
        // The app's own local storage is always reachable; a bucket may not be.
        remoteStorageKey: presign.providerType === LOCAL_PROVIDER ? null : presign.storageConfigId,
        commit: async (etag) => {
          await deps.client.presignCommit.mutate({
            path: presign.path,
            etag,
            contentType: presign.contentType,
            fileSize: source.size,
          });
        },
      };
    },
    async startMultipart() {
      const init = await deps.client.multipartInit.mutate({ ...file, filename: source.name });
      if (!init?.uploadId) throw new NoDataError();
      const upload = { path: init.path, uploadId: init.uploadId, key: init.key };
      const lastPart = Math.max(1, Math.ceil(source.size / partSize));
      return {
        partSize,
        stored: new Map(),
        isResumed: false,
        // The parts go through the app, which streams them to the storage.
        remoteStorageKey: null,
        partRequest: async (part) => ({
          method: "POST",
          url: `${deps.endpoint.base}/multipart/part?${new URLSearchParams({
            ...upload,
            partNumber: String(part.partNumber),
            isLastPart: String(part.partNumber === lastPart),
          })}`,
          headers: { ...deps.endpoint.headers(), "Content-Type": "application/octet-stream" },
        }),
        readEtag: (response) => {
          const answer = envelopeData<{ etag?: string }>(response);
          if (!answer.etag) throw new NoDataError();
          return answer.etag;
        },
        complete: async (parts) => {
          await deps.client.multipartComplete.mutate({
            ...upload,
            parts,
            contentType: init.contentType,
            fileSize: source.size,
          });
        },
        abort: async () => {
          await deps.client.multipartAbort.mutate(upload).catch(() => undefined);
        },
      };
    },
    sendThroughServer: async (request) =>
      sendIntoFolderThroughServer({ ...source, blob: await wholeBody(source) }, folder, deps, request),
  };
}
