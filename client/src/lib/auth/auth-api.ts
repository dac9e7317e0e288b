// The calls the auth store makes, on a tRPC client of its own. Each call names the credential it
// sends (a key being tried at login is not stored yet), and the store decides what a failure means,
// so this client has no central 401 handling.
import { createTRPCClient, httpLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "../../../../server/routers";
import { currentLanguage } from "../../i18n";

export type AdminLoginResult = { token?: string | null; username: string; expiresAt: Date };
export type AdminIdentity = { id: string; username: string };
export type ApiKeyCheck = {
  name: string;
  basic_path: string;
  permissions: { text: boolean; file: boolean; mount: boolean };
  mount_read_only: boolean;
  key_info: { id: string; name: string; basic_path: string };
};

export type AuthApi = {
  loginAdmin(input: { username: string; password: string }): Promise<AdminLoginResult>;
  logoutAdmin(token: string): Promise<void>;
  validateAdminToken(token: string): Promise<AdminIdentity>;
  /** Null (or an answer without data) means the check did not succeed. */
  validateApiKey(key: string): Promise<ApiKeyCheck | null>;
};

type Credential = { authorization?: string };

export function createAuthApi(url = "/trpc"): AuthApi {
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url,
        transformer: superjson,
        headers: ({ op }) => {
          const { authorization } = op.context as Credential;
          return {
            ...(authorization ? { Authorization: authorization } : {}),
            "Accept-Language": currentLanguage(),
          };
        },
      }),
    ],
  });
  const bearer = (token: string) => ({ context: { authorization: `Bearer ${token}` } });
  return {
    loginAdmin: (input) => client.admin.login.mutate(input),
    async logoutAdmin(token) {
      await client.admin.logout.mutate(undefined, bearer(token));
    },
    async validateAdminToken(token) {
      const { id, username } = await client.admin.validateToken.query(undefined, bearer(token));
      return { id, username };
    },
    validateApiKey: (key) => client.keys.validate.query(undefined, { context: { authorization: `ApiKey ${key}` } }),
  };
}
