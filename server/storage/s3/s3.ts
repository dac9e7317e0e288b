// S3-compatible storage driver (AWS S3, Cloudflare R2, Backblaze B2, MinIO, ...). A body of known
// length streams in one PUT; one of unknown length (or one the caller wants in parts) goes multipart
// through part-upload.ts; either way memory stays bounded whatever the file size. A copy inside the
// bucket is one CopyObject, or above a size a multipart upload the store fills from the source.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { contentDisposition } from "@shared/content-disposition";
import { FetchHttpHandler } from "@smithy/fetch-http-handler";
import { AppError } from "../../errors";
import {
  type ByteRange,
  type CompletedPart,
  type CopyOptions,
  type GetResult,
  type ListOptions,
  type ListResult,
  type PutBody,
  type PutOptions,
  resolveRange,
  type StorageDriver,
} from "../driver";
import { copyPartSizeFor, MAX_SINGLE_PUT_BYTES, PART_CONCURRENCY, partSizeFor, uploadInParts } from "../part-upload";
import { toNodeReadable } from "../streams";

export type S3DriverOptions = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Bodies in memory go as UNSIGNED-PAYLOAD (not hashed into the signature); by default over HTTPS only. */
  unsignedPayload?: boolean;
};

const DELETE_BATCH = 1000;
/** Parts of a copy in parts asked of the store at once (each moves its bytes inside the store). */
const COPY_PART_CONCURRENCY = 4;

