// Binary file routes: the upload through the server (a multipart form, streamed to storage with
// busboy, never buffered) and the URLs the app signs for local storage (presigned PUT, part PUT,
// short-lived GET links with Range).
import { Readable } from "node:stream";
import busboy from "busboy";
import { z } from "zod";
import { presignInput } from "../../shared/schemas/files";
import { megabytesToBytes } from "../../shared/schemas/settings";
import { AppError } from "../errors";
import { translate } from "../i18n";
import { envelopeResponse } from "../rest/envelope";
import { defineRawRoute, type RawRoute } from "../rest/raw-route";
import { formatBytes, uploadThroughServer } from "../services/files";
import { getSystemSettings } from "../services/settings";
import { verifyLocalUrl } from "../storage/local-signing";
import { type Context, requireCaller } from "../trpc";
import { objectResponse } from "./object-response";

/** Form fields besides the file are small; this bounds what busboy keeps in memory. */
const FIELD_LIMIT_BYTES = 64 * 1024;
const STREAM_BUFFER_BYTES = 1024 * 1024;

const uploadForm = presignInput.omit({ size: true, filename: true }).extend({
  filename: presignInput.shape.filename.optional(),
  size: z.coerce.number().int().min(0).optional(),
  file: z.string().describe("The file (binary); must come after the other fields"),
});

/** Reads the multipart form: fields first, then streams the one file part into the upload service. */
async function handleFormUpload(ctx: Context): Promise<Response> {
  const auth = await requireCaller(ctx, "file");
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
  const fields: Record<string, string> = {};
  let upload: Promise<unknown> | null = null;
  const parser = busboy({
    headers: { "content-type": contentType },
    limits: { files: 1, fields: 50, fieldSize: FIELD_LIMIT_BYTES, parts: 60 },
    // Larger buffers than busboy's defaults: fewer, bigger chunks through the pipeline to storage.
    highWaterMark: STREAM_BUFFER_BYTES,
    fileHwm: STREAM_BUFFER_BYTES,
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      if (upload) reject(new AppError("BAD_REQUEST", "errors.uploadFieldsAfterFile", { field: name }));
      else fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || upload) {
        stream.resume();
        return;
      }
      const input = presignInput.safeParse({
        ...fields,
        filename: fields.filename || info.filename,
        mimetype: fields.mimetype || info.mimeType,
        // Until the bytes are counted, the request's length is the best estimate for the limits.
        size: fields.size ?? Math.max(0, declaredLength - FIELD_LIMIT_BYTES),
      });
      if (!input.success) {
        stream.resume();
        reject(input.error);
        return;
      }
      const exactSize = fields.size === undefined ? undefined : input.data.size;
      upload = uploadThroughServer(ctx, auth, input.data, stream, exactSize);
      // A failed upload must not leave the parser waiting on a stream nobody reads.
      upload.catch(() => stream.resume());
    });
    parser.on("close", () => resolve());
    parser.on("error", (error) =>
      reject(new AppError("BAD_REQUEST", "errors.multipartInvalid", { reason: String(error) })),
    );
  });
  Readable.fromWeb(request.body as unknown as import("node:stream/web").ReadableStream<Uint8Array>).pipe(parser);
  await parsed;
  if (!upload) throw new AppError("BAD_REQUEST", "errors.fileMissing");
  const file = await upload;
  return envelopeResponse(201, translate("errors.created"), file);
}

function grantFor(ctx: Context, configId: string, query: Record<string, unknown>, ops: string[]) {
  const result = verifyLocalUrl(ctx.config.secret, configId, query);
  if (!result.ok) {
    throw new AppError("FORBIDDEN", result.reason === "expired" ? "errors.linkExpired" : "errors.linkInvalid");
  }
  if (!ops.includes(result.grant.op)) throw new AppError("FORBIDDEN", "errors.linkInvalid");
  return result.grant;
}

/** Stops a PUT body at the upload size limit, so a signed URL cannot fill the disk. */
function limitBody(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let received = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) {
          controller.error(new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge", { max: formatBytes(maxBytes) }));
        } else {
          controller.enqueue(chunk);
        }
      },
    }),
  );
}

const signedQuery = z.object({
  op: z.string(),
  key: z.string(),
  expires: z.string(),
  signature: z.string(),
  uploadId: z.string().optional(),
  partNumber: z.string().optional(),
  disposition: z.string().optional(),
  filename: z.string().optional(),
  contentType: z.string().optional(),
});

export const fileRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "POST",
    path: "/upload",
    summary: "Upload a file through the server and share it (multipart form, streamed)",
    description:
      "Form fields: s3_config_id, slug, path, remark, password, expires_in (hours), max_views, mimetype, size (the file's " +
      "exact length in bytes: lets the server stream it to S3 in one request), then `file`. " +
      "Fields after the file part are refused.",
    tags: ["File upload"],
    access: "file",
    requestBody: { contentType: "multipart/form-data", schema: uploadForm },
    responses: [
      { status: 201, description: "The file share (envelope)", contentType: "application/json" },
      { status: 413, description: "Larger than the max upload size", contentType: "application/json" },
      { status: 507, description: "Not enough space left on the storage", contentType: "application/json" },
    ],
    handle: ({ ctx }) => handleFormUpload(ctx),
  }),
  defineRawRoute({
    method: "GET",
    path: "/storage/local/{configId}",
    summary: "Serve a local-storage object through a link the app signed (Range supported)",
    tags: ["File upload"],
    access: "public",
    query: signedQuery,
    responses: [
      { status: 200, description: "The object", contentType: "application/octet-stream" },
      { status: 206, description: "A byte range of the object", contentType: "application/octet-stream" },
      { status: 403, description: "Invalid or expired link", contentType: "application/json" },
    ],
    async handle({ ctx, params, query }) {
      const grant = grantFor(ctx, params.configId ?? "", query, ["get"]);
      const driver = await ctx.storage.driverFor(grant.configId);
      return objectResponse(driver, grant.key, ctx.request, {
        disposition: grant.disposition ?? "attachment",
        filename: grant.filename ?? grant.key.split("/").pop() ?? "file",
        contentType: grant.contentType,
        cacheSeconds: Math.max(0, grant.expires - Math.floor(Date.now() / 1000)),
      });
    },
  }),
  defineRawRoute({
    method: "PUT",
    path: "/storage/local/{configId}",
    summary: "Receive the bytes of a presigned upload or of one multipart part into local storage",
    tags: ["File upload"],
    access: "public",
    query: signedQuery,
    responses: [
      { status: 200, description: "Stored; the ETag header identifies the object or part", contentType: "text/plain" },
      { status: 403, description: "Invalid or expired link", contentType: "application/json" },
    ],
    async handle({ ctx, params, query }) {
      const grant = grantFor(ctx, params.configId ?? "", query, ["put", "part"]);
      if (!ctx.request.body) throw new AppError("BAD_REQUEST", "errors.fileMissing");
      const driver = await ctx.storage.driverFor(grant.configId);
      const maxBytes = megabytesToBytes((await getSystemSettings(ctx.db)).max_upload_size);
      const body = limitBody(ctx.request.body, maxBytes);
      const etag =
        grant.op === "part"
          ? (await driver.uploadPart(grant.key, grant.uploadId ?? "", grant.partNumber ?? 0, body)).etag
          : (await driver.put(grant.key, body, { contentType: grant.contentType })).etag;
      return new Response(null, {
        status: 200,
        headers: { ETag: `"${etag ?? ""}"`, "Access-Control-Expose-Headers": "ETag" },
      });
    },
  }),
];
