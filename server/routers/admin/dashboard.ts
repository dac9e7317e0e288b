// The admin dashboard (docs/product.md §7 System): counts, storage use and the last seven days' activity.
import { dashboardStatsInput, dashboardStatsOutput } from "@shared/schemas/dashboard";
import { getDashboardStats } from "../../services/system/dashboard";
import { adminProcedure, router } from "../../trpc";

export const dashboardRouter = router({
  stats: adminProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/admin/dashboard/stats",
        summary: "Counts of pastes, files, keys and mounts, storage use, and shares created per day",
        description:
          "Expired counts shares past their expiry or view limit that are not purged yet. `activity.days` holds " +
          "the last 7 calendar days (oldest first) at `tz_offset` minutes east of UTC (default 0, UTC).",
        tags: ["System"],
      },
    })
    .input(dashboardStatsInput)
    .output(dashboardStatsOutput)
    .query(({ ctx, input }) => getDashboardStats(ctx.db, { tzOffsetMinutes: input?.tz_offset ?? 0 })),
});
