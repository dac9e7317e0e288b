// Text management talks to the admin procedures (every paste) for the admin and to the key
// procedures (its own pastes) for an API key with text permission. Both have the same inputs and
// outputs for list, get, update, delete and batch delete; only the admin can clear expired texts.
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../server/routers";
import { useAuth } from "../../../lib/auth/use-auth";
import { trpc } from "../../../lib/trpc";

export type PasteSummary = inferRouterOutputs<AppRouter>["pastes"]["admin"]["list"]["pastes"][number];
export type PasteDetail = inferRouterOutputs<AppRouter>["pastes"]["admin"]["get"];

export function usePasteApi() {
  const auth = useAuth();
  const utils = trpc.useUtils();
  const isAdmin = auth.authType === "admin";
  // The admin router is the key router plus clearExpired: viewed as the key router, the two agree.
  const procedures = (isAdmin ? trpc.pastes.admin : trpc.pastes.mine) as typeof trpc.pastes.mine;
  const cache = (isAdmin ? utils.pastes.admin : utils.pastes.mine) as typeof utils.pastes.mine;
  return { isAdmin, procedures, cache };
}
