// The file-system procedures for the signed-in caller: one procedure per operation whoever it is (the
// service confines an API key to its base path), so the screens call trpc.fs.* directly.

import { requestHeaders, trpc } from "../../lib/api/trpc";
import { useAuth } from "../../lib/auth/use-auth";

export function useFsApi() {
  const auth = useAuth();
  const utils = trpc.useUtils();
  return { api: trpc.fs, apiUtils: utils.fs, utils, authType: auth.authType, headers: requestHeaders };
}
