// A real OpenID provider for tests (oidc-provider, the certified one), on a loopback port: one client
// for the app under test, accounts whose claims a test names, its own login page (devInteractions: any
// password is accepted for the account typed) and consent given without asking. `signIn` walks its
// pages without a browser, following redirects with a cookie jar, up to the answer sent to the app.
import type { Server } from "node:http";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import { freePort } from "./harness";

export type TestAccount = { email?: string; email_verified?: boolean; groups?: string[]; name?: string };

export const TEST_OIDC_CLIENT = { id: "pastebox", secret: "a-test-client-secret-of-some-length" };

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

export async function startOidcProvider(options: {
  redirectUri: string;
  accounts: Record<string, TestAccount>;
  /** The name the provider gives itself; by default the address it listens on. */
  issuer?: string;
  /** Where to listen (an app started before the provider must already name it); by default a free port. */
  port?: number;
}) {
  const port = options.port ?? freePort();
  const origin = `http://127.0.0.1:${port}`;
  const issuer = options.issuer ?? origin;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT.id,
        client_secret: TEST_OIDC_CLIENT.secret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    scopes: ["openid", "email", "profile", "groups"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // Consent is given at once: the tests are about the app's side of the flow.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope("openid email profile groups");
      await grant.save();
      return grant;
    },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  // Its development warnings name a quick start's keys and pages, which is what a test wants.
  const warn = console.warn;
  console.warn = () => {};
  const server: Server = provider.listen(port);
  console.warn = warn;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));

  /** Follows the provider's pages from `authorizationUrl`, signing in as `accountId`; the URL it sends back. */
  async function signIn(authorizationUrl: string, accountId: string): Promise<URL> {
    const jar = new Map<string, string>();
    const go = async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
      const response = await fetch(url, { ...init, headers, redirect: "manual" });
      for (const cookie of response.headers.getSetCookie()) {
        const pair = cookie.split(";")[0] ?? "";
        const equals = pair.indexOf("=");
        jar.set(pair.slice(0, equals), pair.slice(equals + 1));
      }
      return response;
    };
    let response = await go(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (response.status >= 300 && response.status < 400) {
        const next = new URL(response.headers.get("location") ?? "", origin);
        if (next.origin !== origin) return next;
        response = await go(next.href);
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`the provider answered ${response.status} without a form`);
      const body = new URLSearchParams({ prompt: "login", login: accountId, password: "any" });
      response = await go(new URL(action, origin).href, { method: "POST", body });
    }
    throw new Error("the provider did not send the browser back");
  }

  return {
    issuer,
    origin,
    provider,
    signIn,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
