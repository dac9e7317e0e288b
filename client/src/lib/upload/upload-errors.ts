// Every way an upload can fail, as one sentence in the user's language (docs/product.md §5, §8 "Upload-
// related" and "URL upload"). Failures are kept as objects (the step that failed and what the server
// or the network said) and turned into text when shown, so a language switch re-words them.

import { formatBytes } from "@shared/format-bytes";
import type { TFunction } from "i18next";
import { appCodeOf, httpStatusOf, isNetworkError } from "../api/api-errors";
import { isAbortError } from "./engine/retry";
import { NetworkError } from "./engine/transport";
import { UploadLimitError } from "./upload-limits";

// The limit checks run before the engine loads (upload-limits.ts); their failure is one of these.
export { UploadLimitError };

/** The step of an upload that failed. */
export type UploadStage =
  | "presign"
  | "put"
  | "commit"
  | "multipartInit"
  | "partUrls"
  | "part"
  | "multipartComplete"
  | "server"
  | "urlInfo"
  | "download"
  | "encrypt";

export class UploadFailure extends Error {
  override name = "UploadFailure";
  constructor(
    readonly stage: UploadStage,
    override readonly cause: unknown,
    readonly details: { partNumber?: number; toS3?: boolean } = {},
  ) {
    super(`${stage} failed`);
  }
}

/** An HTTP answer that is not a success, from storage, the form upload or the URL proxy. */
export class HttpStatusError extends Error {
  override name = "HttpStatusError";
  constructor(
    readonly status: number,
    /** The server's own words (already translated) or the storage's error code, when it sent one. */
    readonly reason: string | null = null,
    /** The app's error code (shared/errors.ts) when the answer was our envelope. */
    readonly appCode: string | null = null,
    /** The answer was the app's own JSON envelope (its message is a sentence for the user). */
    readonly isFromApp = false,
  ) {
    super(reason ?? `HTTP ${status}`);
  }
}

/** The server answered without the data the step needs. */
export class NoDataError extends Error {
  override name = "NoDataError";
  constructor() {
    super("no valid data");
  }
}

/** No presigned URL came back for a part. */
export class MissingPartUrlError extends Error {
  override name = "MissingPartUrlError";
  constructor(readonly partNumber: number) {
    super(`no URL for part ${partNumber}`);
  }
}

/** docs/product.md §5: such messages are shown as "storage space insufficient" with the server's text. */
const STORAGE_WORDS = /insufficient storage|exceed|capacity|存储空间不足|超出|容量/i;

function appCodeOfAny(error: unknown): string | null {
  if (error instanceof HttpStatusError) return error.appCode;
  return appCodeOf(error);
}

function statusOfAny(error: unknown): number | null {
  if (error instanceof HttpStatusError) return error.status;
  return httpStatusOf(error);
}

function isStorageFull(error: unknown): boolean {
  const code = appCodeOfAny(error);
  if (code === "INSUFFICIENT_STORAGE" || statusOfAny(error) === 507) return true;
  // A message with those words but without our error code (a storage's own answer, an older server).
  if (code === null && error instanceof Error && !(error instanceof UploadLimitError)) {
    return STORAGE_WORDS.test(error.message) && statusOfAny(error) !== 413;
  }
  return false;
}

function isSlugTaken(error: unknown): boolean {
  return appCodeOfAny(error) === "CONFLICT" || statusOfAny(error) === 409;
}

function isNoAnswer(error: unknown): boolean {
  return error instanceof NetworkError || isNetworkError(error);
}

/** What went wrong underneath a step, as a short reason. */
function reasonOf(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return error.isTimeout ? t("files.errors.timeout") : t("files.errors.network");
  if (isNetworkError(error)) return t("common.networkError");
  if (error instanceof HttpStatusError) {
    return error.reason
      ? t("files.errors.statusWithReason", { status: error.status, reason: error.reason })
      : t("files.errors.status", { status: error.status });
  }
  if (error instanceof NoDataError) return t("files.errors.noData");
  if (error instanceof MissingPartUrlError) return t("files.errors.noPartUrl", { part: error.partNumber });
  if (error instanceof Error && error.message) return error.message;
  return t("common.unknownError");
}

