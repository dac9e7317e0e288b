// Confirmation before deleting one paste or the selection: names what goes, says it cannot be
// undone, and stays open (not dismissible) while the request runs.
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog } from "../../../components/dialog";
import { TrashIcon } from "../../../components/icons";
import { toast } from "../../../components/toast-store";
import { appCodeOf, errorMessageOf } from "../../../lib/api-errors";
import { type PasteSummary, usePasteApi } from "./paste-api";

export type DeletePastesDialogProps = {
  pastes: readonly PasteSummary[];
  open: boolean;
  onClose: () => void;
  onDeleted: (ids: string[]) => void;
};

export function DeletePastesDialog({ pastes, open, onClose, onDeleted }: DeletePastesDialogProps) {
  const { t } = useTranslation();
  const { procedures, cache } = usePasteApi();
  const deleteOne = procedures.delete.useMutation();
  const deleteMany = procedures.batchDelete.useMutation();
  const isPending = deleteOne.isPending || deleteMany.isPending;
  const count = pastes.length;

  const confirm = () => {
    if (count === 0) {
      toast.warning(t("pastes.manage.selectionRequired"));
      onClose();
      return;
    }
    const ids = pastes.map((paste) => paste.id);
    const handlers = {
      onSuccess: ({ deleted }: { deleted: number }) => {
        toast.success(t("pastes.manage.delete.deleted", { count: deleted }));
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
      title={t("pastes.manage.delete.title", { count })}
      description={t("pastes.manage.delete.description")}
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
            data-testid="confirm-delete"
          >
            {t("pastes.manage.delete.confirm")}
          </Button>
        </>
      }
    >
      <ul className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 text-sm dark:border-slate-700">
        {pastes.map((paste) => (
          <li
            key={paste.id}
            className="flex items-center justify-between gap-3 border-b border-slate-100 px-3 py-2 last:border-b-0 dark:border-slate-800"
          >
            <code className="min-w-0 truncate font-mono font-medium text-slate-800 dark:text-slate-100">
              {paste.slug}
            </code>
            {paste.remark ? (
              <span className="min-w-0 truncate text-xs text-slate-500 dark:text-slate-400">{paste.remark}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </AppDialog>
  );
}
