// The upload list: one row per file or URL with its status (pending, uploading with percent and a
// progress bar, success with the share link, copy and QR code, error with the reason), and the
// actions that fit (start, cancel, retry, remove). Progress is announced sparingly: screen readers
// hear status changes, not every percent.
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import CheckCircleIcon from "@heroicons/react/24/outline/CheckCircleIcon";
import ExclamationCircleIcon from "@heroicons/react/24/outline/ExclamationCircleIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import StopIcon from "@heroicons/react/24/outline/StopIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import XMarkIcon from "@heroicons/react/24/outline/XMarkIcon";
import { formatBytes } from "@shared/format-bytes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { cardSurface, cx, fileNameText } from "../../components/class-names";
import { CopyButton } from "../../components/copy-button";
import { FileTypeIcon } from "../../components/file-icons";
import { currentLanguage } from "../../i18n";
import { formatDateTime } from "../../lib/format-date";
import { summarize } from "../../lib/upload/queue/queue-summary";
import type { QueueItem } from "../../lib/upload/queue/upload-queue";
import { groupedFileIds, type MadeSet } from "../../lib/upload/queue/upload-sets";
import { isCancellation, uploadErrorMessage } from "../../lib/upload/upload-errors";
import { OneLinkPanel } from "./one-link-panel";
import { ShareLinkRow } from "./share-link-row";

export type UploadListProps = {
  items: readonly QueueItem[];
  onStart: (ids?: string[]) => void;
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  onClearFinished: () => void;
  canStart: boolean;
  /** Sets of files made from this list (docs/share-sets.md), and how to make one of the finished uploads. */
  sets?: readonly MadeSet[];
  isMakingSet?: boolean;
  onMakeSet?: (fileIds: string[]) => void;
};

/** Finished uploads that may go out together in a set: stored in clear, in no set yet. */
export function setCandidates(items: readonly QueueItem[], sets: readonly MadeSet[]): string[] {
  const grouped = groupedFileIds(sets);
  return items.flatMap((item) =>
    item.status === "success" && item.result && !item.result.encrypted && !grouped.has(item.result.id)
      ? [item.result.id]
      : [],
  );
}

