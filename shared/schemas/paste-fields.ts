// The fields a share form checks as it is typed (Home's editor, the upload form's options): the
// server's schemas (pastes.ts, files.ts) are built from these, so the form and the server apply
// the same rules. Written with zod/mini, zod's tree-shakable form: a form that imports them does
// not download all of zod with them (docs/architecture.md, What each page loads). The checks are
// the ones the chained API adds, in the same order, so the issues are the same.
import { z } from "zod/mini";
import { MAX_TEXT_BYTES, RESERVED_SLUGS, SLUG_MAX_LENGTH } from "../constants";
import { normalizePath } from "../paths";

export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;

export function isReservedSlug(slug: string): boolean {
  return (RESERVED_SLUGS as readonly string[]).includes(slug.toLowerCase());
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** A custom slug (docs/product.md §5): letters, digits, hyphen, underscore; at most 50; not reserved. */
export const customSlug = z.string().check(
  z.trim(),
  z.minLength(1, "errors.slugInvalid"),
  z.maxLength(SLUG_MAX_LENGTH, "errors.slugTooLong"),
  z.regex(SLUG_PATTERN, "errors.slugInvalid"),
  z.refine((slug) => !isReservedSlug(slug), "errors.slugReserved"),
);

export const pasteContent = z.string().check(
  z.refine((content) => content.trim().length > 0, "errors.contentEmpty"),
  z.refine(
    (content) => content.length <= MAX_TEXT_BYTES && byteLength(content) <= MAX_TEXT_BYTES,
    "errors.contentTooLarge",
  ),
);

export const maxViews = z.coerce
  .number()
  .check(z.int("errors.maxViewsInvalid"), z.gte(0, "errors.maxViewsInvalid"), z.lte(1_000_000_000));

/**
 * A folder beneath the storage's share folder ("/" or "" is the share folder itself; one leading
 * slash is allowed and means that folder, never the storage's root). Anything that could name a place
 * elsewhere is refused rather than repaired (docs/decisions/0007-share-folder-and-mount-folders.md):
 * "." and ".." segments, backslashes, a second leading slash (UNC), a drive letter, control characters.
 * Answers "/a/b" form.
 */
export const shareSubfolder = z.pipe(
  z.string().check(z.maxLength(1024)),
  z.transform((value: string, context) => {
    const segments = value.replace(/^\//, "").split("/");
    const escapes =
      value.includes("\\") ||
      value.startsWith("//") ||
      /^\/?[A-Za-z]:/.test(value) ||
      segments.some((segment) => segment === "." || segment === "..");
    const normalised = escapes ? null : normalizePath(value);
    if (normalised === null) {
      context.issues.push({ code: "custom", message: "errors.shareFolderEscape", input: value });
      return z.NEVER;
    }
    return normalised;
  }),
);
