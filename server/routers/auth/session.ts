// The browser's session (docs/decisions/0009-browser-session-cookie.md): who it is ("me", asked on
// every page load, since the page holds no token), the sign-in with an API key that the login screen
// offers, and the logout of either kind. Admin sign-in is admin.login; scripts keep their headers.

import { keySignInInput, type SessionView, sessionOutput } from "@shared/schemas/auth/auth";
import { z } from "zod";
import { clearedSessionCookie, sessionCookie } from "../../http/session-cookie";
import { logoutAdmin } from "../../services/auth/admin-account";
import { type AuthState, endKeySession, signInWithApiKey } from "../../services/auth/sessions";
import { authedProcedure, publicProcedure, router } from "../../trpc";

function viewOf(auth: AuthState | null): SessionView {
  if (!auth) return { type: "none" };
  if (auth.type === "admin") return { type: "admin", id: auth.adminId, username: auth.username };
  const { keyId, name, basicPath, permissions, mountReadOnly } = auth;
  return {
    type: "apikey",
    name,
    basic_path: basicPath,
    permissions,
    mount_read_only: mountReadOnly,
    key_info: { id: keyId, name, basic_path: basicPath },
  };
}

export const sessionRouter = router({
  me: publicProcedure.output(sessionOutput).query(({ ctx }) => {
    // A cookie (or header) that no longer names a session is a 401, so the page ends its sign-in.
    if (!ctx.auth && ctx.authFailure) throw ctx.authFailure;
    return viewOf(ctx.auth);
  }),

  signInWithKey: publicProcedure
    .input(keySignInInput)
    .output(sessionOutput)
    .mutation(async ({ ctx, input }) => {
      const { auth, token } = await signInWithApiKey(ctx.db, ctx.config.secret, input.key, ctx.clientIp);
      ctx.responseHeaders.append("set-cookie", sessionCookie(ctx.config, token));
      return viewOf(auth);
    }),

  logout: authedProcedure.output(z.null()).mutation(async ({ ctx }) => {
    if (ctx.auth.type === "admin") await logoutAdmin(ctx.db, ctx.auth.sessionId);
    else if (ctx.auth.sessionId) await endKeySession(ctx.db, ctx.auth.sessionId);
    ctx.responseHeaders.append("set-cookie", clearedSessionCookie(ctx.config));
    return null;
  }),
});
