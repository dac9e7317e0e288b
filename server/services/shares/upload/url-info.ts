// What a URL would give if uploaded from (docs/product.md §7, URL upload: POST url/info): its final URL after
// redirects, a file name, size, type and whether it serves byte ranges. Asked with HEAD; origins that
// refuse HEAD get a one-byte ranged GET whose body is dropped as soon as the headers arrive.
import { AppError } from "../../../errors";
import { type SafeFetchOptions, safeFetch } from "./safe-fetch";

export type UrlInfo = {
  /** The final URL, after redirects. */
  url: string;
  filename: string;
  /** Bytes, or null when the origin does not say. */
  size: number | null;
  contentType: string;
  supports_range: boolean;
};

export type UrlInfoOptions = Omit<SafeFetchOptions, "method" | "headers">;

export const DEFAULT_FILENAME = "download";
export const DEFAULT_CONTENT_TYPE = "application/octet-stream";
const MAX_FILENAME_LENGTH = 255;
/** HEAD answers that mean "ask with GET instead" (405 and 501 say so; S3 GET-signed links answer 403). */
const HEAD_REFUSED = new Set([403, 405, 501]);

export async function getUrlInfo(url: string, options: UrlInfoOptions): Promise<UrlInfo> {
  const head = await safeFetch(url, { ...options, method: "HEAD" });
  if (!HEAD_REFUSED.has(head.status)) {
    await head.body?.cancel().catch(() => {});
    if (!head.ok) throw new AppError("BAD_GATEWAY", "errors.urlFetchFailed", { status: head.status });
    return {
      url: head.url,
      filename: filenameFromResponse(head),
      size: contentLengthOf(head.headers),
      contentType: contentTypeOf(head.headers),
      supports_range: /\bbytes\b/i.test(head.headers.get("accept-ranges") ?? ""),
    };
  }
  return getUrlInfoByGet(head.url, options);
}

async function getUrlInfoByGet(url: string, options: UrlInfoOptions): Promise<UrlInfo> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  // A one-byte range tells both the total size (Content-Range) and whether ranges work.
  const response = await safeFetch(url, { ...options, method: "GET", signal, headers: { range: "bytes=0-0" } });
  try {
    const headers = response.headers;
    const base = { url: response.url, filename: filenameFromResponse(response), contentType: contentTypeOf(headers) };
    if (response.status === 206) {
      return { ...base, size: totalFromContentRange(headers.get("content-range")), supports_range: true };
    }
    // An empty file cannot satisfy bytes=0-0; Content-Range then reads "bytes */0".
    if (response.status === 416) {
      const size = totalFromContentRange(headers.get("content-range"));
      if (size !== null) return { ...base, size, supports_range: true };
    }
    if (!response.ok) throw new AppError("BAD_GATEWAY", "errors.urlFetchFailed", { status: response.status });
    return {
      ...base,
      size: contentLengthOf(headers),
      supports_range: /\bbytes\b/i.test(headers.get("accept-ranges") ?? ""),
    };
  } finally {
    await response.body?.cancel().catch(() => {});
    stop.abort();
  }
}

/** Content-Length as a number; null when absent, malformed, or counting encoded (compressed) bytes. */
export function contentLengthOf(headers: Headers): number | null {
  const encoding = headers.get("content-encoding");
  if (encoding && encoding.trim().toLowerCase() !== "identity") return null;
  const value = headers.get("content-length");
  if (value === null || !/^\d{1,16}$/.test(value.trim())) return null;
  const size = Number(value.trim());
  return Number.isSafeInteger(size) ? size : null;
}

/** The total of `bytes a-b/total` or `bytes * /total`; null when unknown (`/*`) or malformed. */
export function totalFromContentRange(value: string | null): number | null {
  const match = /^\s*bytes\s+(?:\d+-\d+|\*)\/(\d{1,16})\s*$/i.exec(value ?? "");
  if (!match?.[1]) return null;
  const total = Number(match[1]);
  return Number.isSafeInteger(total) ? total : null;
}

/** The origin's media type (parameters kept), or application/octet-stream when missing or malformed. */
export function contentTypeOf(headers: Headers): string {
  const value = headers.get("content-type")?.trim() ?? "";
  if (value.length > 255 || !/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/.test(value)) return DEFAULT_CONTENT_TYPE;
  return value;
}

/** Content-Disposition's file name, else the URL path's last segment, else "download". */
export function filenameFromResponse(response: Response): string {
  return (
    filenameFromContentDisposition(response.headers.get("content-disposition")) ??
    filenameFromUrl(response.url) ??
    DEFAULT_FILENAME
  );
}

export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  // RFC 6266 / 8187: filename* (charset'language'percent-encoded) wins over filename.
  const extended = /(?:^|;)\s*filename\*\s*=\s*"?([^";]+)"?/i.exec(header)?.[1];
  if (extended) {
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(extended.trim());
    if (match?.[1] && match[2] !== undefined) {
      const decoded = decodeExtendedValue(match[1], match[2]);
      const name = decoded === null ? null : sanitizeFilename(decoded);
      if (name) return name;
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
  const value = plain?.[1] !== undefined ? plain[1].replace(/\\(.)/g, "$1") : plain?.[2]?.trim();
  return value ? sanitizeFilename(utf8FromLatin1(value)) : null;
}

function decodeExtendedValue(charset: string, encoded: string): string | null {
  try {
    if (charset.toLowerCase() === "utf-8") return decodeURIComponent(encoded);
    if (charset.toLowerCase() === "iso-8859-1") {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
  } catch {
    return null;
  }
  return null;
}

/** Header values arrive as Latin-1; many servers put raw UTF-8 bytes in filename="...". */
function utf8FromLatin1(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value) || Array.from(value).some((char) => char.charCodeAt(0) > 0xff)) return value;
  try {
    const bytes = Uint8Array.from(value, (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return value;
  }
}

export function filenameFromUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  const segment = pathname.split("/").filter(Boolean).pop();
  if (!segment) return null;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  return sanitizeFilename(decoded);
}

/** A bare file name: no directories, control characters or edge spaces; null when nothing is left. */
export function sanitizeFilename(name: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const base = (name.split(/[/\\]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!base || base === "." || base === "..") return null;
  const chars = Array.from(base);
  if (chars.length <= MAX_FILENAME_LENGTH) return base;
  // Shorten the stem, not the extension, so the type still shows.
  const extension = /\.[^.\s]{1,16}$/.exec(base)?.[0] ?? "";
  return Array.from(base.slice(0, base.length - extension.length))
    .slice(0, MAX_FILENAME_LENGTH - Array.from(extension).length)
    .join("")
    .concat(extension);
}
