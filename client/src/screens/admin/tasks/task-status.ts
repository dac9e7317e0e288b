// What the Tasks module says of a task: whether it has ended, the colour of its state, and its name
// ("Copy /local/photos") as buttons and dialogs name it.
import type { FS_TASK_STATUSES } from "@shared/schemas/fs-tasks";
import type { TFunction } from "i18next";

export type TaskStatus = (typeof FS_TASK_STATUSES)[number];

const FINISHED: readonly TaskStatus[] = ["completed", "partial", "failed", "cancelled"];

export const isTaskFinished = (status: TaskStatus) => FINISHED.includes(status);

const GREEN =
  "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/20";
const AMBER =
  "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30";
const RED = "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30";
const BLUE =
  "bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/30";
const GREY =
  "bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-400/20";

export const STATUS_TONES: Record<TaskStatus, string> = {
  pending: GREY,
  planning: BLUE,
  running: BLUE,
  completed: GREEN,
  partial: AMBER,
  failed: RED,
  cancelled: GREY,
};

/** The colours of a file's state in the files dialog. */
export const FILE_STATUS_TONES = {
  pending: GREY,
  running: BLUE,
  done: GREEN,
  skipped: GREY,
  failed: RED,
  cancelled: GREY,
} as const;

/** "Copy /local/photos": the task's kind and its first source. */
export function taskName(t: TFunction, task: { type: "copy" | "move" | "delete"; items: { path: string }[] }) {
  return `${t(`adminTasks.type.${task.type}`)} ${task.items[0]?.path ?? ""}`;
}
