// Outbound HTTP for URL upload, guarded against server-side request forgery (docs/rules.md, Abuse and
// safety): only http(s), and only to hosts whose every resolved address is public, re-checked on each
// redirect hop, unless the allow-private setting is on.
//
// DNS rebinding: the host is resolved once, the addresses are checked, and the request is sent to the
// checked address itself (an IP-literal URL) with the original Host header and, for https, the original
// name as TLS serverName, so SNI and certificate verification still use the name. Bun's fetch has no
// DNS lookup hook, but it honours an explicit Host header and `tls.serverName`, so nothing resolves the
// name a second time between the check and the connection.
import { promises as dns } from "node:dns";
import ipaddr from "ipaddr.js";
import { AppError } from "../../../errors";

export type SafeFetchOptions = {
  /** POST is for the app's own calls out (upload request webhooks), with `body` and `ownHeaders`. */
  method?: "GET" | "HEAD" | "POST";
  body?: string;
  /** Headers the app itself sets (a webhook's type and signature), sent as they are. */
  ownHeaders?: Record<string, string>;
  /** Skip the address checks (config.allowPrivateUrls; tests reach their local servers with it). */
  allowPrivate: boolean;
  /** Aborts the whole exchange, body included (e.g. the client's request going away). */
  signal?: AbortSignal;
  maxRedirects?: number;
  /** Deadline for the answer's headers, over every redirect hop. The body is not limited by it. */
  timeoutMs?: number;
  /** Extra request headers; only the ones in FORWARDABLE_HEADERS are sent. */
  headers?: Record<string, string>;
  /**
   * Resolves a host name (the system resolver when absent). A seam for tests that need names
   * resolving to given addresses; what it answers is checked and connected to like DNS's answer.
   */
  lookup?: HostLookup;
};

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type HostLookup = (host: string) => Promise<ResolvedAddress[]>;

export const DEFAULT_MAX_REDIRECTS = 5;
const MAX_URL_LENGTH = 8192;
/** Addresses tried per hop when a host has several (a dead IPv6 route should not fail the fetch). */
const MAX_ADDRESS_ATTEMPTS = 3;
const FORWARDABLE_HEADERS = new Set(["range", "if-range", "accept"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Names that reach loopback or a cloud metadata service whatever DNS says (RFC 6761, cloud docs). */
const BLOCKED_HOSTNAMES = new Set([
  "localhost",
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "metadata.azure.internal",
  "instance-data",
  "instance-data.ec2.internal",
]);

// ---------------------------------------------------------------------------------------------
// Address classification

/** IPv4 ranges that are not globally reachable (IANA special-purpose registry, multicast, reserved). */
const NON_PUBLIC_IPV4 = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // private
  "100.64.0.0/10", // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local, incl. 169.254.169.254 metadata
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // TEST-NET-1
  "192.88.99.0/24", // deprecated 6to4 relay anycast
  "192.168.0.0/16", // private
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // TEST-NET-2
  "203.0.113.0/24", // TEST-NET-3
  "168.63.129.16/32", // Azure's WireServer: platform metadata and DNS, reachable from every VM
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, incl. 255.255.255.255 broadcast
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

const cidr6 = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);
/** Outside 2000::/3 nothing is public unicast: ::, ::1, 100::/64, 5f00::/16, fc00::/7 (incl.
 * fd00:ec2::254 metadata), fe80::/10, fec0::/10, ff00::/8, 64:ff9b:1::/48, IPv4-compatible. */
const GLOBAL_UNICAST = cidr6("2000::/3");
/** Inside 2000::/3 but not globally reachable. */
const NON_PUBLIC_IPV6_IN_GLOBAL = [
  cidr6("2001::/23"), // IETF protocol assignments: Teredo, benchmarking, ORCHID
  cidr6("2001:db8::/32"), // documentation
  cidr6("3fff::/20"), // documentation (RFC 9637)
];
/** IPv6 addresses that reach an IPv4 address, and the byte offset of that address in them. */
const CARRIES_IPV4: readonly [range: ReturnType<typeof cidr6>, offset: number][] = [
  [cidr6("::ffff:0:0/96"), 12], // IPv4-mapped
  [cidr6("64:ff9b::/96"), 12], // NAT64, well-known prefix
  [cidr6("2002::/16"), 2], // 6to4
];

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  return !NON_PUBLIC_IPV4.some((range) => address.match(range));
}

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  // Addresses that carry an IPv4 address reach that address: judge it instead.
  for (const [range, offset] of CARRIES_IPV4) {
    if (!address.match(range)) continue;
    const bytes = address.toByteArray().slice(offset, offset + 4);
    return isPublicIPv4(ipaddr.fromByteArray(bytes) as ipaddr.IPv4);
  }
  if (!address.match(GLOBAL_UNICAST)) return false;
  return !NON_PUBLIC_IPV6_IN_GLOBAL.some((range) => address.match(range));
}

