// The multipart form of the upload routes (POST /upload, POST /{admin,user}/fs/upload). Fields may
// come in any order: when fields come first (our client, the OpenAPI description), the one `file`
// part streams to the storage through busboy as it arrives; when the file comes first (the original's
// document lists it first, as `curl -F file=@x -F path=...` sends it), it is spooled to a temporary
// file until the form ends, then stored with every field. Memory stays flat either way, and the
// temporary file is removed whatever happens. A body cut short or a missing boundary is the caller's
// mistake (400), and a broken stream never reaches the process as an unhandled error.

import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { megabytesToBytes } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import { normalizeMediaType } from "@shared/media-type";
import type { SystemSettings } from "@shared/schemas/admin/settings";
import type busboy from "busboy";
import { AppError } from "../../errors";
import { getSystemSettings } from "../../services/system/settings";
import { isDiskFull } from "../../storage/driver-errors";
import { byteCounter, readableOf } from "../../storage/streams";
import type { Context } from "../../trpc";

/** Form fields besides the file are small; this bounds what busboy keeps in memory. */
export const FIELD_LIMIT_BYTES = 64 * 1024;
/**
 * busboy's own default. Measured with scripts/bench/upload-stream (1 GiB to S3): 1 MiB buffers grew
 * the server's RSS by 81-110 MiB for no gain in throughput, 64 KiB by 58-62 MiB.
 */
const STREAM_BUFFER_BYTES = 64 * 1024;

export type UploadFile = { stream: Readable; filename: string; mimeType: string };

/** The request body as a Node stream (what busboy, the AWS SDK and the file system consume). */
export function nodeBody(request: Request): Readable {
  if (!request.body) throw new AppError("BAD_REQUEST", "errors.fileMissing");
  return readableOf(request.body);
}

/** Where file parts that came before the fields wait for the form to end (under DATA_DIR). */
export const spoolDirectory = (dataDir: string) => join(dataDir, "tmp", "forms");

/** The server's own disk (not a storage config) being full is said as such, rather than a 500. */
function spoolFailure(error: unknown): unknown {
  return isDiskFull(error) ? new AppError("INSUFFICIENT_STORAGE", "errors.uploadSpoolFull") : error;
}

/** Writes a file part to a new temporary folder, stopping past `maxBytes` (413). */
async function spoolFilePart(dataDir: string, stream: Readable, maxBytes: number) {
  const folder = await mkdir(spoolDirectory(dataDir), { recursive: true })
    .then(() => mkdtemp(join(spoolDirectory(dataDir), "upload-")))
    .catch((error: unknown) => {
      throw spoolFailure(error);
    });
  const path = join(folder, "file");
  const counter = byteCounter(
    maxBytes,
    () => new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge", { max: formatBytes(maxBytes) }),
  );
  const written = pipeline(stream, counter.transform, createWriteStream(path)).catch((error: unknown) => {
    throw spoolFailure(error);
  });
  return { folder, path, written, size: counter.received };
}

type SpooledFile = Awaited<ReturnType<typeof spoolFilePart>> & {
  file: Omit<UploadFile, "stream">;
  reader?: Readable;
};

/**
 * Reads the form and calls `store` with the fields and the file stream, as the file part begins when
 * fields came before it, or once the form has ended when the file came first (spooled meanwhile);
 * resolves with what `store` resolves. Refuses bodies larger than the max upload size up front.
 * When a field follows a file that was already being stored, `undo` removes it and the form is refused.
 * `store` gets the settings read for that check, so the upload reads them once (services/uploads/policy.ts).
 */
