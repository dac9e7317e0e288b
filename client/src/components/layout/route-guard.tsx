// Applies the route guard (lib/auth/route-guard.ts) to the current location: checks the sign-in
// with the server on load and again on admin routes when it is stale, and redirects where docs/product.md §2
// says so. While a session that was never checked on this page is being checked, the admin screen
// waits, so an ended session never flashes the admin area before the login appears.
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Redirect, useLocation } from "wouter";
import { evaluateRouteGuard, type GuardDecision, isAdminPath } from "../../lib/auth/route-guard";
import { authStore } from "../../lib/auth/store/session";
import { useAuth } from "../../lib/auth/use-auth";
import { PageSpinner } from "../feedback/page-spinner";
import { toast } from "../feedback/toast-store";

export function RouteGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const auth = useAuth();
  const decision = evaluateRouteGuard({ auth, location, now: Date.now() });
  const { revalidate } = decision;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation to a stale admin route checks again
  useEffect(() => {
    if (revalidate) void authStore.revalidate();
  }, [revalidate, location]);

  const isFirstCheck =
    revalidate && isAdminPath(location) && auth.lastValidated === null && auth.validationError === null;
  if (isFirstCheck) return <PageSpinner label={t("auth.notices.checking")} />;
  if (decision.redirect) return <GuardRedirect decision={decision} to={decision.redirect} />;
  return children;
}

function GuardRedirect({ decision, to }: { decision: GuardDecision; to: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (decision.reason === "noPermission")
      toast.warning(t("auth.notices.noPermission"), { id: "guard-no-permission" });
  }, [decision.reason, t]);
  return <Redirect to={to} replace />;
}
