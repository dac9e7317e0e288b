// Space used on each storage configuration against its capacity, with the shared usage bar; a
// storage without a capacity shows what it holds and an empty track.
import CloudIcon from "@heroicons/react/24/outline/CloudIcon";
import ServerIcon from "@heroicons/react/24/outline/ServerIcon";
import StarIcon from "@heroicons/react/24/outline/StarIcon";
import { formatBytes } from "@shared/format-bytes";
import type { DashboardStats } from "@shared/schemas/admin/dashboard";
import { useTranslation } from "react-i18next";
import { UsageBar } from "../../../components/usage-bar";
import { currentLanguage } from "../../../i18n";
import { storageDisplayName } from "../../../lib/storage-name";
import { Panel } from "./panel";

export function StoragePanel({ storage }: { storage: DashboardStats["storage_configs"] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Panel title={t("dashboard.storage.title")} description={t("dashboard.storage.description")} testId="storage-panel">
      {storage.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("dashboard.storage.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {storage.map((config) => {
            const Icon = config.provider_type === "local" ? ServerIcon : CloudIcon;
            const used = formatBytes(config.used_bytes, language);
            const total = config.total_bytes;
            return (
              <li key={config.id} className="min-w-0" data-testid={`storage-usage-${config.name}`}>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Icon className="size-4.5 shrink-0 text-slate-400" aria-hidden="true" />
                  <span className="min-w-0 truncate text-sm font-medium text-slate-900 dark:text-white">
                    {storageDisplayName(config.name, t)}
                  </span>
                  {config.is_default ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
                      <StarIcon className="size-3" aria-hidden="true" />
                      {t("storageConfig.default")}
                    </span>
                  ) : null}
                  <span className="ml-auto text-sm text-slate-600 tabular-nums dark:text-slate-400">
                    {total === null
                      ? t("storageConfig.usageUnlimited", { used })
                      : t("storageConfig.usageOf", {
                          used,
                          total: formatBytes(total, language),
                          percent: total > 0 ? Math.round((config.used_bytes / total) * 100) : 100,
                        })}
                  </span>
                </div>
                {total === null ? (
                  <div className="mt-2 h-1.5 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true" />
                ) : (
                  <UsageBar used={config.used_bytes} total={total} />
                )}
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {t("dashboard.storage.files", { count: config.file_count })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
