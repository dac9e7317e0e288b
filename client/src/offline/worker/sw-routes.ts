// What the service worker handles, as plain functions (unit-tested without a worker): which page
// loads are app routes, and which API reads may be answered from its cache offline.
import { CSRF_HEADER } from "@shared/constants";
import { CACHED_QUERY_PATHS } from "../constants";

/** First path segments the server answers itself: never the app shell. */
const SERVER_ROOTS = new Set(["api", "trpc", "dav", "assets"]);

/** A page load the app shell can answer: not an API, WebDAV or asset path, not a top-level file. */
export function isAppRoute(pathname: string): boolean {
  const segments = pathname.split("/");
  if (SERVER_ROOTS.has(segments[1] ?? "")) return false;
  // /sw.js, /manifest.webmanifest, /favicon.svg: files, not routes (deeper dotted paths are routes).
  return !(segments.length === 2 && (segments[1] ?? "").includes("."));
}

const CACHED_QUERIES = new Set<string>(CACHED_QUERY_PATHS);

/** REST reads of a paste, a file share or a directory listing (docs/product.md §7). */
const CACHED_REST_PATHS = [
  /^\/api\/paste\/[^/]+$/,
  /^\/api\/raw\/[^/]+$/,
  /^\/api\/public\/files\/[^/]+$/,
  /^\/api\/(admin|user)\/fs\/list$/,
];

/**
 * GETs kept for offline reading (NetworkFirst, 7 days): tRPC batches made only of cached queries, and
 * the REST reads of the same things. A URL carrying a password is never kept: it would be stored
 * in the cache key and open the content to anyone at this browser.
 */
export function isOfflineReadableApi(url: URL): boolean {
  if (url.searchParams.has("password")) return false;
  if (url.pathname.startsWith("/trpc/")) {
    let procedures: string[];
    try {
      procedures = decodeURIComponent(url.pathname.slice("/trpc/".length)).split(",");
    } catch {
      return false;
    }
    return procedures.length > 0 && procedures.every((procedure) => CACHED_QUERIES.has(procedure));
  }
  return CACHED_REST_PATHS.some((pattern) => pattern.test(url.pathname));
}

/**
 * The cache key of an API read: its URL, plus a digest of who made it (the page names its sign-in in
 * CSRF_HEADER; the session cookie itself is out of the worker's reach). A listing fetched by the
 * admin is then never the answer to another session's request, even offline.
 */
export async function sessionScopedKey(request: Request): Promise<string> {
  const scope = request.headers.get(CSRF_HEADER);
  if (!scope || scope === "anonymous") return request.url;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(scope)));
  const hex = Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
  const url = new URL(request.url);
  url.searchParams.set("__session", hex);
  return url.href;
}