/** Strict dotted-quad decimal (what `new URL()` and DNS produce); other numeric forms are not IPv4 here. */
function isIPv4Literal(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text);
}

/**
 * An IPv6 address with or without brackets and a zone suffix, or null. The WHATWG URL parser writes
 * it in hex first: ipaddr.js would read an IPv4 tail after `::` (`::8.8.8.8`, IPv4-compatible) as
 * IPv4-mapped (`::ffff:8.8.8.8`), which is another address.
 */
function parseIPv6(text: string): ipaddr.IPv6 | null {
  const bracketed = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const body = bracketed.split("%")[0] ?? "";
  const canonical = URL.parse(`http://[${body}]/`)?.hostname.slice(1, -1);
  return canonical && ipaddr.IPv6.isValid(canonical) ? ipaddr.IPv6.parse(canonical) : null;
}

/** Whether an IP address (v4 dotted, or v6 with or without brackets) is globally reachable. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4Literal(address)) return isPublicIPv4(ipaddr.IPv4.parse(address));
  const v6 = parseIPv6(address);
  if (v6 !== null) return isPublicIPv6(v6);
  return false; // not an address: never treat as public
}

// ---------------------------------------------------------------------------------------------
// URL checks

type Target = {
  url: URL;
  /** Host name without brackets or trailing dot. */
  host: string;
  /** Set when the host is an IP literal. */
  literal: { address: string; family: 4 | 6 } | null;
};

/** Parses and checks the form of a URL (scheme, credentials, host); throws AppError. */
export function parseTargetUrl(raw: string): Target {
  if (raw.length > MAX_URL_LENGTH) throw new AppError("BAD_REQUEST", "errors.urlInvalid");
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError("BAD_REQUEST", "errors.urlInvalid");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new AppError("BAD_REQUEST", "errors.urlInvalid");
  if (url.username || url.password) throw new AppError("BAD_REQUEST", "errors.urlCredentialsNotAllowed");
  url.hash = "";
  const hostname = url.hostname;
  if (!hostname) throw new AppError("BAD_REQUEST", "errors.urlInvalid");
  if (hostname.startsWith("[")) {
    const address = hostname.slice(1, -1);
    if (parseIPv6(address) === null) throw new AppError("BAD_REQUEST", "errors.urlInvalid");
    return { url, host: address, literal: { address, family: 6 } };
  }
  const host = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  if (isIPv4Literal(host)) return { url, host, literal: { address: host, family: 4 } };
  // The WHATWG parser turns every numeric form (2130706433, 0177.0.0.1, 0x7f.1, 127.1) into dotted
  // decimal or fails; a numeric-looking host that got here would be a parser gap, so refuse it.
  const lastLabel = host.split(".").pop() ?? "";
  if (/^(0x[0-9a-f]*|\d+)$/i.test(lastLabel)) throw new AppError("BAD_REQUEST", "errors.urlInvalid");
  return { url, host, literal: null };
}

function isBlockedHostname(host: string): boolean {
  const name = host.toLowerCase();
  return BLOCKED_HOSTNAMES.has(name) || name.endsWith(".localhost");
}

async function systemLookup(host: string): Promise<ResolvedAddress[]> {
  const found = await dns.lookup(host, { all: true });
  return found
    .filter((entry) => entry.family === 4 || entry.family === 6)
    .map((entry) => ({ address: entry.address, family: entry.family as 4 | 6 }));
}

