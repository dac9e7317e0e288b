// A task's or a file's failure as one sentence in the current language (docs/product.md §8: upload, multipart
// and copy messages). Upload failures reuse the /upload screen's wording (storage space insufficient
// with the server's message, part N failed, ...); copy steps and the copy commit have their own.
import type { TFunction } from "i18next";
import { uploadErrorMessage } from "../../upload/upload-errors";
import { CopyCommitError, CopyStepError } from "../client-copy";
import { StoredTaskError } from "./task-persistence";
import type { Task, TaskText } from "./task-store";

export function taskErrorMessage(error: unknown, t: TFunction, language?: string): string {
  // Kept from an earlier visit: the sentence it was shown with.
  if (error instanceof StoredTaskError) return error.message;
  if (error instanceof CopyCommitError) return t("explorer.copy.commitFailed", { reason: error.message });
  if (error instanceof CopyStepError) {
    const reason = uploadErrorMessage(error.cause, t, language);
    return error.stage === "download"
      ? t("explorer.copy.downloadFailed", { reason })
      : t("explorer.copy.uploadFailed", { reason });
  }
  return uploadErrorMessage(error, t, language);
}

/** A task's title or summary in the current language. */
export function taskText(text: TaskText, t: TFunction): string {
  return t(text.key, text.values ?? {});
}

/** Failures named in a task's toast; the task panel lists the rest. */
const FAILURES_SHOWN = 3;

/** "name: reason" for each failed file (the first few), so a toast says what went wrong where. */
export function failedFileLines(task: Pick<Task, "files">, t: TFunction, language?: string): string[] {
  const failed = task.files.filter((file) => file.status === "failed");
  const lines = failed.slice(0, FAILURES_SHOWN).map((file) =>
    t("explorer.tasks.fileFailure", {
      name: file.name,
      reason: file.error ? taskErrorMessage(file.error, t, language) : t("explorer.tasks.fileStatus.failed"),
    }),
  );
  if (failed.length > FAILURES_SHOWN)
    lines.push(t("explorer.tasks.moreFailures", { count: failed.length - FAILURES_SHOWN }));
  return lines;
}
