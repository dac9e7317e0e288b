// Binary routes of the mount explorer's file system, under /admin/fs (admin) and /user/fs (API keys
// with mount permission): the download (streamed, Range, the user-content safety headers of
// objectResponse), the form upload (busboy, streamed to the storage) and the parts of a multipart
// upload (the raw body streamed to the storage). JSON calls are procedures in server/routers/fs.ts.
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { z } from "zod";
import { flexibleBoolean, virtualPath } from "../../shared/schemas/common";
import { fsMultipartPartQuery, targetPath } from "../../shared/schemas/fs";
import { megabytesToBytes } from "../../shared/schemas/settings";
import { AppError } from "../errors";
import { translate } from "../i18n";
import { envelopeResponse } from "../rest/envelope";
import { defineRawRoute, type RawRoute } from "../rest/raw-route";
import type { AuthState } from "../services/auth";
import { formatBytes } from "../services/files";
import { fileKeyOf, resolveFile } from "../services/fs";
import { resolveUploadTarget, uploadPart, uploadStream } from "../services/fs-uploads";
import { getSystemSettings } from "../services/settings";
import { type Context, requireCaller } from "../trpc";
import { objectResponse } from "./object-response";

/** Form fields besides the file are small; this bounds what busboy keeps in memory. */
const FIELD_LIMIT_BYTES = 64 * 1024;
const STREAM_BUFFER_BYTES = 1024 * 1024;

type FsAccess = "admin" | "mount";

/** The same rule as adminProcedure / mountProcedure (server/trpc.ts). */
async function requireAccess(ctx: Context, access: FsAccess): Promise<AuthState> {
  const auth = await requireCaller(ctx, "mount");
  if (access === "admin" && auth.type !== "admin") throw new AppError("FORBIDDEN", "errors.forbidden");
  return auth;
}

function nodeBody(request: Request): Readable {
  if (!request.body) throw new AppError("BAD_REQUEST", "errors.fileMissing");
  return Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
}

const downloadQuery = z.object({
  path: virtualPath,
  /** Shown in the browser (sandboxed like file previews) instead of downloaded. */
  inline: flexibleBoolean.optional(),
});

const uploadFields = z.object({
  path: targetPath,
  /** Accepted for the original's clients; the server streams either way (multipart when the size is unknown). */
  use_multipart: flexibleBoolean.optional(),
  /** The file's exact length: lets S3 take it in one streamed PUT. */
  size: z.coerce.number().int().min(0).optional(),
  contentType: z.string().max(255).optional(),
});

const uploadForm = uploadFields.extend({
  file: z.string().describe("The file (binary); must come after the other fields"),
});

/** Reads the form: fields first, then streams the one file part to the storage. */
async function handleUpload(ctx: Context, access: FsAccess): Promise<Response> {
  const auth = await requireAccess(ctx, access);
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
    limits: { files: 1, fields: 20, fieldSize: FIELD_LIMIT_BYTES, parts: 30 },
    // File names in UTF-8 (Chinese names), as browsers send them.
    defParamCharset: "utf8",
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
      const input = uploadFields.safeParse({ ...fields, path: fields.path ?? "/" });
      if (!input.success) {
        stream.resume();
        reject(input.error);
        return;
      }
      const { path, size } = input.data;
      upload = resolveUploadTarget(ctx, auth, path, info.filename || "file").then((target) =>
        uploadStream(ctx, target, stream, { contentType: input.data.contentType || info.mimeType, exactSize: size }),
      );
      // A failed upload must not leave the parser waiting on a stream nobody reads.
      upload.catch(() => stream.resume());
    });
    parser.on("close", () => resolve());
    parser.on("error", (error) =>
      reject(new AppError("BAD_REQUEST", "errors.multipartInvalid", { reason: String(error) })),
    );
  });
  nodeBody(request).pipe(parser);
  await parsed;
  if (!upload) throw new AppError("BAD_REQUEST", "errors.fileMissing");
  const entry = await upload;
  return envelopeResponse(201, translate("errors.created"), entry);
}

function fsRawRoutes(prefix: string, access: FsAccess, tag: string): RawRoute[] {
  const tags = [tag];
  return [
    defineRawRoute({
      method: "GET",
      path: `${prefix}/download`,
      summary: "Download a file (streamed, Range supported)",
      tags,
      access,
      query: downloadQuery,
      responses: [
        { status: 200, description: "The file", contentType: "application/octet-stream" },
        { status: 206, description: "A byte range of the file", contentType: "application/octet-stream" },
        { status: 404, description: "No such file", contentType: "application/json" },
      ],
      async handle({ ctx, query }) {
        const auth = await requireAccess(ctx, access);
        const { path, inline } = query as z.output<typeof downloadQuery>;
        const { location, driver, filename, object } = await resolveFile(ctx, auth, path);
        return objectResponse(driver, fileKeyOf(location), ctx.request, {
          disposition: inline ? "inline" : "attachment",
          filename,
          contentType: object.contentType ?? undefined,
        });
      },
    }),
    defineRawRoute({
      method: "POST",
      path: `${prefix}/upload`,
      summary: "Upload a file into a folder (multipart form, streamed)",
      description:
        "Form fields: path (the folder, or the file's full path), use_multipart, size (the exact length), " +
        "contentType, then `file`. Fields after the file part are refused. An existing file is replaced.",
      tags,
      access,
      requestBody: { contentType: "multipart/form-data", schema: uploadForm },
      responses: [
        { status: 201, description: "The stored file (envelope)", contentType: "application/json" },
        { status: 413, description: "Larger than the max upload size", contentType: "application/json" },
      ],
      handle: ({ ctx }) => handleUpload(ctx, access),
    }),
    defineRawRoute({
      method: "POST",
      path: `${prefix}/multipart/part`,
      summary: "Upload one part of a multipart upload (raw application/octet-stream body, 5 MB parts)",
      tags,
      access,
      query: fsMultipartPartQuery,
      requestBody: { contentType: "application/octet-stream", schema: z.string().describe("The part's bytes") },
      responses: [
        { status: 200, description: "partNumber and etag (envelope)", contentType: "application/json" },
        { status: 404, description: "No such upload", contentType: "application/json" },
      ],
      async handle({ ctx, query }) {
        const auth = await requireAccess(ctx, access);
        const header = ctx.request.headers.get("content-length");
        const length = header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
        const part = await uploadPart(
          ctx,
          auth,
          query as z.output<typeof fsMultipartPartQuery>,
          nodeBody(ctx.request),
          length,
        );
        return envelopeResponse(200, translate("errors.ok"), part);
      },
    }),
  ];
}

export const fsRawRouteList: RawRoute[] = [
  ...fsRawRoutes("/admin/fs", "admin", "File system (admin)"),
  ...fsRawRoutes("/user/fs", "mount", "File system (API key)"),
];
