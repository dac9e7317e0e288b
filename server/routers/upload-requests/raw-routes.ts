// The visitor's form upload into an upload request (docs/upload-requests.md): a multipart form with
// `file`, streamed to the storage as it arrives (http/bodies/upload-form.ts), never buffered.

import { z } from "zod";
import { receiveUploadForm } from "../../http/bodies/upload-form";
import { translate } from "../../i18n";
import { envelopeResponse } from "../../rest/envelope";
import { defineRawRoute, jsonAnswer, type RawRoute, storageFull } from "../../rest/raw-route";
import { receiveArrival, withdrawArrival } from "../../services/upload-requests/arrivals";

const formQuery = z.object({
  password: z.string().max(1024).optional(),
  visit: z.string().max(300).optional(),
});

const uploadForm = z.object({
  password: z.string().optional().describe("The request's password, when it has one (or `visit`)"),
  visit: z.string().optional().describe("The visit token of GET /public/upload-requests/{slug}"),
  size: z.coerce.number().int().min(0).optional().describe("The file's exact length (optional)"),
  file: z.string().describe("The file (binary); after the other fields"),
});

export const uploadRequestRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "POST",
    path: "/public/upload-requests/{slug}/files",
    summary: "Send one file to an upload request (multipart form with `file`, streamed)",
    description:
      "No account needed. `password` and `visit` may come as form fields before `file` or in the query. " +
      "201 with the file kept; 409 when the request has no file slot or bytes left; 410 once it is closed or " +
      "expired; 413 past its size per file; 415 for a type it does not take.",
    tags: ["Upload requests (public)"],
    access: "public",
    query: formQuery,
    requestBody: { contentType: "multipart/form-data", schema: uploadForm },
    responses: [
      jsonAnswer(201, "The file arrived (envelope)"),
      jsonAnswer(401, "Password missing or wrong"),
      jsonAnswer(404, "No such upload request"),
      jsonAnswer(409, "No file slot or bytes left"),
      jsonAnswer(410, "Closed or expired"),
      jsonAnswer(413, "Larger than the request's size per file"),
      jsonAnswer(415, "A type the request does not take"),
      storageFull,
    ],
    async handle({ ctx, params, query }) {
      const file = await receiveUploadForm(
        ctx,
        (fields, upload, settings) => {
          const size = fields.size === undefined ? null : Number(fields.size);
          if (size !== null && (!Number.isSafeInteger(size) || size < 0)) {
            return Promise.reject(new z.ZodError([{ code: "custom", path: ["size"], message: "errors.sizeMismatch" }]));
          }
          return receiveArrival(
            ctx,
            {
              slug: params.slug ?? "",
              password: fields.password || query.password,
              visit: fields.visit || query.visit,
              clientIp: ctx.clientIp,
            },
            {
              name: upload.filename || "file",
              mimetype: upload.mimeType,
              // Without a stated size, the bytes are counted as they come (cut off past the limits).
              size,
            },
            upload.stream,
            { settings },
          );
        },
        // A field after the file refuses the form: the file already kept is taken back.
        (kept) => withdrawArrival(ctx, kept.id),
      );
      return envelopeResponse(201, translate("errors.created"), file);
    },
  }),
];
