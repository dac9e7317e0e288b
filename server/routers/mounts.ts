// Mount points (docs/product.md §7 Mounts): the admin manages them under /admin/mounts; API keys with mount
// permission read the active ones their base path reaches under /user/mounts (docs/product.md §6: keys cannot
// create, change or delete mounts).
import { z } from "zod";
import { idParam } from "../../shared/schemas/common";
import { createMountInput, mountOutput, updateMountInput } from "../../shared/schemas/mounts";
import { creatorOf } from "../services/auth";
import { createMount, deleteMount, getMount, listMounts, updateMount } from "../services/mounts";
import { adminProcedure, type authedProcedure, mountProcedure, router } from "../trpc";

/** List and get under `prefix`; the service limits keys to the mounts their base path reaches. */
function mountReading<Base extends typeof authedProcedure>(base: Base, prefix: string, tag: string) {
  const tags = [tag];
  return {
    list: base
      .meta({ rest: { method: "GET", path: prefix, summary: "List mounts in display order", tags } })
      .output(z.array(mountOutput))
      .query(({ ctx }) => listMounts(ctx.db, ctx.auth)),
    get: base
      .meta({ rest: { method: "GET", path: `${prefix}/{id}`, summary: "One mount", tags } })
      .input(idParam)
      .output(mountOutput)
      .query(({ ctx, input }) => getMount(ctx.db, ctx.auth, input.id)),
  };
}

const adminTags = ["Mounts (admin)"];

export const mountsRouter = router({
  admin: router({
    ...mountReading(adminProcedure, "/admin/mounts", "Mounts (admin)"),
    create: adminProcedure
      .meta({
        rest: { method: "POST", path: "/admin/mounts", summary: "Create a mount", tags: adminTags, successStatus: 201 },
      })
      .input(createMountInput)
      .output(mountOutput)
      .mutation(({ ctx, input }) => createMount(ctx, creatorOf(ctx.auth), input)),
    update: adminProcedure
      .meta({ rest: { method: "PUT", path: "/admin/mounts/{id}", summary: "Change a mount", tags: adminTags } })
      .input(updateMountInput)
      .output(mountOutput)
      .mutation(({ ctx, input }) => updateMount(ctx, input)),
    delete: adminProcedure
      .meta({
        rest: {
          method: "DELETE",
          path: "/admin/mounts/{id}",
          summary: "Delete a mount (its stored files stay in the storage)",
          tags: adminTags,
        },
      })
      .input(idParam)
      .output(z.object({ deleted: z.number() }))
      .mutation(({ ctx, input }) => deleteMount(ctx, input.id)),
  }),
  mine: router(mountReading(mountProcedure, "/user/mounts", "Mounts (API key)")),
});
