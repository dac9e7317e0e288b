// Adding or editing a storage config: a provider preset first (AWS S3, Cloudflare R2, Backblaze B2,
// other S3-compatible, local disk), then its fields, checked with the shared schema. The secret of
// a saved config shows as a mask and is kept unless something else is typed.
import CircleStackIcon from "@heroicons/react/24/outline/CircleStackIcon";
import CloudIcon from "@heroicons/react/24/outline/CloudIcon";
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import ServerIcon from "@heroicons/react/24/outline/ServerIcon";
import { LOCAL_PROVIDER } from "@shared/constants";
import { DEFAULT_SHARE_FOLDER, PROVIDER_TYPES, type StorageConfigView } from "@shared/schemas/storage";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../components/class-names";
import {
  CheckboxField,
  FieldError,
  FieldHint,
  inputClasses,
  PasswordField,
  TextField,
} from "../../../components/form-controls";
import { DialogForm, FormDialog, useFormDialog } from "../../../components/form-dialog";
import { SelectInput } from "../../../components/select-input";
import { useFieldForm, VERBATIM_INPUT } from "../../../components/use-field-form";
import {
  buildCreateRequest,
  buildUpdateRequest,
  CAPACITY_UNITS,
  type CapacityUnit,
  emptyStorageForm,
  isKeptSecret,
  PROVIDER_PRESETS,
  type ProviderType,
  type StorageField,
  type StorageFormState,
  storageFieldOf,
  storageFormFor,
  switchProvider,
  validateStorageForm,
} from "../../../lib/files/storage-form";
import { renderFieldMessage } from "../../../lib/form-messages";
import { trpc } from "../../../lib/trpc";

export type StorageFormDialogProps = {
  /** null: a new config. */
  config: StorageConfigView | null;
  open: boolean;
  onClose: () => void;
};

export function StorageFormDialog({ config, open, onClose }: StorageFormDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      icon={config ? PencilIcon : PlusIcon}
      title={config ? t("storageConfig.form.editTitle", { name: config.name }) : t("storageConfig.form.createTitle")}
      description={t("storageConfig.form.description")}
    >
      <StorageForm key={config ? `${config.id}-${config.updated_at.getTime()}` : "new"} config={config} />
    </FormDialog>
  );
}

