// Confirmation before deleting one paste or the selection: names each text by its link suffix (and
// remark).
import { type DeleteDialogProps, DeleteItemsDialog, useShareDeletion } from "../shared/delete-items-dialog";
import { type PasteSummary, usePasteApi } from "./paste-api";

export function DeletePastesDialog(props: DeleteDialogProps<PasteSummary>) {
  const { procedures, cache } = usePasteApi();
  const deletion = useShareDeletion(procedures, cache);
  return (
    <DeleteItemsDialog
      name="paste-delete"
      {...props}
      {...deletion}
      ns="pastes.manage"
      confirmTestId="confirm-delete"
      renderItem={(paste) => (
        <>
          <code className="min-w-0 truncate font-mono font-medium text-slate-800 dark:text-slate-100">
            {paste.slug}
          </code>
          {paste.remark ? (
            <span className="min-w-0 truncate text-xs text-slate-500 dark:text-slate-400">{paste.remark}</span>
          ) : null}
        </>
      )}
    />
  );
}
