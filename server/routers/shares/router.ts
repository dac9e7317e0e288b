// File shares: the upload flows (presigned direct, multipart, from a URL), the public file page
// calls, and management by the admin (all files) and by API keys (their own files).

import { idParam, idsInput } from "@shared/schemas/common";
import {
  cancelOutput,
  commitInput,
  fileIdInput,
  fileOutput,
  listFilesInput,
  listFilesOutput,
  multipartCompleteInput,
  multipartInitInput,
  multipartInitOutput,
  partUrlsInput,
  partUrlsOutput,
  presignInput,
  presignOutput,
  publicFileOutput,
  updateFileInput,
  uploadedPartsOutput,
  verifyFileInput,
} from "@shared/schemas/shares/shares";
import { z } from "zod";
import { deleteFiles, getFile, listFiles, updateFile } from "../../services/shares/manage";
import {
  cancelUpload,
  commitUpload,
  completeMultipartUpload,
  initMultipartUpload,
  listUploadedParts,
  presignParts,
  presignUpload,
} from "../../services/shares/upload/uploads";
import { viewPublicFile } from "../../services/shares/views";
import { inSearchSlot } from "../../services/system/search-slots";
import { fileProcedure, limitCreation, publicProcedure, rest, router, sharedOperations } from "../../trpc";

const deletedOutput = z.object({ deleted: z.number() });
const nothingToCancel = {
  when: (data: unknown) => !(data as { cancelled: boolean }).cancelled,
  message: "errors.nothingToCancel",
};

/**
 * The upload procedures under a prefix: /s3 for files from the device, /url for files fetched from a
 * URL (docs/product.md §7). The flows are the same; the URL ones also record where the bytes came from.
 */
function uploadProcedures(prefix: "/s3" | "/url", tag: string) {
  const tags = [tag];
  return {
    presign: fileProcedure
      .use(limitCreation)
      .meta(
        rest(`POST ${prefix}/presign`, "Start a direct upload: a URL to PUT the bytes to", tags, {
          aliases: { maxDownloads: "max_views", url: "source_url", total_size: "size" },
        }),
      )
      .input(presignInput)
      .output(presignOutput)
      .mutation(({ ctx, input }) => presignUpload(ctx, ctx.auth, input)),
    commit: fileProcedure
      .meta(
        rest(`POST ${prefix}/commit`, "Finish a direct upload and share it", tags, {
          aliases: { maxDownloads: "max_views", ETag: "etag", total_size: "size" },
        }),
      )
      .input(commitInput)
      .output(fileOutput)
      .mutation(({ ctx, input }) => commitUpload(ctx, ctx.auth, input)),
    multipartInit: fileProcedure
      .use(limitCreation)
      .meta(
        rest(`POST ${prefix}/multipart/init`, "Start a multipart upload", tags, {
          aliases: { maxDownloads: "max_views", url: "source_url", total_size: "size" },
        }),
      )
      .input(multipartInitInput)
      .output(multipartInitOutput)
      .mutation(({ ctx, input }) => initMultipartUpload(ctx, ctx.auth, input)),
    multipartComplete: fileProcedure
      .meta(
        rest(`POST ${prefix}/multipart/complete`, "Finish a multipart upload", tags, {
          aliases: { maxDownloads: "max_views", ETag: "etag" },
        }),
      )
      .input(multipartCompleteInput)
      .output(fileOutput)
      .mutation(({ ctx, input }) => completeMultipartUpload(ctx, ctx.auth, input)),
    multipartAbort: fileProcedure
      .meta(
        rest(`POST ${prefix}/multipart/abort`, "Abort a multipart upload and remove what was stored", tags, {
          softFailure: nothingToCancel,
        }),
      )
      .input(fileIdInput.extend({ upload_id: z.string().max(500).optional() }))
      .output(cancelOutput)
      .mutation(({ ctx, input }) => cancelUpload(ctx, ctx.auth, input.file_id)),
  };
}

const uploadTags = ["File upload"];

