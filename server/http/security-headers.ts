// Security headers for every answer, and the app's Content-Security-Policy. Inline scripts of the
// built index.html (the theme script that avoids a flash) are allowed by their hash, nothing else.
import { createHash } from "node:crypto";

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

export function buildContentSecurityPolicy(options: { scriptHashes: string[]; connectSources?: string[] }): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${options.scriptHashes.join(" ")}`.trim(),
    // Editor and UI libraries set style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    // Markdown may show images by URL; previews use blob: and presigned links.
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self' ${(options.connectSources ?? []).join(" ")}`.trim(),
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function applySecurityHeaders(response: Response, options: { csp: string; https: boolean }): Response {
  const headers = response.headers;
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", options.csp);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (options.https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return response;
}