export function UploadList({
  items,
  onStart,
  onCancel,
  onRetry,
  onRemove,
  onClearFinished,
  canStart,
  sets = [],
  isMakingSet = false,
  onMakeSet,
}: UploadListProps) {
  const { t } = useTranslation();
  const counts = summarize(items);
  const idle = items.filter((item) => item.status === "pending" && !item.isQueued);
  const grouped = groupedFileIds(sets);
  const candidates = setCandidates(items, sets);
  const links = items
    .filter((item) => item.status === "success" && item.result && !grouped.has(item.result.id))
    .map((item) => item.result?.url ?? "");
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="upload-list-title"
      className={cx("overflow-hidden", cardSurface)}
      data-testid="upload-list"
    >
      <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between sm:px-5 dark:border-slate-800">
        <div className="min-w-0">
          <h2 id="upload-list-title" className="text-base font-semibold text-slate-900 dark:text-white">
            {t("files.queue.title")}
          </h2>
          <p
            className="mt-0.5 text-sm text-slate-500 dark:text-slate-400"
            aria-live="polite"
            data-testid="upload-summary"
          >
            {[
              counts.uploading > 0 ? t("files.queue.summary.uploading", { count: counts.uploading }) : null,
              counts.pending > 0 ? t("files.queue.summary.pending", { count: counts.pending }) : null,
              counts.success > 0 ? t("files.queue.summary.success", { count: counts.success }) : null,
              counts.failed > 0 ? t("files.queue.summary.failed", { count: counts.failed }) : null,
              counts.cancelled > 0 ? t("files.queue.summary.cancelled", { count: counts.cancelled }) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {links.length > 1 ? (
            <CopyButton
              text={links.join("\n")}
              label={t("files.queue.copyAllLinks")}
              copiedMessage={t("files.result.copiedAll", { count: links.length })}
              failedMessage={t("files.result.copyFailed")}
              size="sm"
            />
          ) : null}
          {counts.success + counts.failed + counts.cancelled > 0 ? (
            <Button size="sm" variant="ghost" icon={TrashIcon} onClick={onClearFinished}>
              {t("files.queue.clearFinished")}
            </Button>
          ) : null}
          {idle.length > 0 && canStart ? (
            <Button size="sm" variant="primary" onClick={() => onStart()} data-testid="start-uploads">
              {t("files.queue.start", { count: idle.length })}
            </Button>
          ) : null}
        </div>
      </div>
      {onMakeSet ? (
        <OneLinkPanel
          candidateCount={candidates.length}
          sets={sets}
          isMaking={isMakingSet}
          onMake={() => onMakeSet(candidates)}
        />
      ) : null}
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {items.map((item) => (
          <UploadRow
            key={item.id}
            item={item}
            isInSet={item.result !== null && grouped.has(item.result.id)}
            canStart={canStart}
            onStart={() => onStart([item.id])}
            onCancel={() => onCancel(item.id)}
            onRetry={() => onRetry(item.id)}
            onRemove={() => onRemove(item.id)}
          />
        ))}
      </ul>
    </section>
  );
}

function StatusLine({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (item.status === "pending") {
    return (
      <span className="text-slate-500 dark:text-slate-400">
        {item.isQueued ? t("files.queue.status.queued") : t("files.queue.status.pending")}
      </span>
    );
  }
  if (item.status === "uploading") {
    const phase = t(`files.queue.phase.${item.phase ?? "uploading"}`);
    const amount =
      item.total !== null && item.total > 0
        ? t("files.queue.progress", {
            loaded: formatBytes(item.loaded, language),
            total: formatBytes(item.total, language),
          })
        : item.loaded > 0
          ? formatBytes(item.loaded, language)
          : null;
    return (
      <span className="text-indigo-700 dark:text-indigo-300">
        <span className="font-semibold tabular-nums" data-testid="upload-percent">
          {t("files.queue.percent", { percent: item.percent })}
        </span>
        {" · "}
        {phase}
        {amount ? <span className="text-slate-500 tabular-nums dark:text-slate-400"> · {amount}</span> : null}
      </span>
    );
  }
  if (item.status === "success") {
    return (
      <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
        <CheckCircleIcon className="size-4" />
        {t("files.queue.status.success")}
      </span>
    );
  }
  const cancelled = isCancellation(item.error);
  return (
    <span
      className={cx(
        "inline-flex items-start gap-1",
        cancelled ? "text-slate-600 dark:text-slate-300" : "text-red-700 dark:text-red-400",
      )}
      data-testid="upload-error"
    >
      {cancelled ? null : <ExclamationCircleIcon className="mt-0.5 size-4 shrink-0" />}
      <span>{uploadErrorMessage(item.error, t, language)}</span>
    </span>
  );
}

function ProgressBar({ item, label }: { item: QueueItem; label: string }) {
  const isIndeterminate = item.phase === "checking" || (item.phase === "downloading" && !item.total);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={isIndeterminate ? undefined : item.percent}
      className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div
        className={cx(
          "h-full rounded-full bg-indigo-600 transition-[width] duration-300 ease-out motion-reduce:transition-none dark:bg-indigo-400",
          isIndeterminate && "w-1/3 motion-safe:animate-pulse",
        )}
        style={isIndeterminate ? undefined : { width: `${Math.max(2, item.percent)}%` }}
      />
    </div>
  );
}

function UploadRow({
  item,
  isInSet,
  canStart,
  onStart,
  onCancel,
  onRetry,
  onRemove,
}: {
  item: QueueItem;
  /** Gone out in a set: its own link no longer answers, so it is not shown. */
  isInSet: boolean;
  canStart: boolean;
  onStart: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // An encrypted upload's record names the ciphertext (encrypted.pbxe): the row keeps the file's own.
  const stored = item.result?.encrypted ? null : item.result;
  const name = stored?.filename ?? item.name;
  // A file not sent yet is removed from the list; a finished or failed one is dismissed.
  const removal =
    item.status === "pending" && !item.isQueued
      ? "remove"
      : item.status === "error" || item.status === "success"
        ? "dismiss"
        : null;
  const size = stored?.size ?? item.size;
  const mimetype = stored?.mimetype ?? item.type;
  const meta = [
    size !== null ? formatBytes(size, language) : t("files.url.unknownSize"),
    item.source.kind === "url" ? t("files.queue.fromUrl") : null,
    item.mode ? t(`files.queue.modes.${item.mode}`) : null,
    item.via === "proxy" ? t("files.queue.viaProxy") : null,
    item.resumedBytes > 0 ? t("files.queue.resumed", { size: formatBytes(item.resumedBytes, language) }) : null,
  ].filter(Boolean);

  return (
    <li className="px-4 py-3.5 sm:px-5" data-testid="upload-row" data-status={item.status} data-name={item.name}>
      <div className="flex items-start gap-3">
        <FileTypeIcon mimetype={mimetype} filename={name} />
        <div className="min-w-0 flex-1">
          <p className={cx(fileNameText, "text-sm font-medium text-slate-900 dark:text-white")} title={name}>
            {name}
          </p>
          <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{meta.join(" · ")}</p>
          <p className="mt-1 text-sm">
            <StatusLine item={item} />
          </p>
          {item.status === "uploading" ? (
            <ProgressBar item={item} label={t("files.queue.progressOf", { name })} />
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-0.5">
          {item.status === "pending" && !item.isQueued && canStart ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={onStart}
              aria-label={t("files.queue.actions.startOf", { name })}
            >
              {t("files.queue.actions.start")}
            </Button>
          ) : null}
          {item.status === "uploading" || (item.status === "pending" && item.isQueued) ? (
            <Button
              size="sm"
              variant="ghost"
              icon={StopIcon}
              onClick={onCancel}
              aria-label={t("files.queue.actions.cancelOf", { name })}
              title={t("files.queue.actions.cancel")}
              data-testid="cancel-upload"
            >
              <span className="sr-only sm:not-sr-only">{t("files.queue.actions.cancel")}</span>
            </Button>
          ) : null}
          {item.status === "error" ? (
            <Button
              size="sm"
              variant="secondary"
              icon={ArrowPathIcon}
              onClick={onRetry}
              disabled={!canStart}
              aria-label={t("files.queue.actions.retryOf", { name })}
              data-testid="retry-upload"
            >
              <span className="sr-only sm:not-sr-only">{t("files.queue.actions.retry")}</span>
            </Button>
          ) : null}
          {removal ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={onRemove}
              aria-label={t(`files.queue.actions.${removal}Of`, { name })}
              title={t(`files.queue.actions.${removal}`)}
            >
              <XMarkIcon className="size-4.5" />
            </Button>
          ) : null}
        </div>
      </div>

      {item.status === "success" && isInSet ? (
        <p className="mt-2 text-sm text-slate-600 sm:pl-13 dark:text-slate-400" data-testid="row-in-set">
          {t("files.oneLink.inSet")}
        </p>
      ) : item.status === "success" && item.result ? (
        <div className="mt-3 sm:pl-13">
          <ShareLinkRow
            id={`link-${item.id}`}
            url={item.result.url}
            label={t("files.result.linkOf", { name })}
            openLabel={t("files.result.openOf", { name })}
            openTitle={t("files.result.open")}
            testId="result-link"
          >
            <ul className="mt-2 flex flex-wrap gap-1.5 text-xs">
              {item.result.encrypted ? <Chip isLocked>{t("files.queue.encrypted")}</Chip> : null}
              {item.result.has_password ? <Chip isLocked>{t("files.result.protected")}</Chip> : null}
              <Chip>
                {item.result.expires_at
                  ? t("files.result.expires", { date: formatDateTime(item.result.expires_at, language) })
                  : t("files.result.neverExpires")}
              </Chip>
              <Chip>
                {item.result.max_views > 0
                  ? t("files.result.maxViews", { count: item.result.max_views })
                  : t("files.result.unlimitedViews")}
              </Chip>
            </ul>
          </ShareLinkRow>
        </div>
      ) : null}
    </li>
  );
}

/** A fact of the share; `isLocked` marks one that keeps it closed (encrypted, a password) with a lock. */
function Chip({ isLocked = false, children }: { isLocked?: boolean; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      {isLocked ? <LockClosedIcon className="size-3.5" /> : null}
      {children}
    </li>
  );
}
