// The client's routes (docs/product.md §2) in one table: the router, the navigation bar and the page titles
// all read it, so a path is spelled once.
export const ROUTES = {
  home: "/",
  upload: "/upload",
  admin: "/admin",
  adminModule: "/admin/:module",
  paste: "/paste/:slug",
  file: "/file/:slug",
  share: "/s/:slug",
  uploadRequest: "/r/:slug",
  mountExplorer: "/mount-explorer",
  mountExplorerPath: "/mount-explorer/*",
  clipboard: "/clipboard",
  clipboardRoom: "/clipboard/:id",
} as const;

export const ADMIN_MODULES = [
  "dashboard",
  "text-management",
  "file-management",
  "upload-requests",
  "storage-config",
  "mount-management",
  // After the mounts it shares from: a mount-only key lands on its first module, mount management.
  "shared-links",
  "key-management",
  "settings",
  "security",
  "backups",
  // Last, after every existing module: a key's first module and the specs' sidebar positions stay put.
  "audit-log",
  "dav-locks",
  // Admin-only, after every other module: a key lands on its first module (docs/product.md §2).
  "tasks",
  "jobs",
] as const;
export type AdminModule = (typeof ADMIN_MODULES)[number];
export const DEFAULT_ADMIN_MODULE: AdminModule = "dashboard";

export function isAdminModule(value: unknown): value is AdminModule {
  return typeof value === "string" && (ADMIN_MODULES as readonly string[]).includes(value);
}

export function adminModulePath(module: AdminModule): string {
  return `${ROUTES.admin}/${module}`;
}

/** Where a screen that asks the visitor to log in sends them; the login returns to `returnTo` after. */
const RETURN_PARAM = "next";

export function loginHref(returnTo: string): string {
  return `${ROUTES.admin}?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}`;
}

/** The path to return to after logging in, or null: only a path of this app ("//host" would leave it). */
export function returnPathOf(search: string): string | null {
  const value = new URLSearchParams(search).get(RETURN_PARAM);
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

export type NavItemId = "home" | "upload" | "mountExplorer" | "clipboard" | "admin";
/** `isSignedInOnly`: shown only to a signed-in user (joining a room by its link needs no account). */
export type NavItem = { id: NavItemId; href: string; isSignedInOnly?: boolean };

export const NAV_ITEMS: readonly NavItem[] = [
  { id: "home", href: ROUTES.home },
  { id: "upload", href: ROUTES.upload },
  { id: "mountExplorer", href: ROUTES.mountExplorer },
  { id: "clipboard", href: ROUTES.clipboard, isSignedInOnly: true },
  { id: "admin", href: ROUTES.admin },
];

// Home is active only on "/" itself; a section is active on its own path and everything below it
// (/admin/settings keeps "Admin" highlighted), but not on a sibling such as /administrator.
export function isNavItemActive(href: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (href === ROUTES.home) return path === ROUTES.home;
  return path === href || path.startsWith(`${href}/`);
}

// Route params arrive percent-encoded (wouter matches location.pathname); a malformed escape is
// kept as typed rather than crashing the screen.
export function decodePathParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// "/mount-explorer/docs/2024/" -> "/docs/2024": the directory a mount-explorer URL points at.
export function mountPathFromParam(wildcard: string | undefined): string {
  const segments = (wildcard ?? "")
    .split("/")
    .filter((segment) => segment.length > 0)
    .map(decodePathParam);
  return `/${segments.join("/")}`;
}
