// What the page remembers of the sign-in between loads, in localStorage: who is signed in and what
// they may do (to render at once and offline), never a token or a key: the session itself is an
// HttpOnly cookie (docs/decisions/0009-browser-session-cookie.md) and the server is asked on load.
// Reading is defensive: a value another version of the app, a user or an extension left behind must
// never crash the app or half-sign-in.
import { LEGACY_CREDENTIAL_KEYS, STORAGE_KEYS } from "@shared/constants";
import { type KeyInfo, type KeyPermissions, NO_PERMISSIONS } from "./auth-types";

export type AuthStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Every key this module owns: logout removes all of them. */
export const AUTH_STORAGE_KEYS = [STORAGE_KEYS.session, ...LEGACY_CREDENTIAL_KEYS] as const;

export type StoredAuth =
  | { authType: "none" }
  | { authType: "admin"; username: string }
  | { authType: "apikey"; permissions: KeyPermissions; mountReadOnly: boolean; keyInfo: KeyInfo };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Stored permissions; anything missing or malformed counts as not granted. */
export function parsePermissions(value: unknown): KeyPermissions {
  if (!isRecord(value)) return NO_PERMISSIONS;
  return { text: value.text === true, file: value.file === true, mount: value.mount === true };
}

export function parseKeyInfo(value: unknown): KeyInfo | null {
  if (!isRecord(value) || typeof value.id !== "string" || typeof value.name !== "string") return null;
  return {
    id: value.id,
    name: value.name,
    basic_path: typeof value.basic_path === "string" && value.basic_path ? value.basic_path : "/",
  };
}

function parseStored(text: string | null): StoredAuth {
  let value: unknown = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    return { authType: "none" };
  }
  if (!isRecord(value)) return { authType: "none" };
  if (value.type === "admin" && typeof value.username === "string" && value.username) {
    return { authType: "admin", username: value.username };
  }
  const keyInfo = parseKeyInfo(value.key_info);
  if (value.type === "apikey" && keyInfo) {
    return {
      authType: "apikey",
      permissions: parsePermissions(value.permissions),
      mountReadOnly: value.mount_read_only === true,
      keyInfo,
    };
  }
  return { authType: "none" };
}

export function readStoredAuth(storage: AuthStorage | undefined): StoredAuth {
  try {
    return parseStored(storage?.getItem(STORAGE_KEYS.session) ?? null);
  } catch {
    return { authType: "none" };
  }
}

function remove(storage: AuthStorage | undefined, keys: readonly string[]): void {
  for (const key of keys) {
    try {
      storage?.removeItem(key);
    } catch {
      // Nothing to clear when storage is unavailable.
    }
  }
}

/**
 * Earlier versions kept the admin token or the API key itself in localStorage, readable by any
 * script on the page: removed on every load (the user signs in again, into a cookie session).
 */
export function removeLegacyCredentials(storage: AuthStorage | undefined): void {
  remove(storage, LEGACY_CREDENTIAL_KEYS);
}

export function clearStoredAuth(storage: AuthStorage | undefined): void {
  remove(storage, AUTH_STORAGE_KEYS);
}

export function writeStoredAuth(storage: AuthStorage | undefined, auth: Exclude<StoredAuth, { authType: "none" }>) {
  const value =
    auth.authType === "admin"
      ? { type: "admin", username: auth.username }
      : {
          type: "apikey",
          permissions: auth.permissions,
          mount_read_only: auth.mountReadOnly,
          key_info: auth.keyInfo,
        };
  try {
    storage?.setItem(STORAGE_KEYS.session, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the page asks the server who it is on the next load.
  }
}
