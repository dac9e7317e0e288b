// A dialog around one form (create or edit): it stays open while the form saves, and the form inside
// is keyed by the caller so that it starts from fresh state for each item it edits.
import type { ComponentType, ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { AppDialog, DialogFooter } from "./dialog";
import type { IconProps } from "./icons";

export type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  icon: ComponentType<IconProps>;
  /** The form; it reports when a save starts and ends, so the dialog cannot be dismissed meanwhile. */
  children: (onSavingChange: (isSaving: boolean) => void) => ReactNode;
};

export function FormDialog({ open, onClose, title, description, icon, children }: FormDialogProps) {
  const [isSaving, setIsSaving] = useState(false);
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      isBusy={isSaving}
      size="lg"
      icon={icon}
      title={title}
      description={description}
    >
      {children(setIsSaving)}
    </AppDialog>
  );
}

/** Cancel and submit at the bottom of a form dialog; both wait while the form saves. */
export function FormFooter({
  onCancel,
  isSaving,
  submitLabel,
  submitTestId,
}: {
  onCancel: () => void;
  isSaving: boolean;
  submitLabel: ReactNode;
  submitTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter>
      <Button onClick={onCancel} disabled={isSaving}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" variant="primary" isLoading={isSaving} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
