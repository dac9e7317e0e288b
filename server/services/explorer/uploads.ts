// Uploads into mounts (docs/product.md §4, §7 File system): the mount target of the one upload
// pipeline (services/uploads/pipeline.ts, docs/uploads.md). Through the server (a form, streamed to the
// storage), multipart (init, 5 MB parts streamed through the server, complete or abort), and presigned
// (the browser PUTs to a signed URL, then commits). The max upload size setting and the storage
// config's capacity, from the request's upload policy, are enforced on each: on the declared size,
// while counting streamed bytes, and on the stored object at completion.
// Multipart uploads are recorded in MultipartUpload so that the sweep aborts those left behind.

import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { formatBytes } from "@shared/format-bytes";
import { joinPath, nameOf } from "@shared/paths";
import type {
  fsMultipartAbortInput,
  fsMultipartCompleteInput,
  fsMultipartInitInput,
  fsMultipartPartQuery,
  fsPresignCommitInput,
  fsPresignInput,
  TargetPath,
} from "@shared/schemas/explorer/explorer";
import { MULTIPART_PART_SIZE } from "@shared/schemas/explorer/explorer";
import type { z } from "zod";
import { AppError } from "../../errors";
import { statedContentType } from "../../storage/content-type";
import type { PutBody } from "../../storage/driver";
import { byteCounter, toNodeReadable } from "../../storage/streams";
import { type AuthState, creatorOf } from "../auth/sessions";
import { safeFilename } from "../shares/storage";
import type { SweepDeps } from "../system/sweeper";
import {
  abortMultipart as abortStoredMultipart,
  completeMultipart as completeStoredMultipart,
  presignObject,
  settleStoredUpload,
  startMultipart,
  streamUpload,
} from "../uploads/pipeline";
import { type KnownParts, loadUploadPolicy, type UploadPolicy } from "../uploads/policy";
import { limitCounter, STALE_UPLOAD_MS } from "../uploads/upload-limits";
import { assertWritable } from "./access";
import { storedFileEntry } from "./entries";
import { isFolderPath, requestDrivers, statLocation } from "./storage";
import {
  type FsDeps,
  type FsTree,
  fileKeyOf,
  invalidateListings,
  type Location,
  loadTree,
  requireInsideMount,
} from "./tree";

/** Parts through the server are 5 MB (docs/product.md §9); larger ones are accepted up to this bound. */
export const MAX_PART_BYTES = 64 * 1024 * 1024;

/** A file in a mount being uploaded, with the request's upload policy for its storage. */
export type UploadTarget = { tree: FsTree; location: Location; path: string; fileName: string; policy: UploadPolicy };

/**
 * Where a file goes: into `target` when it is a folder (a trailing slash, or an existing folder),
 * under `fileName`; else `target` is the file's own path. Checked against the base path twice: the
 * folder before anything is probed, the final path before anything is written. The upload policy is
 * loaded for the final place, with what the request read already (`known`).
 */
export async function resolveUploadTarget(
  deps: FsDeps,
  auth: AuthState,
  target: TargetPath,
  fileName?: string | null,
  known: KnownParts = {},
): Promise<UploadTarget> {
  assertWritable(auth, target.path);
  const tree = await loadTree(deps, auth);
  const name = fileName ? safeFilename(fileName) : null;
  const drivers = requestDrivers(deps);
  let path = target.path;
  if (target.isFolder || (name && (await isFolderPath(deps, tree, path, drivers)))) {
    if (!name) throw new AppError("BAD_REQUEST", "errors.filenameRequired");
    path = joinPath(path, name);
  }
  assertWritable(auth, path);
  const location = requireInsideMount(tree, path);
  const policy = await loadUploadPolicy(deps, location.mount.storageConfigId, {
    ...known,
    driver: known.driver ?? (await drivers(location)),
  });
  return { tree, location, path, fileName: nameOf(path), policy };
}

/** The document's optional `mountId` must name the mount the path lies in (the path decides). */
function assertMountOf(target: UploadTarget, mountId: string | undefined) {
  if (mountId && mountId !== target.location.mount.id) {
    throw new AppError("BAD_REQUEST", "errors.fsMountMismatch", { path: target.path });
  }
}

async function refuseFolder(target: UploadTarget) {
  const kind = await statLocation(target.policy.driver, target.location);
  if (kind?.type === "directory") throw new AppError("CONFLICT", "errors.fsNotAFile", { path: target.path });
}

/**
 * Upload through the server: the bytes stream from the request to the storage while being counted,
 * so a body past the max upload size is cut off, never buffered. `exactSize` (the client's stated
 * length) lets S3 take the file in one streamed PUT.
 */
