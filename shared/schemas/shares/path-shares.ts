// Schemas of shares made from the explorer (docs/path-shares.md): a file or folder of a mount behind one
// link, read by visitors under /api/public/shares/{slug}. Share options as the other shares take them.
import { z } from "zod";
import { virtualPath } from "../common";
import { createShareFields, expiresInHours, shareFieldsOutput } from "./share-fields";

export const createPathShareInput = z.object({
  path: virtualPath,
  ...createShareFields,
  expires_in: expiresInHours,
});

export const createPathShareOutput = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  is_directory: z.boolean(),
  name: z.string(),
  expires_at: z.date().nullable(),
});

/** A folder inside the shared one: "" or "/" for its root, "a/b" below it; never above it. */
export const sharedSubPath = z
  .string()
  .max(1024)
  .optional()
  .transform((value, context) => {
    const segments = (value ?? "").split("/").filter((segment) => segment !== "" && segment !== ".");
    if (segments.some((segment) => segment === ".." || segment.includes("\\") || segment.includes("\0"))) {
      context.addIssue({ code: "custom", message: "errors.invalidPath" });
      return z.NEVER;
    }
    return segments.join("/");
  });

/** How a visitor opens a share: the password once, then the visit token the first answer handed out. */
export const shareAccessQuery = z.object({
  password: z.string().max(1024).optional(),
  visit: z.string().max(200).optional(),
});

export const publicShareInput = shareAccessQuery.extend({
  slug: z.string().min(1).max(100),
  path: sharedSubPath,
});

export const sharedItem = z.object({
  name: z.string(),
  /** Where it lies inside the share ("a/b.txt"): the `path` of the file and listing routes. */
  path: z.string(),
  size: z.number(),
  is_directory: z.boolean(),
  mimetype: z.string().nullable(),
  modified: z.date().nullable(),
});

/**
 * What "Download all" at `path` holds, for the page to say before the zip starts (docs/path-shares.md,
 * "Before the zip"): its files and their bytes, counted up to a cap.
 */
export const downloadAllSize = z.object({
  files: z.number(),
  bytes: z.number(),
  /** False when the count stopped at its cap: the folder holds at least this many files and bytes. */
  is_exact: z.boolean(),
});

export const publicShareOutput = z.object({
  slug: z.string(),
  /** What the link holds: a file or folder shared in place, or a set of uploaded files (docs/share-sets.md). */
  kind: z.enum(["file", "folder", "set"]),
  /** The file's or folder's name; "" for a set (its remark is the owner's note, never shown). */
  name: z.string(),
  /** True for a folder and for a set: the page lists entries and offers "Download all". */
  is_directory: z.boolean(),
  has_password: z.boolean(),
  requires_password: z.boolean(),
  expires_at: z.date().nullable(),
  max_views: z.number(),
  views: z.number(),
  /** The folder listed, inside the share ("" for its root). */
  path: z.string(),
  /** A folder's entries at `path`; a file share lists its one file. Empty while a password is needed. */
  items: z.array(sharedItem),
  /**
   * Proof of this visit (password checked, view counted) for the next calls of the visit: listings of
   * sub-folders, file downloads and the zip pass it as `visit` and count no further view.
   */
  visit: z.string().nullable(),
  /** A folder's or a set's "Download all"; null for a file, and while a password is needed. */
  download_all: downloadAllSize.nullable(),
});

export type DownloadAllSize = z.output<typeof downloadAllSize>;
export type PublicShare = z.output<typeof publicShareOutput>;
export type SharedItem = z.output<typeof sharedItem>;

// ---- The owner's list (docs/path-shares.md, "Managing links") ----------------------------------------

export const pathShareKind = z.enum(["file", "folder"]);

export const listPathSharesInput = z.object({ kind: pathShareKind.optional() }).optional();

/** "active"; "expired" or "used_up" by its rules; "gone" once its file or folder was deleted. */
export const pathShareState = z.enum(["active", "expired", "used_up", "gone"]);

export const pathShareRecord = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  name: z.string(),
  is_directory: z.boolean(),
  storage_config_id: z.string(),
  /** The shared object's key in its storage (a folder's ends in "/"). */
  storage_path: z.string(),
  ...shareFieldsOutput,
  state: pathShareState,
  created_by: z.string(),
  created_at: z.date(),
});

export const pathShareListOutput = z.object({ items: z.array(pathShareRecord) });

/** A new expiry counted from now: `expires_in` hours, 0 or null for never. */
export const extendPathShareInput = z.object({ id: z.string().min(1).max(100), expires_in: expiresInHours });

export type PathShareRecord = z.output<typeof pathShareRecord>;
