// Admin module "tasks" (docs/tasks.md): every server-side copy, move and delete of the last 7 days,
// whoever started it, filtered by state and by who started it. Each task shows its progress and
// counts; its files open in a dialog (per-file state and error); a running task is cancelled and a
// finished one with failures retried from here. Unfinished tasks refresh while they run.
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import DocumentDuplicateIcon from "@heroicons/react/24/outline/DocumentDuplicateIcon";
import ListBulletIcon from "@heroicons/react/24/outline/ListBulletIcon";
import NoSymbolIcon from "@heroicons/react/24/outline/NoSymbolIcon";
import QueueListIcon from "@heroicons/react/24/outline/QueueListIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import TruckIcon from "@heroicons/react/24/outline/TruckIcon";
import { FS_TASK_STATUSES } from "@shared/schemas/explorer/tasks";
import type { inferRouterOutputs } from "@trpc/server";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AppRouter } from "../../../../../server/routers";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { LoadError } from "../../../components/feedback/request-status";
import { inputClasses } from "../../../components/forms/form-controls";
import { StatusBadge } from "../../../components/status-badge";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime } from "../../../lib/format-date";
import { AdminModuleHeader } from "../admin-module-header";
import { CardDetail, ConfigCard } from "../shared/config-card";
import { CardGridSkeleton, EmptyState } from "../shared/list/list-states";
import { useToastOutcome } from "../shared/use-toast-outcome";
import { TaskFilesDialog } from "./task-files-dialog";
import { isTaskFinished, STATUS_TONES, type TaskStatus, taskName } from "./task-status";

export type TaskSummary = inferRouterOutputs<AppRouter>["fsTasks"]["list"][number];

/** Tasks one page shows; "Older tasks" asks for the next page before the last one shown. */
const PAGE_SIZE = 50;
/** How often a page with a task still running asks again. */
const RUNNING_POLL_MS = 2_000;

export default function TasksModule() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TaskStatus | "">("");
  const [owner, setOwner] = useState("");
  // The start of each page shown: undefined for the newest, then the creation time of the page before's last task.
  const [pages, setPages] = useState<(Date | undefined)[]>([undefined]);
  const [filesOf, setFilesOf] = useState<TaskSummary | null>(null);
  const filters = { status: status || undefined, created_by: owner || undefined };
  const changeFilter = (apply: () => void) => {
    apply();
    setPages([undefined]);
  };
  return (
    <div>
      <AdminModuleHeader module="tasks" />
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("adminTasks.history")}</p>
      <TaskFilters
        status={status}
        owner={owner}
        onStatus={(value) => changeFilter(() => setStatus(value))}
        onOwner={(value) => changeFilter(() => setOwner(value))}
      />
      <div className="mt-6 space-y-4">
        {pages.map((before, index) => (
          <TaskPage
            key={before?.toISOString() ?? "newest"}
            filters={filters}
            before={before}
            isFirst={index === 0}
            isLast={index === pages.length - 1}
            onOlder={(last) => setPages((shown) => [...shown, last])}
            onFiles={setFilesOf}
            onClearFilters={() => changeFilter(() => (setStatus(""), setOwner("")))}
            isFiltered={Boolean(status || owner)}
          />
        ))}
      </div>
      <TaskFilesDialog task={filesOf} onClose={() => setFilesOf(null)} />
    </div>
  );
}

