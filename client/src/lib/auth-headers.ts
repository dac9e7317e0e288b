// Credentials the client sends (docs/product.md §6, §7): an admin session token as `Bearer`, otherwise an
// API key with the `ApiKey` scheme. The tRPC client takes them from the auth store (authHeadersFor);
// buildAuthHeaders reads localStorage directly, for code that runs without the store (a worker).
import { STORAGE_KEYS } from "@shared/constants";

export type ReadableStorage = Pick<Storage, "getItem">;

function readItem(storage: ReadableStorage | undefined, key: string): string | null {
  try {
    const value = storage?.getItem(key)?.trim();
    return value ? value : null;
  } catch {
    return null;
  }
}

// Only one kind of session is meant to be stored at a time; if both are, the admin token wins
// because it is the stronger credential and the one the user obtained most deliberately.
export function buildAuthHeaders(storage: ReadableStorage | undefined): Record<string, string> {
  const adminToken = readItem(storage, STORAGE_KEYS.adminToken);
  if (adminToken) return { Authorization: `Bearer ${adminToken}` };
  const apiKey = readItem(storage, STORAGE_KEYS.apiKey);
  if (apiKey) return { Authorization: `ApiKey ${apiKey}` };
  return {};
}

/** The same headers from the signed-in state held in memory (the auth store), which also works when
 * storage is blocked and the session lives for this page only. */
export function authHeadersFor(state: {
  authType: "none" | "admin" | "apikey";
  adminToken: string | null;
  apiKey: string | null;
}): Record<string, string> {
  if (state.authType === "admin" && state.adminToken) return { Authorization: `Bearer ${state.adminToken}` };
  if (state.authType === "apikey" && state.apiKey) return { Authorization: `ApiKey ${state.apiKey}` };
  return {};
}
