// A scheduled job's recent runs (GET /admin/jobs/{name}/runs, docs/jobs.md): each run's state, how it
// was started, when, how long it took, its result (or error) in words and the lines it logged.
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import type { JOB_RUN_STATUSES } from "@shared/schemas/admin/jobs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog } from "../../../components/dialogs/dialog";
import { LoadError } from "../../../components/feedback/request-status";
import { StatusBadge, type StatusTone } from "../../../components/status-badge";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime } from "../../../lib/format-date";
import { formatDuration, jobTitle } from "./job-format";
import { RunResult, useStorageNames } from "./run-result";

/** Runs the dialog shows first, and all the server keeps (docs/jobs.md) on "Show older runs". */
const RUNS_SHOWN = 20;
const RUNS_KEPT = 100;

export const RUN_STATUS_TONES: Record<(typeof JOB_RUN_STATUSES)[number], StatusTone> = {
  running: "blue",
  succeeded: "green",
  failed: "red",
  interrupted: "amber",
};

export function JobRunsDialog({ name, onClose }: { name: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      name="job-runs"
      open={name !== null}
      onClose={onClose}
      icon={DocumentTextIcon}
      size="lg"
      title={t("adminJobs.runs.title", { name: name ? jobTitle(t, name) : "" })}
      description={t("adminJobs.runs.description")}
      footer={<Button onClick={onClose}>{t("adminJobs.runs.close")}</Button>}
    >
      {name ? <JobRuns name={name} /> : null}
    </AppDialog>
  );
}

function JobRuns({ name }: { name: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [limit, setLimit] = useState(RUNS_SHOWN);
  const runs = trpc.jobs.runs.useQuery(
    { name, limit },
    {
      refetchInterval: (query) => (query.state.data?.some((run) => run.status === "running") ? 2_000 : false),
      placeholderData: (previous) => previous,
    },
  );
  const storageName = useStorageNames([name]);
  if (runs.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {t("adminJobs.loading")}
      </p>
    );
  }
  if (runs.isError) return <LoadError size="sm" title={t("adminJobs.loadError")} query={runs} />;
  if (runs.data.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t("adminJobs.runs.none")}</p>;
  return (
    <>
      <ol className="space-y-3" data-testid="job-run-list">
        {runs.data.map((run) => (
          <li
            key={run.id}
            className="rounded-xl px-3 py-2.5 ring-1 ring-slate-200 dark:ring-slate-800"
            data-testid="job-run"
          >
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge tone={RUN_STATUS_TONES[run.status]}>{t(`adminJobs.status.${run.status}`)}</StatusBadge>
              <span className="text-sm text-slate-800 dark:text-slate-200">
                {formatDateTime(run.started_at, language)}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-400">
                {t(`adminJobs.trigger.${run.trigger}`)}
                {run.duration_ms != null ? ` · ${formatDuration(run.duration_ms, language)}` : ""}
              </span>
            </div>
            <dl>
              <RunResult job={name} run={run} storageName={storageName} className="mt-2" />
            </dl>
            <p className="mt-2 text-xs font-medium text-slate-500 dark:text-slate-400">{t("adminJobs.runs.log")}</p>
            {run.log ? (
              <pre
                className="mt-1 max-h-48 overflow-auto rounded-lg bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-800 dark:bg-slate-950 dark:text-slate-200"
                data-testid="job-run-log"
              >
                {run.log}
              </pre>
            ) : (
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t("adminJobs.runs.noLog")}</p>
            )}
          </li>
        ))}
      </ol>
      {runs.data.length === limit && limit < RUNS_KEPT ? (
        <Button
          size="sm"
          variant="ghost"
          className="mt-3"
          isLoading={runs.isFetching}
          onClick={() => setLimit(RUNS_KEPT)}
          data-testid="job-runs-more"
        >
          {t("adminJobs.runs.more")}
        </Button>
      ) : null}
    </>
  );
}
