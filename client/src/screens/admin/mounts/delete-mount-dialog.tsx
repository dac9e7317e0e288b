// Confirmation before deleting a mount point (its stored files stay in the storage).
import type { MountView } from "@shared/schemas/mounts";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog } from "../../../components/dialog";
import { FormAlert } from "../../../components/form-controls";
import { TrashIcon } from "../../../components/icons";
import { toast } from "../../../components/toast-store";
import { errorMessageOf } from "../../../lib/api-errors";
import { trpc } from "../../../lib/trpc";

export function DeleteMountDialog({
  mount,
  open,
  onClose,
}: {
  mount: MountView | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const remove = trpc.mounts.admin.delete.useMutation();

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!mount) return;
    remove.mutate(
      { id: mount.id },
      {
        onSuccess: () => {
          toast.success(t("explorer.mounts.delete.deleted", { name: mount.name }));
          close();
        },
        onSettled: () => {
          void utils.mounts.invalidate();
          void utils.fs.invalidate();
        },
      },
    );
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      isBusy={remove.isPending}
      tone="danger"
      icon={TrashIcon}
      size="sm"
      title={t("explorer.mounts.delete.title", { name: mount?.name ?? "" })}
      description={t("explorer.mounts.delete.description", { path: mount?.mount_path ?? "" })}
      footer={
        <>
          <Button onClick={close} disabled={remove.isPending} data-autofocus>
            {t("common.cancel")}
          </Button>
          <Button
            variant="danger"
            icon={TrashIcon}
            isLoading={remove.isPending}
            onClick={confirm}
            data-testid="mount-delete-confirm"
          >
            {t("explorer.mounts.delete.confirm")}
          </Button>
        </>
      }
    >
      {remove.isError ? (
        <FormAlert title={t("explorer.mounts.delete.failed")}>
          {errorMessageOf(remove.error, { network: t("common.networkError"), fallback: t("common.unknownError") })}
        </FormAlert>
      ) : null}
    </AppDialog>
  );
}
