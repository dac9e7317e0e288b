// Which dialog of an admin module is open, and for which item(s). The item stays set after the
// dialog closes, so the dialog keeps its content while it animates out.
import { useState } from "react";
import type { DeleteDialogProps } from "./delete-items-dialog";
import type { Selection } from "./list/use-selection";

export type ItemDialogs<Dialog extends string, Item> = {
  openDialog: Dialog | null;
  target: Item | null;
  /** What the delete dialog would delete: one row's item, or the selection. */
  toDelete: readonly Item[];
  /** Opens a dialog that needs no item (create, clear). */
  show: (dialog: Dialog) => void;
  open: (dialog: Dialog, item: Item | null) => void;
  openDelete: (dialog: Dialog, items: readonly Item[]) => void;
  isOpen: (dialog: Dialog) => boolean;
  close: () => void;
};

export function useItemDialogs<Dialog extends string, Item>(): ItemDialogs<Dialog, Item> {
  const [openDialog, setOpenDialog] = useState<Dialog | null>(null);
  const [target, setTarget] = useState<Item | null>(null);
  const [toDelete, setToDelete] = useState<readonly Item[]>([]);
  return {
    openDialog,
    target,
    toDelete,
    show: setOpenDialog,
    open: (dialog, item) => {
      setTarget(item);
      setOpenDialog(dialog);
    },
    openDelete: (dialog, items) => {
      setToDelete(items);
      setOpenDialog(dialog);
    },
    isOpen: (dialog) => openDialog === dialog,
    close: () => setOpenDialog(null),
  };
}

/** The delete dialog's props: what to delete, and after deleting, forgetting it in the selection. */
export function deleteDialogProps<Dialog extends string, Item>(
  dialogs: ItemDialogs<Dialog | "delete", Item>,
  selection: Selection,
): DeleteDialogProps<Item> {
  return {
    items: dialogs.toDelete,
    open: dialogs.isOpen("delete"),
    onClose: dialogs.close,
    onDeleted: (ids) => {
      selection.forget(ids);
      dialogs.close();
    },
  };
}
