// The files of one server task (docs/tasks.md): each file's source, target, state and the reason it
// failed, a page at a time (the server answers at most 1,000 per request), optionally only the
// failed ones. While the task runs the page refreshes.
import ListBulletIcon from "@heroicons/react/24/outline/ListBulletIcon";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog } from "../../../components/dialogs/dialog";
import { LoadError } from "../../../components/feedback/request-status";
import { StatusBadge } from "../../../components/status-badge";
import { trpc } from "../../../lib/api/trpc";
import { FILE_STATUS_TONES, isTaskFinished, taskName } from "./task-status";
import type { TaskSummary } from "./tasks-module";

/** Files one page of the dialog lists. */
const FILES_PAGE = 100;
const RUNNING_POLL_MS = 2_000;

export function TaskFilesDialog({ task, onClose }: { task: TaskSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      name="task-files"
      open={task !== null}
      onClose={onClose}
      icon={ListBulletIcon}
      size="lg"
      title={task ? taskName(t, task) : t("adminTasks.files.title")}
      description={t("adminTasks.files.description")}
      footer={<Button onClick={onClose}>{t("adminTasks.files.close")}</Button>}
    >
      {task ? <TaskFiles task={task} /> : null}
    </AppDialog>
  );
}

function TaskFiles({ task }: { task: TaskSummary }) {
  const { t } = useTranslation();
  const [onlyFailed, setOnlyFailed] = useState(task.failed > 0);
  const [offset, setOffset] = useState(0);
  const files = trpc.fsTasks.get.useQuery(
    { id: task.id, files_offset: offset, files_limit: FILES_PAGE, file_status: onlyFailed ? "failed" : undefined },
    {
      placeholderData: (previous) => previous,
      refetchInterval: (query) =>
        query.state.data && !isTaskFinished(query.state.data.status) ? RUNNING_POLL_MS : false,
    },
  );
  const matching = files.data?.files_matching ?? 0;
  return (
    <div>
      <label className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <input
          type="checkbox"
          checked={onlyFailed}
          onChange={(event) => {
            setOnlyFailed(event.target.checked);
            setOffset(0);
          }}
          className="size-4 rounded border-slate-300 text-indigo-600 dark:border-slate-600 dark:bg-slate-800"
          data-testid="task-files-only-failed"
        />
        {t("adminTasks.files.onlyFailed")}
      </label>
      {files.isPending ? (
        <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          {t("adminTasks.files.loading")}
        </p>
      ) : files.isError ? (
        <LoadError className="mt-4" size="sm" title={t("adminTasks.loadError")} query={files} />
      ) : files.data.files.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("adminTasks.files.none")}</p>
      ) : (
        <ul
          className="mt-4 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800"
          aria-label={t("adminTasks.files.listLabel")}
          data-testid="task-file-list"
        >
          {files.data.files.map((file) => (
            <li key={`${file.path}>${file.target_path}`} className="px-3 py-2.5" data-testid="task-file">
              <div className="flex items-start gap-2">
                <p className="min-w-0 flex-1 font-mono text-[13px] break-all text-slate-800 dark:text-slate-200">
                  {file.path}
                </p>
                <StatusBadge tone={FILE_STATUS_TONES[file.status]} testId="task-file-status" className="shrink-0">
                  {t(`adminTasks.files.status.${file.status}`)}
                </StatusBadge>
              </div>
              {file.target_path ? (
                <p className="mt-0.5 font-mono text-xs break-all text-slate-500 dark:text-slate-400">
                  {t("adminTasks.files.to", { path: file.target_path })}
                </p>
              ) : null}
              {file.error ? (
                <p className="mt-1 text-sm text-red-700 dark:text-red-300" data-testid="task-file-error">
                  {file.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {matching > FILES_PAGE ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm text-slate-600 dark:text-slate-400">
            {t("adminTasks.files.page", {
              from: offset + 1,
              to: Math.min(offset + FILES_PAGE, matching),
              total: matching,
            })}
          </span>
          <span className="flex gap-2">
            <Button size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - FILES_PAGE))}>
              {t("adminTasks.files.previous")}
            </Button>
            <Button size="sm" disabled={offset + FILES_PAGE >= matching} onClick={() => setOffset(offset + FILES_PAGE)}>
              {t("adminTasks.files.next")}
            </Button>
          </span>
        </div>
      ) : null}
    </div>
  );
}
