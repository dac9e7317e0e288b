// Confirmation before deleting one file share or the selection, with their stored objects: names
// what goes, says it cannot be undone, and stays open (not dismissible) while the request runs.
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog } from "../../../components/dialog";
import { FileTypeIcon } from "../../../components/file-icons";
import { TrashIcon } from "../../../components/icons";
import { toast } from "../../../components/toast-store";
import { currentLanguage } from "../../../i18n";
import { appCodeOf, errorMessageOf } from "../../../lib/api-errors";
import { formatBytes } from "../../../lib/format-bytes";
import { type FileSummary, useFileApi } from "./file-api";

export type DeleteFilesDialogProps = {
  files: readonly FileSummary[];
  open: boolean;
  onClose: () => void;
  onDeleted: (ids: string[]) => void;
};

export function DeleteFilesDialog({ files, open, onClose, onDeleted }: DeleteFilesDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { procedures, cache } = useFileApi();
  const deleteOne = procedures.delete.useMutation();
  const deleteMany = procedures.batchDelete.useMutation();
  const isPending = deleteOne.isPending || deleteMany.isPending;
  const count = files.length;
  const total = files.reduce((sum, file) => sum + file.size, 0);

  const confirm = () => {
    if (count === 0) {
      toast.warning(t("files.manage.selectionRequired"));
      onClose();
      return;
    }
    const ids = files.map((file) => file.id);
    const handlers = {
      onSuccess: ({ deleted }: { deleted: number }) => {
        toast.success(t("files.manage.delete.deleted", { count: deleted }));
        onDeleted(ids);
      },
      onError: (error: unknown) => {
        // Already gone (purged, or deleted elsewhere): the list was out of date.
        if (appCodeOf(error) === "NOT_FOUND") onDeleted(ids);
        toast.error(errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") }));
      },
      onSettled: () => void cache.invalidate(),
    };
    const [first] = ids;
    if (ids.length === 1 && first) deleteOne.mutate({ id: first }, handlers);
    else deleteMany.mutate({ ids }, handlers);
  };

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      isBusy={isPending}
      tone="danger"
      icon={TrashIcon}
      size="sm"
      title={t("files.manage.delete.title", { count })}
      description={t("files.manage.delete.description", { size: formatBytes(total, language) })}
      footer={
        <>
          <Button onClick={onClose} disabled={isPending} data-autofocus>
            {t("common.cancel")}
          </Button>
          <Button
            variant="danger"
            icon={TrashIcon}
            isLoading={isPending}
            onClick={confirm}
            data-testid="confirm-delete-files"
          >
            {t("files.manage.delete.confirm", { count })}
          </Button>
        </>
      }
    >
      <ul className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 text-sm dark:border-slate-700">
        {files.map((file) => (
          <li
            key={file.id}
            className="flex items-center gap-3 border-b border-slate-100 px-3 py-2 last:border-b-0 dark:border-slate-800"
          >
            <FileTypeIcon mimetype={file.mimetype} filename={file.filename} size="sm" />
            <span className="min-w-0 flex-1 truncate font-medium text-slate-800 dark:text-slate-100">
              {file.filename}
            </span>
            <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
              {formatBytes(file.size, language)}
            </span>
          </li>
        ))}
      </ul>
    </AppDialog>
  );
}
