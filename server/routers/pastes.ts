// Pastes: creating (admin or a key with text permission), viewing by link (anyone), and management,
// declared once for the admin (all pastes) and once for API keys (their own pastes).
import { z } from "zod";
import { idParam, idsInput } from "../../shared/schemas/common";
import {
  createPasteInput,
  listPastesInput,
  listPastesOutput,
  pasteOutput,
  pasteViewInput,
  pasteViewOutput,
  updatePasteInput,
} from "../../shared/schemas/pastes";
import {
  createPaste,
  deletePaste,
  deletePastes,
  getPaste,
  listPastes,
  purgeGonePastes,
  updatePaste,
  viewPaste,
} from "../services/pastes";
import {
  adminProcedure,
  type authedProcedure,
  type Context,
  limitCreation,
  publicProcedure,
  router,
  textProcedure,
} from "../trpc";

const tags = ["Pastes"];

/** Opening a paste by its link, for the procedure and the REST adapter's direct path alike. */
const openPaste = (ctx: Context, input: { slug: string }) =>
  viewPaste(ctx, { slug: input.slug, clientIp: ctx.clientIp });
const deletedOutput = z.object({ deleted: z.number() });

/** List, get, update, delete and batch delete under `prefix`; the service limits keys to their own. */
function pasteManagement<Base extends typeof authedProcedure>(base: Base, prefix: string, tag: string) {
  const tags = [tag];
  return {
    list: base
      .meta({
        rest: {
          method: "GET",
          path: prefix,
          summary: "List pastes, newest first, with search",
          tags,
          dataField: "pastes",
        },
      })
      .input(listPastesInput)
      .output(listPastesOutput)
      .query(({ ctx, input }) => listPastes(ctx, ctx.auth, input)),
    get: base
      .meta({
        rest: {
          method: "GET",
          path: `${prefix}/{id}`,
          summary: "A paste with its whole content; {id} may be its slug",
          tags,
        },
      })
      .input(idParam)
      .output(pasteOutput)
      .query(({ ctx, input }) => getPaste(ctx, ctx.auth, input.id)),
    update: base
      .meta({ rest: { method: "PUT", path: `${prefix}/{id}`, summary: "Change a paste; {id} may be its slug", tags } })
      .input(updatePasteInput)
      .output(pasteOutput)
      .mutation(({ ctx, input }) => updatePaste(ctx, ctx.auth, input)),
    delete: base
      .meta({
        rest: { method: "DELETE", path: `${prefix}/{id}`, summary: "Delete a paste; {id} may be its slug", tags },
      })
      .input(idParam)
      .output(deletedOutput)
      .mutation(({ ctx, input }) => deletePaste(ctx.db, ctx.auth, input.id)),
    batchDelete: base
      .meta({ rest: { method: "POST", path: `${prefix}/batch-delete`, summary: "Delete several pastes", tags } })
      .input(idsInput)
      .output(deletedOutput)
      .mutation(({ ctx, input }) => deletePastes(ctx.db, ctx.auth, input.ids)),
  };
}

export const pastesRouter = router({
  create: textProcedure
    .use(limitCreation)
    .meta({ rest: { method: "POST", path: "/paste", summary: "Create a paste", tags, successStatus: 201 } })
    .input(createPasteInput)
    .output(pasteOutput)
    .mutation(({ ctx, input }) => createPaste(ctx, ctx.auth, input)),

  view: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/paste/{slug}",
        summary: "Open a paste by its link (counts a view); a protected paste answers without content",
        tags,
        direct: openPaste,
      },
    })
    .input(pasteViewInput.pick({ slug: true }))
    .output(pasteViewOutput)
    .query(({ ctx, input }) => openPaste(ctx, input)),

  unlock: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/paste/{slug}",
        summary: "Open a password-protected paste (counts a view)",
        tags,
      },
    })
    .input(pasteViewInput.extend({ password: z.string().min(1, "errors.passwordRequired").max(1024) }))
    .output(pasteViewOutput)
    .mutation(({ ctx, input }) => viewPaste(ctx, { ...input, clientIp: ctx.clientIp })),

  admin: router({
    ...pasteManagement(adminProcedure, "/admin/pastes", "Pastes (admin)"),
    clearExpired: adminProcedure
      .meta({
        rest: {
          method: "POST",
          path: "/admin/pastes/clear-expired",
          summary: "Delete every expired or used-up paste",
          tags: ["Pastes (admin)"],
        },
      })
      .input(z.object({ clearExpired: z.boolean().optional() }).optional())
      .output(deletedOutput)
      .mutation(({ ctx }) => purgeGonePastes(ctx.db)),
  }),

  mine: router(pasteManagement(textProcedure, "/user/pastes", "Pastes (API key)")),
});
