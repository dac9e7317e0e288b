// Schemas of sets of files (docs/share-sets.md): uploaded files sent out behind one link, with the
// options of other shares for the whole set. Visitors read a set through the /s/ link's public routes
// (shared/schemas/shares/path-shares.ts).
import { z } from "zod";
import { createShareFields, expiresInHours, shareFieldsOutput } from "./share-fields";

/** Files one set holds at most: its page lists them all and its zip walks them all. */
export const SHARE_SET_MAX_FILES = 1000;

export const createShareSetInput = z.object({
  /** Ids of the caller's uploaded file shares, ready and not encrypted in the browser. */
  file_ids: z
    .array(z.string().min(1).max(100))
    .min(1, "errors.shareSetEmpty")
    .max(SHARE_SET_MAX_FILES, "errors.shareSetTooMany"),
  ...createShareFields,
  expires_in: expiresInHours,
});

export const createShareSetOutput = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  file_count: z.number(),
  total_size: z.number(),
  expires_at: z.date().nullable(),
});

export type CreatedShareSet = z.output<typeof createShareSetOutput>;

// ---- The owner's list (docs/share-sets.md, "Managing sets") ----------------------------------------

/** "active"; "expired" or "used_up" by its rules; "empty" once every file of it was deleted. */
export const shareSetState = z.enum(["active", "expired", "used_up", "empty"]);

export const shareSetRecord = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  /** Its files still served (ready), and their bytes. */
  file_count: z.number(),
  total_size: z.number(),
  ...shareFieldsOutput,
  state: shareSetState,
  created_by: z.string(),
  created_at: z.date(),
});

export const shareSetListOutput = z.object({ items: z.array(shareSetRecord) });

/** A new expiry counted from now: `expires_in` hours, 0 or null for never. */
export const extendShareSetInput = z.object({ id: z.string().min(1).max(100), expires_in: expiresInHours });

export type ShareSetRecord = z.output<typeof shareSetRecord>;
