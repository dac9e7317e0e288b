// Credentials the client sends with every tRPC call (SPEC.md §6, §7): an admin session token as
// `Bearer`, otherwise an API key with the `ApiKey` scheme. Read at call time, so logging in or out
// takes effect on the next request without rebuilding the client.
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
