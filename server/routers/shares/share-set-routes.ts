// Sets of files (docs/share-sets.md): the owner groups uploaded files behind one link, then lists, extends
// and revokes the sets (the admin all, a key with file permission its own). Visitors read a set through
// the /s/ link's public routes (path-share-routes.ts), which answer sets and shares in place.
import { idParam } from "@shared/schemas/common";
import {
  createShareSetInput,
  createShareSetOutput,
  extendShareSetInput,
  shareSetListOutput,
  shareSetRecord,
} from "@shared/schemas/shares/share-sets";
import { z } from "zod";
import { extendShareSet, listShareSets, revokeShareSet } from "../../services/shares/collections/share-set-manage";
import { createShareSet } from "../../services/shares/collections/share-sets";
import { fileProcedure, limitCreation, router, sharedOperations } from "../../trpc";

/** Shared by the admin (/admin/share-sets, every set) and keys with file permission (/user/share-sets). */
const setOperation = sharedOperations(fileProcedure, "/share-sets", "Sets of files");

export const shareSetsRouter = router({
  create: setOperation("", {
    method: "POST",
    successStatus: 201,
    summary: "Send uploaded files out as one link: one password, expiry and view limit for the whole set",
    description:
      "`file_ids`: the caller's file shares (ready, not encrypted in the browser, in no other set), 1 to 1000. " +
      "The link is /s/<slug>; each file's own link answers 404 from then on and its expiry becomes the set's.",
    aliases: { maxDownloads: "max_views" },
  })
    .use(limitCreation)
    .input(createShareSetInput)
    .output(createShareSetOutput)
    .mutation(({ ctx, input }) => createShareSet(ctx, ctx.auth, input)),
  list: setOperation("", {
    method: "GET",
    summary: "Sets of files, newest first (at most 1000), with their files' count and bytes and their state",
  })
    .output(shareSetListOutput)
    .query(({ ctx }) => listShareSets(ctx, ctx.auth)),
  extend: setOperation("/{id}/extend", {
    method: "POST",
    summary: "Give a set (and its files) a new expiry, counted from now (0 or null: never)",
  })
    .input(extendShareSetInput)
    .output(shareSetRecord)
    .mutation(({ ctx, input }) => extendShareSet(ctx, ctx.auth, input.id, input.expires_in)),
  revoke: setOperation("/{id}/revoke", {
    method: "POST",
    summary: "Revoke a set: its link answers 404 from now on and its files are deleted with their objects",
  })
    .input(idParam)
    .output(z.object({ revoked: z.boolean() }))
    .mutation(({ ctx, input }) => revokeShareSet(ctx, ctx.auth, input.id)),
});