/** The addresses to connect to, IPv4 first; refuses when any is not public (unless allowed). */
async function resolveTarget(
  target: Target,
  allowPrivate: boolean,
  signal: AbortSignal,
  lookup: HostLookup = systemLookup,
): Promise<ResolvedAddress[]> {
  if (!allowPrivate && isBlockedHostname(target.host)) throw new AppError("BAD_REQUEST", "errors.urlNotAllowed");
  let addresses: ResolvedAddress[];
  if (target.literal) {
    addresses = [target.literal];
  } else {
    try {
      addresses = await abortable(lookup(target.host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const code = (error as { code?: string }).code;
      if (code === "ENOTFOUND" || code === "ENODATA") {
        throw new AppError("BAD_REQUEST", "errors.urlHostNotFound", { host: target.host });
      }
      throw new AppError("BAD_GATEWAY", "errors.urlUnreachable", { host: target.host });
    }
    if (addresses.length === 0) throw new AppError("BAD_REQUEST", "errors.urlHostNotFound", { host: target.host });
  }
  if (!allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new AppError("BAD_REQUEST", "errors.urlNotAllowed");
  }
  return addresses.sort((a, b) => a.family - b.family);
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

// ---------------------------------------------------------------------------------------------
// Fetching

class DeadlineExceeded extends Error {
  override name = "DeadlineExceeded";
}

/** One request to one checked address, connecting to the address itself (see the header). */
function fetchPinned(
  target: Target,
  address: ResolvedAddress,
  method: "GET" | "HEAD" | "POST",
  headers: Headers,
  signal: AbortSignal,
  body?: string,
): Promise<Response> {
  const pinned = new URL(target.url.href);
  pinned.hostname = address.family === 6 ? `[${address.address}]` : address.address;
  const requestHeaders = new Headers(headers);
  requestHeaders.set("host", target.url.host);
  const isTlsByName = target.url.protocol === "https:" && target.literal === null;
  return fetch(pinned, {
    method,
    headers: requestHeaders,
    body,
    redirect: "manual",
    signal,
    // Bytes are passed on as the origin sent them; Accept-Encoding: identity asks for them plain.
    decompress: false,
    tls: isTlsByName ? { serverName: target.host } : undefined,
  });
}

/** Tries the checked addresses in turn until one answers (network errors only; any HTTP answer wins). */
async function fetchFirstReachable(
  target: Target,
  addresses: ResolvedAddress[],
  method: "GET" | "HEAD" | "POST",
  headers: Headers,
  signal: AbortSignal,
  body?: string,
): Promise<Response> {
  for (const address of addresses.slice(0, MAX_ADDRESS_ATTEMPTS)) {
    try {
      return await fetchPinned(target, address, method, headers, signal, body);
    } catch (error) {
      if (signal.aborted) throw error;
    }
  }
  throw new AppError("BAD_GATEWAY", "errors.urlUnreachable", { host: target.url.host });
}

function buildRequestHeaders(extra: Record<string, string> | undefined): Headers {
  const headers = new Headers({ accept: "*/*", "accept-encoding": "identity", "user-agent": "Pastebox URL upload" });
  for (const [name, value] of Object.entries(extra ?? {})) {
    if (FORWARDABLE_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  }
  return headers;
}

/**
 * Fetches an http(s) URL for URL upload, following redirects by hand and checking every hop's
 * addresses. The answer's `url` is the final URL (by name, not the address connected to). Throws
 * AppError: urlInvalid, urlCredentialsNotAllowed, urlNotAllowed, urlHostNotFound (400),
 * urlTooManyRedirects (400), urlUnreachable and urlFetchTimeout (502), urlFetchCancelled (400).
 * The status is not judged: a 404 comes back as a Response.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<Response> {
  const method = options.method ?? "GET";
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const headers = buildRequestHeaders(options.headers);
  for (const [name, value] of Object.entries(options.ownHeaders ?? {})) headers.set(name, value);
  const deadline = new AbortController();
  const timer =
    options.timeoutMs !== undefined
      ? setTimeout(() => deadline.abort(new DeadlineExceeded()), options.timeoutMs)
      : undefined;
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  try {
    let target = parseTargetUrl(url);
    for (let hop = 0; ; hop++) {
      const addresses = await resolveTarget(target, options.allowPrivate, signal, options.lookup);
      const response = await fetchFirstReachable(target, addresses, method, headers, signal, options.body);
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
      if (location === null) {
        Object.defineProperty(response, "url", { value: target.url.href });
        Object.defineProperty(response, "redirected", { value: hop > 0 });
        return response;
      }
      await response.body?.cancel().catch(() => {});
      if (hop >= maxRedirects) {
        throw new AppError("BAD_REQUEST", "errors.urlTooManyRedirects", { max: maxRedirects });
      }
      let next: string;
      try {
        // Relative to the URL by name, never to the IP literal the request went to.
        next = new URL(location, target.url).href;
      } catch {
        throw new AppError("BAD_REQUEST", "errors.urlInvalid");
      }
      target = parseTargetUrl(next);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (deadline.signal.aborted) {
      throw new AppError("BAD_GATEWAY", "errors.urlFetchTimeout", {
        seconds: Math.ceil((options.timeoutMs ?? 0) / 1000),
      });
    }
    if (options.signal?.aborted) throw new AppError("BAD_REQUEST", "errors.urlFetchCancelled");
    throw new AppError("BAD_GATEWAY", "errors.urlUnreachable", { host: safeHost(url) });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The checks safeFetch makes before connecting, without connecting: for a URL that is only recorded
 * (where the bytes of a URL upload came from), so that the URL upload calls refuse the same URLs.
 */
export async function assertUrlAllowed(
  url: string,
  options: Pick<SafeFetchOptions, "allowPrivate" | "signal" | "timeoutMs" | "lookup">,
): Promise<void> {
  const target = parseTargetUrl(url);
  if (options.allowPrivate) return;
  const signal = AbortSignal.any([
    ...(options.signal ? [options.signal] : []),
    AbortSignal.timeout(options.timeoutMs ?? 10_000),
  ]);
  try {
    await resolveTarget(target, false, signal, options.lookup);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("BAD_GATEWAY", "errors.urlUnreachable", { host: target.host });
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
