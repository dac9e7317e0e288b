// Confirmation before deleting a storage config. The server refuses (409) while files or mounts use
// it; that message stays in the dialog, where it is read, rather than in a passing toast.
import type { StorageConfigView } from "@shared/schemas/storage";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog } from "../../../components/dialog";
import { FormAlert } from "../../../components/form-controls";
import { TrashIcon } from "../../../components/icons";
import { toast } from "../../../components/toast-store";
import { appCodeOf, errorMessageOf } from "../../../lib/api-errors";
import { trpc } from "../../../lib/trpc";

export type DeleteStorageDialogProps = { config: StorageConfigView | null; open: boolean; onClose: () => void };

export function DeleteStorageDialog({ config, open, onClose }: DeleteStorageDialogProps) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const remove = trpc.storage.delete.useMutation();
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);

  const close = () => {
    setProblem(null);
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!config) return;
    setProblem(null);
    remove.mutate(
      { id: config.id },
      {
        onSuccess: () => {
          toast.success(t("files.storage.delete.deleted", { name: config.name }));
          close();
        },
        onError: (error) => {
          const message = errorMessageOf(error, {
            network: t("common.networkError"),
            fallback: t("common.unknownError"),
          });
          setProblem({
            title: appCodeOf(error) === "CONFLICT" ? t("files.storage.delete.inUse") : t("files.storage.delete.failed"),
            message,
          });
        },
        onSettled: () => void utils.storage.invalidate(),
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
      title={t("files.storage.delete.title", { name: config?.name ?? "" })}
      description={t("files.storage.delete.description")}
      footer={
        <>
          <Button onClick={close} disabled={remove.isPending} data-autofocus>
            {problem ? t("common.close") : t("common.cancel")}
          </Button>
          <Button
            variant="danger"
            icon={TrashIcon}
            isLoading={remove.isPending}
            onClick={confirm}
            disabled={problem !== null && appCodeOf(remove.error) === "CONFLICT"}
            data-testid="confirm-delete-storage"
          >
            {t("files.storage.delete.confirm")}
          </Button>
        </>
      }
    >
      {problem ? (
        <div data-testid="delete-storage-problem">
          <FormAlert title={problem.title}>{problem.message}</FormAlert>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {config?.is_default ? t("files.storage.delete.defaultNote") : t("files.storage.delete.note")}
        </p>
      )}
    </AppDialog>
  );
}
