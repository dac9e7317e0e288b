// The server at a glance: its version (GET /api/version) and its health (GET /api/health, the same
// probe a load balancer uses, checked again every minute), with the database, the uptime and backups.
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { cx, iconButton } from "../../../components/class-names";
import { Spinner } from "../../../components/feedback/spinner";
import { useServerVersion } from "../../../components/layout/site-footer";
import { currentLanguage } from "../../../i18n";
import { htmlLangFor } from "../../../lib/preferences/language";
import { BackupStatus } from "./backup-status";
import { Panel } from "./panel";

export type Health = {
  status: "ok" | "error";
  database: "ok" | "error";
  provider: "sqlite" | "postgres";
  uptime_seconds: number;
  version: string;
};

/** The health answer, also when it is a 503 (it says what is down); throws when nothing answers. */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  const response = await fetch("/api/health", { signal, cache: "no-store", headers: { Accept: "application/json" } });
  const body = (await response.json()) as Partial<Health>;
  if (body.status !== "ok" && body.status !== "error") throw new Error(`GET /api/health: ${response.status}`);
  return body as Health;
}

const HEALTH_INTERVAL_MS = 60_000;

/** "3 days 4 hr", "2 hr 5 min", "12 min", "40 sec" in the interface language. */
export function formatUptime(seconds: number, language: ReturnType<typeof currentLanguage>): string {
  const locale = htmlLangFor(language);
  const part = (value: number, unit: "day" | "hour" | "minute" | "second") =>
    new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short" }).format(value);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${part(days, "day")} ${part(hours, "hour")}` : part(days, "day");
  if (hours > 0) return minutes > 0 ? `${part(hours, "hour")} ${part(minutes, "minute")}` : part(hours, "hour");
  if (minutes > 0) return part(minutes, "minute");
  return part(Math.max(0, Math.floor(seconds)), "second");
}

export function SystemPanel() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const version = useServerVersion();
  const health = useQuery({
    queryKey: ["server-health"],
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: HEALTH_INTERVAL_MS,
    staleTime: 0,
    retry: false,
  });
  const isHealthy = health.data?.status === "ok";
  const state = health.isPending ? "checking" : isHealthy ? "healthy" : "unhealthy";
  const providerName = health.data ? t(`about.databases.${health.data.provider}`) : null;

  return (
    <Panel title={t("dashboard.system.title")} testId="system-panel" avoidToasts>
      <dl className="flex flex-col gap-4">
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400">{t("dashboard.system.version")}</dt>
          <dd
            className="mt-0.5 font-mono text-lg font-semibold text-slate-900 dark:text-white"
            data-testid="server-version"
          >
            {version.data?.version ?? "—"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400">{t("dashboard.system.health")}</dt>
          <dd className="mt-1">
            <span
              className={cx(
                "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-medium",
                state === "healthy" &&
                  "bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/30",
                state === "unhealthy" &&
                  "bg-red-50 text-red-700 ring-1 ring-red-200 ring-inset dark:bg-red-500/10 dark:text-red-300 dark:ring-red-500/30",
                state === "checking" && "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300",
              )}
              data-testid="server-health"
            >
              <span
                aria-hidden="true"
                className={cx(
                  "size-2 rounded-full",
                  state === "healthy" ? "bg-emerald-500" : state === "unhealthy" ? "bg-red-500" : "bg-slate-400",
                )}
              />
              {t(`dashboard.system.${state}`)}
            </span>
            <button
              type="button"
              onClick={() => void health.refetch()}
              disabled={health.isFetching}
              aria-label={t("dashboard.system.recheck")}
              title={t("dashboard.system.recheck")}
              className={cx(iconButton, "ml-1 size-8 align-middle disabled:opacity-60")}
            >
              {health.isFetching ? <Spinner /> : <ArrowPathIcon className="size-4" />}
            </button>
            {health.isError ? (
              <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{t("dashboard.system.unreachable")}</p>
            ) : null}
          </dd>
        </div>
        {health.data ? (
          <>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">{t("dashboard.system.database")}</dt>
              <dd className="mt-0.5 text-sm text-slate-800 dark:text-slate-200">
                {health.data.database === "ok"
                  ? t("dashboard.system.databaseOk", { provider: providerName })
                  : t("dashboard.system.databaseDown", { provider: providerName })}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">{t("dashboard.system.uptime")}</dt>
              <dd className="mt-0.5 text-sm text-slate-800 tabular-nums dark:text-slate-200">
                {formatUptime(health.data.uptime_seconds, language)}
              </dd>
            </div>
          </>
        ) : null}
        <BackupStatus />
      </dl>
    </Panel>
  );
}
