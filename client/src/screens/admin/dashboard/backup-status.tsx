// The dashboard's word on backups (docs/backup.md, "On a schedule"): how the last one ended, with its
// error when it failed, the one under way, when the schedule makes the next, and a restore uploaded
// from the panel that waits for a restart, linking to the Backups module. Read from
// GET /admin/backups/status, which lists no archive.
import { formatBytes } from "@shared/format-bytes";
import type { BackupRunState } from "@shared/schemas/admin/backups";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { cx } from "../../../components/class-names";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime } from "../../../lib/format-date";

/** A run's result column: the archive made, or the error it failed with (services/backup/backup-job.ts). */
type RunResult = { name?: string; bytes?: number; error?: string };

function resultOf(run: NonNullable<BackupRunState["last_run"]>): RunResult {
  try {
    return (JSON.parse(run.result ?? "{}") as RunResult | null) ?? {};
  } catch {
    return {};
  }
}

/** While a backup runs, its progress is new every second; otherwise a minute is fresh enough. */
const RUNNING_POLL_MS = 2_000;
const IDLE_POLL_MS = 60_000;

export function BackupStatus() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const status = trpc.backups.status.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.running ? RUNNING_POLL_MS : IDLE_POLL_MS),
  });
  const state = status.data;
  const lastRun = state?.last_run ?? null;
  const result = lastRun ? resultOf(lastRun) : {};
  const time = lastRun ? formatDateTime(lastRun.finished_at ?? lastRun.started_at, language) : "";
  const isFailed = lastRun !== null && lastRun.status !== "succeeded";

  let summary: string;
  if (!state) summary = status.isError ? t("dashboard.backup.unknown") : t("dashboard.system.checking");
  else if (state.running) summary = t("dashboard.backup.running");
  else if (!lastRun) summary = t("dashboard.backup.none");
  else if (lastRun.status === "succeeded")
    summary = t("dashboard.backup.succeeded", { time, size: formatBytes(result.bytes ?? 0, language) });
  else if (lastRun.status === "interrupted") summary = t("dashboard.backup.interrupted", { time });
  else summary = t("dashboard.backup.failed", { time, error: result.error ?? lastRun.status });

  return (
    <div data-testid="dashboard-backup">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{t("dashboard.backup.title")}</dt>
      <dd className="mt-0.5 text-sm">
        <p
          className={cx(
            "break-words",
            isFailed && !state?.running ? "text-red-700 dark:text-red-300" : "text-slate-800 dark:text-slate-200",
          )}
          data-testid="dashboard-backup-last"
        >
          {summary}
        </p>
        {state?.pending_restore ? (
          <p
            className="mt-0.5 font-medium break-words text-amber-800 dark:text-amber-300"
            data-testid="dashboard-restore-pending"
          >
            {t("dashboard.backup.restorePending", {
              time: formatDateTime(state.pending_restore.backup_created_at, language),
            })}
          </p>
        ) : null}
        <p className="mt-0.5 text-slate-600 dark:text-slate-400">
          {state?.next_scheduled_at
            ? t("dashboard.backup.next", { time: formatDateTime(state.next_scheduled_at, language) })
            : state
              ? t("dashboard.backup.noSchedule")
              : null}{" "}
          <Link
            href="/admin/backups"
            className="font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-300"
          >
            {t("dashboard.backup.open")}
          </Link>
        </p>
      </dd>
    </div>
  );
}
