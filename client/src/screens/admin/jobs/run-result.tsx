// A run's result as the Jobs view shows it (job-result.ts words it): on a card and in the runs dialog,
// labelled "Result", "Progress" while the run is under way, or "Error" in red when it failed. Storages
// are named from the one storage list the admin panel already reads (not a request per run).
import ExclamationCircleIcon from "@heroicons/react/24/outline/ExclamationCircleIcon";
import { useTranslation } from "react-i18next";
import { cx } from "../../../components/class-names";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { type RunForSummary, summarizeRun, summaryText } from "./job-result";

/** The jobs whose results name storage configs (by id). */
const NAMES_STORAGES = new Set(["fs-index", "backup"]);

/** A storage config's name by id, read once for the view when one of `jobs` names storages. */
export function useStorageNames(jobs: string[]): (id: string) => string | undefined {
  const storages = trpc.storage.list.useQuery(undefined, {
    staleTime: 30_000,
    enabled: jobs.some((job) => NAMES_STORAGES.has(job)),
  });
  return (id) => storages.data?.find((config) => config.id === id)?.name;
}

export function RunResult({
  job,
  run,
  storageName,
  className,
}: {
  job: string;
  run: RunForSummary;
  storageName: (id: string) => string | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const summary = summarizeRun(job, run, { t, language: currentLanguage(), storageName });
  if (!summary) return null;
  const label = summary.isError
    ? t("adminJobs.fields.error")
    : run.status === "running"
      ? t("adminJobs.fields.progress")
      : t("adminJobs.fields.result");
  return (
    <div className={cx("min-w-0", className)}>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      {summary.isError ? (
        <dd
          className="mt-1 flex items-start gap-1.5 rounded-lg bg-red-50 px-2.5 py-1.5 text-sm break-words text-red-800 dark:bg-red-950/40 dark:text-red-200"
          data-testid="job-error"
        >
          <ExclamationCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0">{summaryText(summary)}</span>
        </dd>
      ) : (
        <dd className="mt-0.5 text-sm break-words text-slate-800 dark:text-slate-200" data-testid="job-result">
          {summaryText(summary)}
        </dd>
      )}
    </div>
  );
}
