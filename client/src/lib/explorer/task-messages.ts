// A task's or a file's failure as one sentence in the current language (SPEC.md §8: upload, multipart
// and copy messages). Upload failures reuse the /upload screen's wording (storage space insufficient
// with the server's message, part N failed, ...); copy steps and the copy commit have their own.
import type { TFunction } from "i18next";
import { uploadErrorMessage } from "../files/upload-errors";
import { CopyCommitError, CopyStepError } from "./client-copy";
import type { TaskText } from "./task-store";

export function taskErrorMessage(error: unknown, t: TFunction, language?: string): string {
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
