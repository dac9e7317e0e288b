// Which routes this browser has opened, for the service worker's offline navigation: a route that
// was shown before gets the app shell (and its data from the offline cache); any other shows the
// offline fallback page (docs/product.md §2). Both the service worker (for page loads) and the page (for
// in-app navigation, which the worker never sees) write the same markers in Cache Storage.
import { CACHE_NAMES, OFFLINE_CACHE_MAX_AGE_MS, ROUTE_MARKER_HEADER } from "./constants";

/** The key of a route: its path only (a ?preview= or #hash does not make another page). */
export function routeKey(url: string | URL, origin: string): string {
  const parsed = new URL(url, origin);
  return `${parsed.origin}${parsed.pathname}`;
}

export function routeMarker(now: number): Response {
  return new Response(null, { status: 200, headers: { [ROUTE_MARKER_HEADER]: String(now) } });
}

/** A marker counts for 7 days (docs/product.md §9), like the rest of the offline cache. */
export function isRouteMarkerFresh(marker: Response | undefined, now: number): boolean {
  const at = Number(marker?.headers.get(ROUTE_MARKER_HEADER));
  return Number.isFinite(at) && at > 0 && now - at <= OFFLINE_CACHE_MAX_AGE_MS;
}

export async function rememberRoute(storage: CacheStorage, url: string, origin: string, now: number): Promise<void> {
  const cache = await storage.open(CACHE_NAMES.routes);
  await cache.put(routeKey(url, origin), routeMarker(now));
}

export async function isRouteRemembered(storage: CacheStorage, url: string, origin: string, now: number) {
  const cache = await storage.open(CACHE_NAMES.routes);
  return isRouteMarkerFresh(await cache.match(routeKey(url, origin)), now);
}
