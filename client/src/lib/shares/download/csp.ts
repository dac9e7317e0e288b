// Whether the page's Content-Security-Policy lets it reach a URL, asked BEFORE trying: a request the
// policy blocks fails like a network error but also prints a violation in the console. The upload
// screen asks before a direct PUT to a storage or a direct download of a URL; the file page before
// framing a preview from another origin. The policy is read once from a same-origin answer.
export type Policy = ReadonlyMap<string, readonly string[]>;

export type CspDirective = "connect-src" | "frame-src" | "img-src" | "media-src";

export function parsePolicy(header: string | null | undefined): Policy | null {
  if (!header) return null;
  const policy = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const directive = name.toLowerCase();
    // The first occurrence of a directive wins (CSP3 §2.2).
    if (!policy.has(directive)) policy.set(directive, sources);
  }
  return policy;
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443", "ws:": "80", "wss:": "443" };

function portOf(url: URL): string {
  return url.port || DEFAULT_PORTS[url.protocol] || "";
}

function schemeMatches(sourceScheme: string, url: URL): boolean {
  // An http: source also admits https: (and ws: wss:), as browsers do.
  if (sourceScheme === url.protocol) return true;
  return (sourceScheme === "http:" && url.protocol === "https:") || (sourceScheme === "ws:" && url.protocol === "wss:");
}

function hostSourceMatches(source: string, url: URL, page: URL): boolean {
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[^/:]+)(?::(\d+|\*))?(\/.*)?$/i.exec(source);
  if (!match) return false;
  const [, scheme, host = "", port, path] = match;
  if (scheme) {
    if (!schemeMatches(`${scheme.toLowerCase()}:`, url)) return false;
  } else if (!schemeMatches(page.protocol, url)) {
    return false;
  }
  const hostname = url.hostname.toLowerCase();
  const wanted = host.toLowerCase();
  if (wanted === "*") {
    // "*" alone matches any host of a network scheme.
  } else if (wanted.startsWith("*.")) {
    if (!hostname.endsWith(wanted.slice(1))) return false;
  } else if (hostname !== wanted) {
    return false;
  }
  if (port !== "*") {
    const expected = port ?? DEFAULT_PORTS[scheme ? `${scheme.toLowerCase()}:` : url.protocol] ?? "";
    const actual = portOf(url);
    // A source without a port on http also admits https on its default port.
    const upgraded = !port && url.protocol === "https:" && actual === "443";
    if (expected !== actual && !upgraded) return false;
  }
  if (path && path !== "/") {
    const pathname = decodeURIComponent(url.pathname);
    if (path.endsWith("/") ? !pathname.startsWith(path) : pathname !== path) return false;
  }
  return true;
}

function sourceMatches(source: string, url: URL, page: URL): boolean {
  const lower = source.toLowerCase();
  if (lower === "'none'") return false;
  if (lower === "'self'") return url.origin === page.origin;
  if (lower === "*") return ["http:", "https:", "ws:", "wss:"].includes(url.protocol);
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return schemeMatches(lower, url);
  if (lower.startsWith("'")) return false;
  return hostSourceMatches(source, url, page);
}

/** True when `policy` lets a page at `pageUrl` reach `target` under `directive` (or default-src). */
export function policyAllows(policy: Policy | null, directive: CspDirective, target: string, pageUrl: string): boolean {
  if (!policy) return true;
  const sources = policy.get(directive) ?? policy.get("default-src");
  if (!sources) return true;
  let url: URL;
  let page: URL;
  try {
    page = new URL(pageUrl);
    url = new URL(target, page);
  } catch {
    return false;
  }
  return sources.some((source) => sourceMatches(source, url, page));
}

let pagePolicy: Promise<Policy | null> | null = null;

function fetchPolicy(fetchImpl: typeof fetch): Promise<Policy | null> {
  return fetchImpl("/api/health", { cache: "no-store" }).then((response) => {
    void response.body?.cancel();
    return parsePolicy(response.headers.get("content-security-policy"));
  });
}

/**
 * The policy the app's server sends (the same one on every answer it does not serve as user
 * content). Unknown (no answer) counts as no policy: the attempt is made and its failure handled.
 */
export function loadPagePolicy(fetchImpl: typeof fetch = fetch): Promise<Policy | null> {
  pagePolicy ??= fetchPolicy(fetchImpl).catch(() => {
    pagePolicy = null;
    return null;
  });
  return pagePolicy;
}

export async function pageMayReach(directive: CspDirective, target: string): Promise<boolean> {
  const policy = await loadPagePolicy();
  return policyAllows(policy, directive, target, window.location.href);
}

/**
 * Whether a page loaded NOW would be allowed to reach `target`: the server's policy follows the
 * storage configs, so a storage saved after this page loaded is reachable after a reload.
 */
export async function freshPageMayReach(directive: CspDirective, target: string): Promise<boolean> {
  const policy = await fetchPolicy(fetch).catch(() => null);
  return policyAllows(policy, directive, target, window.location.href);
}

/** For tests: forget the policy read earlier. */
export function resetPagePolicy(): void {
  pagePolicy = null;
}

/** Where the browser would PUT to for an S3 storage (path style, or the bucket as a subdomain). */
export function storageUploadOrigin(config: {
  endpoint_url: string | null;
  bucket_name: string | null;
  region: string | null;
  path_style: boolean;
}): string | null {
  try {
    if (!config.endpoint_url) {
      if (!config.bucket_name) return null;
      const region = config.region || "us-east-1";
      return `https://${config.bucket_name}.s3.${region}.amazonaws.com`;
    }
    const endpoint = new URL(config.endpoint_url);
    if (config.path_style || !config.bucket_name) return endpoint.origin;
    return `${endpoint.protocol}//${config.bucket_name}.${endpoint.host}`;
  } catch {
    return null;
  }
}
