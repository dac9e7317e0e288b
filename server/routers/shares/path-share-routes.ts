// Shares of a mount's file or folder (docs/path-shares.md): what a visitor calls. The share's page and
// sub-folders are one procedure (GET /public/shares/{slug}); a single file and the whole folder as a zip
// are raw routes. The explorer's "Share" is fs.share (server/routers/explorer/router.ts). The owner lists,
// revokes and extends them here too (the admin all, a key its own).

import { contentDisposition } from "@shared/content-disposition";
import { flexibleBoolean, idParam } from "@shared/schemas/common";
import {
  extendPathShareInput,
  listPathSharesInput,
  pathShareListOutput,
  pathShareRecord,
  publicShareInput,
  publicShareOutput,
  shareAccessQuery,
  sharedSubPath,
} from "@shared/schemas/shares/path-shares";
import { z } from "zod";
import { objectResponse } from "../../http/downloads/object-response";
import { defineRawRoute, downloadsOpen, jsonAnswer, objectAnswers, type RawRoute } from "../../rest/raw-route";
import { extendPathShare, listPathShares, revokePathShare } from "../../services/shares/collections/path-share-manage";
import { openSharedPathFile, viewPathShare, zipSharedFolder } from "../../services/shares/collections/path-shares";
import {
  isShareSetSlug,
  openShareSetFile,
  viewShareSet,
  zipShareSet,
} from "../../services/shares/collections/share-sets";
import { authedProcedure, type Context, publicProcedure, rest, router, sharedOperations } from "../../trpc";

const shareErrors = [
  jsonAnswer(400, "A path that is not inside the share"),
  jsonAnswer(401, "Password missing or wrong"),
  jsonAnswer(404, "No such share, or nothing at that path"),
  jsonAnswer(410, "Expired, view limit reached, or its file or folder is gone"),
];

const tags = ["Shared folders (public)"];
/** The owner's routes: /admin/path-shares (every link) and /user/path-shares (a key's own). */
const ownerOperation = sharedOperations(authedProcedure, "/path-shares", "Shared files and folders");

export const pathSharesRouter = router({
  view: publicProcedure
    .meta(
      rest(
        "GET /public/shares/{slug}",
        "A shared file or folder, or a set of files: its entries at path (inside the share, never above it)",
        tags,
        {
          description:
            "The first call of a visit counts one view (after the password, when the share has one) and answers a " +
            "`visit` token; pass it as `visit` to list sub-folders, download files and the zip without counting more. " +
            "While a password is needed, `requires_password` is true and `items` empty.",
        },
      ),
    )
    .input(publicShareInput)
    .output(publicShareOutput)
    .query(async ({ ctx, input }) => {
      // A /s/ link is a set of files (docs/share-sets.md) or a file or folder shared in place.
      const request = { ...input, clientIp: ctx.clientIp };
      return (await isShareSetSlug(ctx, input.slug)) ? viewShareSet(ctx, request) : viewPathShare(ctx, request);
    }),
  list: ownerOperation("", {
    method: "GET",
    summary: "Links to files and folders shared in place (from the explorer or an upload request's arrival)",
    description: "`kind`: file or folder, to list one kind. Newest first, at most 1000.",
  })
    .input(listPathSharesInput)
    .output(pathShareListOutput)
    .query(({ ctx, input }) => listPathShares(ctx, ctx.auth, input?.kind)),
  revoke: ownerOperation("/{id}/revoke", {
    method: "POST",
    summary: "Revoke a link: it answers 404 from now on; the file or folder stays",
  })
    .input(idParam)
    .output(z.object({ revoked: z.boolean() }))
    .mutation(({ ctx, input }) => revokePathShare(ctx, ctx.auth, input.id)),
  extend: ownerOperation("/{id}/extend", {
    method: "POST",
    summary: "Give a link a new expiry, counted from now (0 or null: never)",
  })
    .input(extendPathShareInput)
    .output(pathShareRecord)
    .mutation(({ ctx, input }) => extendPathShare(ctx, ctx.auth, input.id, input.expires_in)),
});

const fileQuery = shareAccessQuery.extend({
  path: sharedSubPath,
  /** Shown in the browser (sandboxed like file previews) instead of downloaded. */
  inline: flexibleBoolean.optional(),
});

type FileQuery = z.output<typeof fileQuery>;

/** A visitor's ask of a shared folder or a set: the share, a path in it, and the visit or password that admits them. */
function visitorRequest(ctx: Context, slug: string | undefined, query: Omit<FileQuery, "inline">) {
  return {
    slug: slug ?? "",
    path: query.path,
    password: query.password || undefined,
    visit: query.visit,
    clientIp: ctx.clientIp,
  };
}

export const pathShareRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "GET",
    path: "/public/shares/{slug}/file",
    summary: "One file of a shared folder (path inside it), of a set (path: its name on the page), or the shared file",
    description:
      "Streamed, with Range and conditional requests. Pass `visit` from the share's answer, or `password`; " +
      "without a visit it counts one view.",
    tags,
    access: "public",
    query: fileQuery,
    responses: [...objectAnswers("file"), ...shareErrors],
    async handle({ ctx, params, query }) {
      const request = visitorRequest(ctx, params.slug, query);
      const file = (await isShareSetSlug(ctx, request.slug))
        ? await openShareSetFile(ctx, request)
        : await openSharedPathFile(ctx, request);
      return objectResponse(file.driver, file.key, ctx.request, {
        downloader: ctx,
        disposition: query.inline ? "inline" : "attachment",
        filename: file.filename,
        contentType: file.contentType,
      });
    },
  }),
  defineRawRoute({
    method: "GET",
    path: "/public/shares/{slug}/zip",
    summary: "A shared folder (or path inside it), or every file of a set, as one zip, streamed",
    description:
      "Stored entries, ZIP64 past 4 GiB, with its exact Content-Length. The server reads one object at a time, " +
      "so its memory does not grow with the folder's bytes. Pass `visit` or `password` as for files.",
    tags,
    access: "public",
    query: shareAccessQuery.extend({ path: sharedSubPath }),
    responses: [{ status: 200, description: "The zip", contentType: "application/zip" }, downloadsOpen, ...shareErrors],
    async handle({ ctx, params, query }) {
      const request = visitorRequest(ctx, params.slug, query);
      // A zip is a download like any other: refused before a view is counted (http/downloads/open-downloads.ts).
      const slot = ctx.openDownloads.take(ctx.clientIp);
      let zip: Awaited<ReturnType<typeof zipSharedFolder>>;
      try {
        zip = (await isShareSetSlug(ctx, request.slug))
          ? await zipShareSet(ctx, request)
          : await zipSharedFolder(ctx, request);
      } catch (error) {
        slot.release();
        throw error;
      }
      const headers: Record<string, string> = {
        "Content-Type": "application/zip",
        "Content-Disposition": contentDisposition("attachment", zip.filename),
        "Cache-Control": "no-store",
      };
      if (zip.length) headers["Content-Length"] = zip.length;
      return new Response(slot.hold(zip.body), { status: 200, headers });
    },
  }),
];