function TaskFilters({
  status,
  owner,
  onStatus,
  onOwner,
}: {
  status: TaskStatus | "";
  owner: string;
  onStatus: (status: TaskStatus | "") => void;
  onOwner: (owner: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const keys = trpc.keys.list.useQuery();
  return (
    <div className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <div>
        <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {t("adminTasks.filters.status")}
        </label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(event) => onStatus(event.target.value as TaskStatus | "")}
          className={cx(inputClasses(false), "mt-1")}
          data-testid="tasks-filter-status"
        >
          <option value="">{t("adminTasks.filters.allStatuses")}</option>
          {FS_TASK_STATUSES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`adminTasks.status.${choice}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-owner`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {t("adminTasks.filters.owner")}
        </label>
        <select
          id={`${id}-owner`}
          value={owner}
          onChange={(event) => onOwner(event.target.value)}
          className={cx(inputClasses(false), "mt-1")}
          data-testid="tasks-filter-owner"
        >
          <option value="">{t("adminTasks.filters.everyone")}</option>
          <option value="admin">{t("adminTasks.filters.admin")}</option>
          {(keys.data ?? []).map((key) => (
            <option key={key.id} value={key.id}>
              {key.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function TaskPage({
  filters,
  before,
  isFirst,
  isLast,
  isFiltered,
  onOlder,
  onFiles,
  onClearFilters,
}: {
  filters: { status?: TaskStatus; created_by?: string };
  before: Date | undefined;
  isFirst: boolean;
  isLast: boolean;
  isFiltered: boolean;
  onOlder: (last: Date) => void;
  onFiles: (task: TaskSummary) => void;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation();
  const list = trpc.fsTasks.list.useQuery(
    { ...filters, before, limit: PAGE_SIZE },
    {
      placeholderData: (previous) => previous,
      refetchInterval: (query) =>
        query.state.data?.some((task) => !isTaskFinished(task.status)) ? RUNNING_POLL_MS : false,
    },
  );
  if (list.isPending) return <CardGridSkeleton label={t("adminTasks.loading")} />;
  if (list.isError) return <LoadError title={t("adminTasks.loadError")} query={list} />;
  const tasks = list.data;
  if (tasks.length === 0) {
    if (!isFirst) return null;
    return isFiltered ? (
      <div className="rounded-2xl border-2 border-dashed border-slate-200 px-6 py-10 text-center dark:border-slate-800">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("adminTasks.noMatch")}</p>
        <Button className="mt-4" size="sm" onClick={onClearFilters}>
          {t("adminTasks.clearFilters")}
        </Button>
      </div>
    ) : (
      <EmptyState
        icon={QueueListIcon}
        title={t("adminTasks.empty.title")}
        description={t("adminTasks.empty.description")}
      />
    );
  }
  const last = tasks[tasks.length - 1];
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2" aria-label={t("adminTasks.listLabel")}>
        {tasks.map((task) => (
          <TaskCard key={task.id} task={task} onFiles={() => onFiles(task)} />
        ))}
      </ul>
      {isLast && tasks.length === PAGE_SIZE && last ? (
        <div className="flex justify-center">
          <Button size="sm" onClick={() => onOlder(last.created_at)} data-testid="tasks-older">
            {t("adminTasks.olderTasks")}
          </Button>
        </div>
      ) : null}
    </>
  );
}

const TYPE_ICONS = { copy: DocumentDuplicateIcon, move: TruckIcon, delete: TrashIcon };

function TaskCard({ task, onFiles }: { task: TaskSummary; onFiles: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  const outcome = useToastOutcome();
  const refresh = () => void utils.fsTasks.list.invalidate();
  const cancel = trpc.fsTasks.cancel.useMutation();
  const retry = trpc.fsTasks.retry.useMutation();
  const name = taskName(t, task);
  const [first] = task.items;
  const isDone = isTaskFinished(task.status);
  const canRetry = isDone && (task.failed > 0 || task.status === "cancelled" || task.status === "failed");
  return (
    <ConfigCard
      icon={TYPE_ICONS[task.type]}
      title={name}
      testId={`task-${task.id}`}
      badges={
        <StatusBadge tone={STATUS_TONES[task.status]} testId="task-status">
          {t(`adminTasks.status.${task.status}`)}
        </StatusBadge>
      }
      subtitle={
        <p className="mt-0.5 truncate font-mono text-[13px] text-slate-500 dark:text-slate-400">
          {first?.target_path ? t("adminTasks.to", { path: first.target_path }) : first?.path}
          {task.items.length > 1 ? ` ${t("adminTasks.moreItems", { count: task.items.length - 1 })}` : ""}
        </p>
      }
      actionsClassName="px-3 py-2.5 sm:px-4"
      actions={
        <>
          <Button
            size="sm"
            variant="ghost"
            icon={ListBulletIcon}
            onClick={onFiles}
            aria-label={t("adminTasks.actions.filesLabel", { name })}
            {...opensDialog("task-files")}
            data-testid="task-files"
          >
            {t("adminTasks.actions.files")}
          </Button>
          <span className="flex-1" />
          {isDone ? null : (
            <Button
              size="sm"
              variant="ghost"
              icon={NoSymbolIcon}
              disabled={cancel.isPending}
              onClick={() => cancel.mutate({ id: task.id }, outcome(t("adminTasks.actions.cancelled"), refresh))}
              aria-label={t("adminTasks.actions.cancelLabel", { name })}
              data-testid="task-cancel"
            >
              {t("adminTasks.actions.cancel")}
            </Button>
          )}
          {canRetry ? (
            <Button
              size="sm"
              variant="ghost"
              icon={ArrowPathIcon}
              disabled={retry.isPending}
              onClick={() => retry.mutate({ id: task.id }, outcome(t("adminTasks.actions.retried"), refresh))}
              aria-label={t("adminTasks.actions.retryLabel", { name })}
              data-testid="task-retry"
            >
              {t("adminTasks.actions.retry")}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="px-4 sm:px-5">
        <div
          role="progressbar"
          aria-label={t("adminTasks.progress", { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(task.progress * 100)}
          className="h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
        >
          <div
            className={cx("h-full rounded-full", task.failed > 0 ? "bg-amber-500" : "bg-indigo-600 dark:bg-indigo-400")}
            style={{ width: `${Math.round(task.progress * 100)}%` }}
          />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 px-4 sm:px-5">
        <CardDetail label={t("adminTasks.fields.files")}>
          {[
            t("adminTasks.counts", { done: task.done, total: task.total }),
            task.failed > 0 ? t("adminTasks.failedCount", { count: task.failed }) : "",
            task.skipped > 0 ? t("adminTasks.skippedCount", { count: task.skipped }) : "",
          ]
            .filter(Boolean)
            .join(" · ")}
        </CardDetail>
        <CardDetail label={t("adminTasks.fields.startedBy")}>
          {task.created_by_name ?? t("adminTasks.deletedKey")}
        </CardDetail>
        <CardDetail label={t("adminTasks.fields.started")}>{formatDateTime(task.created_at, language)}</CardDetail>
        <CardDetail label={t("adminTasks.fields.finished")}>
          {task.finished_at ? formatDateTime(task.finished_at, language) : t("adminTasks.stillRunning")}
        </CardDetail>
        {task.error ? (
          <CardDetail label={t("adminTasks.status.failed")} isWide>
            {task.error}
          </CardDetail>
        ) : null}
      </dl>
    </ConfigCard>
  );
}
