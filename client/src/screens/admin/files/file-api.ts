// File management talks to the admin procedures (every file) for the admin and to the key
// procedures (its own files) for an API key with file permission; both have the same inputs and
// outputs.
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../server/routers";
import { useAuth } from "../../../lib/auth/use-auth";
import { trpc } from "../../../lib/trpc";

export type FileSummary = inferRouterOutputs<AppRouter>["files"]["admin"]["list"]["files"][number];

export function useFileApi() {
  const auth = useAuth();
  const utils = trpc.useUtils();
  const isAdmin = auth.authType === "admin";
  const procedures = isAdmin ? trpc.files.admin : trpc.files.mine;
  const cache = isAdmin ? utils.files.admin : utils.files.mine;
  return { isAdmin, procedures, cache };
}
