// Admin account: login, logout, token check and the change of username or password. Scripts get the
// session token in the login answer (Bearer); the web client (CSRF_HEADER) gets it only as an HttpOnly
// cookie (http/session-cookie.ts), which logout and a change of credentials remove.

import { adminTokenOutput, changePasswordInput, loginInput, loginOutput } from "@shared/schemas/auth/auth";
import { z } from "zod";
import { clearedSessionCookie, isWebClientRequest, sessionCookie } from "../../http/session-cookie";
import { translate } from "../../i18n";
import { envelopeResponse } from "../../rest/envelope";
import { defineRawRoute, jsonAnswer, type RawRoute } from "../../rest/raw-route";
import { changeAdminCredentials, loginAdmin, logoutAdmin } from "../../services/auth/admin-account";
import { requestFacts } from "../../services/auth/audit";
import { relyingPartyOf } from "../../services/auth/passkeys";
import { isPasswordLoginOn } from "../../services/auth/sso";
import { adminProcedure, type Context, publicProcedure, rest, router } from "../../trpc";

const tags = ["Admin account"];

export const adminRouter = router({
  login: publicProcedure
    .meta(rest("POST /admin/login", "Log in as the admin; returns a session token", tags))
    .input(loginInput)
    .output(loginOutput)
    .mutation(async ({ ctx, input }) => {
      const session = await loginAdmin(
        ctx.db,
        {
          appSecret: ctx.config.secret,
          relyingParty: relyingPartyOf(ctx.config.publicUrl),
          isPasswordLoginOn: await isPasswordLoginOn(ctx.db, ctx.config),
          isScript: !isWebClientRequest(ctx.request),
          isSsoConfigured: ctx.config.sso !== null,
        },
        input,
        requestFacts(ctx),
      );
      if (!isWebClientRequest(ctx.request)) return session;
      ctx.responseHeaders.append("set-cookie", sessionCookie(ctx.config, session.token));
      return { ...session, token: null };
    }),

  logout: adminProcedure
    .meta(rest("POST /admin/logout", "End this admin session", tags))
    .output(z.null())
    .mutation(async ({ ctx }) => {
      await logoutAdmin(ctx.db, ctx.auth.sessionId);
      ctx.responseHeaders.append("set-cookie", clearedSessionCookie(ctx.config));
      return null;
    }),

  validateToken: adminProcedure
    .meta(rest("GET /test/admin-token", "Check that the admin token is valid", tags))
    .output(adminTokenOutput)
    .query(({ ctx }) => ({
      valid: true as const,
      id: ctx.auth.adminId,
      adminId: ctx.auth.adminId,
      username: ctx.auth.username,
    })),

  // Its REST route is the raw route below: a REST caller is told to log in again.
  changePassword: adminProcedure
    .input(changePasswordInput)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await changeCredentials(ctx, ctx.auth, input);
      return null;
    }),
});

/** Changes the admin's username or password; every admin session ends, this browser's cookie too. */
async function changeCredentials(ctx: Context, auth: { adminId: string }, input: z.output<typeof changePasswordInput>) {
  await changeAdminCredentials(ctx.db, auth.adminId, input, requestFacts(ctx));
  ctx.responseHeaders.append("set-cookie", clearedSessionCookie(ctx.config));
}

export const adminAccountRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "POST",
    path: "/admin/change-password",
    operationId: "admin.changePassword",
    summary: "Change the admin username and/or password; ends every admin session",
    tags,
    access: "admin",
    body: changePasswordInput,
    responses: [
      jsonAnswer(200, "Changed: log in again (data is null)"),
      jsonAnswer(400, "Nothing to change, or a rule not met"),
      jsonAnswer(401, "The current password is wrong"),
    ],
    async handle({ ctx, auth, body }) {
      await changeCredentials(ctx, auth, body);
      return envelopeResponse(200, translate("errors.credentialsChanged"), null);
    },
  }),
];
