// Upload requests (docs/upload-requests.md): the owner's operations (the admin, or a key with file
// permission, each seeing its own) and the visitor's calls of the direct path. The form upload through
// the server is a raw route (raw-routes.ts).

import { idParam } from "@shared/schemas/common";
import { createPathShareOutput } from "@shared/schemas/shares/path-shares";
import { uploadedPartsOutput } from "@shared/schemas/shares/shares";
import {
  arrivalPartUrlsInput,
  arrivalRef,
  completeArrivalInput,
  createUploadRequestInput,
  createUploadRequestOutput,
  extendUploadRequestInput,
  publicUploadRequestInput,
  publicUploadRequestOutput,
  sentFile,
  setUploadRequestWebhookInput,
  shareArrivalInput,
  startArrivalInput,
  startArrivalOutput,
  uploadRequestDetail,
  uploadRequestListOutput,
  uploadRequestRecord,
} from "@shared/schemas/upload-requests";
import { z } from "zod";
import {
  arrivalPartUrls,
  arrivalStoredParts,
  cancelArrival,
  completeArrival,
  startArrival,
  viewUploadRequest,
} from "../../services/upload-requests/arrivals";
import {
  closeUploadRequest,
  createUploadRequest,
  extendUploadRequest,
  getUploadRequest,
  listUploadRequests,
  setUploadRequestWebhook,
  shareArrival,
} from "../../services/upload-requests/requests";
import { fileProcedure, limitCreation, publicProcedure, rest, router } from "../../trpc";

const ownerTags = ["Upload requests"];
const visitorTags = ["Upload requests (public)"];

