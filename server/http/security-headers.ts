// Security headers for every answer by its kind, and the app's Content-Security-Policy. Inline scripts of the
// built index.html (the theme script that avoids a flash) are allowed by their hash, nothing else.
import { createHash } from "node:crypto";
import { OFFICE_VIEWER_ORIGIN } from "@shared/constants";

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
    );
  }
  return hashes;
}

export type CspOptions = {
  scriptHashes: string[];
  /** Storage origins the browser uploads to and previews from (presigned URLs, custom hosts). */
  storageOrigins?: string[];
};

export function buildContentSecurityPolicy(options: CspOptions): string {
  const storage = (options.storageOrigins ?? []).join(" ");
  return [
    "default-src 'self'",
    // 'report-sample' puts the first characters of a blocked inline script in the violation report,
    // so a report names the payload it stopped (Chromium 156 reports handlers in parsed-but-inert
    // documents, such as DOMPurify's, too: without a sample those reports say nothing).
    `script-src 'self' ${options.scriptHashes.join(" ")} 'report-sample'`.replace(/ +/g, " "),
    // Editor and UI libraries set style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    // Markdown may show images by URL; previews use blob: and presigned links.
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob: https: http:",
    "font-src 'self' data:",
    // blob: is the page's own decrypted copy of an encrypted file (docs/encrypted-shares.md), previewed
    // as text or in the PDF frame; only the page's script can make one.
    `connect-src 'self' blob: ${storage}`.trim(),
    "worker-src 'self'",
    "manifest-src 'self'",
    // PDFs and HTML previews of bucket objects, decrypted PDFs, and Microsoft's viewer for Office documents.
    `frame-src 'self' blob: ${storage} ${OFFICE_VIEWER_ORIGIN}`.replace(/ +/g, " "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * What an answer is, for the headers it needs: a `document` (a page, or the service worker, which runs
 * under its own script's policy), an `asset` (a script, style, font or image a page loads: it is never
 * shown on its own, so the page-only headers are ~900 bytes for nothing on each of dozens of files), or
 * an answer of the server's own routes (`private`: /api, /trpc, /dav, /metrics).
 */
export type AnswerKind = "document" | "asset" | "private";

/**
 * Answers of the server's routes are about someone (a login token, a new key, an unlocked paste, a
 * listing behind a key): no cache may keep one unless its route states a policy of its own (downloads,
 * the health check).
 */
const PRIVATE_CACHE_CONTROL = "no-store";

export function applySecurityHeaders(
  response: Response,
  options: { csp: string; https: boolean; kind: AnswerKind },
): Response {
  const headers = response.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  if (options.https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (options.kind === "private" && !headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  if (options.kind === "asset") return response;
  // A server answer may be opened as a page too (an error, a file shown inline): it keeps them.
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", options.csp);
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  return response;
}

/** The policy for the current storage configs, rebuilt only when their origins change. */
export function createCspSource(scriptHashes: string[], storageOrigins: () => Promise<string[]>) {
  let last: { key: string; csp: string } | null = null;
  return async function currentCsp(): Promise<string> {
    const origins = await storageOrigins().catch(() => []);
    const key = origins.join(" ");
    if (last?.key !== key) last = { key, csp: buildContentSecurityPolicy({ scriptHashes, storageOrigins: origins }) };
    return last.csp;
  };
}