function limitMessage(error: UploadLimitError, t: TFunction, language?: string): string {
  if (error.limit === "tooLarge") {
    return t("files.errors.tooLarge", {
      size: formatBytes(error.values.size, language),
      max: formatBytes(error.values.max ?? 0, language),
    });
  }
  const detail = t("files.errors.storageDetail", {
    size: formatBytes(error.values.size, language),
    remaining: formatBytes(error.values.remaining ?? 0, language),
    total: formatBytes(error.values.total ?? 0, language),
  });
  return t("files.errors.insufficientStorage", { detail });
}

/** The steps whose failure is one sentence with the reason underneath; the others look closer below. */
const STAGE_FAILED: Partial<Record<UploadStage, string>> = {
  presign: "files.errors.presignFailed",
  commit: "files.errors.commitFailed",
  multipartInit: "files.errors.multipartInitFailed",
  multipartComplete: "files.errors.multipartCompleteFailed",
  urlInfo: "files.errors.urlValidateFailed",
  // The file could not be read (moved, deleted, no permission) or its name is too long to encrypt.
  encrypt: "files.errors.encryptFailed",
};

/** The sentence a row shows for its failure. */
export function uploadErrorMessage(error: unknown, t: TFunction, language?: string): string {
  if (error instanceof UploadLimitError) return limitMessage(error, t, language);
  const stage = error instanceof UploadFailure ? error.stage : null;
  const cause = error instanceof UploadFailure ? error.cause : error;
  if (isAbortError(cause))
    return stage === "download" ? t("files.errors.downloadCancelled") : t("files.errors.cancelled");
  if (isSlugTaken(cause)) return t("files.errors.slugTaken");
  if (isStorageFull(cause)) {
    return t("files.errors.insufficientStorage", { detail: cause instanceof Error ? cause.message : "" });
  }
  const reason = reasonOf(cause, t);
  const failedKey = stage ? STAGE_FAILED[stage] : undefined;
  if (failedKey) return t(failedKey, { reason });
  switch (stage) {
    case "partUrls":
    case "part": {
      const part = error instanceof UploadFailure ? (error.details.partNumber ?? 0) : 0;
      if (cause instanceof MissingPartUrlError) return t("files.errors.noPartUrl", { part: cause.partNumber });
      return t("files.errors.partFailed", { part, reason });
    }
    case "put":
      if (isNoAnswer(cause)) return t("files.errors.networkDuringUpload");
      return error instanceof UploadFailure && error.details.toS3
        ? t("files.errors.s3UploadFailed", { reason })
        : t("files.errors.uploadFailed", { reason });
    case "server":
      if (isNoAnswer(cause)) return t("files.errors.networkDuringUpload");
      if (cause instanceof HttpStatusError && cause.reason) return cause.reason;
      return t("files.errors.uploadFailed", { reason });
    case "download":
      if (cause instanceof HttpStatusError) {
        // Our proxy explains itself (a refused address, the origin's status); a site answers a status only.
        if (cause.isFromApp && cause.reason) {
          const prefix = t("files.errors.urlFetchFailedReason", { reason: "" }).replace(/[\s:：]+$/, "");
          return cause.reason.startsWith(prefix)
            ? cause.reason
            : t("files.errors.urlFetchFailedReason", { reason: cause.reason });
        }
        return t("files.errors.urlFetchFailed", { status: cause.status });
      }
      return t("files.errors.urlFetchFailedReason", { reason });
    default:
      return reason;
  }
}

/** A cancel is the user's own doing: shown quietly, not as a failure. */
export function isCancellation(error: unknown): boolean {
  return isAbortError(error instanceof UploadFailure ? error.cause : error);
}

/** Errors a retry of the same request cannot fix (the server refused it on its merits). */
export function isFinalError(error: unknown): boolean {
  const status = statusOfAny(error);
  if (status === null) return false;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}
