// The admin's app passwords (services/auth/app-passwords.ts): list, create (the password answered
// once) and revoke. Managing them is the admin's alone: a caller signed in with an app password cannot
// (adminProcedure refuses a scoped session), so one leaked password cannot mint others.
import { appPasswordCreatedOutput, appPasswordCreateInput, appPasswordOutput } from "@shared/schemas/auth/auth";
import { idParam } from "@shared/schemas/common";
import { z } from "zod";
import { createAppPassword, listAppPasswords, revokeAppPassword } from "../../services/auth/app-passwords";
import { requestFacts } from "../../services/auth/audit";
import { adminProcedure, rest, router } from "../../trpc";

const tags = ["Admin sign-in security"];

export const appPasswordsRouter = router({
  list: adminProcedure
    .meta(rest("GET /admin/app-passwords", "The admin's app passwords", tags))
    .output(z.array(appPasswordOutput))
    .query(({ ctx }) => listAppPasswords(ctx.db, ctx.auth.adminId)),

  create: adminProcedure
    .meta(
      rest(
        "POST /admin/app-passwords",
        "Make an app password for a device or script; the password is in this answer only",
        tags,
        {
          description:
            "Signs in to WebDAV (Basic, with the admin's user name) and to POST /api/admin/login (a token limited to the same areas) without the second factor. `permissions` names the areas it reaches: text, file, mount; never the admin-only modules.",
        },
      ),
    )
    .input(appPasswordCreateInput)
    .output(appPasswordCreatedOutput)
    .mutation(({ ctx, input }) =>
      createAppPassword(ctx.db, ctx.config.secret, ctx.auth.adminId, input, requestFacts(ctx)),
    ),

  revoke: adminProcedure
    .meta(rest("DELETE /admin/app-passwords/{id}", "Revoke an app password; the sessions it opened end too", tags))
    .input(idParam)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await revokeAppPassword(ctx.db, ctx.auth.adminId, input.id, requestFacts(ctx));
      return null;
    }),
});