function ProviderChoice({ value, onChange }: { value: ProviderType; onChange: (value: ProviderType) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t("storageConfig.form.provider")}
      </legend>
      <div className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {PROVIDER_TYPES.map((provider) => {
          const Icon =
            provider === LOCAL_PROVIDER ? ServerIcon : provider === "Other S3 Compatible" ? CircleStackIcon : CloudIcon;
          return (
            <label
              key={provider}
              className={cx(
                "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium ring-1 transition-colors ring-inset has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:has-focus-visible:outline-indigo-400",
                value === provider
                  ? "bg-indigo-50 text-indigo-700 ring-indigo-500 dark:bg-indigo-500/15 dark:text-indigo-200 dark:ring-indigo-400"
                  : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700 dark:hover:bg-slate-800",
              )}
            >
              <input
                type="radio"
                name="provider"
                value={provider}
                checked={value === provider}
                onChange={() => onChange(provider)}
                className="sr-only"
              />
              <Icon className="size-4.5 shrink-0" />
              <span className="min-w-0 truncate">{t(`storageConfig.providers.${provider}`)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function StorageForm({ config }: { config: StorageConfigView | null }) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const utils = trpc.useUtils();
  const create = trpc.storage.create.useMutation();
  const update = trpc.storage.update.useMutation();
  const form = useFieldForm<StorageFormState, StorageField>(() =>
    config ? storageFormFor(config) : emptyStorageForm(),
  );
  const { state, change, errors } = form;
  const isLocal = state.provider_type === LOCAL_PROVIDER;
  const preset = PROVIDER_PRESETS[state.provider_type];
  const hasStoredSecret = Boolean(config?.has_secret);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.check(validateStorageForm(state, hasStoredSecret))) return;
    const handlers = dialog.track({
      onSuccess: () => dialog.finish(config ? t("storageConfig.form.saved") : t("storageConfig.form.created")),
      onError: (error) => form.showServerError(error, storageFieldOf),
      onSettled: () => void utils.storage.invalidate(),
    });
    if (config) update.mutate(buildUpdateRequest(config.id, state), handlers);
    else create.mutate(buildCreateRequest(state), handlers);
  };

  const field = (name: StorageField) => renderFieldMessage(t, errors[name]);

  return (
    <DialogForm
      form={form}
      onSubmit={submit}
      failedTitle={t("storageConfig.form.failed")}
      submitLabel={config ? t("storageConfig.form.save") : t("storageConfig.form.create")}
      testId="storage-form"
      submitTestId="save-storage"
    >
      <ProviderChoice
        value={state.provider_type}
        onChange={(provider) => form.setState((current) => switchProvider(current, provider))}
      />

      <TextField
        label={t("storageConfig.form.name")}
        {...form.text("name")}
        placeholder={t("storageConfig.form.namePlaceholder")}
        autoComplete="off"
        name="storage-name"
      />

      {isLocal ? (
        <TextField
          label={t("storageConfig.form.rootPath")}
          {...form.text("root_path")}
          hint={t("storageConfig.form.rootPathHint")}
          placeholder="/var/lib/pastebox/files"
          {...VERBATIM_INPUT}
          name="root-path"
        />
      ) : (
        <>
          <TextField
            label={t("storageConfig.form.endpoint")}
            {...form.text("endpoint_url")}
            hint={
              preset.isEndpointRequired
                ? t("storageConfig.form.endpointHint")
                : t("storageConfig.form.endpointOptional")
            }
            placeholder={preset.endpointPlaceholder}
            type="url"
            inputMode="url"
            {...VERBATIM_INPUT}
            name="endpoint"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t("storageConfig.form.bucket")}
              {...form.text("bucket_name")}
              {...VERBATIM_INPUT}
              name="bucket"
            />
            <TextField
              label={t("storageConfig.form.region")}
              {...form.text("region")}
              placeholder={preset.regionPlaceholder}
              {...VERBATIM_INPUT}
              name="region"
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t("storageConfig.form.accessKey")}
              {...form.text("access_key_id")}
              {...VERBATIM_INPUT}
              name="access-key-id"
            />
            <PasswordField
              label={t("storageConfig.form.secret")}
              {...form.text("secret_access_key")}
              hint={
                hasStoredSecret && isKeptSecret(state.secret_access_key)
                  ? t("storageConfig.form.secretKept")
                  : undefined
              }
              showLabel={t("storageConfig.form.showSecret")}
              hideLabel={t("storageConfig.form.hideSecret")}
              onFocus={(event) => {
                // The mask is replaced as a whole by whatever is typed.
                if (hasStoredSecret && isKeptSecret(event.currentTarget.value)) event.currentTarget.select();
              }}
              autoComplete="new-password"
              name="secret-access-key"
            />
          </div>
          <CheckboxField
            label={t("storageConfig.form.pathStyle")}
            description={t("storageConfig.form.pathStyleHint")}
            {...form.toggle("path_style")}
            name="path-style"
          />
          <TextField
            label={t("storageConfig.form.customHost")}
            {...form.text("custom_host")}
            hint={t("storageConfig.form.customHostHint")}
            placeholder="https://files.example.com"
            type="url"
            inputMode="url"
            {...VERBATIM_INPUT}
            name="custom-host"
          />
        </>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("storageConfig.form.folder")}
          {...form.text("default_folder")}
          hint={t("storageConfig.form.folderHint")}
          placeholder="uploads"
          {...VERBATIM_INPUT}
          name="default-folder"
        />
        <TextField
          label={t("storageConfig.form.shareFolder")}
          {...form.text("share_folder")}
          hint={t("storageConfig.form.shareFolderHint")}
          placeholder={DEFAULT_SHARE_FOLDER}
          {...VERBATIM_INPUT}
          name="share-folder"
        />
        <CapacityField
          value={state.capacity}
          unit={state.capacityUnit}
          error={field("capacity")}
          onChange={(capacity, capacityUnit) => change({ capacity, capacityUnit })}
        />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("storageConfig.form.signatureExpiry")}
          value={state.signature_expires_in}
          onValueChange={(value) => change({ signature_expires_in: value.replace(/[^\d]/g, "").slice(0, 6) })}
          hint={t("storageConfig.form.signatureExpiryHint")}
          error={field("signature_expires_in")}
          inputMode="numeric"
          autoComplete="off"
          name="signature-expiry"
        />
        <div className="sm:pt-7">
          <CheckboxField
            label={t("storageConfig.form.public")}
            description={t("storageConfig.form.publicHint")}
            {...form.toggle("is_public")}
            name="is-public"
          />
        </div>
      </div>
    </DialogForm>
  );
}

function CapacityField({
  value,
  unit,
  error,
  onChange,
}: {
  value: string;
  unit: CapacityUnit;
  error: string | null;
  onChange: (value: string, unit: CapacityUnit) => void;
}) {
  const { t } = useTranslation();
  const id = "storage-capacity";
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {t("storageConfig.form.capacity")}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/[^\d.,]/g, "").slice(0, 12), unit)}
          inputMode="decimal"
          placeholder={t("storageConfig.form.capacityPlaceholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={inputClasses(Boolean(error))}
          autoComplete="off"
        />
        <SelectInput
          options={CAPACITY_UNITS}
          value={unit}
          onValueChange={(chosen) => onChange(value, chosen)}
          aria-label={t("storageConfig.form.capacityUnit")}
          className="w-24"
        />
      </div>
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : (
        <FieldHint id={`${id}-hint`}>{t("storageConfig.form.capacityHint")}</FieldHint>
      )}
    </div>
  );
}
