// Confirmation before deleting one configured thing (a mount point, a storage config). A refusal or a
// failure stays in the dialog, where it is read, rather than in a passing toast. Texts come from the
// namespace: `<ns>.{title,description,confirm,deleted,failed}` (title and deleted name the item).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/dialogs/confirm-dialog";
import type { DialogName } from "../../../components/dialogs/dialog-names";
import { ErrorAlert } from "../../../components/feedback/request-status";
import { toast } from "../../../components/feedback/toast-store";

type DeleteMutation = {
  isPending: boolean;
  error: unknown;
  reset: () => void;
  mutate: (input: { id: string }, handlers: { onSuccess: () => void; onSettled: () => void }) => void;
};

export function DeleteConfigDialog({
  name,
  ns,
  item,
  open,
  onClose,
  remove,
  onSettled,
  descriptionValues,
  problemTitle,
  isRefusal,
  confirmTestId,
  problemTestId,
  children,
}: {
  name: DialogName;
  ns: "explorer.mounts.delete" | "storageConfig.delete";
  item: { id: string; name: string } | null;
  open: boolean;
  onClose: () => void;
  remove: DeleteMutation;
  /** Refreshes what shows the item, whatever the outcome. */
  onSettled: () => void;
  descriptionValues?: Record<string, unknown>;
  /** The heading of a failure (default `<ns>.failed`). */
  problemTitle?: (error: unknown) => string;
  /** A failure that trying again cannot fix (the item is in use): only closing is left. */
  isRefusal?: (error: unknown) => boolean;
  confirmTestId: string;
  problemTestId?: string;
  /** Shown while nothing has failed. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const failure = remove.error ?? null;

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!item) return;
    remove.mutate(
      { id: item.id },
      {
        onSuccess: () => {
          toast.success(t(`${ns}.deleted`, { name: item.name }));
          close();
        },
        onSettled,
      },
    );
  };

  return (
    <ConfirmDialog
      name={name}
      open={open}
      onClose={close}
      onConfirm={confirm}
      isPending={remove.isPending}
      title={t(`${ns}.title`, { name: item?.name ?? "" })}
      description={t(`${ns}.description`, descriptionValues ?? {})}
      confirmLabel={t(`${ns}.confirm`)}
      cancelLabel={failure ? t("common.close") : undefined}
      isConfirmDisabled={failure !== null && (isRefusal?.(failure) ?? false)}
      confirmTestId={confirmTestId}
    >
      {failure ? (
        <div data-testid={problemTestId}>
          <ErrorAlert title={problemTitle?.(failure) ?? t(`${ns}.failed`)} error={failure} />
        </div>
      ) : (
        children
      )}
    </ConfirmDialog>
  );
}