export async function uploadStream(
  deps: FsDeps,
  target: UploadTarget,
  body: PutBody,
  options: { contentType?: string | null; exactSize?: number },
) {
  const { room, contentType } = await prepareStreamedUpload(target, {
    contentType: options.contentType,
    declaredSize: options.exactSize,
  });
  const object = { key: fileKeyOf(target.location), contentType };
  try {
    const stored = await streamUpload(target.policy, object, body, { room, exactSize: options.exactSize });
    return storedFileEntry(target.path, {
      size: stored.size,
      lastModified: new Date(),
      contentType,
      etag: stored.etag,
    });
  } finally {
    invalidateListings(deps, target.tree, [target.location.mount.storageConfigId]);
  }
}

/** After a direct or multipart upload: the object must be there and within the size limit. */
async function finishStoredUpload(deps: FsDeps, target: UploadTarget, key: string) {
  const { driver } = target.policy;
  try {
    const stored = await settleStoredUpload(deps, target.policy, key, {
      // The browser may have sent more than it declared at init or presign: the stored size decides.
      // The object is in the usage record already and does not count against itself.
      ownBytes: (object) => object.size,
      removeRefused: () => driver.delete(key).catch(() => undefined),
    });
    return storedFileEntry(target.path, stored);
  } finally {
    invalidateListings(deps, target.tree, [target.policy.storageConfigId]);
  }
}

// ---- Multipart ---------------------------------------------------------------------------------

/**
 * Records a multipart upload into a mount (answers the record's id): the sweep aborts it on the
 * store if it is never completed or aborted.
 */
export async function recordMultipartUpload(
  deps: FsDeps,
  auth: AuthState,
  target: UploadTarget,
  key: string,
  uploadId: string,
): Promise<string> {
  const created = await deps.db.multipartUpload.create({
    data: {
      storageConfigId: target.location.mount.storageConfigId,
      objectKey: key,
      uploadId,
      virtualPath: target.path,
      createdBy: creatorOf(auth),
    },
    select: { id: true },
  });
  return created.id;
}

export async function initMultipart(deps: FsDeps, auth: AuthState, input: z.output<typeof fsMultipartInitInput>) {
  const target = await resolveUploadTarget(deps, auth, input.path, input.filename);
  await refuseFolder(target);
  await target.policy.assertFits(input.fileSize);
  const key = fileKeyOf(target.location);
  const contentType = statedContentType(target.fileName, input.contentType);
  const uploadId = await startMultipart(target.policy, { key, contentType });
  await recordMultipartUpload(deps, auth, target, key, uploadId);
  return {
    uploadId,
    key,
    path: target.path,
    partSize: MULTIPART_PART_SIZE,
    partCount: Math.max(1, Math.ceil(input.fileSize / MULTIPART_PART_SIZE)),
    contentType,
  };
}

const uploadSelect = {
  id: true,
  storageConfigId: true,
  objectKey: true,
  uploadId: true,
  virtualPath: true,
  createdBy: true,
} as const;

/**
 * The recorded upload the caller started (the admin may finish any). It is found by its upload id;
 * the key, when sent, must be the recorded one, and the path is the recorded one, checked again.
 */
async function findUpload(deps: FsDeps, auth: AuthState, uploadId: string, key: string | undefined) {
  const row = await deps.db.multipartUpload.findFirst({
    where: { uploadId, ...(auth.type === "apikey" ? { createdBy: creatorOf(auth) } : {}) },
    select: uploadSelect,
  });
  if (!row) return null;
  if (key !== undefined && key !== "" && key !== row.objectKey) {
    throw new AppError("BAD_REQUEST", "errors.fsUploadKeyMismatch");
  }
  assertWritable(auth, row.virtualPath);
  return row;
}

export async function uploadPart(
  deps: FsDeps,
  auth: AuthState,
  query: z.output<typeof fsMultipartPartQuery>,
  body: Readable | ReadableStream<Uint8Array>,
  declaredLength: number | undefined,
) {
  const row = await findUpload(deps, auth, query.uploadId, query.key);
  if (!row) throw new AppError("NOT_FOUND", "errors.uploadNotFound");
  const policy = await loadUploadPolicy(deps, row.storageConfigId);
  const limit = Math.min(MAX_PART_BYTES, policy.maxBytes);
  const partTooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "errors.fsPartTooLarge", { max: formatBytes(limit) });
  if (declaredLength !== undefined && declaredLength > limit) throw partTooLarge();
  const counter = byteCounter(limit, partTooLarge);
  const source = toNodeReadable(body);
  pipeline(source, counter.transform, () => undefined);
  try {
    const { driver } = policy;
    // A part of unstated length (chunked request) is gathered first: S3 needs its length, and the
    // counter has bounded it.
    const partBody = declaredLength === undefined ? await readAll(counter.transform) : counter.transform;
    const part = await driver.uploadPart(row.objectKey, row.uploadId, query.partNumber, partBody, declaredLength);
    return { partNumber: part.partNumber, etag: part.etag };
  } catch (error) {
    source.resume();
    throw error;
  }
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function completeMultipart(
  deps: FsDeps,
  auth: AuthState,
  input: z.output<typeof fsMultipartCompleteInput>,
) {
  const row = await findUpload(deps, auth, input.uploadId, input.key);
  if (!row) throw new AppError("NOT_FOUND", "errors.uploadNotFound");
  // The storage the parts went to, even if the mount has been pointed elsewhere since.
  const policy = await loadUploadPolicy(deps, row.storageConfigId);
  await completeStoredMultipart(policy, row.objectKey, row.uploadId, input.parts);
  await deps.db.multipartUpload.deleteMany({ where: { id: row.id } });
  const tree = await loadTree(deps, auth);
  const target: UploadTarget = {
    tree,
    location: requireInsideMount(tree, row.virtualPath),
    path: row.virtualPath,
    fileName: nameOf(row.virtualPath),
    policy,
  };
  return finishStoredUpload(deps, target, row.objectKey);
}

