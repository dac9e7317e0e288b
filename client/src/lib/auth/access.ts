// What a signed-in user may use (docs/product.md §6): the admin everything; an API key the admin modules of
// its permissions. Keys see mount management read-only: they may not manage mount points.
import { ADMIN_MODULES, type AdminModule } from "../../routes";
import type { AuthState, PermissionName } from "./store/auth-types";

export type AccessState = Pick<AuthState, "authType" | "permissions">;

const MODULE_PERMISSION: Partial<Record<AdminModule, PermissionName>> = {
  "text-management": "text",
  "file-management": "file",
  "upload-requests": "file",
  "shared-links": "mount",
  "mount-management": "mount",
};

export function hasPermission(state: AccessState, permission: PermissionName): boolean {
  if (state.authType === "admin") return true;
  return state.authType === "apikey" && state.permissions[permission];
}

/** Admin, or an API key with at least one of text, file or mount (docs/product.md §2, §6). */
export function hasAnyPermission(state: AccessState): boolean {
  return hasPermission(state, "text") || hasPermission(state, "file") || hasPermission(state, "mount");
}

export function canOpenAdminModule(state: AccessState, module: AdminModule): boolean {
  if (state.authType === "admin") return true;
  if (state.authType !== "apikey") return false;
  const permission = MODULE_PERMISSION[module];
  return permission !== undefined && state.permissions[permission];
}

/** The sidebar's modules, in the order of docs/product.md §2. */
export function visibleAdminModules(state: AccessState): AdminModule[] {
  return ADMIN_MODULES.filter((module) => canOpenAdminModule(state, module));
}

/** Keys may look at mounts but not create, change or delete them (docs/product.md §6). */
export function canManageMounts(state: AccessState): boolean {
  return state.authType === "admin";
}
