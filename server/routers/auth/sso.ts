// Single sign-on with OpenID Connect (docs/sso.md): the two browser routes of the redirect flow (start,
// callback), the status the login screen reads, and turning the password login off or on. The flow's
// checks live in services/auth/sso.ts; what each route guards is in docs/security.md.
import { passwordLoginInput, ssoStatusOutput } from "@shared/schemas/auth/auth";
import { z } from "zod";
import type { Config } from "../../config";
import { sessionCookie } from "../../http/session-cookie";
import { defineRawRoute, jsonAnswer, type RawRoute } from "../../rest/raw-route";
import { requestFacts } from "../../services/auth/audit";
import {
  finishSsoSignIn,
  SSO_ATTEMPT_TTL_MS,
  SsoRefusal,
  setPasswordLogin,
  ssoStatus,
  startSsoSignIn,
} from "../../services/auth/sso";
import { adminProcedure, publicProcedure, rest, router } from "../../trpc";

const tags = ["Admin single sign-on"];

/** Binds a sign-on to the browser that started it; Lax, since the provider sends the browser back cross-site. */
const BINDING_COOKIE = "pastebox_sso";
const BINDING_PATH = "/api/auth/sso";

function bindingCookie(config: Pick<Config, "publicUrl">, value: string, maxAgeSeconds: number) {
  return new Bun.Cookie(BINDING_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https:"),
    path: BINDING_PATH,
    maxAge: maxAgeSeconds,
  }).serialize();
}

/** A redirect that is never cached (each answer is for one attempt). */
function redirect(location: string, cookies: string[] = []) {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}

/** Back to the login screen, which explains the reason in the admin's language. */
const refusedTo = (reason: string) => `/admin?${new URLSearchParams({ sso_error: reason })}`;

const redirects = [
  {
    status: 303,
    description: "To the provider, or back to the login screen with `sso_error`",
    contentType: "text/plain",
  },
];

export const ssoRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "GET",
    path: "/auth/sso/start",
    summary: "Start signing in with the OpenID provider (a browser navigation)",
    description:
      "Redirects to the provider with PKCE, state and nonce. `next`: the app's path to land on after. When SSO is not configured or the provider does not answer, redirects to the login screen with `sso_error`.",
    tags,
    access: "public",
    query: z.object({ next: z.string().max(1000).optional() }),
    responses: [...redirects, jsonAnswer(429, "Too many sign-on attempts from this address")],
    async handle({ ctx, query }) {
      try {
        const started = await startSsoSignIn(ctx.db, ctx.config, query.next ?? null, ctx.clientIp);
        return redirect(started.url, [bindingCookie(ctx.config, started.binding, SSO_ATTEMPT_TTL_MS / 1000)]);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        ctx.logger.warn("sso: cannot start", { reason: error.reason, detail: error.detail });
        return redirect(refusedTo(error.reason));
      }
    },
  }),
  defineRawRoute({
    method: "GET",
    path: "/auth/sso/callback",
    summary: "Where the OpenID provider sends the browser back (register PUBLIC_URL + this path)",
    description:
      "Checks the answer (state once and in the browser that started, issuer, code with PKCE, ID token and nonce) and that the identity is the admin, then sets the session cookie and redirects into the app; any refusal redirects to the login screen with `sso_error` and changes nothing.",
    tags,
    access: "public",
    responses: [...redirects, jsonAnswer(429, "Too many failed sign-ins from this address")],
    async handle({ ctx }) {
      const cookies = ctx.request.headers.get("cookie");
      const binding = cookies ? (new Bun.CookieMap(cookies).get(BINDING_COOKIE) ?? null) : null;
      const cleared = bindingCookie(ctx.config, "", 0);
      try {
        const signedIn = await finishSsoSignIn(
          ctx.db,
          ctx.config,
          { url: new URL(ctx.request.url), binding },
          requestFacts(ctx),
        );
        return redirect(signedIn.returnPath ?? "/admin", [cleared, sessionCookie(ctx.config, signedIn.token)]);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        return redirect(refusedTo(error.reason), [cleared]);
      }
    },
  }),
];

export const ssoRouter = router({
  status: publicProcedure
    .meta(
      rest("GET /auth/sso", "Whether single sign-on is offered (and its name) and whether the password signs in", tags),
    )
    .output(ssoStatusOutput)
    .query(({ ctx }) => ssoStatus(ctx.db, ctx.config)),

  setPasswordLogin: adminProcedure
    .meta(
      rest(
        "PUT /admin/sso/password-login",
        "Turn the password login off (only from a session signed in with SSO) or back on",
        tags,
        {
          description:
            "Off, the password opens neither the login nor WebDAV Basic; passkeys, API keys and app passwords still work. Refused (409) while SSO is not configured or this session did not sign in through it. `pastebox admin reset-2fa` turns it back on.",
        },
      ),
    )
    .input(passwordLoginInput)
    .output(ssoStatusOutput)
    .mutation(({ ctx, input }) => setPasswordLogin(ctx.db, ctx.config, ctx.auth, input.enabled, requestFacts(ctx))),
});
