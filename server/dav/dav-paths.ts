// Between WebDAV URLs and the mount tree's virtual paths. A request path is decoded exactly once, per
// segment, then normalised by the shared path rules (shared/paths.ts), so "..", encoded slashes,
// backslashes and NUL bytes are resolved or refused before any permission check. Hrefs in answers
// encode every segment, so names with spaces, "#", "%", "?" or unicode round-trip.
import { normalizePath } from "@shared/paths";
import { DavError } from "./dav-error";

export const DAV_PREFIX = "/dav";

export const isDavPath = (pathname: string) => pathname === DAV_PREFIX || pathname.startsWith(`${DAV_PREFIX}/`);

/** The virtual path a /dav URL path names; null when it is not acceptable. */
export function virtualPathOf(pathname: string): string | null {
  if (!isDavPath(pathname)) return null;
  const segments: string[] = [];
  for (const segment of pathname.slice(DAV_PREFIX.length).split("/")) {
    try {
      segments.push(decodeURIComponent(segment));
    } catch {
      return null;
    }
  }
  return normalizePath(segments.join("/"));
}

/** The path of a request, or 400 (also for a fragment, which a client never means to send: DELETE /a/#b is not DELETE /a/). */
export function requestPath(url: URL): string {
  const path = url.hash === "" ? virtualPathOf(url.pathname) : null;
  if (path === null) throw new DavError(400, { messageKey: "errors.invalidPath" });
  return path;
}

const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** The href of a virtual path in answers; collections end with "/". */
export function hrefOf(path: string, isCollection: boolean): string {
  if (path === "/") return `${DAV_PREFIX}/`;
  const encoded = path.split("/").map(encodeSegment).join("/");
  return `${DAV_PREFIX}${encoded}${isCollection ? "/" : ""}`;
}

/**
 * The authorities (host and port) this server answers under: the request's own Host, what a reverse
 * proxy says the client asked for (X-Forwarded-Host), and PUBLIC_URL's.
 */
export function ownAuthorities(request: Request, requestUrl: URL, publicUrl: string): Set<string> {
  const hosts = new Set([requestUrl.host.toLowerCase(), new URL(publicUrl).host.toLowerCase()]);
  for (const forwarded of (request.headers.get("x-forwarded-host") ?? "").split(",")) {
    if (forwarded.trim()) hosts.add(forwarded.trim().toLowerCase());
  }
  return hosts;
}

/**
 * The virtual path a URL (absolute, or an absolute path) names on this server: Destination headers
 * and the resource tags of If headers. 400 when malformed, 502 when it names something outside /dav
 * or, given `ownHosts`, another server (RFC 4918 §9.8.5: this server cannot copy or move there; a
 * Destination on another host or port is never carried out here).
 */
export function pathOfReference(reference: string, requestUrl: URL, ownHosts?: Set<string>): string {
  let url: URL;
  try {
    url = new URL(reference, requestUrl);
  } catch {
    throw new DavError(400, { messageKey: "errors.davDestinationInvalid" });
  }
  if (!isDavPath(url.pathname) || (ownHosts && !ownHosts.has(url.host.toLowerCase()))) {
    throw new DavError(502, { messageKey: "errors.davDestinationForeign" });
  }
  const path = virtualPathOf(url.pathname);
  if (path === null) throw new DavError(400, { messageKey: "errors.davDestinationInvalid" });
  return path;
}
