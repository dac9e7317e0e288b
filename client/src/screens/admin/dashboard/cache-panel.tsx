// The mount explorer's folder-listing cache: entries and hit rate per mount (GET /admin/cache/stats)
// and clearing it for every mount or one (POST /admin/cache/clear).
import SparklesIcon from "@heroicons/react/24/outline/SparklesIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { LoadError } from "../../../components/feedback/request-status";
import { toast } from "../../../components/feedback/toast-store";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { htmlLangFor } from "../../../lib/preferences/language";
import { Panel, PanelSkeleton } from "./panel";

export function CachePanel() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  const stats = trpc.cache.stats.useQuery();
  const clear = trpc.cache.clear.useMutation();
  const percent = new Intl.NumberFormat(htmlLangFor(language), { style: "percent", maximumFractionDigits: 1 });
  const rateOf = (hits: number, misses: number, rate: number) =>
    hits + misses === 0 ? t("dashboard.cache.noTraffic") : percent.format(rate);

  // Its own toasts, not useToastOutcome: that would add a chunk to the dashboard's first load.
  const clearCache = (mountId?: string) =>
    clear.mutate(mountId ? { mount_id: mountId } : undefined, {
      onSuccess: (result) => toast.success(t("dashboard.cache.cleared", { count: result.clearedCount })),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => void utils.cache.stats.invalidate(),
    });
  const pendingMount = clear.isPending ? (clear.variables?.mount_id ?? "all") : null;

  return (
    <Panel
      title={t("dashboard.cache.title")}
      description={t("dashboard.cache.description")}
      testId="cache-panel"
      actions={
        stats.data && stats.data.mounts.length > 0 ? (
          <Button
            size="sm"
            icon={SparklesIcon}
            onClick={() => clearCache()}
            isLoading={pendingMount === "all"}
            disabled={clear.isPending}
            data-testid="cache-clear-all"
          >
            {t("dashboard.cache.clearAll")}
          </Button>
        ) : null
      }
    >
      {stats.isPending ? (
        <PanelSkeleton className="h-24" />
      ) : stats.isError ? (
        <LoadError title={t("dashboard.cache.loadError")} query={stats} size="sm" />
      ) : stats.data.mounts.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("dashboard.cache.empty")}</p>
      ) : (
        <div className="flex flex-col">
          <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 rounded-xl bg-slate-50 px-3 py-2.5 text-sm dark:bg-slate-800/60">
            <span className="font-medium text-slate-700 dark:text-slate-200">{t("dashboard.cache.total")}</span>
            <span className="text-slate-600 tabular-nums dark:text-slate-300" data-testid="cache-total-entries">
              {t("dashboard.cache.entries")}:{" "}
              <strong className="text-slate-900 dark:text-white">{stats.data.entries}</strong>
            </span>
            <span className="text-slate-600 tabular-nums dark:text-slate-300">
              {t("dashboard.cache.hitRate")}:{" "}
              <strong className="text-slate-900 dark:text-white">
                {rateOf(stats.data.hits, stats.data.misses, stats.data.hit_rate)}
              </strong>
            </span>
          </div>
          <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800" aria-label={t("dashboard.cache.title")}>
            {stats.data.mounts.map((mount) => (
              <li
                key={mount.mount_id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
                data-testid={`cache-row-${mount.name}`}
              >
                <div className="min-w-0 flex-1 basis-40">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{mount.name}</p>
                  <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">
                    {mount.mount_path} · {t("dashboard.cache.ttl", { seconds: mount.cache_ttl })}
                  </p>
                </div>
                <dl className="flex gap-5 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{t("dashboard.cache.entries")}</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{mount.entries}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{t("dashboard.cache.hitRate")}</dt>
                    <dd
                      className="font-semibold text-slate-900 tabular-nums dark:text-white"
                      title={t("dashboard.cache.hitsMisses", { hits: mount.hits, misses: mount.misses })}
                    >
                      {rateOf(mount.hits, mount.misses, mount.hit_rate)}
                    </dd>
                  </div>
                </dl>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={TrashIcon}
                  onClick={() => clearCache(mount.mount_id)}
                  isLoading={pendingMount === mount.mount_id}
                  disabled={clear.isPending}
                  aria-label={t("dashboard.cache.clearLabel", { name: mount.name })}
                >
                  {t("dashboard.cache.clear")}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
