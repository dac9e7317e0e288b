// Binary file routes: the upload through the server (a multipart form, streamed to storage with
// busboy, never buffered) and the URLs the app signs for local storage (presigned PUT, part PUT,
// short-lived GET links with Range).

import { megabytesToBytes } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import { presignInput, rawUploadQuery, filename as uploadFilename } from "@shared/schemas/shares/shares";
import { z } from "zod";
import { AppError } from "../../errors";
import { FIELD_LIMIT_BYTES, receiveUploadForm } from "../../http/bodies/upload-form";
import { objectResponse } from "../../http/downloads/object-response";
import { translate } from "../../i18n";
import { envelopeResponse } from "../../rest/envelope";
import {
  defineRawRoute,
  jsonAnswer,
  objectAnswers,
  type RawRoute,
  storageFull,
  uploadTooLarge,
} from "../../rest/raw-route";
import type { AuthState } from "../../services/auth/sessions";
import { deleteFiles } from "../../services/shares/manage";
import { uploadRawFile, uploadThroughServer } from "../../services/shares/upload/uploads";
import { getSystemSettings } from "../../services/system/settings";
import { verifyLocalUrl } from "../../storage/local/local-signing";
import type { Context } from "../../trpc";

const uploadForm = presignInput.omit({ size: true, filename: true }).extend({
  filename: presignInput.shape.filename.optional(),
  size: z.coerce.number().int().min(0).optional(),
  file: z.string().describe("The file (binary); first or after the other fields"),
});

/** Reads the multipart form (fields in any order, upload-form.ts) and streams the file into the upload service. */
async function handleFormUpload(ctx: Context, auth: AuthState): Promise<Response> {
  const declaredLength = Number(ctx.request.headers.get("content-length") ?? "0");
  const file = await receiveUploadForm(
    ctx,
    (fields, file, settings) => {
      const input = presignInput.safeParse({
        ...fields,
        filename: fields.filename || file.filename,
        mimetype: fields.mimetype || file.mimeType,
        // Until the bytes are counted, the request's length is the best estimate for the limits.
        size: fields.size ?? Math.max(0, declaredLength - FIELD_LIMIT_BYTES),
      });
      if (!input.success) return Promise.reject(input.error);
      const exactSize = fields.size === undefined ? undefined : input.data.size;
      return uploadThroughServer(ctx, auth, input.data, file.stream, exactSize, settings);
    },
    (stored) => deleteFiles(ctx, auth, [stored.id]),
  );
  return envelopeResponse(201, translate("errors.created"), file);
}

/** PUT /upload-direct/{filename}: the body is the file, the options are in the query (the original's raw upload). */
async function handleRawUpload(
  ctx: Context,
  auth: AuthState,
  filenameParam: string,
  query: z.output<typeof rawUploadQuery>,
) {
  const filename = uploadFilename.parse(filenameParam);
  const header = ctx.request.headers.get("content-length");
  const exactSize = header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
  if (!ctx.request.body) throw new AppError("BAD_REQUEST", "errors.fileMissing");
  const file = await uploadRawFile(
    ctx,
    auth,
    {
      ...query,
      filename,
      // Checked and normalised like every stated type; absent or generic means "from the name".
      mimetype: ctx.request.headers.get("content-type") ?? undefined,
      size: exactSize ?? 0,
    },
    // The request's own stream: of stated length, it reaches the storage natively (storage/streams.ts).
    ctx.request.body,
    exactSize,
  );
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

/** A signed local-storage link that is forged, altered, expired or for another operation (grantFor). */
const linkRefused = jsonAnswer(403, "Invalid or expired link");

export const fileRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "POST",
    path: "/upload",
    summary: "Upload a file through the server and share it (multipart form, streamed)",
    description:
      "Form fields: s3_config_id, slug, path, remark, password, expires_in (hours), max_views, mimetype, size (the file's " +
      "exact length in bytes: lets the server stream it to S3 in one request), then `file`. " +
      "Fields before `file` let it stream straight to the storage; a `file` sent first waits on disk until the " +
      "form ends. When fields come first, a field after the file is refused.",
    tags: ["File upload"],
    access: "file",
    limitCreation: true,
    requestBody: { contentType: "multipart/form-data", schema: uploadForm },
    responses: [jsonAnswer(201, "The file share (envelope)"), uploadTooLarge, storageFull],
    handle: ({ ctx, auth }) => handleFormUpload(ctx, auth),
  }),
  defineRawRoute({
    method: "PUT",
    path: "/upload-direct/{filename}",
    summary: "Upload a file as the raw request body and share it (streamed; options in the query)",
    description:
      "The body is the file; Content-Type is its type (absent or application/octet-stream: from the file name). " +
      "Query: slug, path, s3_config_id, expires_in (hours), max_views, remark, password, use_proxy (1/0: the " +
      "answer's previewUrl/downloadUrl go through the app or straight to the storage), override (replace your " +
      "own share of that slug), original_filename (store under the file's own name when it is free).",
    tags: ["File upload"],
    access: "file",
    limitCreation: true,
    query: rawUploadQuery,
    aliases: { maxDownloads: "max_views" },
    requestBody: { contentType: "application/octet-stream", schema: z.string().describe("The file's bytes") },
    responses: [
      jsonAnswer(201, "The file share and its links (envelope)"),
      jsonAnswer(409, "The slug is taken"),
      uploadTooLarge,
      storageFull,
    ],
    handle: ({ ctx, auth, params, query }) => handleRawUpload(ctx, auth, params.filename ?? "", query),
  }),
  defineRawRoute({
    method: "GET",
    path: "/storage/local/{configId}",
    summary: "Serve a local-storage object through a link the app signed (Range supported)",
    tags: ["File upload"],
    access: "public",
    query: signedQuery,
    responses: [...objectAnswers("object"), linkRefused],
    async handle({ ctx, params, query }) {
      const grant = grantFor(ctx, params.configId ?? "", query, ["get"]);
      const driver = await ctx.storage.driverFor(grant.configId);
      return objectResponse(driver, grant.key, ctx.request, {
        downloader: ctx,
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
      linkRefused,
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
