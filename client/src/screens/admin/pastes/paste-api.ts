// Text management: the same procedures for the admin (every paste) and for an API key with text
// permission (its own pastes); the server scopes by caller. Only the admin can clear expired texts.
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../server/routers";
import { trpc } from "../../../lib/api/trpc";
import { useAuth } from "../../../lib/auth/use-auth";

export type PasteSummary = inferRouterOutputs<AppRouter>["pastes"]["list"]["pastes"][number];
export type PasteDetail = inferRouterOutputs<AppRouter>["pastes"]["get"];

export function usePasteApi() {
  const auth = useAuth();
  const utils = trpc.useUtils();
  return { isAdmin: auth.authType === "admin", procedures: trpc.pastes, cache: utils.pastes };
}
