// A "are you sure?" dialog for an action that cannot be undone (deleting, clearing): the cancel button
// takes the focus, and the dialog cannot be dismissed while the request runs.
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../button";
import type { IconProps } from "../icons";
import { AppDialog } from "./dialog";
import type { DialogName } from "./dialog-names";

export type ConfirmDialogProps = {
  name: DialogName;
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  isPending: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  icon?: ComponentType<IconProps>;
  /** Replaces "Cancel", e.g. with "Close" once the action has failed for good. */
  cancelLabel?: ReactNode;
  isConfirmDisabled?: boolean;
  confirmTestId?: string;
  children?: ReactNode;
};

export function ConfirmDialog({
  onConfirm,
  isPending,
  confirmLabel,
  icon = TrashIcon,
  cancelLabel,
  isConfirmDisabled = false,
  confirmTestId,
  children,
  ...frame
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      {...frame}
      isBusy={isPending}
      tone="danger"
      icon={icon}
      size="sm"
      footer={
        <>
          <Button onClick={frame.onClose} disabled={isPending} data-autofocus>
            {cancelLabel ?? t("common.cancel")}
          </Button>
          <Button
            variant="danger"
            icon={icon}
            isLoading={isPending}
            onClick={onConfirm}
            disabled={isConfirmDisabled}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children ?? null}
    </AppDialog>
  );
}
