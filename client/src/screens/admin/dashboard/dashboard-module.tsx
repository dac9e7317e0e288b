// Admin module "dashboard" (docs/product.md §1, §7 System): totals of texts, files, keys and mounts, the
// last 7 days' shares per day in the browser's time zone, storage use per storage configuration,
// the server's version and health, the last and next backup, and the folder-listing cache with its clear
// buttons.
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { LoadError } from "../../../components/feedback/request-status";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime } from "../../../lib/format-date";
import { AdminModuleHeader } from "../admin-module-header";
import { browserTzOffset, formatTzOffset } from "./activity";
import { CachePanel } from "./cache-panel";
import { Panel, PanelSkeleton } from "./panel";
import { StatCards } from "./stat-cards";
import { StoragePanel } from "./storage-panel";
import { SystemPanel } from "./system-panel";

// Recharts is the largest part of this module: the cards and panels show while it loads.
const ActivityChart = lazy(() => import("./activity-chart"));

export default function DashboardModule() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  // Fixed for the visit, so the query key (and the days) stay put while the page is open.
  const [tzOffset] = useState(() => browserTzOffset());
  const stats = trpc.dashboard.stats.useQuery({ tz_offset: tzOffset }, { staleTime: 0 });

  const refresh = () => {
    void utils.dashboard.stats.invalidate();
    void utils.cache.stats.invalidate();
    void utils.backups.status.invalidate();
  };

  return (
    <div>
      <AdminModuleHeader
        module="dashboard"
        actions={
          <Button icon={ArrowPathIcon} onClick={refresh} isLoading={stats.isFetching && !stats.isPending}>
            {t("dashboard.refresh")}
          </Button>
        }
      />
      <div className="mt-6 flex flex-col gap-4 sm:gap-6">
        {stats.isPending ? (
          <DashboardSkeleton />
        ) : stats.isError ? (
          <LoadError title={t("dashboard.loadError")} query={stats} />
        ) : (
          <>
            <StatCards stats={stats.data} />
            <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
              <Panel
                className="lg:col-span-2"
                title={t("dashboard.activity.title")}
                description={t("dashboard.activity.description", {
                  zone: formatTzOffset(stats.data.activity.tz_offset),
                })}
                testId="activity-panel"
              >
                <Suspense fallback={<PanelSkeleton className="h-64 sm:h-72" />}>
                  <ActivityChart days={stats.data.activity.days} />
                </Suspense>
              </Panel>
              <SystemPanel />
            </div>
            <StoragePanel storage={stats.data.storage_configs} />
          </>
        )}
        <CachePanel />
        {stats.data ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t("dashboard.updatedAt", { time: formatDateTime(stats.data.generated_at, language) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col gap-4 sm:gap-6">
      <span className="sr-only">{t("dashboard.loading")}</span>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <PanelSkeleton key={card} className="h-32 rounded-2xl" />
        ))}
      </div>
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
        <PanelSkeleton className="h-80 rounded-2xl lg:col-span-2" />
        <PanelSkeleton className="h-80 rounded-2xl" />
      </div>
    </div>
  );
}
