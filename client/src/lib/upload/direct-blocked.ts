// Storages the browser failed to reach directly (their CORS, or the page's CSP), remembered for this
// tab by the Upload screen and the explorer alike: their uploads go through the server
// (upload-object.ts). Kept apart from the upload engine, which loads with the first upload.

/** Storages the browser could not reach directly, by key. */
export type DirectBlocked = { has(key: string): boolean; add(key: string): void };

const DIRECT_BLOCKED_KEY = "pastebox_direct_upload_blocked";

function readDirectBlocked(): string[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.sessionStorage?.getItem(DIRECT_BLOCKED_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export const directBlockedInTab: DirectBlocked = {
  has: (key) => readDirectBlocked().includes(key),
  add(key) {
    try {
      globalThis.sessionStorage?.setItem(
        DIRECT_BLOCKED_KEY,
        JSON.stringify([...new Set([...readDirectBlocked(), key])]),
      );
    } catch {
      // The next upload tries directly again and falls back again.
    }
  },
};
