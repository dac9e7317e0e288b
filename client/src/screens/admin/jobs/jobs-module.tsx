// Admin module "jobs" (docs/jobs.md): every scheduled job with its cron schedule, next run and last
// run (state, duration, result), its recent runs with their logs in a dialog, and "Run now". The list
// refreshes often while a run is under way.
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import PlayIcon from "@heroicons/react/24/outline/PlayIcon";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AppRouter } from "../../../../../server/routers";
import { Button } from "../../../components/button";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { LoadError } from "../../../components/feedback/request-status";
import { StatusBadge } from "../../../components/status-badge";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime } from "../../../lib/format-date";
import { AdminModuleHeader } from "../admin-module-header";
import { CardDetail, ConfigCard } from "../shared/config-card";
import { CardGridSkeleton } from "../shared/list/list-states";
import { useToastOutcome } from "../shared/use-toast-outcome";
import { formatDuration, jobTitle } from "./job-format";
import { JobRunsDialog, RUN_STATUS_TONES } from "./job-runs-dialog";

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
  return (
    <div>
      <AdminModuleHeader module="jobs" />
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("adminJobs.intro")}</p>
      {jobs.isPending ? (
        <CardGridSkeleton className="mt-6" label={t("adminJobs.loading")} />
      ) : jobs.isError ? (
        <LoadError className="mt-6" title={t("adminJobs.loadError")} query={jobs} />
      ) : (
        <ul
          className="mt-6 grid grid-cols-1 gap-4 xl:grid-cols-2"
          aria-label={t("adminJobs.listLabel")}
          data-testid="job-list"
        >
          {jobs.data.map((job) => (
            <JobCard key={job.name} job={job} onRuns={() => setRunsOf(job.name)} />
          ))}
        </ul>
      )}
      <JobRunsDialog name={runsOf} onClose={() => setRunsOf(null)} />
    </div>
  );
}

function JobCard({ job, onRuns }: { job: JobSummary; onRuns: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  const outcome = useToastOutcome();
  const run = trpc.jobs.run.useMutation();
  const title = jobTitle(t, job.name);
  const last = job.last_run;
  const isRunning = last?.status === "running";
  const refresh = () => {
    void utils.jobs.list.invalidate();
    void utils.jobs.runs.invalidate({ name: job.name });
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
            disabled={run.isPending || isRunning}
            onClick={() => run.mutate({ name: job.name }, outcome(t("adminJobs.started", { name: title }), refresh))}
            aria-label={t("adminJobs.runNowLabel", { name: title })}
            data-testid="job-run-now"
          >
            {t("adminJobs.runNow")}
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-2 gap-3 px-4 sm:px-5">
        <CardDetail label={t("adminJobs.fields.schedule")} mono>
          {job.schedule}
        </CardDetail>
        <CardDetail label={t("adminJobs.fields.nextRun")}>
          {job.next_run_at ? formatDateTime(job.next_run_at, language) : t("adminJobs.notScheduled")}
        </CardDetail>
        <CardDetail label={t("adminJobs.fields.lastRun")}>
          {last
            ? `${formatDateTime(last.started_at, language)} · ${t(`adminJobs.trigger.${last.trigger}`)}`
            : t("adminJobs.neverRun")}
        </CardDetail>
        <CardDetail label={t("adminJobs.fields.duration")}>
          {last?.duration_ms != null ? formatDuration(last.duration_ms, language) : "—"}
        </CardDetail>
        {last?.result ? (
          <CardDetail label={t("adminJobs.fields.result")} mono isWide>
            {last.result}
          </CardDetail>
        ) : null}
      </dl>
    </ConfigCard>
  );
}
