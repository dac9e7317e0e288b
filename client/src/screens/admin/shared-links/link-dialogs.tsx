// The two questions about a link shared in place: extend it (a new expiry counted from now) and revoke
// it (the link dies; the file or folder stays).
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import NoSymbolIcon from "@heroicons/react/24/outline/NoSymbolIcon";
import type { PathShareRecord } from "@shared/schemas/path-shares";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DialogForm, FormDialog, useFormDialog } from "../../../components/form-dialog";
import { useFieldForm } from "../../../components/use-field-form";
import { expiryHours } from "../../../lib/pastes/expiry";
import { trpc } from "../../../lib/trpc";
import type { RequestExpiryChoice } from "../../../lib/upload-requests/request-form";
import { useToastOutcome } from "../shared/use-toast-outcome";
import { ExpirySelect } from "../upload-requests/request-form-dialog";

type LinkDialogProps = { link: PathShareRecord | null; open: boolean; onClose: () => void };

export function ExtendLinkDialog({ link, open, onClose }: LinkDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="shared-link-extend"
      open={open}
      onClose={onClose}
      icon={ClockIcon}
      title={t("sharedLinks.extend.title")}
      description={t("sharedLinks.extend.description")}
    >
      {link ? <ExtendForm link={link} /> : null}
    </FormDialog>
  );
}

function ExtendForm({ link }: { link: PathShareRecord }) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const utils = trpc.useUtils();
  const form = useFieldForm<{ expiresIn: RequestExpiryChoice }, never>(() => ({ expiresIn: "7d" }));
  const extend = trpc.shares.extend.useMutation();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dialog.isSaving) return;
    extend.mutate(
      { id: link.id, expires_in: expiryHours(form.state.expiresIn) },
      dialog.track({
        onSuccess: () => {
          void utils.shares.list.invalidate();
          dialog.finish(t("sharedLinks.extend.done"));
        },
        onError: (error) => form.showServerError(error, () => null),
      }),
    );
  };
  return (
    <DialogForm
      form={form}
      onSubmit={onSubmit}
      submitLabel={t("sharedLinks.extend.submit")}
      submitTestId="shared-link-extend-submit"
    >
      <ExpirySelect
        label={t("sharedLinks.extend.expiry")}
        value={form.state.expiresIn}
        onChange={(expiresIn) => form.change({ expiresIn })}
      />
    </DialogForm>
  );
}

export function RevokeLinkDialog({ link, open, onClose }: LinkDialogProps) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const revoke = trpc.shares.revoke.useMutation();
  const outcome = useToastOutcome();
  return (
    <ConfirmDialog
      name="shared-link-revoke"
      open={open}
      onClose={onClose}
      icon={NoSymbolIcon}
      title={t("sharedLinks.revoke.title")}
      description={t("sharedLinks.revoke.description")}
      confirmLabel={t("sharedLinks.revoke.confirm")}
      isPending={revoke.isPending}
      isConfirmDisabled={!link}
      confirmTestId="shared-link-revoke-confirm"
      onConfirm={() => {
        if (!link) return;
        const handlers = outcome(t("sharedLinks.revoke.done"), () => void utils.shares.list.invalidate());
        revoke.mutate(
          { id: link.id },
          {
            ...handlers,
            onSuccess: () => {
              handlers.onSuccess();
              onClose();
            },
          },
        );
      }}
    />
  );
}