export async function receiveUploadForm<T>(
  ctx: Context,
  store: (fields: Record<string, string>, file: UploadFile, settings: SystemSettings) => Promise<T>,
  undo: (stored: T) => Promise<unknown>,
): Promise<T> {
  const request = ctx.request;
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "errors.multipartExpected");
  }
  const declaredLength = Number(request.headers.get("content-length") ?? "0");
  const settings = await getSystemSettings(ctx.db);
  const maxBytes = megabytesToBytes(settings.max_upload_size);
  if (declaredLength > maxBytes + FIELD_LIMIT_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge", { max: formatBytes(maxBytes) });
  }
  // The form parser loads with the first form upload: an idle server does not hold it.
  const { default: createParser } = await import("busboy");
  let parser: busboy.Busboy;
  try {
    parser = createParser({
      headers: { "content-type": contentType },
      limits: { files: 1, fields: 50, fieldSize: FIELD_LIMIT_BYTES, parts: 60 },
      // File names in UTF-8 (Chinese names), as browsers send them.
      defParamCharset: "utf8",
      highWaterMark: STREAM_BUFFER_BYTES,
      fileHwm: STREAM_BUFFER_BYTES,
    });
  } catch (error) {
    // No boundary, or a content type busboy cannot read.
    throw new AppError("BAD_REQUEST", "errors.multipartInvalid", { reason: String(error) });
  }
  const fields: Record<string, string> = {};
  let stored: Promise<T> | null = null;
  const spool: { current: SpooledFile | null } = { current: null };
  let spooling: Promise<void> | null = null;
  // The storage failing (a full disk, an unreachable store) ends the request at once: nobody would
  // read the rest of the file, and waiting for the parser to finish the body would wait forever.
  let storeFailed: (error: unknown) => void = () => undefined;
  const storeFailure = new Promise<never>((_, reject) => {
    storeFailed = reject;
  });
  storeFailure.catch(() => undefined);
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      if (stored) reject(new AppError("BAD_REQUEST", "errors.uploadFieldsAfterFile", { field: name }));
      else fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      // A truncated body errors the file stream; whoever consumes it sees the error through its
      // pipeline, and the parser's own error rejects below. Without a listener it would crash.
      stream.on("error", () => undefined);
      if (name !== "file" || stored || spooling) {
        stream.resume();
        return;
      }
      // busboy reads a malformed part type as text/plain; the header as sent (patches/busboy) is judged
      // by the same rule as every other stated type, so a bad one is refused rather than stored as text.
      const stated = (info as busboy.FileInfo & { contentType?: string }).contentType;
      const mimeType = stated === undefined ? info.mimeType : normalizeMediaType(stated);
      if (mimeType === null) {
        stream.resume();
        reject(new AppError("BAD_REQUEST", "errors.invalidContentType"));
        return;
      }
      const file = { filename: info.filename ?? "", mimeType };
      if (Object.keys(fields).length === 0) {
        spooling = spoolFilePart(ctx.config.dataDir, stream, maxBytes).then((spooled) => {
          spool.current = { ...spooled, file };
          // A write that fails (past the size limit, a full disk) ends the form at once: the parser
          // would wait forever for the rest of a stream that nobody reads any more.
          spooled.written.catch(reject);
        });
        spooling.catch(reject);
        return;
      }
      stored = store(fields, { stream, ...file }, settings);
      stored.catch(storeFailed);
    });
    parser.on("close", () => resolve());
    parser.on("error", (error) =>
      reject(new AppError("BAD_REQUEST", "errors.multipartInvalid", { reason: String(error) })),
    );
  });
  const body = nodeBody(request);
  body.on("error", (error) => parser.destroy(error));
  body.pipe(parser);
  try {
    try {
      await Promise.race([parsed, storeFailure]);
    } catch (error) {
      // Whatever is left of the body is read and dropped, so the connection stays usable.
      body.unpipe(parser);
      parser.destroy();
      body.resume();
      // The storage side may still be writing: wait for it, and take back what it stored.
      const result = await (stored as Promise<T> | null)?.catch(() => null);
      if (result) await undo(result).catch(() => undefined);
      throw error;
    }
    if (spooling) {
      await spooling;
      const file = spool.current;
      if (!file) throw new AppError("BAD_REQUEST", "errors.fileMissing");
      await file.written;
      // The spooled length is exact: the storage can take it in one streamed request.
      if (fields.size === undefined) fields.size = String(file.size());
      const stream = createReadStream(file.path);
      // The store may refuse the fields without reading a byte: its error must not escape.
      stream.on("error", () => undefined);
      file.reader = stream;
      stored = store(fields, { stream, ...file.file }, settings);
    }
    if (!stored) throw new AppError("BAD_REQUEST", "errors.fileMissing");
    return await stored;
  } finally {
    await removeSpool();
  }

  async function removeSpool() {
    if (!spooling) return;
    await spooling.catch(() => undefined);
    const file = spool.current;
    if (!file) return;
    await file.written.catch(() => undefined);
    file.reader?.destroy();
    await rm(file.folder, { recursive: true, force: true });
  }
}
