// The explorer's search index as the admin reads and rebuilds it (docs/search-index.md).
import { z } from "zod";

/** "idle": never crawled; "crawling"; "ready": crawled at least once; "failed": the last crawl stopped. */
export const FS_INDEX_STATES = ["idle", "crawling", "ready", "failed"] as const;

const indexFigures = {
  /** Files the index holds (folders not counted). */
  objects: z.number(),
  state: z.enum(FS_INDEX_STATES),
  /** When the last complete crawl ended (for the total: the oldest of them); null before the first. */
  indexed_at: z.date().nullable(),
};

export const fsIndexMountStatus = z.object({
  mount_id: z.string(),
  name: z.string(),
  mount_path: z.string(),
  storage_config_id: z.string(),
  ...indexFigures,
  /** Objects the running (or last) crawl has seen so far. */
  crawled_objects: z.number(),
  /** i18n key: why the last crawl failed. */
  error: z.string().nullable(),
});

export const fsIndexStatusOutput = z.object({
  ...indexFigures,
  mounts: z.array(fsIndexMountStatus),
});

export const fsIndexRebuildInput = z
  .object({
    /** Crawl only this storage config (default: every storage a mount shows). */
    storage_config_id: z.string().max(100).optional(),
  })
  .optional();

export const fsIndexRebuildOutput = z.object({
  /** The storage configs the crawl walks, one after the other, in the background. */
  storage_config_ids: z.array(z.string()),
});