/** Aborts an upload and removes its parts; `cancelled: false` when there is none (a soft failure). */
export async function abortMultipart(deps: FsDeps, auth: AuthState, input: z.output<typeof fsMultipartAbortInput>) {
  const row = await findUpload(deps, auth, input.uploadId, input.key);
  if (!row) return { cancelled: false };
  const driver = await deps.storage.driverFor(row.storageConfigId);
  await abortStoredMultipart({ driver }, row.objectKey, row.uploadId);
  await deps.db.multipartUpload.deleteMany({ where: { id: row.id } });
  return { cancelled: true };
}

/** The sweep: multipart uploads left unfinished for a day are aborted and their parts removed. */
export async function purgeStaleMultipartUploads(deps: SweepDeps, now = new Date()) {
  const aborted = await abortRecordedUploads(deps, {
    createdAt: { lte: new Date(now.getTime() - STALE_UPLOAD_MS) },
  });
  return { aborted };
}

/**
 * Aborts recorded multipart uploads on their stores (500 at most) and forgets them: those the sweep
 * finds stale, and those a server task's file left when its process died mid-copy (docs/tasks.md).
 * Answers how many went.
 */
export async function abortRecordedUploads(
  deps: Pick<FsDeps, "db" | "storage">,
  where: { createdAt?: { lte: Date }; createdBy?: string },
): Promise<number> {
  const rows = await deps.db.multipartUpload.findMany({ where, select: uploadSelect, take: 500 });
  for (const row of rows) {
    try {
      const driver = await deps.storage.driverFor(row.storageConfigId);
      await driver.abortMultipartUpload(row.objectKey, row.uploadId);
    } catch {
      // Gone storage or upload: the record goes anyway, it can never be finished.
    }
  }
  if (rows.length > 0) await deps.db.multipartUpload.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } });
  return rows.length;
}

// ---- Presigned ---------------------------------------------------------------------------------

export async function presignUpload(deps: FsDeps, auth: AuthState, input: z.output<typeof fsPresignInput>) {
  const target = await resolveUploadTarget(deps, auth, input.path, input.fileName);
  assertMountOf(target, input.mountId);
  await refuseFolder(target);
  await target.policy.assertFits(input.fileSize);
  const { mount } = target.location;
  const key = fileKeyOf(target.location);
  const contentType = statedContentType(target.fileName, input.contentType);
  const { url, expiresIn } = await presignObject(
    target.policy,
    { key, contentType },
    mount.storageConfig.signatureExpiresIn,
  );
  return {
    presignedUrl: url,
    contentType,
    key,
    path: target.path,
    fileName: target.fileName,
    headers: { "Content-Type": contentType },
    expiresIn,
    mountId: mount.id,
    storageConfigId: mount.storageConfigId,
    providerType: mount.storageConfig.providerType,
  };
}

export async function commitPresignedUpload(
  deps: FsDeps,
  auth: AuthState,
  input: z.output<typeof fsPresignCommitInput>,
) {
  const target = await resolveUploadTarget(deps, auth, input.path, input.fileName);
  assertMountOf(target, input.mountId);
  return finishStoredUpload(deps, target, fileKeyOf(target.location));
}

// ---- Bodies stored by other means (WebDAV PUT: multipart and direct modes) ----------------------

/**
 * Before a body is streamed into `target` by the caller's own means: refuses a folder and a declared
 * size over the limits, and gives the content type to store and a counting transform that cuts the
 * stream off at the max upload size or the storage's room, as uploadStream does.
 */
export async function prepareStreamedUpload(
  target: UploadTarget,
  options: { contentType?: string | null; declaredSize?: number },
) {
  await refuseFolder(target);
  const room = await target.policy.assertFits(options.declaredSize ?? 0);
  return {
    room,
    counter: limitCounter(room),
    contentType: statedContentType(target.fileName, options.contentType),
    maxBytes: room.maxBytes,
  };
}

/** After a body stored by other means: the object must be there and within the limits. */
export function finishStreamedUpload(deps: FsDeps, target: UploadTarget) {
  return finishStoredUpload(deps, target, fileKeyOf(target.location));
}
