// Confirmation before deleting a storage config. The server refuses (409) while files or mounts use
// it; then the dialog says so and only closing is left.
import type { StorageConfigView } from "@shared/schemas/admin/storage";
import { useTranslation } from "react-i18next";
import { appCodeOf } from "../../../lib/api/api-errors";
import { trpc } from "../../../lib/api/trpc";
import { DeleteConfigDialog } from "../shared/delete-config-dialog";

export type DeleteStorageDialogProps = { config: StorageConfigView | null; open: boolean; onClose: () => void };

export function DeleteStorageDialog({ config, open, onClose }: DeleteStorageDialogProps) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const isInUse = (error: unknown) => appCodeOf(error) === "CONFLICT";
  return (
    <DeleteConfigDialog
      name="storage-delete"
      ns="storageConfig.delete"
      item={config}
      open={open}
      onClose={onClose}
      remove={trpc.storage.delete.useMutation()}
      onSettled={() => void utils.storage.invalidate()}
      problemTitle={(error) => (isInUse(error) ? t("storageConfig.delete.inUse") : t("storageConfig.delete.failed"))}
      isRefusal={isInUse}
      confirmTestId="confirm-delete-storage"
      problemTestId="delete-storage-problem"
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {config?.is_default ? t("storageConfig.delete.defaultNote") : t("storageConfig.delete.note")}
      </p>
    </DeleteConfigDialog>
  );
}
