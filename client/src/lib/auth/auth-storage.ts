// Persistence of the signed-in credentials in localStorage under the keys of docs/product.md §3
// (admin_token, api_key, api_key_permissions, api_key_info). Reading is defensive: a value another
// version of the app, a user or an extension left behind must never crash the app or half-sign-in.
import { STORAGE_KEYS } from "@shared/constants";
import { type AuthType, type KeyInfo, type KeyPermissions, NO_PERMISSIONS } from "./auth-types";

export type AuthStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Every key this module owns: logout removes all of them, whatever the current type. */
export const AUTH_STORAGE_KEYS = [
  STORAGE_KEYS.adminToken,
  STORAGE_KEYS.apiKey,
  STORAGE_KEYS.apiKeyPermissions,
  STORAGE_KEYS.apiKeyInfo,
] as const;

export type StoredAuth =
  | { authType: "none" }
  | { authType: "admin"; adminToken: string }
  | {
      authType: "apikey";
      apiKey: string;
      permissions: KeyPermissions;
      mountReadOnly: boolean;
      keyInfo: KeyInfo | null;
    };

function read(storage: AuthStorage | undefined, key: string): string | null {
  try {
    const value = storage?.getItem(key)?.trim();
    return value ? value : null;
  } catch {
    return null;
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Stored permissions; anything missing or malformed counts as not granted. */
export function parsePermissions(text: string | null): { permissions: KeyPermissions; mountReadOnly: boolean } {
  const value = parseJson(text);
  if (!isRecord(value)) return { permissions: NO_PERMISSIONS, mountReadOnly: false };
  return {
    permissions: { text: value.text === true, file: value.file === true, mount: value.mount === true },
    mountReadOnly: value.mount_read_only === true,
  };
}

export function parseKeyInfo(text: string | null): KeyInfo | null {
  const value = parseJson(text);
  if (!isRecord(value) || typeof value.id !== "string" || typeof value.name !== "string") return null;
  return {
    id: value.id,
    name: value.name,
    basic_path: typeof value.basic_path === "string" && value.basic_path ? value.basic_path : "/",
  };
}

export function readStoredAuth(storage: AuthStorage | undefined): StoredAuth {
  // The admin token wins when both are present, as in the request headers (auth-headers.ts).
  const adminToken = read(storage, STORAGE_KEYS.adminToken);
  if (adminToken) return { authType: "admin", adminToken };
  const apiKey = read(storage, STORAGE_KEYS.apiKey);
  if (apiKey) {
    const { permissions, mountReadOnly } = parsePermissions(read(storage, STORAGE_KEYS.apiKeyPermissions));
    return {
      authType: "apikey",
      apiKey,
      permissions,
      mountReadOnly,
      keyInfo: parseKeyInfo(read(storage, STORAGE_KEYS.apiKeyInfo)),
    };
  }
  return { authType: "none" };
}

function write(storage: AuthStorage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the session lasts for this page only.
  }
}

export function clearStoredAuth(storage: AuthStorage | undefined): void {
  for (const key of AUTH_STORAGE_KEYS) {
    try {
      storage?.removeItem(key);
    } catch {
      // Nothing to clear when storage is unavailable.
    }
  }
}

export function writeAdminAuth(storage: AuthStorage | undefined, adminToken: string): void {
  clearStoredAuth(storage);
  write(storage, STORAGE_KEYS.adminToken, adminToken);
}

export function writeApiKeyAuth(
  storage: AuthStorage | undefined,
  auth: { apiKey: string; permissions: KeyPermissions; mountReadOnly: boolean; keyInfo: KeyInfo },
): void {
  clearStoredAuth(storage);
  write(storage, STORAGE_KEYS.apiKey, auth.apiKey);
  // mount_read_only rides along with the three permissions of docs/product.md §3, so a reload keeps the
  // explorer read-only before the next check with the server.
  write(
    storage,
    STORAGE_KEYS.apiKeyPermissions,
    JSON.stringify({ ...auth.permissions, mount_read_only: auth.mountReadOnly }),
  );
  write(storage, STORAGE_KEYS.apiKeyInfo, JSON.stringify(auth.keyInfo));
}

/** The credential a request would carry, to tell whether a 401 is about the session still in use. */
export function credentialOf(state: { authType: AuthType; adminToken: string | null; apiKey: string | null }) {
  if (state.authType === "admin") return state.adminToken;
  if (state.authType === "apikey") return state.apiKey;
  return null;
}
