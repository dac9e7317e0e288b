// What the Tasks module says of a task: whether it has ended, the colour of its state, and its name
// ("Copy /local/photos") as buttons and dialogs name it.
import type { FS_TASK_STATUSES } from "@shared/schemas/explorer/tasks";
import type { TFunction } from "i18next";
import type { StatusTone } from "../../../components/status-badge";

export type TaskStatus = (typeof FS_TASK_STATUSES)[number];

const FINISHED: readonly TaskStatus[] = ["completed", "partial", "failed", "cancelled"];

export const isTaskFinished = (status: TaskStatus) => FINISHED.includes(status);

export const STATUS_TONES: Record<TaskStatus, StatusTone> = {
  pending: "grey",
  planning: "blue",
  running: "blue",
  completed: "green",
  partial: "amber",
  failed: "red",
  cancelled: "grey",
};

/** The colours of a file's state in the files dialog. */
export const FILE_STATUS_TONES = {
  pending: "grey",
  running: "blue",
  done: "green",
  skipped: "grey",
  failed: "red",
  cancelled: "grey",
} as const satisfies Record<string, StatusTone>;

/** "Copy /local/photos": the task's kind and its first source. */
export function taskName(t: TFunction, task: { type: "copy" | "move" | "delete"; items: { path: string }[] }) {
  return `${t(`adminTasks.type.${task.type}`)} ${task.items[0]?.path ?? ""}`;
}
