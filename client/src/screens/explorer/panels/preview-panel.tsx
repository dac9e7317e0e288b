// The `preview` query's panel: the file's details and the same preview as file pages (through a
// signed file link), with download, copy link and, for text files that may be written, edit.

import ArrowDownTrayIcon from "@heroicons/react/24/outline/ArrowDownTrayIcon";
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import ClipboardDocumentIcon from "@heroicons/react/24/outline/ClipboardDocumentIcon";
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import ShoppingBagIcon from "@heroicons/react/24/outline/ShoppingBagIcon";
import { formatBytes } from "@shared/format-bytes";
import { nameOf } from "@shared/paths";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog } from "../../../components/dialogs/dialog";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { Spinner } from "../../../components/feedback/spinner";
import { FormAlert } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { MediaTypeText } from "../../../components/media-type-text";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format-date";
import { FilePreview } from "../../file/file-preview";
import { useFsApi } from "../use-fs-api";

/** What the explorer lets the panel do with the file it shows. */
export type PreviewActions = {
  canEdit: (entry: Pick<FsEntry, "name" | "mimetype" | "size">) => boolean;
  onDownload: (entry: FsEntry) => void;
  onCopyLink: (entry: FsEntry) => void;
  onEdit: (entry: FsEntry) => void;
  onAddToBasket: (entry: FsEntry) => void;
};

export function PreviewPanel({
  path,
  onClose,
  actions,
}: {
  path: string | null;
  onClose: () => void;
  actions: PreviewActions;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      name="explorer-preview"
      open={path !== null}
      onClose={onClose}
      size="lg"
      title={path ? nameOf(path) : ""}
      description={path ?? ""}
    >
      {path ? <PreviewBody path={path} actions={actions} /> : null}
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose} data-testid="preview-close">
          {t("common.close")}
        </Button>
      </div>
    </AppDialog>
  );
}

function PreviewBody({ path, actions }: { path: string; actions: PreviewActions }) {
  const { canEdit, onDownload, onCopyLink, onEdit, onAddToBasket } = actions;
  const { t } = useTranslation();
  const language = currentLanguage();
  const { api } = useFsApi();
  const entry = api.get.useQuery({ path });
  const inline = api.fileLink.useQuery(
    { path, force_download: false },
    { enabled: entry.data?.type === "file", staleTime: 60_000 },
  );
  const attachment = api.fileLink.useQuery(
    { path, force_download: true },
    { enabled: entry.data?.type === "file", staleTime: 60_000 },
  );
  const errorMessage = useErrorMessage();

  if (entry.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (entry.isError) return <FormAlert title={t("explorer.preview.loadError")}>{errorMessage(entry.error)}</FormAlert>;
  const file = entry.data;
  if (file.type !== "file")
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t("explorer.preview.notAFile")}</p>;

  return (
    <div className="flex flex-col gap-4" data-testid="preview-panel">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400">{t("explorer.list.size")}</dt>
          <dd className="text-slate-800 tabular-nums dark:text-slate-200">{formatBytes(file.size, language)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400">{t("explorer.list.modified")}</dt>
          <dd className="text-slate-800 dark:text-slate-200">
            {file.modified ? formatDateTime(file.modified, language) : "—"}
          </dd>
        </div>
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs text-slate-500 dark:text-slate-400">{t("explorer.preview.type")}</dt>
          <dd className="text-slate-800 dark:text-slate-200">
            {file.mimetype ? <MediaTypeText value={file.mimetype} /> : "—"}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="primary"
          icon={ArrowDownTrayIcon}
          onClick={() => onDownload(file)}
          data-testid="preview-download"
        >
          {t("explorer.actions.download")}
        </Button>
        <Button size="sm" icon={ClipboardDocumentIcon} onClick={() => onCopyLink(file)}>
          {t("explorer.actions.copyLink")}
        </Button>
        <Button size="sm" icon={ShoppingBagIcon} onClick={() => onAddToBasket(file)} data-testid="preview-basket">
          {t("explorer.actions.addToBasket")}
        </Button>
        {canEdit(file) && !file.readonly ? (
          <Button
            size="sm"
            icon={PencilIcon}
            onClick={() => onEdit(file)}
            {...opensDialog("explorer-text-editor")}
            data-testid="preview-edit"
          >
            {t("explorer.actions.edit")}
          </Button>
        ) : null}
      </div>
      {inline.isError || attachment.isError ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert title={t("explorer.preview.linkError")}>
            {errorMessage(inline.error ?? attachment.error)}
          </FormAlert>
          <Button
            size="sm"
            icon={ArrowPathIcon}
            onClick={() => void Promise.all([inline.refetch(), attachment.refetch()])}
          >
            {t("common.retry")}
          </Button>
        </div>
      ) : inline.data && attachment.data ? (
        <FilePreview
          file={{
            filename: file.name,
            mimetype: file.mimetype ?? "application/octet-stream",
            size: file.size,
            preview_url: inline.data.presignedUrl,
            download_url: attachment.data.presignedUrl,
          }}
          onReload={() => void Promise.all([inline.refetch(), attachment.refetch()])}
          isReloading={inline.isRefetching || attachment.isRefetching}
        />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner className="size-6" />
        </div>
      )}
    </div>
  );
}
