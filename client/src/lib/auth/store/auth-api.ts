// The calls the auth store makes, on a tRPC client of its own. The session is the HttpOnly cookie
// these calls receive and send (docs/decisions/0009-browser-session-cookie.md); the page never sees a
// token. The store decides what a failure means, so this client has no central 401 handling.
import type { inferRouterInputs } from "@trpc/server";
import type { AppRouter } from "../../../../../server/routers";
import { currentLanguage } from "../../../i18n";
import { webClientHeaders } from "../../api/auth-headers";
import { fetchTrpcQuery } from "../../api/rest-api";

export type AdminLoginResult = { username: string; expiresAt: Date };
export type ApiKeyCheck = {
  name: string;
  basic_path: string;
  permissions: { text: boolean; file: boolean; mount: boolean };
  mount_read_only: boolean;
  key_info: { id: string; name: string; basic_path: string };
};
/** Who the server says the cookie's session is ("me"). */
export type SessionView =
  | { type: "none" }
  | { type: "admin"; id: string; username: string }
  | ({ type: "apikey" } & ApiKeyCheck);

/** A passkey's answer to a sign-in ceremony, as passkeys.login and admin.login take it. */
export type PasskeyAnswer = { ceremony_id: string; response: AuthenticationAnswer };
type AuthenticationAnswer = inferRouterInputs<AppRouter>["passkeys"]["login"]["response"];

export type AuthApi = {
  loginAdmin(input: {
    username: string;
    password: string;
    code?: string;
    passkey?: PasskeyAnswer;
  }): Promise<AdminLoginResult>;
  /** Opens a passkey sign-in ceremony: its id and the options for navigator.credentials.get. */
  passkeyLoginOptions(): Promise<{ ceremony_id: string; options: Record<string, unknown> }>;
  loginWithPasskey(answer: PasskeyAnswer): Promise<AdminLoginResult>;
  /** Exchanges the key for a cookie session; the key is not kept anywhere on the page. */
  signInWithKey(key: string): Promise<SessionView>;
  /** Ends the cookie's session on the server and removes the cookie. */
  logout(): Promise<void>;
  me(): Promise<SessionView>;
};

export function createAuthApi(url = "/trpc"): AuthApi {
  // Only the login calls and the check go through here: the identity is not known or is being
  // checked, so the CSRF header carries no name.
  const headers = () => ({ ...webClientHeaders(null), "Accept-Language": currentLanguage() });
  // Every page load asks "me"; signing in and out are rarer: their tRPC client (and superjson) is
  // loaded when first needed, so a visitor of a share link never loads it
  // (docs/decisions/0014-public-pages-without-trpc.md).
  let client: Promise<AuthClient> | null = null;
  const loadClient = () => {
    client ??= createAuthClient(url, headers);
    return client;
  };
  return {
    loginAdmin: async (input) => (await loadClient()).admin.login.mutate(input),
    passkeyLoginOptions: async () => (await loadClient()).passkeys.loginOptions.mutate(),
    loginWithPasskey: async (answer) => (await loadClient()).passkeys.login.mutate(answer),
    signInWithKey: async (key) => (await loadClient()).session.signInWithKey.mutate({ key }),
    async logout() {
      await (await loadClient()).session.logout.mutate();
    },
    me: () => fetchTrpcQuery<SessionView>(`${url}/session.me`, headers()),
  };
}

async function createAuthClient(url: string, headers: () => Record<string, string>) {
  const [{ createTRPCClient, httpLink }, { default: superjson }] = await Promise.all([
    import("@trpc/client"),
    import("superjson"),
  ]);
  return createTRPCClient<AppRouter>({ links: [httpLink({ url, transformer: superjson, headers })] });
}

type AuthClient = Awaited<ReturnType<typeof createAuthClient>>;
