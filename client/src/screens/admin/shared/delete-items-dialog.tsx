// Confirmation before deleting one item or the selection of an admin list (files, texts, API keys):
// names what goes, says it cannot be undone, and stays open while the request runs. Texts come from
// the list's namespace: `<ns>.delete.{title,description,confirm,deleted}` and `<ns>.selectionRequired`.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/dialogs/confirm-dialog";
import type { DialogName } from "../../../components/dialogs/dialog-names";
import { toast } from "../../../components/feedback/toast-store";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { appCodeOf } from "../../../lib/api/api-errors";
import type { ListTexts } from "./list/list-toolbar";

export type DeleteHandlers = {
  onSuccess: (result: { deleted: number }) => void;
  onError: (error: unknown) => void;
  onSettled: () => void;
};

/** What a module passes to its delete dialog (see `deleteDialogProps`). */
export type DeleteDialogProps<Item> = {
  items: readonly Item[];
  open: boolean;
  onClose: () => void;
  onDeleted: (ids: string[]) => void;
};

export type Deletion = {
  isPending: boolean;
  /** Deletes one item, when its API has a call for one. */
  deleteOne?: (id: string, handlers: DeleteHandlers) => void;
  deleteMany: (ids: string[], handlers: DeleteHandlers) => void;
  /** Refreshes the list, whatever the outcome. */
  onSettled: () => void;
};

type DeletionMutation<Input> = {
  isPending: boolean;
  mutate: (input: Input, handlers: DeleteHandlers) => void;
};

/** The deletion of shares (files, texts): one by its own call, several with the batch call. */
export function useShareDeletion(
  procedures: {
    delete: { useMutation: () => DeletionMutation<{ id: string }> };
    batchDelete: { useMutation: () => DeletionMutation<{ ids: string[] }> };
  },
  cache: { invalidate: () => Promise<unknown> },
): Deletion {
  const deleteOne = procedures.delete.useMutation();
  const deleteMany = procedures.batchDelete.useMutation();
  return {
    isPending: deleteOne.isPending || deleteMany.isPending,
    deleteOne: (id, handlers) => deleteOne.mutate({ id }, handlers),
    deleteMany: (ids, handlers) => deleteMany.mutate({ ids }, handlers),
    onSettled: () => void cache.invalidate(),
  };
}

export type DeleteItemsDialogProps<Item extends { id: string }> = DeleteDialogProps<Item> &
  Deletion & {
    name: DialogName;
    ns: ListTexts;
    descriptionValues?: Record<string, unknown>;
    confirmTestId?: string;
    /** One line of the list of what goes. */
    renderItem: (item: Item) => ReactNode;
  };

export function DeleteItemsDialog<Item extends { id: string }>({
  name,
  ns,
  items,
  open,
  onClose,
  onDeleted,
  isPending,
  deleteOne,
  deleteMany,
  onSettled,
  descriptionValues,
  confirmTestId,
  renderItem,
}: DeleteItemsDialogProps<Item>) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const count = items.length;

  const confirm = () => {
    if (count === 0) {
      toast.warning(t(`${ns}.selectionRequired`));
      onClose();
      return;
    }
    const ids = items.map((item) => item.id);
    const handlers: DeleteHandlers = {
      onSuccess: ({ deleted }) => {
        toast.success(t(`${ns}.delete.deleted`, { count: deleted }));
        onDeleted(ids);
      },
      onError: (error) => {
        // Already gone (purged, or deleted elsewhere): the list was out of date, not the user's fault.
        if (appCodeOf(error) === "NOT_FOUND") onDeleted(ids);
        toast.error(errorMessage(error));
      },
      onSettled,
    };
    const [first] = ids;
    if (deleteOne && ids.length === 1 && first) deleteOne(first, handlers);
    else deleteMany(ids, handlers);
  };

  return (
    <ConfirmDialog
      name={name}
      open={open}
      onClose={onClose}
      onConfirm={confirm}
      isPending={isPending}
      title={t(`${ns}.delete.title`, { count })}
      description={t(`${ns}.delete.description`, descriptionValues ?? {})}
      confirmLabel={t(`${ns}.delete.confirm`, { count })}
      confirmTestId={confirmTestId}
    >
      <ul className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 text-sm dark:border-slate-700">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex items-center justify-between gap-3 border-b border-slate-100 px-3 py-2 last:border-b-0 dark:border-slate-800"
          >
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
