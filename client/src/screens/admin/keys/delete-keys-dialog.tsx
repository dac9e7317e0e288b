// Confirmation before deleting the selected keys (SPEC.md §5: deletion needs a selection): names
// what goes, says it cannot be undone, and keeps the dialog open while the request runs.
import type { ApiKeyView } from "@shared/schemas/api-keys";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog } from "../../../components/dialog";
import { TrashIcon } from "../../../components/icons";
import { toast } from "../../../components/toast-store";
import { appCodeOf, errorMessageOf } from "../../../lib/api-errors";
import { trpc } from "../../../lib/trpc";

export type DeleteKeysDialogProps = {
  keys: readonly ApiKeyView[];
  open: boolean;
  onClose: () => void;
  onDeleted: (ids: string[]) => void;
};

export function DeleteKeysDialog({ keys, open, onClose, onDeleted }: DeleteKeysDialogProps) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const batchDelete = trpc.keys.batchDelete.useMutation();
  const count = keys.length;

  const confirm = () => {
    if (count === 0) {
      toast.warning(t("apiKeys.selectionRequired"));
      onClose();
      return;
    }
    const ids = keys.map((key) => key.id);
    batchDelete.mutate(
      { ids },
      {
        onSuccess: ({ deleted }) => {
          toast.success(t("apiKeys.delete.deleted", { count: deleted }));
          onDeleted(ids);
        },
        onError: (error) => {
          // Someone else deleted them first: the list is out of date, not the user's fault.
          if (appCodeOf(error) === "NOT_FOUND") onDeleted(ids);
          toast.error(errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") }));
        },
        onSettled: () => void utils.keys.list.invalidate(),
      },
    );
  };

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      isBusy={batchDelete.isPending}
      tone="danger"
      icon={TrashIcon}
      size="sm"
      title={t("apiKeys.delete.title", { count })}
      description={t("apiKeys.delete.description")}
      footer={
        <>
          <Button onClick={onClose} disabled={batchDelete.isPending} data-autofocus>
            {t("common.cancel")}
          </Button>
          <Button variant="danger" icon={TrashIcon} isLoading={batchDelete.isPending} onClick={confirm}>
            {t("apiKeys.delete.confirm")}
          </Button>
        </>
      }
    >
      <ul className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 text-sm dark:border-slate-700">
        {keys.map((key) => (
          <li
            key={key.id}
            className="flex items-center justify-between gap-3 border-b border-slate-100 px-3 py-2 last:border-b-0 dark:border-slate-800"
          >
            <span className="min-w-0 truncate font-medium text-slate-800 dark:text-slate-100">{key.name}</span>
            <code className="shrink-0 font-mono text-xs text-slate-500 dark:text-slate-400">{key.key_prefix}••••</code>
          </li>
        ))}
      </ul>
    </AppDialog>
  );
}
