// Confirmation before deleting the selected keys (docs/product.md §5: deletion needs a selection): names
// each key with the start of the key.
import type { ApiKeyView } from "@shared/schemas/auth/api-keys";
import { trpc } from "../../../lib/api/trpc";
import { type DeleteDialogProps, DeleteItemsDialog } from "../shared/delete-items-dialog";

export function DeleteKeysDialog(props: DeleteDialogProps<ApiKeyView>) {
  const utils = trpc.useUtils();
  const batchDelete = trpc.keys.batchDelete.useMutation();
  return (
    <DeleteItemsDialog
      name="key-delete"
      {...props}
      ns="apiKeys"
      isPending={batchDelete.isPending}
      deleteMany={(ids, handlers) => batchDelete.mutate({ ids }, handlers)}
      onSettled={() => void utils.keys.list.invalidate()}
      renderItem={(key) => (
        <>
          <span className="min-w-0 truncate font-medium text-slate-800 dark:text-slate-100">{key.name}</span>
          <code className="shrink-0 font-mono text-xs text-slate-500 dark:text-slate-400">{key.key_prefix}••••</code>
        </>
      )}
    />
  );
}
