// The rules of the fields a share form checks as it is typed (Home's editor, the upload form's options),
// written without zod: the forms call these directly, and the server's schemas
// (shared/schemas/shares/paste-fields.ts) are built from them, so both apply the same rules with the same
// messages. A form page then loads no validation library at all (docs/architecture.md, What each page
// loads). Each problem is an i18n key.
import { MAX_TEXT_BYTES, RESERVED_SLUGS, SLUG_MAX_LENGTH } from "./constants";
import { normalizePath } from "./paths";

export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;
export const MAX_VIEWS_LIMIT = 1_000_000_000;
export const SHARE_FOLDER_MAX_LENGTH = 1024;

export function isReservedSlug(slug: string): boolean {
  return (RESERVED_SLUGS as readonly string[]).includes(slug.toLowerCase());
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * What is wrong with a custom slug (docs/product.md §5: letters, digits, hyphen, underscore; at most
 * 50; not reserved), every problem in the order the server reports them; empty when it is fine. The
 * slug is trimmed first.
 */
export function slugProblems(value: string): string[] {
  const slug = value.trim();
  const problems: string[] = [];
  if (slug.length < 1) problems.push("errors.slugInvalid");
  if (slug.length > SLUG_MAX_LENGTH) problems.push("errors.slugTooLong");
  if (slug.length > 0 && !SLUG_PATTERN.test(slug)) problems.push("errors.slugInvalid");
  if (isReservedSlug(slug)) problems.push("errors.slugReserved");
  return problems;
}

/** What is wrong with a paste's text, or null. */
export function pasteContentProblem(content: string): string | null {
  if (content.trim().length === 0) return "errors.contentEmpty";
  if (content.length > MAX_TEXT_BYTES || byteLength(content) > MAX_TEXT_BYTES) return "errors.contentTooLarge";
  return null;
}

/** What is wrong with a whole number of views (0: unlimited), or null. */
export function maxViewsProblem(views: number): string | null {
  if (!Number.isInteger(views) || views < 0) return "errors.maxViewsInvalid";
  if (views > MAX_VIEWS_LIMIT) return "errors.maxViewsTooLarge";
  return null;
}

/**
 * A folder beneath the storage's share folder in "/a/b" form ("/" or "" is the share folder itself; one
 * leading slash is allowed and means that folder, never the storage's root), or null. Anything that
 * could name a place elsewhere is refused rather than repaired
 * (docs/decisions/0007-share-folder-and-mount-folders.md): "." and ".." segments, backslashes, a second
 * leading slash (UNC), a drive letter, control characters, more than 1024 characters.
 */
export function shareSubfolderOf(value: string): string | null {
  if (value.length > SHARE_FOLDER_MAX_LENGTH) return null;
  const segments = value.replace(/^\//, "").split("/");
  const escapes =
    value.includes("\\") ||
    value.startsWith("//") ||
    /^\/?[A-Za-z]:/.test(value) ||
    segments.some((segment) => segment === "." || segment === "..");
  return escapes ? null : normalizePath(value);
}
