// Sets of files (docs/share-sets.md): the owner groups uploaded files behind one link. Visitors read a
// set through the /s/ link's public routes (path-share-routes.ts), which answer sets and shares in place.
import { createShareSetInput, createShareSetOutput } from "@shared/schemas/share-sets";
import { createShareSet } from "../../services/shares/share-sets";
import { adminAndUserRoutes, fileProcedure, limitCreation, router } from "../../trpc";

export const shareSetsRouter = router({
  create: fileProcedure
    .meta({
      rest: adminAndUserRoutes("/share-sets", "Sets of files", {
        method: "POST",
        successStatus: 201,
        summary: "Send uploaded files out as one link: one password, expiry and view limit for the whole set",
        description:
          "`file_ids`: the caller's file shares (ready, not encrypted in the browser, in no other set), 1 to 1000. " +
          "The link is /s/<slug>; each file's own link answers 404 from then on and its expiry becomes the set's.",
        aliases: { maxDownloads: "max_views" },
      }),
    })
    .use(limitCreation)
    .input(createShareSetInput)
    .output(createShareSetOutput)
    .mutation(({ ctx, input }) => createShareSet(ctx, ctx.auth, input)),
});
