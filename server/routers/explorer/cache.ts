// The listing cache of the mount explorer (docs/product.md §7 System): the admin clears it and reads its
// statistics; API keys with mount permission clear it for the mounts their base path reaches.
import { cacheClearInput, cacheClearOutput, cacheStatsOutput } from "@shared/schemas/explorer/explorer";
import { clearListingCache, listingCacheStats } from "../../services/explorer/cache";
import { adminProcedure, mountProcedure, rest, router } from "../../trpc";

const tags = ["Cache"];

export const cacheRouter = router({
  clear: adminProcedure
    .meta(
      rest(
        "POST /admin/cache/clear",
        "Clear cached folder listings of every mount, of one (mount_id) or of a storage config's (s3_config_id)",
        tags,
      ),
    )
    .input(cacheClearInput)
    .output(cacheClearOutput)
    .mutation(({ ctx, input }) => clearListingCache(ctx, ctx.auth, input)),
  clearMine: mountProcedure
    .meta(
      rest("POST /user/cache/clear", "Clear cached folder listings of the mounts the key's base path reaches", tags),
    )
    .input(cacheClearInput)
    .output(cacheClearOutput)
    .mutation(({ ctx, input }) => clearListingCache(ctx, ctx.auth, input)),
  stats: adminProcedure
    .meta(rest("GET /admin/cache/stats", "Listing cache: entries, hits, misses per mount", tags))
    .output(cacheStatsOutput)
    .query(({ ctx }) => listingCacheStats(ctx)),
});
