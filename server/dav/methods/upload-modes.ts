// How a WebDAV PUT body reaches the storage: the WebDAV upload mode setting (docs/product.md §3), decided in
// docs/decisions/0004-webdav.md. Every mode streams; none holds the file in memory:
// - proxy: the body is streamed to the storage driver (one streamed PUT to S3 when the length is
//   known, the driver's bounded multipart otherwise; a temp file renamed into place on local disk);
// - multipart: the driver cuts the body into parts as it arrives (storage/part-upload.ts, the engine
//   every upload path shares: a failed part is retried by the SDK without resending the file, parts go
//   in parallel, no size limit but the store's), recorded so that the sweep aborts an upload the
//   server never finished;
// - direct: the server PUTs the body straight to a presigned URL of the bucket, bypassing the SDK.
// auto picks proxy for local storage and for S3 bodies of known length up to AUTO_MULTIPART_FROM_BYTES
// (S3's single-PUT limit), multipart for larger or unknown lengths. direct needs a known length within S3's single-PUT limit
// and an S3 store; otherwise it falls back as auto would.
import { Readable as NodeReadable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type { SystemSettings } from "@shared/schemas/admin/settings";
import { AppError } from "../../errors";
import type { AuthState } from "../../services/auth/sessions";
import { type FsDeps, fileKeyOf, invalidateListings } from "../../services/explorer/tree";
import {
  finishStreamedUpload,
  prepareStreamedUpload,
  recordMultipartUpload,
  type UploadTarget,
  uploadStream,
} from "../../services/explorer/uploads";
import type { PutBody, StorageDriver } from "../../storage/driver";
import { storageAnswerFailure, storageFailure } from "../../storage/driver-errors";
import { MAX_SINGLE_PUT_BYTES } from "../../storage/part-upload";
import { guardedBody } from "../../storage/streams";

export type UploadMode = "proxy" | "multipart" | "direct";

/**
 * In auto mode, S3 bodies of known length up to this go in one streamed request, larger ones in parts.
 * Measured with scripts/bench/dav-put (1 GiB): the streamed PUT of the request's own stream grew the
 * server's RSS by 4-7 MiB, in parts by 84-90 (docs/decisions/0004-webdav.md, "Memory"); a WebDAV
 * client resends a failed PUT whole either way.
 */
export const AUTO_MULTIPART_FROM_BYTES = MAX_SINGLE_PUT_BYTES;
const DIRECT_URL_TTL_SECONDS = 60 * 60;

export function chooseUploadMode(
  setting: SystemSettings["webdav_upload_mode"],
  driverKind: StorageDriver["kind"],
  length: number | undefined,
): UploadMode {
  const auto = (): UploadMode =>
    driverKind === "local" || (length !== undefined && length <= AUTO_MULTIPART_FROM_BYTES) ? "proxy" : "multipart";
  if (setting === "auto") return auto();
  if (setting === "direct" && (driverKind !== "s3" || length === undefined || length > MAX_SINGLE_PUT_BYTES)) {
    return auto();
  }
  return setting;
}

export type PutBodyOptions = {
  mode: UploadMode;
  /** The request's Content-Length; undefined for a chunked body. */
  length: number | undefined;
  contentType: string | null;
};

/** Stores a PUT body at `target` in the given mode; the listings of its storage are invalidated. */
export async function storePutBody(
  deps: FsDeps,
  auth: AuthState,
  target: UploadTarget,
  body: ReadableStream<Uint8Array> | null,
  options: PutBodyOptions,
): Promise<void> {
  const source = body ?? new Uint8Array(0);
  if (options.mode === "proxy") {
    await uploadStream(deps, target, source, { contentType: options.contentType, exactSize: options.length });
    return;
  }
  const prepared = await prepareStreamedUpload(target, {
    contentType: options.contentType,
    declaredSize: options.length,
  });
  // Direct PUTs have a stated length: the request's stream goes to fetch as it is (storage/streams.ts).
  const guarded = guardedBody(source, options.mode === "direct" ? options.length : undefined, prepared.counter);
  try {
    if (options.mode === "multipart") {
      await uploadMultipart(deps, auth, target, guarded.body, prepared.contentType, options.length);
    } else {
      await uploadDirect(target, guarded.body, prepared.contentType, options.length ?? 0);
    }
  } catch (error) {
    guarded.drain();
    throw error;
  } finally {
    invalidateListings(deps, target.tree, [target.location.mount.storageConfigId]);
  }
  await finishStreamedUpload(deps, target);
  if (options.length !== undefined && guarded.received() !== options.length) {
    await target.policy.driver.delete(fileKeyOf(target.location)).catch(() => undefined);
    throw new AppError("BAD_REQUEST", "errors.sizeMismatch");
  }
}

/** The body in parts (S3's multipart upload, part-upload.ts), recorded so that the sweep aborts one a crash left. */
async function uploadMultipart(
  deps: FsDeps,
  auth: AuthState,
  target: UploadTarget,
  body: PutBody,
  contentType: string,
  length: number | undefined,
): Promise<void> {
  const { driver } = target.policy;
  const key = fileKeyOf(target.location);
  let recordId: string | null = null;
  const record = async (uploadId: string) => {
    recordId = await recordMultipartUpload(deps, auth, target, key, uploadId);
  };
  try {
    await driver.put(key, body, { contentType, size: length, multipart: { onStart: record } });
  } finally {
    // Completed or aborted by the driver either way: nothing left for the sweep.
    if (recordId) await deps.db.multipartUpload.deleteMany({ where: { id: recordId } });
  }
}

/** The body PUT to a presigned URL of the bucket: the storage receives it without the SDK in between. */
async function uploadDirect(target: UploadTarget, body: PutBody, contentType: string, length: number) {
  const url = await target.policy.driver.presignPut(fileKeyOf(target.location), {
    expiresIn: DIRECT_URL_TTL_SECONDS,
    contentType,
  });
  // Outside the driver, so its failures are named here as the driver's are (driver-errors.ts).
  const storage = target.location.mount.storageConfig.name;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "PUT",
      headers: { "Content-Type": contentType, "Content-Length": String(length) },
      body:
        body instanceof NodeReadable
          ? (NodeReadable.toWeb(body) as unknown as NodeWebReadableStream<Uint8Array> as unknown as ReadableStream)
          : (body as ReadableStream<Uint8Array>),
      duplex: "half",
    } as RequestInit);
  } catch (error) {
    throw storageFailure(error, storage);
  }
  await response.body?.cancel();
  if (!response.ok) throw storageAnswerFailure(response.status, storage, `HTTP ${response.status}`);
}
