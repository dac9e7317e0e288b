// The dialog that gives a link a new expiry counted from now: a shared link, a set, a paste or a file
// share (docs/admin-lists.md, "Extend"), or an upload request. Its texts are `<ns>.title`,
// `.description`, `.expiry`, `.submit` and `.done`. Also here: the expiry choice it shares with the
// form that creates an upload request.
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { DialogName } from "../../../components/dialogs/dialog-names";
import { DialogForm, FormDialog, type SaveHandlers, useFormDialog } from "../../../components/dialogs/form-dialog";
import { useFieldForm } from "../../../components/forms/use-field-form";
import { expiryHours } from "../../../lib/pastes/expiry";
import { REQUEST_EXPIRY_CHOICES, type RequestExpiryChoice } from "../../../lib/upload-requests/request-form";
import { ChoiceSelect } from "./choice-select";

/** Sends the new expiry (hours from now; null is never) with the dialog's save handlers. */
export type ExtendCall = (expiresIn: number | null, handlers: SaveHandlers<unknown>) => void;

export function ExtendDialog({
  name,
  ns,
  open,
  onClose,
  extend,
  onExtended,
  submitTestId,
}: {
  name: DialogName;
  ns: "sharedLinks.extend" | "uploadRequests.extend";
  open: boolean;
  onClose: () => void;
  /** null while there is nothing to extend (the dialog closing). */
  extend: ExtendCall | null;
  /** Refreshes the lists that show the expiry. */
  onExtended: () => void;
  submitTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name={name}
      open={open}
      onClose={onClose}
      icon={ClockIcon}
      title={t(`${ns}.title`)}
      description={t(`${ns}.description`)}
    >
      {extend ? <ExtendForm ns={ns} extend={extend} onExtended={onExtended} submitTestId={submitTestId} /> : null}
    </FormDialog>
  );
}

function ExtendForm({
  ns,
  extend,
  onExtended,
  submitTestId,
}: {
  ns: "sharedLinks.extend" | "uploadRequests.extend";
  extend: ExtendCall;
  onExtended: () => void;
  submitTestId: string;
}) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const form = useFieldForm<{ expiresIn: RequestExpiryChoice }, never>(() => ({ expiresIn: "7d" }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dialog.isSaving) return;
    extend(
      expiryHours(form.state.expiresIn),
      dialog.track<unknown>({
        onSuccess: () => {
          onExtended();
          dialog.finish(t(`${ns}.done`));
        },
        onError: (error) => form.showServerError(error, () => null),
      }),
    );
  };
  return (
    <DialogForm form={form} onSubmit={onSubmit} submitLabel={t(`${ns}.submit`)} submitTestId={submitTestId}>
      <ExpirySelect
        label={t(`${ns}.expiry`)}
        value={form.state.expiresIn}
        onChange={(expiresIn) => form.change({ expiresIn })}
      />
    </DialogForm>
  );
}

/** The expiry choices of an upload request, also offered when extending any link. */
export function ExpirySelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: RequestExpiryChoice;
  onChange: (choice: RequestExpiryChoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceSelect
      label={label}
      choices={REQUEST_EXPIRY_CHOICES}
      labelOf={(choice) => t(`uploadRequests.expiryChoices.${choice}`)}
      value={value}
      onChange={onChange}
      testId="upload-request-expiry"
    />
  );
}
