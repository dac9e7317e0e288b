// The file-system procedures for the signed-in caller: fs.admin.* for the admin session, fs.mine.*
// for API keys (the same shapes under /api/user/fs, confined to the key's base path).
import { useAuth } from "../../lib/auth/use-auth";
import { requestHeaders, trpc } from "../../lib/trpc";

export function useFsApi() {
  const auth = useAuth();
  const utils = trpc.useUtils();
  const isKey = auth.authType === "apikey";
  // Both routers come from one builder (server/routers/fs.ts); only their access check differs.
  const api = (isKey ? trpc.fs.mine : trpc.fs.admin) as unknown as typeof trpc.fs.admin;
  const apiUtils = (isKey ? utils.fs.mine : utils.fs.admin) as unknown as typeof utils.fs.admin;
  return { api, apiUtils, utils, authType: auth.authType, headers: requestHeaders, isKey };
}
