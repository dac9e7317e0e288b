// The task manager (docs/product.md §1, §3 Task): a toolbar button whose badge counts the tasks still running,
// opening a panel with every upload, copy, move, delete and zip download of the last 7 days, newest
// first: its status, progress, how it ended, each file's status and failure, cancel while it runs,
// retry of the failed files of a task the server ran, and clear finished.
import ArrowDownTrayIcon from "@heroicons/react/24/outline/ArrowDownTrayIcon";
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import ArrowRightCircleIcon from "@heroicons/react/24/outline/ArrowRightCircleIcon";
import CloudArrowUpIcon from "@heroicons/react/24/outline/CloudArrowUpIcon";
import QueueListIcon from "@heroicons/react/24/outline/QueueListIcon";
import Square2StackIcon from "@heroicons/react/24/outline/Square2StackIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import XMarkIcon from "@heroicons/react/24/outline/XMarkIcon";
import { formatBytes } from "@shared/format-bytes";
import type { TFunction } from "i18next";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx, fileNameText, iconButton } from "../../../components/class-names";
import { Spinner } from "../../../components/feedback/spinner";
import { toast } from "../../../components/feedback/toast-store";
import { IconBadge } from "../../../components/icon-badge";
import type { IconProps } from "../../../components/icons";
import { currentLanguage } from "../../../i18n";
import type { StartedTask } from "../../../lib/explorer/tasks/explorer-tasks";
import { retryServerTask } from "../../../lib/explorer/tasks/server-tasks";
import { failedFileLines, taskErrorMessage, taskText } from "../../../lib/explorer/tasks/task-messages";
import {
  explorerTasks,
  isActive,
  type Task,
  type TaskFile,
  type TaskStatus,
  type TaskType,
  taskPercent,
} from "../../../lib/explorer/tasks/task-store";
import { useTaskDeps, useTasks } from "../use-explorer-tasks";
import { PanelButton, SidePanel } from "./side-panel";

const TYPE_ICONS: Record<TaskType, ComponentType<IconProps>> = {
  upload: CloudArrowUpIcon,
  copy: Square2StackIcon,
  move: ArrowRightCircleIcon,
  delete: TrashIcon,
  download: ArrowDownTrayIcon,
};

const STATUS_TONES: Record<TaskStatus, string> = {
  pending: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  running: "bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300",
  completed: "bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300",
  partial: "bg-amber-50 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300",
  failed: "bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300",
  cancelled: "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400",
  interrupted: "bg-amber-50 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300",
};

const FILE_TONES: Record<TaskFile["status"], string> = {
  pending: "text-slate-500 dark:text-slate-400",
  running: "text-indigo-700 dark:text-indigo-300",
  completed: "text-emerald-700 dark:text-emerald-400",
  skipped: "text-slate-500 dark:text-slate-400",
  failed: "text-red-700 dark:text-red-400",
  cancelled: "text-slate-500 dark:text-slate-400",
};

export function TaskButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const tasks = useTasks();
  const active = tasks.filter(isActive).length;
  return (
    <PanelButton
      icon={QueueListIcon}
      label={t("explorer.tasks.open")}
      count={active > 0 ? active : tasks.length}
      isBusy={active > 0}
      onClick={onClick}
      dialog="explorer-tasks"
      testId="tasks-button"
    />
  );
}

export function TaskPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const tasks = useTasks();
  const active = tasks.filter(isActive).length;
  const finished = tasks.length - active;
  return (
    <SidePanel
      name="explorer-tasks"
      open={open}
      onClose={onClose}
      ns="explorer.tasks"
      isEmpty={tasks.length === 0}
      emptyIcon={QueueListIcon}
      description={t("explorer.tasks.counts", { active, finished, count: tasks.length })}
      testId="task-panel"
      footer={
        finished > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => explorerTasks.clearFinished()} data-testid="tasks-clear">
            {t("explorer.tasks.clearFinished")}
          </Button>
        ) : null
      }
    >
      <ul className="flex flex-col gap-3">
        {tasks.map((task) => (
          <TaskCard key={task.id} task={task} />
        ))}
      </ul>
    </SidePanel>
  );
}

