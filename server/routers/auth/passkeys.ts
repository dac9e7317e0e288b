// The admin's passkeys (WebAuthn): list, register (options, then the authenticator's answer), rename,
// remove with the password, and the sign-in with a passkey alone. The relying party is PUBLIC_URL's
// host (services/auth/passkeys.ts); what each route guards is in docs/security.md.
import {
  loginOutput,
  passkeyAnswerInput,
  passkeyOptionsOutput,
  passkeyOutput,
  passkeyRegisterInput,
  passkeyRemoveInput,
  passkeyRenameInput,
} from "@shared/schemas/auth/auth";
import { z } from "zod";
import { isWebClientRequest, sessionCookie } from "../../http/session-cookie";
import { requestFacts } from "../../services/auth/audit";
import {
  finishPasskeyRegistration,
  listPasskeys,
  loginWithPasskey,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  startPasskeyLogin,
  startPasskeyRegistration,
} from "../../services/auth/passkeys";
import { adminProcedure, publicProcedure, rest, router } from "../../trpc";

const tags = ["Admin sign-in security"];

export const passkeysRouter = router({
  list: adminProcedure
    .meta(rest("GET /admin/passkeys", "The admin's passkeys", tags))
    .output(z.array(passkeyOutput))
    .query(({ ctx }) => listPasskeys(ctx.db, ctx.auth.adminId)),

  registerOptions: adminProcedure
    .meta(
      rest(
        "POST /admin/passkeys/register/options",
        "Start adding a passkey: options for navigator.credentials.create, answered within 5 minutes",
        tags,
      ),
    )
    .output(passkeyOptionsOutput)
    .mutation(({ ctx }) => startPasskeyRegistration(ctx.db, relyingPartyOf(ctx.config.publicUrl), ctx.auth.adminId)),

  register: adminProcedure
    .meta(
      rest(
        "POST /admin/passkeys",
        "Keep a passkey: the authenticator's answer to the registration options, with a name",
        tags,
        {
          description: "The first factor added (no TOTP, no passkey before) ends every other session of the admin.",
          successStatus: 201,
        },
      ),
    )
    .input(passkeyRegisterInput)
    .output(passkeyOutput)
    .mutation(({ ctx, input }) =>
      finishPasskeyRegistration(
        ctx.db,
        relyingPartyOf(ctx.config.publicUrl),
        { adminId: ctx.auth.adminId, sessionId: ctx.auth.sessionId },
        input,
        requestFacts(ctx),
      ),
    ),

  rename: adminProcedure
    .meta(rest("PUT /admin/passkeys/{id}", "Rename a passkey", tags))
    .input(passkeyRenameInput)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await renamePasskey(ctx.db, ctx.auth.adminId, input.id, input.name);
      return null;
    }),

  remove: adminProcedure
    .meta(rest("POST /admin/passkeys/{id}/remove", "Remove a passkey; needs the password (counted like a login)", tags))
    .input(passkeyRemoveInput)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await removePasskey(ctx.db, ctx.auth.adminId, input, requestFacts(ctx));
      return null;
    }),

  loginOptions: publicProcedure
    .meta(
      rest(
        "POST /admin/passkeys/login/options",
        "Start a passkey sign-in: options for navigator.credentials.get (any passkey of this site)",
        tags,
        {
          description:
            "Answer with POST /admin/passkeys/login to sign in with the passkey alone, or pass `passkey` to " +
            "POST /admin/login as the second factor after the password. Each ceremony can be answered once.",
        },
      ),
    )
    .output(passkeyOptionsOutput)
    .mutation(({ ctx }) => startPasskeyLogin(ctx.db, relyingPartyOf(ctx.config.publicUrl), requestFacts(ctx))),

  login: publicProcedure
    .meta(
      rest(
        "POST /admin/passkeys/login",
        "Sign in with a passkey alone (it must verify the user); returns a session token",
        tags,
      ),
    )
    .input(passkeyAnswerInput)
    .output(loginOutput)
    .mutation(async ({ ctx, input }) => {
      const session = await loginWithPasskey(ctx.db, relyingPartyOf(ctx.config.publicUrl), input, requestFacts(ctx));
      if (!isWebClientRequest(ctx.request)) return session;
      ctx.responseHeaders.append("set-cookie", sessionCookie(ctx.config, session.token));
      return { ...session, token: null };
    }),
});
