// Streams a stored object to the client: single byte ranges (206/416), conditional headers, and the
// safety rules for user content (DECISIONS.md): Content-Disposition always set, nosniff, and inline
// content other than PDF sandboxed by CSP, so an uploaded HTML or SVG file can never run script on
// the app's origin.
import { AppError } from "../errors";
import { type ByteRange, contentDisposition, type StorageDriver } from "../storage/driver";

/** Parses `Range: bytes=a-b | a- | -n`; null when absent, unsupported (several ranges) or malformed. */
export function parseRangeHeader(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText = "", endText = ""] = match;
  if (startText === "" && endText === "") return null;
  if (startText === "") {
    const suffix = Number(endText);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === "" ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

const PASSIVE_INLINE = /^(image\/(png|jpeg|gif|webp|avif|bmp)|video\/|audio\/|application\/pdf)/;
const SANDBOX_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

export type ObjectResponseOptions = {
  disposition: "attachment" | "inline";
  filename: string;
  /** Overrides the stored content type. */
  contentType?: string;
  cacheSeconds?: number;
};

export async function objectResponse(
  driver: StorageDriver,
  key: string,
  request: Request,
  options: ObjectResponseOptions,
): Promise<Response> {
  const head = await driver.head(key);
  if (!head) throw new AppError("NOT_FOUND", "errors.fileNotFound");
  const contentType = options.contentType || head.contentType || "application/octet-stream";
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Content-Disposition": contentDisposition(options.disposition, options.filename),
    "Accept-Ranges": "bytes",
    "Last-Modified": head.lastModified.toUTCString(),
    "Cache-Control": `private, max-age=${options.cacheSeconds ?? 0}`,
    "X-Content-Type-Options": "nosniff",
    // Previews are framed by the app's own file page.
    "X-Frame-Options": "SAMEORIGIN",
    "Content-Security-Policy":
      options.disposition === "inline" && /^application\/pdf/.test(contentType)
        ? "default-src 'none'; frame-ancestors 'self'"
        : SANDBOX_CSP,
  };
  if (head.etag) headers.ETag = `"${head.etag}"`;
  if (options.disposition === "inline" && !PASSIVE_INLINE.test(contentType) && !contentType.startsWith("text/plain")) {
    // Active types (HTML, SVG, XML, scripts) are shown as their source text, besides the sandbox.
    headers["Content-Type"] = "text/plain; charset=utf-8";
  }
  if (head.etag && request.headers.get("if-none-match") === headers.ETag) {
    return new Response(null, { status: 304, headers });
  }
  const range = parseRangeHeader(request.headers.get("range"), head.size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${head.size}` } });
  }
  if (request.method === "HEAD") {
    return new Response(null, { headers: { ...headers, "Content-Length": String(head.size) } });
  }
  const object = await driver.get(key, range ? { range } : undefined);
  if (object.range) {
    return new Response(object.body, {
      status: 206,
      headers: {
        ...headers,
        "Content-Range": `bytes ${object.range.start}-${object.range.end}/${head.size}`,
        "Content-Length": String(object.range.end - object.range.start + 1),
      },
    });
  }
  return new Response(object.body, { headers: { ...headers, "Content-Length": String(head.size) } });
}
