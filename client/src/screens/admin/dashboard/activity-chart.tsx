// Shares created per day over the last 7 days (texts and files side by side), drawn with Recharts in
// the theme's colours. The drawing is for the eye; the same figures are in a table for screen readers.
// Loaded on its own (React.lazy) so the chart library never delays the rest of the dashboard.
import type { ActivityDay } from "@shared/schemas/admin/dashboard";
import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Tooltip,
  type TooltipContentProps,
  type TooltipValueType,
  XAxis,
  YAxis,
} from "recharts";
import { useTheme } from "../../../components/layout/theme-provider";
import { currentLanguage } from "../../../i18n";
import { formatDayLong, formatDayTick } from "./activity";

type Series = "pastes" | "files";

// Tailwind's indigo/emerald 500 on light, 400 on dark; slate for the grid and the axis labels.
const PALETTE = {
  light: { pastes: "#6366f1", files: "#10b981", grid: "#e2e8f0", tick: "#64748b", cursor: "#f1f5f9" },
  dark: { pastes: "#818cf8", files: "#34d399", grid: "#1e293b", tick: "#94a3b8", cursor: "#1e293b" },
} as const;

const SERIES: Series[] = ["pastes", "files"];

export default function ActivityChart({ days }: { days: ActivityDay[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { resolved } = useTheme();
  const colors = PALETTE[resolved];
  const totals = { pastes: sum(days, "pastes"), files: sum(days, "files") };
  const isEmpty = totals.pastes + totals.files === 0;

  return (
    <div className="flex min-w-0 flex-1 flex-col">
      <ul className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm" aria-hidden="true">
        {SERIES.map((series) => (
          <li key={series} className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
            <span className="size-2.5 rounded-sm" style={{ backgroundColor: colors[series] }} />
            {t(`dashboard.activity.${series}`)}
            <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{totals[series]}</span>
          </li>
        ))}
      </ul>
      <div className="relative mt-3 h-56 min-w-0 sm:h-64" aria-hidden="true" data-testid="activity-chart">
        <BarChart
          responsive
          data={days}
          style={{ width: "100%", height: "100%" }}
          margin={{ top: 4, right: 4, bottom: 0, left: -8 }}
          barGap={2}
          barCategoryGap="22%"
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke={colors.grid} />
          <XAxis
            dataKey="date"
            tickFormatter={(date: string) => formatDayTick(date, language)}
            tick={{ fill: colors.tick, fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: colors.grid }}
            // Every day where there is room; on a narrow phone every other one, always ending at today,
            // so the dates never run into each other.
            interval="equidistantPreserveEnd"
            minTickGap={4}
          />
          <YAxis
            allowDecimals={false}
            tick={{ fill: colors.tick, fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={36}
          />
          <Tooltip
            cursor={{ fill: colors.cursor, fillOpacity: resolved === "dark" ? 0.6 : 1 }}
            content={(props) => <ChartTooltip {...props} />}
          />
          {SERIES.map((series) => (
            <Bar
              key={series}
              dataKey={series}
              name={t(`dashboard.activity.${series}`)}
              fill={colors[series]}
              radius={[4, 4, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
        {isEmpty ? (
          // Inset by the value axis's width (36 px) so a wrapped message never covers its numbers.
          <p className="pointer-events-none absolute inset-x-0 top-1/3 px-10 text-center text-sm text-slate-500 dark:text-slate-400">
            {t("dashboard.activity.empty")}
          </p>
        ) : null}
      </div>
      {/* sr-only on a wrapper: a table is never narrower than its columns, so a 1 px sr-only table
          would still widen a 320 px page. */}
      <div className="sr-only">
        <table>
          <caption>{t("dashboard.activity.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("dashboard.activity.day")}</th>
              <th scope="col">{t("dashboard.activity.pastes")}</th>
              <th scope="col">{t("dashboard.activity.files")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDayLong(day.date, language)}</th>
                <td>{day.pastes}</td>
                <td>{day.files}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function sum(days: ActivityDay[], series: Series): number {
  return days.reduce((total, day) => total + day[series], 0);
}

function ChartTooltip({ active, payload, label }: TooltipContentProps<TooltipValueType, string | number>) {
  const language = currentLanguage();
  if (!active || !payload?.length || typeof label !== "string") return null;
  return (
    <div className="rounded-lg bg-white px-3 py-2 text-sm shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <p className="font-medium text-slate-900 dark:text-white">{formatDayLong(label, language)}</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {payload.map((entry) => (
          <li key={String(entry.dataKey)} className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
            <span className="size-2 rounded-sm" style={{ backgroundColor: entry.color }} />
            {entry.name}
            <span className="ml-auto pl-3 font-semibold text-slate-900 tabular-nums dark:text-white">
              {entry.value}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
