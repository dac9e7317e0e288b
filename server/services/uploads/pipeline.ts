// The one upload pipeline (docs/uploads.md): the steps every upload takes, whatever it becomes. Three
// targets use it, a file share (services/shares/upload/uploads.ts: a record, then its object), a file
// in a mount (services/explorer/uploads.ts: the object alone) and a file sent to an upload request
// (services/upload-requests/arrivals.ts: an arrival counted against the request), through the upload
// form, the raw upload, presigned PUTs, multipart uploads and WebDAV PUT. Each step works on the
// request's policy (policy.ts) and the object's key; what the target keeps (a record, a listing, a
// request's counters) stays with the target.

import { AppError } from "../../errors";
import type { ObjectInfo, PutBody, StorageDriver } from "../../storage/driver";
import { guardedBody } from "../../storage/streams";
import type { PolicyDeps, UploadPolicy } from "./policy";
import { limitCounter, overLimit, type TargetLimit, type UploadRoom } from "./upload-limits";

/** Presigned URLs (a PUT, multipart parts) live an hour at most, less when the storage says so. */
export const UPLOAD_URL_TTL_SECONDS = 60 * 60;

/** Where the bytes of one upload go: the object's key and the type it is stored with. */
export type UploadObject = { key: string; contentType: string };

/**
 * Through the server: the body streams to the storage while being counted against `room`, so a body
 * past the max upload size or the storage's room is cut off, never buffered. A target with a tighter
 * limit of its own (an upload request's size per file or bytes left) gives it as `within`. `exactSize`
 * is the length the client stated (S3 takes the body in one streamed request); a body of another
 * length is refused. On failure the rest of the body is read and dropped; the target removes what it
 * made.
 */
export async function streamUpload(
  policy: UploadPolicy,
  object: UploadObject,
  body: PutBody,
  options: { room: UploadRoom; within?: TargetLimit; exactSize?: number },
) {
  const guarded = guardedBody(body, options.exactSize, limitCounter(options.room, options.within));
  try {
    const stored = await policy.driver.put(object.key, guarded.body, {
      contentType: object.contentType,
      size: options.exactSize,
    });
    if (options.exactSize !== undefined && stored.size !== options.exactSize) {
      // Stored, but not the file the client described: it does not stay.
      await policy.driver.delete(object.key).catch(() => undefined);
      throw new AppError("BAD_REQUEST", "errors.sizeMismatch");
    }
    return stored;
  } catch (error) {
    guarded.drain();
    throw error;
  }
}

/** Presigned: a URL the browser PUTs the object to, valid for the storage's signature lifetime at most. */
export async function presignObject(policy: UploadPolicy, object: UploadObject, signatureExpiresIn: number) {
  const expiresIn = Math.min(signatureExpiresIn, UPLOAD_URL_TTL_SECONDS);
  const url = await policy.driver.presignPut(object.key, { expiresIn, contentType: object.contentType });
  return { url, expiresIn };
}

/** Multipart, start: the store's upload id, which the target records so that the sweep can abort it. */
export function startMultipart(policy: UploadPolicy, object: UploadObject): Promise<string> {
  return policy.driver.createMultipartUpload(object.key, { contentType: object.contentType });
}

/** Multipart, part URLs: where the browser PUTs each numbered part (signing needs the driver alone). */
export function presignPartUrls(
  driver: Pick<StorageDriver, "presignUploadPart">,
  key: string,
  uploadId: string,
  partNumbers: number[],
) {
  return Promise.all(
    partNumbers.map(async (partNumber) => ({
      part_number: partNumber,
      url: await driver.presignUploadPart(key, uploadId, partNumber, UPLOAD_URL_TTL_SECONDS),
    })),
  );
}

/** Multipart, complete: the parts become the object. */
export function completeMultipart(
  policy: UploadPolicy,
  key: string,
  uploadId: string,
  parts: { partNumber: number; etag: string }[],
) {
  return policy.driver.completeMultipartUpload(key, uploadId, parts);
}

/** Multipart, abort: the parts stored so far are removed (an upload already gone is no error). */
export function abortMultipart(policy: Pick<UploadPolicy, "driver">, key: string, uploadId: string) {
  return policy.driver.abortMultipartUpload(key, uploadId);
}

/**
 * After the bytes are stored, however they came (presigned PUT, multipart, the stream): the object
 * must be there (400 otherwise), the target's own rules may refuse it (`accept`: an upload request's
 * declared size, types and size per file), bytes written past the app are counted in the storage's
 * use, and the stored size must fit, as the declared one did. The target says which bytes the upload
 * is already counted with (`ownBytes`) and how to remove what it made when the size is refused.
 */
export async function settleStoredUpload(
  deps: PolicyDeps,
  policy: UploadPolicy,
  key: string,
  target: {
    accept?: (stored: ObjectInfo) => void;
    ownBytes: (stored: ObjectInfo) => number;
    removeRefused: () => Promise<unknown>;
  },
): Promise<ObjectInfo> {
  const stored = await policy.driver.head(key);
  if (!stored) throw new AppError("BAD_REQUEST", "errors.uploadMissingObject");
  target.accept?.(stored);
  // A presigned upload's bytes went to the storage past the app: they are counted now.
  await deps.storage.settleDirectUpload(policy.storageConfigId, key, policy.driver);
  const refusal = overLimit(await policy.room(target.ownBytes(stored)), stored.size);
  if (refusal) {
    await target.removeRefused();
    throw refusal;
  }
  return stored;
}
