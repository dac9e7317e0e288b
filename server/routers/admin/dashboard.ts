// The admin dashboard (docs/product.md §7 System): counts, storage use and the last seven days' activity.
import { dashboardStatsInput, dashboardStatsOutput } from "@shared/schemas/admin/dashboard";
import { getDashboardStats } from "../../services/system/dashboard";
import { adminProcedure, rest, router } from "../../trpc";

export const dashboardRouter = router({
  stats: adminProcedure
    .meta(
      rest(
        "GET /admin/dashboard/stats",
        "Counts of pastes, files, keys and mounts, storage use, and shares created per day",
        ["System"],
        {
          description:
            "Expired counts shares past their expiry or view limit that are not purged yet. `activity.days` holds " +
            "the last 7 calendar days (oldest first) at `tz_offset` minutes east of UTC (default 0, UTC).",
        },
      ),
    )
    .input(dashboardStatsInput)
    .output(dashboardStatsOutput)
    .query(({ ctx, input }) => getDashboardStats(ctx.db, { tzOffsetMinutes: input?.tz_offset ?? 0 })),
});
