// The offline copy of what a first visit reads. The service worker keeps API reads of pastes, file
// shares and listings for offline reading (sw.ts), but on a first visit it is installed only after
// the page has read them: those reads never passed through it. The page then writes the answer into
// the worker's API cache itself, under the key the worker would have used, so the page it shows is
// readable offline after a reload without the local database (and its 27 KiB of Dexie) being loaded.
import { CACHE_NAMES } from "./constants";
import { isOfflineReadableApi, sessionScopedKey } from "./worker/sw-routes";

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Where the worker would have kept this read, or null: the worker controls the page, or the read is not kept. */
async function firstVisitCacheKey(request: Request): Promise<string | null> {
  if (request.method !== "GET" || typeof caches === "undefined") return null;
  if (typeof navigator === "undefined" || !navigator.serviceWorker || navigator.serviceWorker.controller) return null;
  const url = new URL(request.url);
  if (url.origin !== window.location.origin || !isOfflineReadableApi(url)) return null;
  return sessionScopedKey(request);
}

/** `fetch` that also keeps, before the worker controls the page, the reads the worker would keep. */
export function withFirstVisitCache(fetchImpl: Fetch = (input, init) => fetch(input, init)): Fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    // Only reads are kept (a write's body is not read again here).
    if (!response.ok || (init?.method ?? "GET") !== "GET") return response;
    try {
      const key = await firstVisitCacheKey(new Request(input, init));
      if (key) {
        const copy = response.clone();
        // Storage full or blocked: the page still shows the answer, it is just not kept.
        void caches
          .open(CACHE_NAMES.api)
          .then((cache) => cache.put(key, copy))
          .catch(() => undefined);
      }
    } catch {
      // An input the Request constructor refuses was never the worker's to keep.
    }
    return response;
  };
}
