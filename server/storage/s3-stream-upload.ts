// Streams a body of unknown length into S3: parts of a fixed size are gathered from the stream (as a
// list of chunks joined once per part) and sent with bounded concurrency, so memory stays near
// partSize x (concurrency + 1) whatever the file size. lib-storage's Upload did the same job but
// re-concatenated its buffer on every incoming chunk, which made memory and CPU grow with the part
// size (measured by scripts/bench/upload-stream.ts).

import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";

export type StreamUploadOptions = {
  client: S3Client;
  bucket: string;
  key: string;
  contentType: string;
  partSize: number;
  concurrency: number;
};

export async function streamUploadToS3(
  body: Readable,
  options: StreamUploadOptions,
): Promise<{ etag: string | undefined; size: number }> {
  const { client, bucket: Bucket, key: Key, contentType: ContentType, partSize, concurrency } = options;
  let uploadId: string | undefined;
  const parts: { PartNumber: number; ETag: string | undefined }[] = [];
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let partNumber = 0;

  async function sendPart(data: Buffer) {
    uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }))).UploadId;
    partNumber += 1;
    const number = partNumber;
    const task = client
      .send(
        new UploadPartCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          PartNumber: number,
          Body: data,
          ContentLength: data.length,
        }),
      )
      .then((result) => {
        parts.push({ PartNumber: number, ETag: result.ETag });
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
    // Backpressure: stop reading the body while the queue is full.
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (failure) throw failure;
  }

  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      size += chunk.length;
      if (pendingBytes >= partSize) {
        const joined = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await sendPart(joined);
      }
    }
    const rest = Buffer.concat(pending, pendingBytes);
    if (!uploadId) {
      // Small enough for one request.
      const result = await client.send(
        new PutObjectCommand({ Bucket, Key, Body: rest, ContentType, ContentLength: rest.length }),
      );
      return { etag: result.ETag, size };
    }
    if (rest.length > 0 || parts.length + inFlight.size === 0) await sendPart(rest);
    await Promise.all(inFlight);
    if (failure) throw failure;
    parts.sort((a, b) => a.PartNumber - b.PartNumber);
    const result = await client.send(
      new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
    );
    return { etag: result.ETag, size };
  } catch (error) {
    await Promise.allSettled(inFlight);
    if (uploadId) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
    }
    body.destroy();
    throw error;
  }
}
