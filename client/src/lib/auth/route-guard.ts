// The route guard of docs/product.md §2 as a pure decision: given who is signed in and the path being
// opened, whether to check the sign-in again first and whether to go elsewhere.
//  - Every route asks the server who the session is once per page load (the page holds no token,
//    only what the last load remembered, and a cookie session may exist that it does not know of);
//    admin routes again when the last check is over 5 minutes old.
//  - Nobody signed in: never redirected (the admin screen shows the login, the explorer a prompt).
//  - Signed in but neither admin nor a key with a permission: Home, from the areas that need one
//    (admin and mount explorer).
//  - A key with mount permission outside its base path in the mount explorer: its base path there.
import { isPathWithin, normalizePath } from "@shared/paths";
import { mountPathFromParam, ROUTES } from "../../routes";
import { hasAnyPermission } from "./access";
import { needsRevalidation } from "./revalidation";
import type { AuthState } from "./store/auth-types";

export type GuardAuth = Pick<AuthState, "authType" | "permissions" | "keyInfo" | "lastValidated">;

export type GuardDecision = {
  revalidate: boolean;
  redirect: string | null;
  reason: "noPermission" | "outsideBasePath" | null;
};

function pathnameOf(location: string): string {
  const end = location.search(/[?#]/);
  return end === -1 ? location : location.slice(0, end);
}

function isWithinRoute(pathname: string, route: string): boolean {
  return pathname === route || pathname === `${route}/` || pathname.startsWith(`${route}/`);
}

export function isAdminPath(location: string): boolean {
  return isWithinRoute(pathnameOf(location), ROUTES.admin);
}

export function isMountExplorerPath(location: string): boolean {
  return isWithinRoute(pathnameOf(location), ROUTES.mountExplorer);
}

/** The directory a mount-explorer URL opens ("/mount-explorer/a%20b/" -> "/a b"). */
export function mountDirectoryOf(location: string): string {
  return mountPathFromParam(pathnameOf(location).slice(ROUTES.mountExplorer.length));
}

/** The explorer URL of a directory, each segment encoded ("/a b" -> "/mount-explorer/a%20b"). */
export function mountExplorerUrl(directory: string): string {
  const normalised = normalizePath(directory) ?? "/";
  if (normalised === "/") return ROUTES.mountExplorer;
  const encoded = normalised.split("/").filter(Boolean).map(encodeURIComponent).join("/");
  return `${ROUTES.mountExplorer}/${encoded}`;
}

const ALLOW: GuardDecision = { revalidate: false, redirect: null, reason: null };

export function evaluateRouteGuard(input: { auth: GuardAuth; location: string; now: number }): GuardDecision {
  const { auth, location, now } = input;
  const isAdmin = isAdminPath(location);
  const isExplorer = isMountExplorerPath(location);
  const revalidate = auth.lastValidated === null || (isAdmin && needsRevalidation(auth.lastValidated, now));
  if (auth.authType === "none") return { ...ALLOW, revalidate };

  if ((isAdmin || isExplorer) && !hasAnyPermission(auth)) {
    return { revalidate, redirect: ROUTES.home, reason: "noPermission" };
  }
  if (isExplorer && auth.authType === "apikey" && auth.permissions.mount) {
    const basePath = normalizePath(auth.keyInfo?.basic_path ?? "/") ?? "/";
    if (!isPathWithin(basePath, mountDirectoryOf(location))) {
      return { revalidate, redirect: mountExplorerUrl(basePath), reason: "outsideBasePath" };
    }
  }
  return { revalidate, redirect: null, reason: null };
}
