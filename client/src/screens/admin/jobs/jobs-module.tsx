// Admin module "jobs" (docs/jobs.md): every scheduled job with its schedule (in words and as the cron
// pattern), next run and last run (state, duration, its result or error in words: job-result.ts), its
// recent runs with their logs in a dialog, and "Run now", which says when the run it started ends. The
// list refreshes often while a run is under way.
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import PlayIcon from "@heroicons/react/24/outline/PlayIcon";
import type { inferRouterOutputs } from "@trpc/server";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AppRouter } from "../../../../../server/routers";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { LoadError } from "../../../components/feedback/request-status";
import { toast } from "../../../components/feedback/toast-store";
import { StatusBadge } from "../../../components/status-badge";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime, formatRelativeTime } from "../../../lib/format-date";
import { AdminModuleHeader } from "../admin-module-header";
import { ConfigCard } from "../shared/config-card";
import { CardGridSkeleton } from "../shared/list/list-states";
import { useToastOutcome } from "../shared/use-toast-outcome";
import { describeSchedule, formatDuration, jobTitle, scheduleNote } from "./job-format";
import { summarizeRun, summaryText } from "./job-result";
import { JobRunsDialog, RUN_STATUS_TONES } from "./job-runs-dialog";
import { RunResult, useStorageNames } from "./run-result";

export type JobSummary = inferRouterOutputs<AppRouter>["jobs"]["list"][number];

const RUNNING_POLL_MS = 2_000;
const IDLE_POLL_MS = 30_000;

export default function JobsModule() {
  const { t } = useTranslation();
  const [runsOf, setRunsOf] = useState<string | null>(null);
  const jobs = trpc.jobs.list.useQuery(undefined, {
    refetchInterval: (query) =>
      query.state.data?.some((job) => job.last_run?.status === "running") ? RUNNING_POLL_MS : IDLE_POLL_MS,
  });
  const storageName = useStorageNames(jobs.data?.filter((job) => job.last_run).map((job) => job.name) ?? []);
  return (
    <div>
      <AdminModuleHeader module="jobs" />
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("adminJobs.intro")}</p>
      {jobs.isPending ? (
        <CardGridSkeleton className="mt-6" label={t("adminJobs.loading")} />
      ) : jobs.isError ? (
        <LoadError className="mt-6" title={t("adminJobs.loadError")} query={jobs} />
      ) : jobs.data.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400" data-testid="job-list-empty">
          {t("adminJobs.empty")}
        </p>
      ) : (
        <ul
          className="mt-6 grid grid-cols-1 gap-4 xl:grid-cols-2"
          aria-label={t("adminJobs.listLabel")}
          data-testid="job-list"
        >
          {jobs.data.map((job) => (
            <JobCard key={job.name} job={job} storageName={storageName} onRuns={() => setRunsOf(job.name)} />
          ))}
        </ul>
      )}
      <JobRunsDialog name={runsOf} onClose={() => setRunsOf(null)} />
    </div>
  );
}

function JobCard({
  job,
  storageName,
  onRuns,
}: {
  job: JobSummary;
  storageName: (id: string) => string | undefined;
  onRuns: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  const outcome = useToastOutcome();
  const run = trpc.jobs.run.useMutation();
  const title = jobTitle(t, job.name);
  const last = job.last_run;
  const isRunning = last?.status === "running";
  const words = describeSchedule(t, job.schedule);
  const note = scheduleNote(t, job.name);
  // "Run now" from this page: the run that follows the last one known at the click is told when it ends.
  const [watchedAfter, setWatchedAfter] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (watchedAfter === undefined || !last || last.id === watchedAfter || last.status === "running") return;
    setWatchedAfter(undefined);
    if (last.status === "succeeded") toast.success(t("adminJobs.finished", { name: title }));
    else {
      const summary = summarizeRun(job.name, last, { t, language, storageName });
      toast.error(t("adminJobs.failedToast", { name: title, error: summary ? summaryText(summary) : "" }));
    }
  }, [watchedAfter, last, job.name, title, t, language, storageName]);
  const refresh = () => {
    void utils.jobs.list.invalidate();
    void utils.jobs.runs.invalidate({ name: job.name });
  };
  const runNow = () => {
    const before = last?.id ?? null;
    run.mutate(
      { name: job.name },
      outcome(t("adminJobs.started", { name: title }), refresh, () => setWatchedAfter(before)),
    );
  };
  return (
    <ConfigCard
      icon={ClockIcon}
      title={title}
      testId={`job-${job.name}`}
      badges={
        last ? (
          <StatusBadge tone={RUN_STATUS_TONES[last.status]} testId="job-status">
            {t(`adminJobs.status.${last.status}`)}
          </StatusBadge>
        ) : null
      }
      subtitle={<p className="mt-0.5 truncate font-mono text-[13px] text-slate-500 dark:text-slate-400">{job.name}</p>}
      actionsClassName="px-3 py-2.5 sm:px-4"
      actions={
        <>
          <Button
            size="sm"
            variant="ghost"
            icon={DocumentTextIcon}
            onClick={onRuns}
            aria-label={t("adminJobs.runs.label", { name: title })}
            {...opensDialog("job-runs")}
            data-testid="job-runs"
          >
            {t("adminJobs.runs.action")}
          </Button>
          <span className="flex-1" />
          <Button
            size="sm"
            variant="ghost"
            icon={PlayIcon}
            isLoading={run.isPending || isRunning}
            onClick={runNow}
            aria-label={t("adminJobs.runNowLabel", { name: title })}
            data-testid="job-run-now"
          >
            {isRunning ? t("adminJobs.running") : t("adminJobs.runNow")}
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-2 gap-3 px-4 sm:px-5">
        <Detail label={t("adminJobs.fields.schedule")} isWide testId="job-schedule" secondary={note}>
          {words ? `${words} ` : null}
          <span className="font-mono text-[13px] whitespace-nowrap text-slate-500 dark:text-slate-400">
            {job.schedule}
          </span>
        </Detail>
        <Detail
          label={t("adminJobs.fields.nextRun")}
          secondary={job.next_run_at ? formatRelativeTime(job.next_run_at, new Date(), language) : null}
        >
          {job.next_run_at ? formatDateTime(job.next_run_at, language) : t("adminJobs.notScheduled")}
        </Detail>
        <Detail label={t("adminJobs.fields.lastRun")} secondary={last ? t(`adminJobs.trigger.${last.trigger}`) : null}>
          {last ? formatDateTime(last.started_at, language) : t("adminJobs.neverRun")}
        </Detail>
        <Detail label={t("adminJobs.fields.duration")}>
          {last?.duration_ms != null
            ? formatDuration(last.duration_ms, language)
            : isRunning && last
              ? t("adminJobs.runningFor", {
                  duration: formatDuration(Math.max(0, Date.now() - last.started_at.getTime()), language),
                })
              : "—"}
        </Detail>
        {last ? <RunResult job={job.name} run={last} storageName={storageName} className="col-span-2" /> : null}
      </dl>
    </ConfigCard>
  );
}

/** One fact of a job's card: its value wraps (dates and words, not cut), with a quieter line under it. */
function Detail({
  label,
  children,
  secondary,
  isWide = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  secondary?: string | null;
  isWide?: boolean;
  testId?: string;
}) {
  return (
    <div className={cx("min-w-0", isWide && "col-span-2")}>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-800 dark:text-slate-200" data-testid={testId}>
        {children}
        {secondary ? <span className="block text-xs text-slate-600 dark:text-slate-400">{secondary}</span> : null}
      </dd>
    </div>
  );
}