function isNotFound(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

const unquote = (etag: string | undefined) => (etag ? etag.replaceAll('"', "") : null);

/**
 * A body the SDK holds in memory (each part of an upload in parts, a small PUT) is hashed into its
 * SigV4 signature: SHA-256 over every byte, 2.9-3.8 s of CPU per GiB on a loaded 2-core machine
 * (docs/performance.md). Over HTTPS the transport already guards the bytes and S3 accepts
 * `UNSIGNED-PAYLOAD` (the SDK sends it itself for streamed bodies), so those bodies go unhashed;
 * over plain HTTP the signed hash is the only check that the bytes arrived as sent, so it stays.
 */
const sendsUnsignedPayload = (options: S3DriverOptions) =>
  options.unsignedPayload ?? (options.endpoint === undefined || options.endpoint.toLowerCase().startsWith("https:"));

export function createS3Driver(options: S3DriverOptions): StorageDriver {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region || "us-east-1",
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums on every request are not supported by several S3-compatible servers (R2, B2, MinIO
    // versions in the wild); only send them when the operation requires it.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // Bun's own fetch rather than its node:http client: node:http joins the request's head and an
    // 8 MiB part into one new buffer (Buffer.concat in its socket's writev) and copies it again into
    // the socket's buffer, so every part in flight was held three times. Measured with `bun run bench
    // upload-stream` (512 MiB, three rounds each): upload in parts +79-94 MiB instead of +112-154, and
    // faster on both paths (docs/performance.md).
    requestHandler: new FetchHttpHandler(),
  });
  if (sendsUnsignedPayload(options)) {
    // Before the signer (finalizeRequest step), which takes the header's value instead of hashing the body.
    client.middlewareStack.add(
      (next) => (args) => {
        const request = args.request as { headers?: Record<string, string>; body?: unknown };
        if (request.headers && ArrayBuffer.isView(request.body)) {
          request.headers["x-amz-content-sha256"] = "UNSIGNED-PAYLOAD";
        }
        return next(args);
      },
      { step: "build", name: "unsignedPayload" },
    );
  }
  const Bucket = options.bucket;

  const driver: StorageDriver = {
    kind: "s3",

    async put(key: string, body: PutBody, putOptions: PutOptions = {}) {
      const ContentType = putOptions.contentType ?? "application/octet-stream";
      if (typeof body === "string" || body instanceof Uint8Array) {
        const result = await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType }));
        return {
          etag: unquote(result.ETag),
          size: typeof body === "string" ? Buffer.byteLength(body) : body.byteLength,
        };
      }
      if (!putOptions.multipart && putOptions.size !== undefined && putOptions.size <= MAX_SINGLE_PUT_BYTES) {
        // A known length streams in one request: no part buffers, and the store writes it once. A
        // web stream (a request's body) goes to fetch as it is, which Bun pipes natively (streams.ts).
        const result = await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body instanceof ReadableStream ? body : toNodeReadable(body),
            ContentType,
            ContentLength: putOptions.size,
          }),
        );
        return { etag: unquote(result.ETag), size: putOptions.size };
      }
      const parts = {
        async putWhole(whole: Buffer) {
          const result = await client.send(
            new PutObjectCommand({ Bucket, Key: key, Body: whole, ContentType, ContentLength: whole.length }),
          );
          return { etag: unquote(result.ETag) };
        },
        create: () => driver.createMultipartUpload(key, { contentType: ContentType }),
        uploadPart: (uploadId: string, partNumber: number, part: Buffer) =>
          driver.uploadPart(key, uploadId, partNumber, part, part.length),
        complete: (uploadId: string, completed: CompletedPart[]) =>
          driver.completeMultipartUpload(key, uploadId, completed),
        abort: (uploadId: string) => driver.abortMultipartUpload(key, uploadId),
      };
      return uploadInParts(parts, toNodeReadable(body), {
        partSize: partSizeFor(putOptions.size),
        concurrency: PART_CONCURRENCY,
        onMultipartStart: putOptions.multipart?.onStart,
      });
    },

    async get(key: string, getOptions?: { range?: ByteRange }): Promise<GetResult> {
      let range: { start: number; end: number } | null = null;
      if (getOptions?.range) {
        const found = await this.head(key);
        if (!found) throw new AppError("NOT_FOUND", "errors.notFound");
        range = resolveRange(getOptions.range, found.size);
        if (!range) throw new AppError("RANGE_NOT_SATISFIABLE", "errors.rangeNotSatisfiable");
      }
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        if (!result.Body) throw new AppError("NOT_FOUND", "errors.notFound");
        const totalSize = range
          ? Number(result.ContentRange?.split("/")[1] ?? result.ContentLength ?? 0)
          : Number(result.ContentLength ?? 0);
        return {
          key,
          size: totalSize,
          lastModified: result.LastModified ?? new Date(0),
          etag: unquote(result.ETag),
          contentType: result.ContentType ?? null,
          body: result.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          range,
        };
      } catch (error) {
        if (isNotFound(error)) throw new AppError("NOT_FOUND", "errors.notFound");
        throw error;
      }
    },

    async head(key: string) {
      try {
        const result = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          key,
          size: Number(result.ContentLength ?? 0),
          lastModified: result.LastModified ?? new Date(0),
          etag: unquote(result.ETag),
          contentType: result.ContentType ?? null,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deleteMany(keys: string[]) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const Objects = keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },

    async list(prefix: string, listOptions: ListOptions = {}): Promise<ListResult> {
      const result = await client.send(
        new ListObjectsV2Command({
          Bucket,
          Prefix: prefix || undefined,
          Delimiter: listOptions.delimiter,
          ContinuationToken: listOptions.continuationToken,
          MaxKeys: listOptions.maxKeys,
        }),
      );
      return {
        objects: (result.Contents ?? []).map((object) => ({
          key: object.Key ?? "",
          size: Number(object.Size ?? 0),
          lastModified: object.LastModified ?? new Date(0),
          etag: unquote(object.ETag),
          contentType: null,
        })),
        prefixes: (result.CommonPrefixes ?? []).flatMap((p) => (p.Prefix ? [p.Prefix] : [])),
        nextContinuationToken: result.IsTruncated ? (result.NextContinuationToken ?? null) : null,
      };
    },

    presignPut(key, { expiresIn, contentType }) {
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), { expiresIn });
    },

    presignGet(key, { expiresIn, disposition, contentType }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: disposition
            ? contentDisposition(disposition.type, disposition.filename)
            : undefined,
          ResponseContentType: contentType,
        }),
        { expiresIn },
      );
    },

    async createMultipartUpload(key, { contentType }) {
      const result = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
      );
      if (!result.UploadId) throw new Error("The storage returned no upload id");
      return result.UploadId;
    },

    presignUploadPart(key, uploadId, partNumber, expiresIn) {
      return getSignedUrl(
        client,
        new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
        {
          expiresIn,
        },
      );
    },

    async uploadPart(key, uploadId, partNumber, body, size) {
      const bytes = body instanceof ReadableStream ? new Uint8Array(await new Response(body).arrayBuffer()) : body;
      const result = await client.send(
        new UploadPartCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: bytes,
          ContentLength: size,
        }),
      );
      return { partNumber, etag: unquote(result.ETag) ?? "" };
    },

    async listParts(key, uploadId) {
      const parts: (CompletedPart & { size: number })[] = [];
      let marker: string | undefined;
      do {
        const result = await client.send(
          new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const part of result.Parts ?? []) {
          parts.push({
            partNumber: part.PartNumber ?? 0,
            etag: unquote(part.ETag) ?? "",
            size: Number(part.Size ?? 0),
          });
        }
        marker = result.IsTruncated ? result.NextPartNumberMarker : undefined;
      } while (marker);
      return parts;
    },

    async completeMultipartUpload(key, uploadId, parts) {
      const result = await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((part) => ({ PartNumber: part.partNumber, ETag: `"${part.etag.replaceAll('"', "")}"` })),
          },
        }),
      );
      return { etag: unquote(result.ETag) };
    },

    async abortMultipartUpload(key, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
      } catch (error) {
        // Already completed or aborted: nothing left to clean up.
        if (!(error instanceof S3ServiceException && error.name === "NoSuchUpload")) throw error;
      }
    },

    async getCorsRules() {
      try {
        const result = await client.send(new GetBucketCorsCommand({ Bucket }));
        return (result.CORSRules ?? []).map((rule) => ({
          allowedOrigins: rule.AllowedOrigins ?? [],
          allowedMethods: rule.AllowedMethods ?? [],
          allowedHeaders: rule.AllowedHeaders ?? [],
        }));
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === "NoSuchCORSConfiguration") return null;
        throw error;
      }
    },

    async copy(sourceKey: string, targetKey: string, copyOptions: CopyOptions = {}) {
      const CopySource = `${Bucket}/${sourceKey.split("/").map(encodeURIComponent).join("/")}`;
      const partsAbove = copyOptions.partsAbove ?? MAX_SINGLE_PUT_BYTES;
      try {
        if (copyOptions.size === undefined || copyOptions.size > partsAbove) {
          const source = await driver.head(sourceKey);
          if (!source) throw new AppError("NOT_FOUND", "errors.notFound");
          if (source.size > partsAbove) {
            await copyInParts(source, targetKey, CopySource, partsAbove, copyOptions);
            return;
          }
        }
        await client.send(new CopyObjectCommand({ Bucket, Key: targetKey, CopySource }));
      } catch (error) {
        if (isNotFound(error)) throw new AppError("NOT_FOUND", "errors.notFound");
        throw error;
      }
    },
  };

  /**
   * A copy larger than `partsAbove` as a multipart upload whose parts the store copies from the
   * source (UploadPartCopy), a few at once; each part is read only from the version of the source
   * the HEAD saw (its ETag), so a source replaced mid-copy fails the copy instead of mixing two
   * versions. A failure aborts the upload, so no parts are left behind.
   */
  async function copyInParts(
    source: { size: number; etag: string | null; contentType: string | null },
    targetKey: string,
    CopySource: string,
    partsAbove: number,
    copyOptions: CopyOptions,
  ) {
    const partSize = copyPartSizeFor(source.size, partsAbove);
    const count = Math.ceil(source.size / partSize);
    const uploadId = await driver.createMultipartUpload(targetKey, {
      contentType: source.contentType ?? "application/octet-stream",
    });
    try {
      await copyOptions.multipart?.onStart?.(uploadId);
      const parts: CompletedPart[] = [];
      let next = 1;
      const copyParts = async () => {
        while (next <= count) {
          const partNumber = next++;
          const start = (partNumber - 1) * partSize;
          const end = Math.min(source.size, start + partSize) - 1;
          const result = await client.send(
            new UploadPartCopyCommand({
              Bucket,
              Key: targetKey,
              UploadId: uploadId,
              PartNumber: partNumber,
              CopySource,
              CopySourceRange: `bytes=${start}-${end}`,
              CopySourceIfMatch: source.etag ? `"${source.etag}"` : undefined,
            }),
          );
          parts.push({ partNumber, etag: unquote(result.CopyPartResult?.ETag) ?? "" });
        }
      };
      await Promise.all(Array.from({ length: Math.min(COPY_PART_CONCURRENCY, count) }, copyParts));
      await driver.completeMultipartUpload(targetKey, uploadId, parts);
    } catch (error) {
      await driver.abortMultipartUpload(targetKey, uploadId).catch(() => undefined);
      throw error;
    }
  }
  return driver;
}
