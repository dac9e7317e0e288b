// Mount points (docs/product.md §7 Mounts): the admin manages them under /admin/mounts; API keys with mount
// permission read the active ones their base path reaches under /user/mounts (docs/product.md §6: keys cannot
// create, change or delete mounts).

import { idParam } from "@shared/schemas/common";
import { createMountInput, mountOutput, updateMountInput } from "@shared/schemas/explorer/mounts";
import { z } from "zod";
import { creatorOf } from "../../services/auth/sessions";
import { createMount, deleteMount, getMount, listMounts, updateMount } from "../../services/explorer/mounts";
import { adminProcedure, mountProcedure, rest, router, sharedOperations } from "../../trpc";

/** The admin's own routes keep their operation ids (mounts.admin.create) beside the shared ones. */
const adminTags = ["Mounts (admin)"];

/** CloudPaste's mount body names the storage `type` and `s3_config_id` (its `config.path` the mount schema reads). */
const cloudPasteMountNames = { type: "storage_type", s3_config_id: "storage_config_id" };

/** Shared by the admin (/admin/mounts...) and API keys with mount permission (/user/mounts...). */
const mountOperation = sharedOperations(mountProcedure, "/mounts", "Mounts");

export const mountsRouter = router({
  // Reading: one procedure per operation, for the admin under /admin/mounts (every mount) and for keys
  // under /user/mounts (the active mounts their base path reaches); the service scopes by caller.
  list: mountOperation("", { method: "GET", summary: "List mounts in display order" })
    .output(z.array(mountOutput))
    .query(({ ctx }) => listMounts(ctx.db, ctx.auth)),
  get: mountOperation("/{id}", { method: "GET", summary: "One mount" })
    .input(idParam)
    .output(mountOutput)
    .query(({ ctx, input }) => getMount(ctx.db, ctx.auth, input.id)),
  create: adminProcedure
    .meta(
      rest("POST /admin/mounts", "Create a mount", adminTags, {
        successStatus: 201,
        variant: "admin",
        aliases: cloudPasteMountNames,
      }),
    )
    .input(createMountInput)
    .output(mountOutput)
    .mutation(({ ctx, input }) => createMount(ctx, creatorOf(ctx.auth), input)),
  update: adminProcedure
    .meta(
      rest("PUT /admin/mounts/{id}", "Change a mount", adminTags, { variant: "admin", aliases: cloudPasteMountNames }),
    )
    .input(updateMountInput)
    .output(mountOutput)
    .mutation(({ ctx, input }) => updateMount(ctx, input)),
  delete: adminProcedure
    .meta(
      rest("DELETE /admin/mounts/{id}", "Delete a mount (its stored files stay in the storage)", adminTags, {
        variant: "admin",
      }),
    )
    .input(idParam)
    .output(z.object({ deleted: z.number() }))
    .mutation(({ ctx, input }) => deleteMount(ctx, input.id)),
});
