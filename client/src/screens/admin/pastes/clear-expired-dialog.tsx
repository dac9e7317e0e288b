// The admin's "clear expired": deletes every expired or used-up paste after confirmation.
import SparklesIcon from "@heroicons/react/24/outline/SparklesIcon";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/dialogs/confirm-dialog";
import { toast } from "../../../components/feedback/toast-store";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { trpc } from "../../../lib/api/trpc";

export function ClearExpiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const utils = trpc.useUtils();
  const clear = trpc.pastes.clearExpired.useMutation();

  const confirm = () =>
    clear.mutate(
      { clearExpired: true },
      {
        onSuccess: ({ deleted }) => {
          if (deleted === 0) toast.info(t("pastes.manage.clear.none"));
          else toast.success(t("pastes.manage.clear.cleared", { count: deleted }));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => void utils.pastes.invalidate(),
      },
    );

  return (
    <ConfirmDialog
      name="paste-clear-expired"
      open={open}
      onClose={onClose}
      onConfirm={confirm}
      isPending={clear.isPending}
      icon={SparklesIcon}
      title={t("pastes.manage.clear.title")}
      description={t("pastes.manage.clear.description")}
      confirmLabel={t("pastes.manage.clear.confirm")}
    />
  );
}
