// Create an upload request (docs/upload-requests.md): where the files land (a folder in the explorer,
// or a storage's share folder), how many and how large, which types, for how long, an optional
// password, a note for the sender, and a webhook told of each arrival (its URL and signing secret).
import InboxArrowDownIcon from "@heroicons/react/24/outline/InboxArrowDownIcon";
import type { UploadRequestRecord } from "@shared/schemas/upload-requests";
import { useTranslation } from "react-i18next";
import { DialogForm, FormDialog, useDialogSubmit, useFormDialog } from "../../../components/dialogs/form-dialog";
import { FormField, OptionalMark, PasswordField, TextField } from "../../../components/forms/form-controls";
import { useFieldForm, VERBATIM_INPUT } from "../../../components/forms/use-field-form";
import { trpc } from "../../../lib/api/trpc";
import { storageDisplayName } from "../../../lib/storage-name";
import {
  emptyRequestForm,
  type RequestFormField,
  type RequestFormValues,
  requestFieldOf,
  validateRequestForm,
} from "../../../lib/upload-requests/request-form";
import { ExpirySelect } from "../shared/extend-dialog";

export type RequestFormDialogProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (request: UploadRequestRecord) => void;
};

export function RequestFormDialog({ open, onClose, onCreated }: RequestFormDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="upload-request-form"
      open={open}
      onClose={onClose}
      icon={InboxArrowDownIcon}
      title={t("uploadRequests.form.title")}
      description={t("uploadRequests.form.description")}
    >
      <RequestForm onCreated={onCreated} />
    </FormDialog>
  );
}

function RequestForm({ onCreated }: Pick<RequestFormDialogProps, "onCreated">) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const utils = trpc.useUtils();
  const storages = trpc.storage.list.useQuery(undefined, { staleTime: 30_000 });
  const list = storages.data ?? [];
  const defaultStorage = list.find((storage) => storage.is_default) ?? list[0];
  const form = useFieldForm<RequestFormValues, RequestFormField>(
    () => emptyRequestForm(),
    (key) => (key === "storageId" ? "folder" : (key as RequestFormField)),
  );
  const values = form.state;
  // The default storage once the list arrives, unless one was chosen.
  const storageId = values.storageId || defaultStorage?.id || "";
  const create = trpc.uploadRequests.create.useMutation();
  const submit = useDialogSubmit(form, (error) => form.showServerError(error, requestFieldOf));
  const onSubmit = submit(
    () => validateRequestForm({ ...values, storageId }),
    (payload, track) =>
      create.mutate(
        payload,
        track((created: UploadRequestRecord) => {
          void utils.uploadRequests.list.invalidate();
          onCreated(created);
          dialog.finish(t("uploadRequests.form.created"));
        }),
      ),
  );

  return (
    <DialogForm
      form={form}
      onSubmit={onSubmit}
      failedTitle={t("uploadRequests.form.failed")}
      submitLabel={t("uploadRequests.form.submit")}
      testId="upload-request-form"
      submitTestId="upload-request-submit"
    >
      <TextField
        label={t("uploadRequests.form.folder")}
        labelExtra={<OptionalMark />}
        hint={t("uploadRequests.form.folderHint")}
        placeholder="/inbox"
        {...VERBATIM_INPUT}
        {...form.text("folder")}
      />
      {values.folder.trim() ? null : (
        <FormField label={t("uploadRequests.form.storage")} hint={t("uploadRequests.form.storageHint")}>
          {(control) => (
            <select
              {...control}
              value={storageId}
              onChange={(event) => form.change({ storageId: event.target.value })}
              data-testid="upload-request-storage"
            >
              {list.length === 0 ? <option value="">{t("uploadRequests.form.noStorage")}</option> : null}
              {list.map((storage) => (
                <option key={storage.id} value={storage.id}>
                  {storageDisplayName(storage.name, t)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t("uploadRequests.form.maxFiles")} inputMode="numeric" {...form.text("maxFiles")} />
        <TextField label={t("uploadRequests.form.maxFileSize")} inputMode="decimal" {...form.text("maxFileSizeMb")} />
        <TextField label={t("uploadRequests.form.maxTotalSize")} inputMode="decimal" {...form.text("maxTotalSizeMb")} />
      </div>
      <TextField
        label={t("uploadRequests.form.allowedTypes")}
        labelExtra={<OptionalMark />}
        hint={t("uploadRequests.form.allowedTypesHint")}
        {...VERBATIM_INPUT}
        {...form.text("allowedTypes")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ExpirySelect
          label={t("uploadRequests.form.expiry")}
          value={values.expiresIn}
          onChange={(expiresIn) => form.change({ expiresIn })}
        />
        <PasswordField
          label={t("uploadRequests.form.password")}
          labelExtra={<OptionalMark />}
          hint={t("uploadRequests.form.passwordHint")}
          autoComplete="new-password"
          name="upload-request-password"
          {...form.text("password")}
        />
      </div>
      <FormField label={t("uploadRequests.form.note")} labelExtra={<OptionalMark />}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={2000}
            value={values.note}
            onChange={(event) => form.change({ note: event.target.value })}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("uploadRequests.form.webhookUrl")}
          labelExtra={<OptionalMark />}
          hint={t("uploadRequests.form.webhookUrlHint")}
          type="url"
          placeholder="https://"
          {...VERBATIM_INPUT}
          {...form.text("webhookUrl")}
        />
        {values.webhookUrl.trim() ? (
          <PasswordField
            label={t("uploadRequests.form.webhookSecret")}
            hint={t("uploadRequests.form.webhookSecretHint")}
            autoComplete="off"
            name="upload-request-webhook-secret"
            {...form.text("webhookSecret")}
          />
        ) : null}
      </div>
    </DialogForm>
  );
}
