// Who may do what in the mount explorer (docs/rules.md "Path permission"). Every path arrives normalised
// (shared/schemas) and is checked against the caller's base path before anything is read or written.
// API keys and app passwords reach their base path and below; they may also browse the folders above
// it, which then show only the way down to it. Those marked read-only are refused every write. The
// explorer's routes and WebDAV both ask here, so one rule holds for every kind of caller.

import { isPathWithin } from "@shared/paths";
import { AppError } from "../../errors";
import type { AuthState } from "../auth/sessions";

/**
 * The folder a caller is confined to: an API key's base path, or an app password's (the admin signed
 * in with one); null for the admin's own sign-in, which reaches everything.
 */
export function basePathOf(auth: AuthState): string | null {
  if (auth.type === "apikey") return auth.basicPath;
  return auth.scope?.basicPath ?? null;
}

/** docs/product.md §5: the admin passes everything; a confined caller only at or beneath its base path. */
export function canRead(auth: AuthState, path: string): boolean {
  const base = basePathOf(auth);
  return base === null || isPathWithin(base, path);
}

/** A folder above a caller's base path: browsable, showing only the way down to the base path. */
export function leadsToBase(auth: AuthState, path: string): boolean {
  const base = basePathOf(auth);
  return base !== null && !canRead(auth, path) && isPathWithin(path, base);
}

/** In a folder that leads to the caller's base path, the name of the one child on the way down. */
export function nextStepToBase(auth: AuthState, folder: string): string {
  const base = basePathOf(auth) ?? "/";
  return base.slice(folder === "/" ? 1 : folder.length + 1).split("/")[0] ?? "";
}

export const isReadOnly = (auth: AuthState) =>
  auth.type === "apikey" ? auth.mountReadOnly : auth.scope?.readOnly === true;

export function assertReadable(auth: AuthState, path: string): void {
  if (!canRead(auth, path)) throw new AppError("FORBIDDEN", "errors.fsPathForbidden");
}

export function assertWritable(auth: AuthState, path: string): void {
  if (isReadOnly(auth)) throw new AppError("FORBIDDEN", "errors.fsReadOnly");
  assertReadable(auth, path);
}

/**
 * Removing (or moving away) `path` is allowed where writing is, except at or above a caller's base
 * path: it is confined to that folder, so it may empty it but not delete it (as it cannot rename
 * it: the new name would be outside).
 */
export function assertRemovable(auth: AuthState, path: string): void {
  assertWritable(auth, path);
  const base = basePathOf(auth);
  if (base !== null && isPathWithin(path, base)) {
    throw new AppError("FORBIDDEN", "errors.fsBasePathProtected", { path: base });
  }
}
