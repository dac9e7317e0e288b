// The offline copy of a share read that does not go through the tRPC link (offline-link.ts): the
// share pages fetch their REST route (docs/decisions/0014-public-pages-without-trpc.md) and keep and
// read back the local copy as the link does for its queries. Kept only in a local database this
// browser already has (the service worker's cache keeps the answer otherwise, first-visit-cache.ts);
// read back when there is no network, marked as an offline copy.
import { isNetworkError } from "../lib/api/api-errors";
import { sessionScopeOf } from "../lib/auth/store/auth-types";
import { authStore } from "../lib/auth/store/session";
import { keptCopies, sessionFingerprint } from "./cache-store";
import type { CachedQueryPath } from "./constants";
import { existingOfflineDb } from "./local-db";

export type SharePath = Extract<CachedQueryPath, "pastes.view" | "files.public.get">;
/** The read's input as the tRPC query had it: the copy is kept under its slug. */
type ShareInput = { slug: string; [field: string]: unknown };

const copies = keptCopies({
  existingDb: existingOfflineDb,
  owner: () => {
    const state = authStore.getState();
    return sessionFingerprint(state.authType, sessionScopeOf(state));
  },
  now: Date.now,
});

/**
 * `load` with the offline copy: offline, the local copy first (without one the request still goes
 * out, where the service worker's cache may have it); online, the answer is kept, and a request that
 * gets no answer at all falls back to the copy.
 */
export async function readWithOfflineCopy<T>(path: SharePath, input: ShareInput, load: () => Promise<T>): Promise<T> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    const cached = await copies.read(path, input);
    if (cached !== null) return cached as T;
    return load();
  }
  try {
    const data = await load();
    copies.keep(path, input, data);
    return data;
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const cached = await copies.read(path, input);
    if (cached === null) throw error;
    return cached as T;
  }
}
