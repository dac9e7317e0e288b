// Who may do what in the mount explorer (docs/rules.md "Path permission"). Every path arrives normalised
// (shared/schemas) and is checked against the caller's base path before anything is read or written.
// API keys reach their base path and below; they may also browse the folders above it, which then
// show only the way down to it. Keys marked read-only are refused every write.

import { hasPathPermission, isPathWithin, type Principal } from "@shared/paths";
import { AppError } from "../../errors";
import type { AuthState } from "../auth/sessions";

function principalOf(auth: AuthState): Principal {
  return auth.type === "admin" ? { type: "admin" } : { type: "apikey", keyId: auth.keyId, basicPath: auth.basicPath };
}

export const canRead = (auth: AuthState, path: string) => hasPathPermission(principalOf(auth), path);

/** A folder above a key's base path: browsable, showing only the way down to the base path. */
export function leadsToBase(auth: AuthState, path: string): boolean {
  return auth.type === "apikey" && !canRead(auth, path) && isPathWithin(path, auth.basicPath);
}

export const isReadOnly = (auth: AuthState) => auth.type === "apikey" && auth.mountReadOnly;

export function assertReadable(auth: AuthState, path: string): void {
  if (!canRead(auth, path)) throw new AppError("FORBIDDEN", "errors.fsPathForbidden");
}

export function assertWritable(auth: AuthState, path: string): void {
  if (isReadOnly(auth)) throw new AppError("FORBIDDEN", "errors.fsReadOnly");
  assertReadable(auth, path);
}

/**
 * Removing (or moving away) `path` is allowed where writing is, except at or above a key's base
 * path: the key is confined to that folder, so it may empty it but not delete it (as it cannot
 * rename it: the new name would be outside).
 */
export function assertRemovable(auth: AuthState, path: string): void {
  assertWritable(auth, path);
  if (auth.type === "apikey" && isPathWithin(path, auth.basicPath)) {
    throw new AppError("FORBIDDEN", "errors.fsBasePathProtected", { path: auth.basicPath });
  }
}
