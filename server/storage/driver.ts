// The one interface every storage backend implements (docs/architecture.md #8). Keys are object keys inside
// the backend ("folder/file.txt", no leading slash); services never talk to the AWS SDK or the disk
// directly. Bodies are streams so that no file is ever held whole in memory (docs/rules.md, Storage).

import type { Readable } from "node:stream";

export type ObjectInfo = {
  key: string;
  size: number;
  lastModified: Date;
  etag: string | null;
  contentType: string | null;
};

export type ListOptions = {
  /** "/" lists one level (prefixes are the sub-folders); undefined lists every key below the prefix. */
  delimiter?: "/";
  continuationToken?: string;
  maxKeys?: number;
};

export type ListResult = { objects: ObjectInfo[]; prefixes: string[]; nextContinuationToken: string | null };

/** Inclusive byte range, as in an HTTP Range header; `end` defaults to the last byte. */
export type ByteRange = { start: number; end?: number };

export type GetResult = ObjectInfo & {
  body: ReadableStream<Uint8Array>;
  /** The range actually served, when one was asked for. */
  range: { start: number; end: number } | null;
};

export type PutBody = ReadableStream<Uint8Array> | Readable | Uint8Array | Blob | string;

/** `size`, when given, must be the exact length of the body: drivers may rely on it. */
export type PutOptions = {
  contentType?: string;
  size?: number;
  /**
   * S3: send the body in parts even when its size allows one request (WebDAV's "multipart" upload mode);
   * `onStart` is called with the upload's id once the store has started it (to record it for the sweep).
   * A body of unknown length goes in parts anyway. Other backends ignore it.
   */
  multipart?: MultipartHooks;
};

/** `onStart` is called with a multipart upload's id once the store has started it (to record it for the sweep). */
export type MultipartHooks = { onStart?: (uploadId: string) => Promise<void> };

/** A copy inside one store. Other backends than S3 ignore these. */
export type CopyOptions = {
  /** The source's size, when the caller knows it (saves a HEAD). */
  size?: number;
  /**
   * S3: a larger object is copied in parts (UploadPartCopy) instead of one CopyObject, which S3
   * refuses above 5 GiB; by default that limit.
   */
  partsAbove?: number;
  multipart?: MultipartHooks;
};

export type PresignGetOptions = {
  expiresIn: number;
  /** Sets Content-Disposition on the answer: attachment (download) or inline (preview). */
  disposition?: { type: "attachment" | "inline"; filename: string };
  contentType?: string;
};

export type CompletedPart = { partNumber: number; etag: string };

/** Cross-origin rules of a bucket, as far as a browser upload cares. */
export type CorsRule = { allowedOrigins: string[]; allowedMethods: string[]; allowedHeaders: string[] };

export type StorageDriver = {
  readonly kind: "local" | "s3";
  /** A URL the browser can PUT the bytes to, valid for expiresIn seconds. */
  presignPut(key: string, options: { expiresIn: number; contentType: string }): Promise<string>;
  /** A URL that serves the object, valid for expiresIn seconds. */
  presignGet(key: string, options: PresignGetOptions): Promise<string>;
  createMultipartUpload(key: string, options: { contentType: string }): Promise<string>;
  presignUploadPart(key: string, uploadId: string, partNumber: number, expiresIn: number): Promise<string>;
  uploadPart(key: string, uploadId: string, partNumber: number, body: PutBody, size?: number): Promise<CompletedPart>;
  /** Parts already stored, for resuming an interrupted upload. */
  listParts(key: string, uploadId: string): Promise<(CompletedPart & { size: number })[]>;
  completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<{ etag: string | null }>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  /**
   * Local disk only: removes what writes interrupted by a crash left in the temp folder (files and
   * multipart part folders untouched since `before`); the sweep calls it. Returns how many went.
   */
  purgeTemp?(before: Date): Promise<number>;
  /** The bucket's CORS rules; null when it has none; undefined when the backend has no such notion. */
  getCorsRules(): Promise<CorsRule[] | null | undefined>;
  /**
   * The one way every upload path stores a body: streamed, never held whole (in one request when its
   * length is known, else in parts through part-upload.ts on S3; a temp file renamed into place on disk).
   */
  put(key: string, body: PutBody, options?: PutOptions): Promise<{ etag: string | null; size: number }>;
  /** Throws AppError NOT_FOUND when the key does not exist, RANGE_NOT_SATISFIABLE for a bad range. */
  get(key: string, options?: { range?: ByteRange }): Promise<GetResult>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
  list(prefix: string, options?: ListOptions): Promise<ListResult>;
  /**
   * Local disk only: every object below `prefix` in key order (as list() without a delimiter), in pages
   * of `pageKeys`, each directory read once; paging list() by continuation token reads a directory
   * again for every page. S3 has no such need: services/explorer/storage.ts walkObjects pages list().
   */
  walk?(prefix: string, pageKeys: number): AsyncGenerator<ObjectInfo[]>;
  /**
   * Local disk only: walk()'s keys with no file's details read (nothing stat'ed), every folder as
   * "folder/" just before what it holds. A search needs the details of its page's matches alone.
   */
  walkKeys?(prefix: string, pageKeys: number): AsyncGenerator<string[]>;
  copy(sourceKey: string, targetKey: string, options?: CopyOptions): Promise<void>;
};

/** Validates a byte range against an object size; null means the range cannot be satisfied. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (!Number.isInteger(range.start) || range.start < 0 || range.start >= size || end < range.start) return null;
  return { start: range.start, end };
}
