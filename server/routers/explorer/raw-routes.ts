// Binary routes of the mount explorer's file system, under /admin/fs (admin) and /user/fs (API keys
// with mount permission): the download (streamed, Range, the user-content safety headers of
// objectResponse), the form upload (busboy, streamed to the storage) and the parts of a multipart
// upload (the raw body streamed to the storage). JSON calls are procedures in server/routers/explorer/router.ts.

import { flexibleBoolean, mediaType, virtualPath } from "@shared/schemas/common";
import { fsMultipartPartQuery, targetPath } from "@shared/schemas/explorer/explorer";
import { FS_TASK_FILES_PAGE } from "@shared/schemas/explorer/tasks";
import { z } from "zod";
import { nodeBody, receiveUploadForm } from "../../http/bodies/upload-form";
import { objectResponse } from "../../http/downloads/object-response";
import { translate } from "../../i18n";
import { envelopeResponse } from "../../rest/envelope";
import { defineRawRoute, jsonAnswer, objectAnswers, type RawRoute, uploadTooLarge } from "../../rest/raw-route";
import type { AuthState } from "../../services/auth/sessions";
import { resolveFile } from "../../services/explorer/listing";
import { fileKeyOf } from "../../services/explorer/tree";
import { resolveUploadTarget, uploadPart, uploadStream } from "../../services/explorer/uploads";
import { removePath } from "../../services/explorer/writes";
import { openTaskStream } from "../../services/tasks/task-stream";
import type { Context } from "../../trpc";

/** The admin's routes (/admin/fs) and API keys' (/user/fs, mount permission). */
type FsAccess = "admin" | "mount";

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
  contentType: mediaType,
});

const uploadForm = uploadFields.extend({
  file: z.string().describe("The file (binary); first or after the other fields"),
});

/** Reads the form (fields in any order, upload-form.ts) and streams the file to the storage. */
async function handleUpload(ctx: Context, auth: AuthState): Promise<Response> {
  const entry = await receiveUploadForm(
    ctx,
    async (fields, file, settings) => {
      const input = uploadFields.safeParse({ ...fields, path: fields.path ?? "/" });
      if (!input.success) throw input.error;
      const { path, size } = input.data;
      const target = await resolveUploadTarget(ctx, auth, path, file.filename || "file", { settings });
      return uploadStream(ctx, target, file.stream, {
        contentType: input.data.contentType || file.mimeType,
        exactSize: size,
      });
    },
    (stored) => removePath(ctx, auth, stored.path),
  );
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
      responses: [...objectAnswers("file"), jsonAnswer(404, "No such file")],
      async handle({ ctx, auth, query }) {
        const { path, inline } = query;
        const { location, driver, filename, object } = await resolveFile(ctx, auth, path);
        return objectResponse(driver, fileKeyOf(location), ctx.request, {
          downloader: ctx,
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
        "contentType, and `file` (first or last; a file sent first waits on disk until the form ends). " +
        "An existing file is replaced.",
      tags,
      access,
      requestBody: { contentType: "multipart/form-data", schema: uploadForm },
      responses: [jsonAnswer(201, "The stored file (envelope)"), uploadTooLarge],
      handle: ({ ctx, auth }) => handleUpload(ctx, auth),
    }),
    defineRawRoute({
      method: "POST",
      path: `${prefix}/multipart/part`,
      summary: "Upload one part of a multipart upload (raw application/octet-stream body, 5 MB parts)",
      tags,
      access,
      query: fsMultipartPartQuery,
      requestBody: { contentType: "application/octet-stream", schema: z.string().describe("The part's bytes") },
      responses: [jsonAnswer(200, "partNumber and etag (envelope)"), jsonAnswer(404, "No such upload")],
      async handle({ ctx, auth, query }) {
        const header = ctx.request.headers.get("content-length");
        const length = header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
        const part = await uploadPart(ctx, auth, query, nodeBody(ctx.request), length);
        return envelopeResponse(200, translate("errors.ok"), part);
      },
    }),
    defineRawRoute({
      method: "GET",
      path: `${prefix}/tasks/{id}/events`,
      summary: "Follow a server-side task live (server-sent events) until it finishes",
      description:
        "Each event's data is the task as `GET .../fs/tasks/{id}` answers it (its first " +
        `${FS_TASK_FILES_PAGE} files), sent at once and again whenever it changes; the stream ends after the ` +
        "event that shows it finished. A key follows only its own tasks.",
      tags,
      access,
      responses: [
        { status: 200, description: "The event stream", contentType: "text/event-stream" },
        jsonAnswer(404, "No such task, or not the caller's"),
      ],
      handle: ({ ctx, auth, params }) => openTaskStream(ctx, auth, params.id ?? ""),
    }),
  ];
}

export const fsRawRouteList: RawRoute[] = [
  ...fsRawRoutes("/admin/fs", "admin", "File system (admin)"),
  ...fsRawRoutes("/user/fs", "mount", "File system (API key)"),
];
