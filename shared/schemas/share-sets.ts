// Schemas of sets of files (docs/share-sets.md): uploaded files sent out behind one link, with the
// options of other shares for the whole set. Visitors read a set through the /s/ link's public routes
// (shared/schemas/path-shares.ts).
import { z } from "zod";
import { shareOptions } from "./files";

/** Files one set holds at most: its page lists them all and its zip walks them all. */
export const SHARE_SET_MAX_FILES = 1000;

export const createShareSetInput = z.object({
  /** Ids of the caller's uploaded file shares, ready and not encrypted in the browser. */
  file_ids: z
    .array(z.string().min(1).max(100))
    .min(1, "errors.shareSetEmpty")
    .max(SHARE_SET_MAX_FILES, "errors.shareSetTooMany"),
  password: shareOptions.password,
  expires_in: shareOptions.expires_in,
  expires_at: shareOptions.expires_at,
  max_views: shareOptions.max_views,
  remark: shareOptions.remark,
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