/** Shared by the admin (/admin/files...) and API keys with file permission (/user/files...). */
const fileOperation = sharedOperations(fileProcedure, "/files", "Files");

export const filesRouter = router({
  upload: router({
    ...uploadProcedures("/s3", "File upload"),
    partUrls: fileProcedure
      .meta(rest("POST /s3/multipart/part-urls", "Presigned URLs for parts of a multipart upload", uploadTags))
      .input(partUrlsInput)
      .output(partUrlsOutput)
      .mutation(({ ctx, input }) => presignParts(ctx, ctx.auth, input.file_id, input.part_numbers)),
    uploadedParts: fileProcedure
      .meta(rest("POST /s3/multipart/parts", "Parts already stored, to resume an upload", uploadTags))
      .input(fileIdInput)
      .output(uploadedPartsOutput)
      .mutation(({ ctx, input }) => listUploadedParts(ctx, ctx.auth, input.file_id)),
    cancel: fileProcedure
      .meta(
        rest("POST /s3/cancel", "Cancel an upload in flight and remove its record", uploadTags, {
          softFailure: nothingToCancel,
        }),
      )
      .input(fileIdInput)
      .output(cancelOutput)
      .mutation(({ ctx, input }) => cancelUpload(ctx, ctx.auth, input.file_id)),
  }),

  fromUrl: router({
    ...uploadProcedures("/url", "URL upload"),
    cancel: fileProcedure
      .meta(rest("POST /url/cancel", "Cancel a URL upload in flight", ["URL upload"], { softFailure: nothingToCancel }))
      .input(fileIdInput)
      .output(cancelOutput)
      .mutation(({ ctx, input }) => cancelUpload(ctx, ctx.auth, input.file_id)),
  }),

  public: router({
    get: publicProcedure
      .meta(
        rest(
          "GET /public/files/{slug}",
          "A file share's details and short-lived links (counts a view); without links while a password is needed",
          ["Files (public)"],
        ),
      )
      .input(z.object({ slug: z.string().min(1).max(100) }))
      .output(publicFileOutput)
      .query(({ ctx, input }) => viewPublicFile(ctx, { slug: input.slug, clientIp: ctx.clientIp })),
    verify: publicProcedure
      .meta(
        rest("POST /public/files/{slug}/verify", "Open a password-protected file share (counts a view)", [
          "Files (public)",
        ]),
      )
      .input(verifyFileInput)
      .output(publicFileOutput)
      .mutation(({ ctx, input }) => viewPublicFile(ctx, { ...input, clientIp: ctx.clientIp })),
  }),

  // Management: one procedure per operation, served to the admin under /admin/files (every share) and
  // to keys under /user/files (their own); the service scopes by caller.
  list: fileOperation("", {
    method: "GET",
    summary: "List file shares, newest first, with search",
  })
    .input(listFilesInput)
    .output(listFilesOutput)
    .query(({ ctx, input }) =>
      input.search ? inSearchSlot(ctx, () => listFiles(ctx, ctx.auth, input)) : listFiles(ctx, ctx.auth, input),
    ),

  get: fileOperation("/{id}", { method: "GET", summary: "One file share" })
    .input(idParam)
    .output(fileOutput)
    .query(({ ctx, input }) => getFile(ctx, ctx.auth, input.id)),

  update: fileOperation("/{id}", {
    method: "PUT",
    summary: "Change a file share",
    aliases: { maxDownloads: "max_views" },
  })
    .input(updateFileInput)
    .output(fileOutput)
    .mutation(({ ctx, input }) => updateFile(ctx, ctx.auth, input)),

  delete: fileOperation("/{id}", {
    method: "DELETE",
    summary: "Delete a file share and its stored object",
  })
    .input(idParam)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteFiles(ctx, ctx.auth, [input.id])),

  batchDelete: fileOperation("/batch-delete", {
    method: "POST",
    summary: "Delete several file shares",
  })
    .input(idsInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteFiles(ctx, ctx.auth, input.ids)),
});