export const uploadRequestsRouter = router({
  create: fileProcedure
    .meta(
      rest(
        "POST /upload-requests",
        "Create an upload request: a link through which anyone sends you files, within its rules",
        ownerTags,
        {
          description:
            "Give `path` (a folder in the explorer you may write to) or `storage_config_id` (the files land in its " +
            "share folder). A webhook URL on a private address is refused like upload-from-URL.",
          successStatus: 201,
          aliases: { s3_config_id: "storage_config_id" },
        },
      ),
    )
    .use(limitCreation)
    .input(createUploadRequestInput)
    .output(createUploadRequestOutput)
    .mutation(({ ctx, input }) => createUploadRequest(ctx, ctx.auth, input)),
  list: fileProcedure
    .meta(rest("GET /upload-requests", "Your upload requests", ownerTags))
    .input(z.object({}).optional())
    .output(uploadRequestListOutput)
    .query(({ ctx }) => listUploadRequests(ctx, ctx.auth)),
  get: fileProcedure
    .meta(rest("GET /upload-requests/{id}", "One request and its arrived files", ownerTags))
    .input(idParam)
    .output(uploadRequestDetail)
    .query(({ ctx, input }) => getUploadRequest(ctx, ctx.auth, input.id)),
  close: fileProcedure
    .meta(
      rest(
        "POST /upload-requests/{id}/close",
        "Close a request: no new file, and one still on its way is refused at its commit",
        ownerTags,
      ),
    )
    .input(idParam)
    .output(uploadRequestRecord)
    .mutation(({ ctx, input }) => closeUploadRequest(ctx, ctx.auth, input.id)),
  extend: fileProcedure
    .meta(
      rest(
        "POST /upload-requests/{id}/extend",
        "Give a request a new expiry, counted from now (0 or null: never); an expired one opens again",
        ownerTags,
        { description: "A closed request stays closed: 409." },
      ),
    )
    .input(extendUploadRequestInput)
    .output(uploadRequestRecord)
    .mutation(({ ctx, input }) => extendUploadRequest(ctx, ctx.auth, input.id, input.expires_in)),
  setWebhook: fileProcedure
    .meta(
      rest(
        "PUT /upload-requests/{id}/webhook",
        'Change a request\'s webhook (null or "" removes it); a private address is refused',
        ownerTags,
        {
          description:
            "`webhook_secret` absent keeps the current secret; a new URL without one, on a request that has none, " +
            "is a 400. Deliveries still waiting go to the new URL at their next attempt.",
        },
      ),
    )
    .input(setUploadRequestWebhookInput)
    .output(uploadRequestRecord)
    .mutation(({ ctx, input }) => setUploadRequestWebhook(ctx, ctx.auth, input)),
  shareFile: fileProcedure
    .meta(
      rest(
        "POST /upload-requests/{id}/files/{file_id}/share",
        "Share an arrived file: a link to it in place, no bytes copied",
        ownerTags,
        { successStatus: 201 },
      ),
    )
    .use(limitCreation)
    .input(shareArrivalInput)
    .output(createPathShareOutput)
    .mutation(({ ctx, input }) => shareArrival(ctx, ctx.auth, input.id, input.file_id)),

  view: publicProcedure
    .meta(
      rest(
        "GET /public/upload-requests/{slug}",
        "An upload request as its sender sees it: rules, room left, and what this visit sent",
        visitorTags,
        {
          description:
            "The first call (with `password` when the request has one) answers a `visit` token; pass it with every " +
            "file and to list what this visit sent. While a password is needed, `requires_password` is true.",
        },
      ),
    )
    .input(publicUploadRequestInput)
    .output(publicUploadRequestOutput)
    .query(({ ctx, input }) => viewUploadRequest(ctx, { ...input, clientIp: ctx.clientIp })),
  start: publicProcedure
    .meta(
      rest(
        "POST /public/upload-requests/{slug}/uploads",
        "Start sending one file straight to the storage (a presigned PUT, or multipart parts)",
        visitorTags,
        {
          description: "Takes one of the request's file slots (409 when none is left) until completed or cancelled.",
          successStatus: 201,
          aliases: { total_size: "size" },
        },
      ),
    )
    .input(startArrivalInput)
    .output(startArrivalOutput)
    .mutation(({ ctx, input }) => startArrival(ctx, { ...input, clientIp: ctx.clientIp })),
  partUrls: publicProcedure
    .meta(
      rest(
        "POST /public/upload-requests/{slug}/uploads/{file_id}/part-urls",
        "URLs for more parts of a multipart file",
        visitorTags,
      ),
    )
    .input(arrivalPartUrlsInput)
    .output(z.object({ part_urls: z.array(z.object({ part_number: z.number(), url: z.string() })) }))
    .mutation(({ ctx, input }) => arrivalPartUrls(ctx, { ...input, clientIp: ctx.clientIp })),
  storedParts: publicProcedure
    .meta(
      rest(
        "POST /public/upload-requests/{slug}/uploads/{file_id}/parts",
        "Parts of a multipart file the storage already holds, to resume it after a reload",
        visitorTags,
        {
          description:
            "Only the visit that started the file may ask (404 for another visit's or a finished file); 410 once " +
            "the request is closed or expired.",
        },
      ),
    )
    .input(arrivalRef)
    .output(uploadedPartsOutput.pick({ parts: true }))
    .mutation(({ ctx, input }) => arrivalStoredParts(ctx, { ...input, clientIp: ctx.clientIp })),
  complete: publicProcedure
    .meta(
      rest(
        "POST /public/upload-requests/{slug}/uploads/{file_id}/complete",
        "The file's bytes are sent: check and keep it (409 past the total, 410 if the request closed)",
        visitorTags,
        { successStatus: 201, aliases: { ETag: "etag" } },
      ),
    )
    .input(completeArrivalInput)
    .output(sentFile.extend({ mimetype: z.string() }))
    .mutation(({ ctx, input }) => completeArrival(ctx, { ...input, clientIp: ctx.clientIp })),
  cancel: publicProcedure
    .meta(
      rest(
        "POST /public/upload-requests/{slug}/uploads/{file_id}/cancel",
        "Cancel a file on its way: what was sent is removed and its slot given back",
        visitorTags,
      ),
    )
    .input(arrivalRef)
    .output(z.object({ cancelled: z.boolean() }))
    .mutation(({ ctx, input }) => cancelArrival(ctx, { ...input, clientIp: ctx.clientIp })),
});
