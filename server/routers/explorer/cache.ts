// The listing cache of the mount explorer (docs/product.md §7 System): the admin clears it and reads its
// statistics; API keys with mount permission clear it for the mounts their base path reaches.
import { cacheClearInput, cacheClearOutput, cacheStatsOutput } from "@shared/schemas/explorer/explorer";
import { clearListingCache, listingCacheStats } from "../../services/explorer/cache";
import { adminProcedure, mountProcedure, rest, router, sharedOperations } from "../../trpc";

const cacheOperation = sharedOperations(mountProcedure, "/cache", "Cache");

export const cacheRouter = router({
  clear: cacheOperation("/clear", {
    method: "POST",
    summary:
      "Clear cached folder listings of every mount the caller reaches, of one (mount_id) or of a storage config's (s3_config_id)",
    description: "The admin reaches every mount; an API key the mounts its base path reaches.",
  })
    .input(cacheClearInput)
    .output(cacheClearOutput)
    .mutation(({ ctx, input }) => clearListingCache(ctx, ctx.auth, input)),
  stats: adminProcedure
    .meta(rest("GET /admin/cache/stats", "Listing cache: entries, hits, misses per mount", ["Cache"]))
    .output(cacheStatsOutput)
    .query(({ ctx }) => listingCacheStats(ctx)),
});
