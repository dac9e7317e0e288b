// Pastes: creating (admin or a key with text permission), viewing by link (anyone), and management,
// each operation declared once with its admin route (all pastes) and its key route (their own).

import { idParam, idsInput } from "@shared/schemas/common";
import {
  createPasteInput,
  listPastesInput,
  listPastesOutput,
  pasteOutput,
  pasteViewInput,
  pasteViewOutput,
  updatePasteInput,
} from "@shared/schemas/pastes";
import { z } from "zod";
import {
  createPaste,
  deletePaste,
  deletePastes,
  getPaste,
  listPastesFor,
  openPaste,
  purgeGonePastes,
  updatePaste,
} from "../../services/pastes/pastes";
import {
  adminProcedure,
  limitCreation,
  publicProcedure,
  rest,
  router,
  sharedOperations,
  textProcedure,
} from "../../trpc";

const tags = ["Pastes"];

const deletedOutput = z.object({ deleted: z.number() });

/** Shared by the admin (/admin/pastes...) and API keys with text permission (/user/pastes...). */
const pasteOperation = sharedOperations(textProcedure, "/pastes", "Pastes");

export const pastesRouter = router({
  create: textProcedure
    .use(limitCreation)
    .meta(rest("POST /paste", "Create a paste", tags, { successStatus: 201, aliases: { maxDownloads: "max_views" } }))
    .input(createPasteInput)
    .output(pasteOutput)
    .mutation(({ ctx, input }) => createPaste(ctx, ctx.auth, input)),

  // Its REST route is the raw route GET /paste/{slug} (raw-routes.ts): the same function, without
  // tRPC's call pipeline (docs/performance.md).
  view: publicProcedure
    .input(pasteViewInput.pick({ slug: true, html: true }))
    .output(pasteViewOutput)
    .query(({ ctx, input }) => openPaste(ctx, { ...input, clientIp: ctx.clientIp })),

  unlock: publicProcedure
    .meta(rest("POST /paste/{slug}", "Open a password-protected paste (counts a view)", tags))
    .input(pasteViewInput.extend({ password: z.string().min(1, "errors.passwordRequired").max(1024) }))
    .output(pasteViewOutput)
    .mutation(({ ctx, input }) => openPaste(ctx, { ...input, clientIp: ctx.clientIp })),

  // Management: one procedure per operation, served to the admin under /admin/pastes (every paste)
  // and to keys under /user/pastes (their own); the service scopes by caller.
  // Its REST routes are raw routes (raw-routes.ts): they answer the pastes as the envelope's data.
  list: textProcedure
    .input(listPastesInput)
    .output(listPastesOutput)
    .query(({ ctx, input }) => listPastesFor(ctx, { auth: ctx.auth, clientIp: ctx.clientIp }, input)),

  get: pasteOperation("/{id}", {
    method: "GET",
    summary: "A paste with its whole content; {id} may be its slug",
  })
    .input(idParam)
    .output(pasteOutput)
    .query(({ ctx, input }) => getPaste(ctx, ctx.auth, input.id)),

  update: pasteOperation("/{id}", {
    method: "PUT",
    summary: "Change a paste; {id} may be its slug",
    aliases: { maxDownloads: "max_views" },
  })
    .input(updatePasteInput)
    .output(pasteOutput)
    .mutation(({ ctx, input }) => updatePaste(ctx, ctx.auth, input)),

  delete: pasteOperation("/{id}", {
    method: "DELETE",
    summary: "Delete a paste; {id} may be its slug",
  })
    .input(idParam)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deletePaste(ctx.db, ctx.auth, input.id)),

  batchDelete: pasteOperation("/batch-delete", { method: "POST", summary: "Delete several pastes" })
    .input(idsInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deletePastes(ctx.db, ctx.auth, input.ids)),

  clearExpired: adminProcedure
    .meta(
      rest("POST /admin/pastes/clear-expired", "Delete every expired or used-up paste", ["Pastes (admin)"], {
        variant: "admin",
      }),
    )
    .input(z.object({ clearExpired: z.boolean().optional() }).optional())
    .output(deletedOutput)
    .mutation(({ ctx }) => purgeGonePastes(ctx.db)),
});
