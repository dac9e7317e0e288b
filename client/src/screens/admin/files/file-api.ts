// File management: the same procedures for the admin (every file) and for an API key with file
// permission (its own files); the server scopes by caller.
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../server/routers";
import { trpc } from "../../../lib/api/trpc";
import { useAuth } from "../../../lib/auth/use-auth";

export type FileSummary = inferRouterOutputs<AppRouter>["files"]["list"]["files"][number];

export function useFileApi() {
  const auth = useAuth();
  const utils = trpc.useUtils();
  return { isAdmin: auth.authType === "admin", procedures: trpc.files, cache: utils.files };
}
