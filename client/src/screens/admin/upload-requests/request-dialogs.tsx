// The small dialogs of an upload request: extend it (a new expiry counted from now), change its webhook
// (URL and secret; an empty URL removes it), and close it (the link stops taking files; what arrived stays).
import BellAlertIcon from "@heroicons/react/24/outline/BellAlertIcon";
import type { UploadRequestRecord } from "@shared/schemas/upload-requests";
import { useTranslation } from "react-i18next";
import { DialogForm, FormDialog, useDialogSubmit, useFormDialog } from "../../../components/dialogs/form-dialog";
import { PasswordField, TextField } from "../../../components/forms/form-controls";
import { useFieldForm, VERBATIM_INPUT } from "../../../components/forms/use-field-form";
import { trpc } from "../../../lib/api/trpc";
import { requestFieldOf, validateWebhookForm } from "../../../lib/upload-requests/request-form";
import { ExtendDialog } from "../shared/extend-dialog";
import { EndLinkDialog } from "../shared/link-parts";

type RequestDialogProps = { request: UploadRequestRecord | null; open: boolean; onClose: () => void };

export function ExtendRequestDialog({ request, open, onClose }: RequestDialogProps) {
  const utils = trpc.useUtils();
  const extend = trpc.uploadRequests.extend.useMutation();
  return (
    <ExtendDialog
      name="upload-request-extend"
      ns="uploadRequests.extend"
      open={open}
      onClose={onClose}
      extend={
        request ? (expiresIn, handlers) => extend.mutate({ id: request.id, expires_in: expiresIn }, handlers) : null
      }
      onExtended={() => void utils.uploadRequests.invalidate()}
      submitTestId="upload-request-extend-submit"
    />
  );
}

export function WebhookRequestDialog({ request, open, onClose }: RequestDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="upload-request-webhook"
      open={open}
      onClose={onClose}
      icon={BellAlertIcon}
      title={t("uploadRequests.webhookEdit.title")}
      description={t("uploadRequests.webhookEdit.description")}
    >
      {request ? <WebhookForm request={request} /> : null}
    </FormDialog>
  );
}

function WebhookForm({ request }: { request: UploadRequestRecord }) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const utils = trpc.useUtils();
  // A request with a webhook has its secret (one is required with the URL): empty keeps it.
  const hasSecret = request.webhook_url !== null;
  const form = useFieldForm<{ webhookUrl: string; webhookSecret: string }, "webhookUrl" | "webhookSecret">(() => ({
    webhookUrl: request.webhook_url ?? "",
    webhookSecret: "",
  }));
  const setWebhook = trpc.uploadRequests.setWebhook.useMutation();
  const submit = useDialogSubmit(form, (error) =>
    form.showServerError(error, (path) => {
      const field = requestFieldOf(path);
      return field === "webhookUrl" || field === "webhookSecret" ? field : null;
    }),
  );
  const onSubmit = submit(
    () => validateWebhookForm(form.state, hasSecret),
    (payload, track) =>
      setWebhook.mutate(
        { id: request.id, ...payload },
        track((changed: UploadRequestRecord) => {
          void utils.uploadRequests.invalidate();
          dialog.finish(
            t(changed.webhook_url ? "uploadRequests.webhookEdit.done" : "uploadRequests.webhookEdit.removed"),
          );
        }),
      ),
  );
  return (
    <DialogForm
      form={form}
      onSubmit={onSubmit}
      submitLabel={t("uploadRequests.webhookEdit.submit")}
      submitTestId="upload-request-webhook-submit"
    >
      <TextField
        label={t("uploadRequests.form.webhookUrl")}
        hint={t("uploadRequests.webhookEdit.urlHint")}
        type="url"
        placeholder="https://"
        {...VERBATIM_INPUT}
        {...form.text("webhookUrl")}
      />
      {form.state.webhookUrl.trim() ? (
        <PasswordField
          label={t("uploadRequests.form.webhookSecret")}
          hint={t(hasSecret ? "uploadRequests.webhookEdit.secretKeepHint" : "uploadRequests.form.webhookSecretHint")}
          autoComplete="off"
          name="upload-request-webhook-secret"
          {...form.text("webhookSecret")}
        />
      ) : null}
    </DialogForm>
  );
}

export function CloseRequestDialog({ request, open, onClose }: RequestDialogProps) {
  const utils = trpc.useUtils();
  const close = trpc.uploadRequests.close.useMutation();
  return (
    <EndLinkDialog
      ns="uploadRequests"
      open={open}
      onClose={onClose}
      end={request ? (handlers) => close.mutate({ id: request.id }, handlers) : null}
      isPending={close.isPending}
      onEnded={() => void utils.uploadRequests.invalidate()}
    />
  );
}
