// The admin dashboard's statistics (docs/product.md §7 System: GET /admin/dashboard/stats). Counts follow the
// rules the services use: a share is expired when it is past its expiry OR has used up its views.
import { z } from "zod";

/** Days in the activity series: today and the six before it. */
export const DASHBOARD_DAYS = 7;

/** UTC offsets in the world go from UTC-12:00 to UTC+14:00. */
export const MIN_TZ_OFFSET = -12 * 60;
export const MAX_TZ_OFFSET = 14 * 60;

export const dashboardStatsInput = z
  .object({
    /**
     * Minutes east of UTC of the calendar the days are counted in (480 for UTC+8, -300 for UTC-5);
     * 0, UTC, when absent. A fixed offset, so a day that crosses a DST change is an hour off at most.
     */
    tz_offset: z.coerce
      .number()
      .int("errors.tzOffsetInvalid")
      .min(MIN_TZ_OFFSET, "errors.tzOffsetInvalid")
      .max(MAX_TZ_OFFSET, "errors.tzOffsetInvalid")
      .optional()
      .describe("Minutes east of UTC for the per-day counts (480 = UTC+8); default 0 (UTC)"),
  })
  .optional();

const shareCounts = z.object({
  total: z.number(),
  active: z.number(),
  /** Past expiry or view limit reached, not yet purged. */
  expired: z.number(),
  /**
   * Created since the start of today, of this week (Monday) and of this month, in the calendar of
   * `tz_offset` (the CloudPaste document's names).
   */
  today: z.number(),
  thisWeek: z.number(),
  thisMonth: z.number(),
});

export const dashboardStatsOutput = z.object({
  pastes: shareCounts,
  /** `totalSize` is `total_bytes` written as the document writes it ("2.5GB"); screens format `total_bytes` themselves. */
  files: shareCounts.extend({ total_bytes: z.number(), totalSize: z.string() }),
  /** How many storage configurations and mounts there are (the document's `storage`). */
  storage: z.object({ configs: z.number(), mounts: z.number() }),
  storage_configs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      provider_type: z.string(),
      is_default: z.boolean(),
      /** What the storage holds (its usage record) plus uploads in flight, as the capacity check counts them. */
      used_bytes: z.number(),
      file_count: z.number(),
      /** Capacity; null when unlimited. */
      total_bytes: z.number().nullable(),
    }),
  ),
  apiKeys: z.object({ total: z.number(), active: z.number(), expired: z.number() }),
  mounts: z.object({ total: z.number(), active: z.number(), inactive: z.number() }),
  activity: z.object({
    tz_offset: z.number(),
    /** Oldest first; `date` is the calendar day (YYYY-MM-DD) at `tz_offset`. */
    days: z.array(z.object({ date: z.string(), pastes: z.number(), files: z.number() })),
  }),
  generated_at: z.date(),
});

export type DashboardStats = z.infer<typeof dashboardStatsOutput>;
export type ActivityDay = DashboardStats["activity"]["days"][number];
