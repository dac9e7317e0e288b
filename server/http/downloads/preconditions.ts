// RFC 9110's conditional requests and ranges for every download the app serves (share links, the
// file routes, the explorer's download, WebDAV GET/HEAD): one evaluation, in the order of §13.2.2.
// `fresh` (jshttp) answers If-None-Match / If-Modified-Since and `range-parser` reads Range; what they
// do not cover (If-Match, If-Unmodified-Since, If-Range) follows the same RFC sections below.
import fresh from "fresh";
import parseRange from "range-parser";
import type { ByteRange } from "../../storage/driver";

export type Validators = {
  /** The strong entity tag, quoted (`"abc"`), or null when the storage gives none. */
  etag: string | null;
  /** The Last-Modified header value (an HTTP-date). */
  lastModified: string;
};

export type PreconditionOutcome = "proceed" | 304 | 412;

/** Entity tags of an If-Match / If-None-Match / If-Range field (RFC 9110 §8.8.3). */
function entityTags(field: string): string[] {
  return field
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Strong comparison (RFC 9110 §8.8.3.2): neither tag weak, and the same opaque tag. */
const strongMatch = (tag: string, etag: string | null) => etag !== null && !tag.startsWith("W/") && tag === etag;

function httpDate(field: string | null): number | null {
  if (field === null) return null;
  const time = Date.parse(field);
  return Number.isNaN(time) ? null : time;
}

/** Steps 1 to 4 of RFC 9110 §13.2.2 for a GET or HEAD of an existing representation. */
export function evaluatePreconditions(request: Request, validators: Validators): PreconditionOutcome {
  const headers = request.headers;
  const ifMatch = headers.get("if-match");
  if (ifMatch !== null) {
    const tags = entityTags(ifMatch);
    if (!tags.includes("*") && !tags.some((tag) => strongMatch(tag, validators.etag))) return 412;
  } else {
    const since = httpDate(headers.get("if-unmodified-since"));
    // Last-Modified has one-second resolution, like the date it is compared with.
    if (since !== null && Date.parse(validators.lastModified) > since) return 412;
  }
  const isFresh = fresh(
    {
      "if-none-match": headers.get("if-none-match") ?? undefined,
      "if-modified-since": headers.get("if-modified-since") ?? undefined,
      "cache-control": headers.get("cache-control") ?? undefined,
    },
    { etag: validators.etag ?? undefined, "last-modified": validators.lastModified },
  );
  return isFresh ? 304 : "proceed";
}

/**
 * The range to serve: null for the whole representation (no Range, a Range the app does not serve,
 * or an If-Range whose validator is stale: RFC 9110 §13.1.5), "unsatisfiable" for 416.
 */
export function selectRange(
  request: Request,
  size: number,
  validators: Validators,
): ByteRange | "unsatisfiable" | null {
  const header = request.headers.get("range");
  if (request.method !== "GET" || header === null) return null;
  const ifRange = request.headers.get("if-range");
  if (ifRange !== null && !ifRangeHolds(ifRange.trim(), validators)) return null;
  const ranges = parseRange(size, wholeForLongSuffixes(header, size), { combine: true });
  if (ranges === -1) return "unsatisfiable";
  // Malformed, another unit, or several ranges (no multipart/byteranges): the whole body.
  if (ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1) return null;
  const [range] = ranges;
  return range ? { start: range.start, end: range.end } : null;
}

/**
 * `bytes=-N` with N past the size selects the whole representation (RFC 9110 §14.1.2: "the entire
 * representation is used"); range-parser would call it unsatisfiable and answer 416.
 */
function wholeForLongSuffixes(header: string, size: number): string {
  return header.replace(/(^\s*bytes\s*=\s*|,\s*)-(\d+)/gi, (match, before: string, length: string) =>
    Number(length) > size ? `${before}-${size}` : match,
  );
}

/** An entity tag must match strongly; a date must equal Last-Modified exactly (RFC 9110 §13.1.5). */
function ifRangeHolds(ifRange: string, validators: Validators): boolean {
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return strongMatch(ifRange, validators.etag);
  const date = httpDate(ifRange);
  return date !== null && date === Date.parse(validators.lastModified);
}
