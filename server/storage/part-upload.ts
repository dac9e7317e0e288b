// The one engine that streams a body into a store's multipart upload (every upload path reaches it
// through the driver's `put`: a body of unknown length, or one a caller asked to send in parts).
// The bytes are copied once, from the incoming chunks into a fixed pool of concurrency + 1 part
// buffers, each reused once its part is stored; reading pauses while none is free. Memory is
// partSize x (concurrency + 1) whatever the file size, with no garbage per part for the collector to
// fall behind on, and a part is a Buffer the SDK can resend on its own when a request fails.
// The multipart upload starts only once a first part is full: a smaller body goes in one request.

import type { Readable } from "node:stream";
import type { CompletedPart } from "./driver";

/** S3 refuses single PUTs above 5 GiB. */
export const MAX_SINGLE_PUT_BYTES = 5 * 1024 ** 3;
/** S3's smallest part (but the last) and its most parts per upload. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** Parts of a body of unknown length: 8 MiB allows 80 GB. */
const UNKNOWN_LENGTH_PART_BYTES = 8 * 1024 * 1024;
/** Parts of a copy inside one store at most: the store moves the bytes, none pass through memory. */
const MAX_COPY_PART_BYTES = 512 * 1024 * 1024;
/** Parts in flight at once; memory is a part size x (this + 1). */
export const PART_CONCURRENCY = 3;

/** The part size for a body of `size` bytes (undefined: unknown): as small as S3's part count allows. */
export const partSizeFor = (size: number | undefined) =>
  size === undefined ? UNKNOWN_LENGTH_PART_BYTES : Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS));

/**
 * The part size of a copy in parts inside one store (UploadPartCopy) of an object of `size` bytes,
 * copied in parts because it is larger than `partsAbove`: parts that large (at most 512 MiB), few
 * requests, within S3's part count.
 */
export const copyPartSizeFor = (size: number, partsAbove: number) =>
  Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS), Math.min(partsAbove, MAX_COPY_PART_BYTES));

/** What the engine needs from a store: the four multipart calls, and a single PUT for small bodies. */
export type PartStore = {
  putWhole(body: Buffer): Promise<{ etag: string | null }>;
  create(): Promise<string>;
  uploadPart(uploadId: string, partNumber: number, body: Buffer): Promise<CompletedPart>;
  complete(uploadId: string, parts: CompletedPart[]): Promise<{ etag: string | null }>;
  abort(uploadId: string): Promise<void>;
};

export type PartUploadOptions = {
  partSize: number;
  concurrency: number;
  /** Called once the store has started the multipart upload, before any part (to record it for the sweep). */
  onMultipartStart?: (uploadId: string) => Promise<void>;
};

export async function uploadInParts(
  store: PartStore,
  body: Readable,
  { partSize, concurrency, onMultipartStart }: PartUploadOptions,
): Promise<{ etag: string | null; size: number }> {
  const parts: CompletedPart[] = [];
  const inFlight = new Set<Promise<void>>();
  const free: Buffer[] = [];
  let allocated = 0;
  let failure: unknown = null;
  let size = 0;
  let partNumber = 0;
  let current: Buffer | null = null;
  let filled = 0;
  let uploadId: string | null = null;

  async function takeBuffer(): Promise<Buffer> {
    while (free.length === 0 && allocated > concurrency) await Promise.race(inFlight);
    if (failure) throw failure;
    const reused = free.pop();
    if (reused) return reused;
    allocated++;
    // Its own memory (not a slice of Node's shared pool), given back whole when the upload ends.
    return Buffer.allocUnsafeSlow(partSize);
  }

  async function send(buffer: Buffer, length: number) {
    if (uploadId === null) {
      uploadId = await store.create();
      await onMultipartStart?.(uploadId);
    }
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    const id = uploadId;
    const number = ++partNumber;
    const task = store
      .uploadPart(id, number, buffer.subarray(0, length))
      .then((part) => {
        parts.push(part);
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        inFlight.delete(task);
        free.push(buffer);
      });
    inFlight.add(task);
  }

  try {
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length;
        let offset = 0;
        while (offset < chunk.length) {
          current ??= await takeBuffer();
          const copied = chunk.copy(current, filled, offset);
          filled += copied;
          offset += copied;
          if (filled === partSize) {
            await send(current, filled);
            current = null;
            filled = 0;
          }
        }
      }
      if (uploadId === null) {
        // Never filled a part: one request, with whatever there is (an empty body included).
        return { ...(await store.putWhole((current ?? Buffer.alloc(0)).subarray(0, filled))), size };
      }
      if (current && filled > 0) await send(current, filled);
    } finally {
      // Parts still in flight must land (or fail) before the upload is completed or aborted.
      await Promise.allSettled(inFlight);
    }
    if (failure) throw failure;
    const result = await store.complete(
      uploadId,
      parts.sort((a, b) => a.partNumber - b.partNumber),
    );
    return { etag: result.etag, size };
  } catch (error) {
    const started: string | null = uploadId;
    if (started !== null) await store.abort(started).catch(() => undefined);
    body.destroy();
    throw error;
  }
}
