// Content types: inferred from file names (for listings that report none, S3 lists no types, and for
// local files), taken from what a client states (normalised, shared/media-type.ts), and made safe for
// delivery whatever a storage or an old record holds. Names go through the shared table first
// (shared/media-type.ts, so the explorer and the share page agree), then Bun's, once per extension:
// listings name thousands of files.
import { extname } from "node:path";
import { mediaTypeForName, normalizeMediaType } from "@shared/media-type";
import { AppError } from "../errors";

const FALLBACK = "application/octet-stream";
const byExtension = new Map<string, string>();

export function contentTypeFor(name: string): string {
  const extension = extname(name).toLowerCase();
  if (extension === "") return FALLBACK;
  let type = byExtension.get(extension);
  if (type === undefined) {
    type = mediaTypeForName(extension) ?? (Bun.file(`file${extension}`).type.split(";")[0] || FALLBACK);
    if (byExtension.size < 1000) byExtension.set(extension, type);
  }
  return type;
}

/**
 * The type to store for a file a client sends: the one it states, normalised, unless it states none
 * or the generic one; then the name's. A malformed one is the client's mistake (400).
 */
export function statedContentType(name: string, given?: string | null): string {
  if (!given || given.trim() === "") return contentTypeFor(name);
  const normalised = normalizeMediaType(given);
  if (normalised === null) throw new AppError("BAD_REQUEST", "errors.invalidContentType");
  return normalised === FALLBACK ? contentTypeFor(name) : normalised;
}

/**
 * The type to send for a stored object: records and objects written before types were checked (or
 * by other tools, straight into a bucket) may hold anything, and an unreadable one becomes the
 * generic type rather than a broken header or a type the browser reads differently.
 */
export function deliverableContentType(stored: string | null | undefined): string {
  return (stored && normalizeMediaType(stored)) || FALLBACK;
}