function TaskCard({ task }: { task: Task }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const taskDeps = useTaskDeps();
  const running = isActive(task);
  const percent = taskPercent(task);
  // A server task's counts cover all its files; the list it sends may stop short of them.
  const done =
    task.counts?.done ?? task.files.filter((file) => file.status === "completed" || file.status === "skipped").length;
  const fileCount = task.counts?.total ?? task.files.length;
  const failedFiles = task.files.filter((file) => file.status === "failed");
  const canRetry =
    Boolean(task.serverId) &&
    !running &&
    (task.status === "partial" || task.status === "failed" || task.status === "cancelled") &&
    task.summary?.key !== "explorer.tasks.summaries.serverGone";
  const retry = () => {
    retryServerTask(taskDeps(), task).catch((error: unknown) =>
      toast.error(t("explorer.tasks.retryFailed", { reason: taskErrorMessage(error, t, language) })),
    );
  };
  return (
    <li
      className="rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-800"
      data-testid="task"
      data-type={task.type}
      data-status={task.status}
    >
      <div className="flex items-start gap-3">
        <IconBadge icon={TYPE_ICONS[task.type]} tone="slate" className="size-8 rounded-lg" iconClassName="size-4.5" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium break-words text-slate-900 dark:text-white" data-testid="task-title">
            {taskText(task.title, t)}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
            <span
              className={cx(
                "inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium",
                STATUS_TONES[task.status],
              )}
              data-testid="task-status"
            >
              {task.status === "running" ? <Spinner className="size-3" /> : null}
              {t(`explorer.tasks.status.${task.status}`)}
            </span>
            {fileCount > 0 ? (
              <span className="tabular-nums" data-testid="task-files-done">
                {t("explorer.tasks.filesDone", { done, count: fileCount })}
              </span>
            ) : null}
            {task.serverId && running ? <span data-testid="task-on-server">{t("explorer.tasks.onServer")}</span> : null}
            {task.total > 0 && task.type !== "delete" ? (
              <span className="tabular-nums">
                {formatBytes(Math.min(task.loaded, task.total) / (task.type === "copy" ? 2 : 1), language)} /{" "}
                {formatBytes(task.total / (task.type === "copy" ? 2 : 1), language)}
              </span>
            ) : null}
          </div>
        </div>
        {running ? (
          <Button size="sm" variant="ghost" onClick={() => explorerTasks.cancel(task.id)} data-testid="task-cancel">
            {t("common.cancel")}
          </Button>
        ) : (
          <button
            type="button"
            className={cx(iconButton, "-mt-1 -mr-1.5 size-8")}
            onClick={() => explorerTasks.remove(task.id)}
            aria-label={t("explorer.tasks.remove", { title: taskText(task.title, t) })}
            title={t("explorer.tasks.remove", { title: taskText(task.title, t) })}
          >
            <XMarkIcon className="size-4" />
          </button>
        )}
      </div>
      {running || task.status === "cancelled" || task.status === "failed" || task.status === "interrupted" ? (
        <div
          className="mt-2.5 h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={taskText(task.title, t)}
        >
          <div
            className={cx(
              "h-full rounded-full transition-[width]",
              running ? "bg-indigo-600 dark:bg-indigo-400" : "bg-slate-400 dark:bg-slate-600",
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
      {task.summary && !running ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="task-summary">
          {taskText(task.summary, t)}
        </p>
      ) : null}
      {canRetry ? (
        <Button size="sm" className="mt-2" icon={ArrowPathIcon} onClick={retry} data-testid="task-retry">
          {t("explorer.tasks.retry")}
        </Button>
      ) : null}
      {task.error ? (
        <p className="mt-2 text-sm break-words text-red-700 dark:text-red-400" data-testid="task-error">
          {taskErrorMessage(task.error, t, language)}
        </p>
      ) : null}
      {task.files.length > 0 ? (
        <details className="group mt-2" open={failedFiles.length > 0 && failedFiles.length <= 5}>
          <summary className="cursor-pointer text-xs font-medium text-slate-600 select-none hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
            {t("explorer.tasks.files", { count: fileCount })}
          </summary>
          <ul className="mt-1.5 flex max-h-56 flex-col gap-1 overflow-y-auto">
            {task.files.map((file) => (
              <li key={file.id} className="text-xs" data-testid="task-file" data-status={file.status}>
                <div className="flex items-center gap-2">
                  <span
                    className={cx(fileNameText, "min-w-0 flex-1 text-slate-700 dark:text-slate-300")}
                    title={file.name}
                  >
                    {file.name}
                  </span>
                  <span className={cx("shrink-0 tabular-nums", FILE_TONES[file.status])}>
                    {file.status === "running" && file.size > 0
                      ? `${Math.min(99, Math.floor((file.loaded / file.size) * 100))}%`
                      : t(`explorer.tasks.fileStatus.${file.status}`)}
                  </span>
                </div>
                {file.status === "failed" && file.error ? (
                  <p className="mt-0.5 break-words text-red-700 dark:text-red-400">
                    {taskErrorMessage(file.error, t, language)}
                  </p>
                ) : null}
              </li>
            ))}
            {fileCount > task.files.length ? (
              <li className="text-xs text-slate-600 dark:text-slate-400">
                {t("explorer.tasks.moreFiles", { count: fileCount - task.files.length })}
              </li>
            ) : null}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

/**
 * Says a task started and, when it ends, how (one toast per task, replaced in place), each with a way
 * to the task list.
 */
export function announceTask(started: StartedTask, t: TFunction, onShow: () => void): void {
  const id = `task-toast-${started.id}`;
  const task = explorerTasks.getTasks().find((candidate) => candidate.id === started.id);
  const show = [{ label: t("explorer.tasks.show"), onClick: onShow }];
  if (task) toast.info(taskText(task.title, t), { id, actions: show, duration: 3_000 });
  void started.done.then((done) => {
    if (!done) return;
    const title = taskText(done.title, t);
    const description = done.summary ? taskText(done.summary, t) : undefined;
    if (done.status === "completed") toast.success(title, { id, description, actions: show });
    else if (done.status === "cancelled")
      toast.info(t("explorer.tasks.cancelledToast", { title }), { id, actions: show });
    else {
      // Which files failed and why, not only how many: the reason should not be two clicks away.
      const reasons = done.error
        ? [taskErrorMessage(done.error, t, currentLanguage())]
        : [description ?? "", ...failedFileLines(done, t, currentLanguage())].filter(Boolean);
      toast.error(`${t(`explorer.tasks.status.${done.status}`)} · ${title}`, {
        id,
        description: reasons.join("\n"),
        actions: show,
      });
    }
  });
}
