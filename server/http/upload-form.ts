// The multipart form of the upload routes (POST /upload, POST /{admin,user}/fs/upload): small fields
// first, then one `file` part streamed to the storage through busboy, never buffered. A body cut
// short, a missing boundary or fields after the file are the caller's mistake (400), and a broken
// stream never reaches the process as an unhandled error.
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { megabytesToBytes } from "../../shared/schemas/settings";
import { AppError } from "../errors";
import { formatBytes } from "../services/files";
import { getSystemSettings } from "../services/settings";
import type { Context } from "../trpc";

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
  return Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
}

/**
 * Reads the form and calls `store` with the fields and the file stream when the file part begins;
 * resolves with what `store` resolves. Refuses bodies larger than the max upload size up front.
 * When the form turns out bad after the file was stored (a field after it), `undo` removes it.
 */
export async function receiveUploadForm<T>(
  ctx: Context,
  store: (fields: Record<string, string>, file: UploadFile) => Promise<T>,
  undo: (stored: T) => Promise<unknown>,
): Promise<T> {
  const request = ctx.request;
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "errors.multipartExpected");
  }
  const declaredLength = Number(request.headers.get("content-length") ?? "0");
  const maxBytes = megabytesToBytes((await getSystemSettings(ctx.db)).max_upload_size);
  if (declaredLength > maxBytes + FIELD_LIMIT_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge", { max: formatBytes(maxBytes) });
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
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
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      if (stored) reject(new AppError("BAD_REQUEST", "errors.uploadFieldsAfterFile", { field: name }));
      else fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      // A truncated body errors the file stream; whoever consumes it sees the error through its
      // pipeline, and the parser's own error rejects below. Without a listener it would crash.
      stream.on("error", () => undefined);
      if (name !== "file" || stored) {
        stream.resume();
        return;
      }
      stored = store(fields, { stream, filename: info.filename ?? "", mimeType: info.mimeType });
      // A failed upload must not leave the parser waiting on a stream nobody reads.
      stored.catch(() => stream.resume());
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
    await parsed;
  } catch (error) {
    // The storage side may still be writing: wait for it, and take back what it stored.
    const result = await (stored as Promise<T> | null)?.catch(() => null);
    if (result) await undo(result).catch(() => undefined);
    throw error;
  }
  if (!stored) throw new AppError("BAD_REQUEST", "errors.fileMissing");
  return await stored;
}
