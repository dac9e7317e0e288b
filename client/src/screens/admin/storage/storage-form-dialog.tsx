// Adding or editing a storage config: a provider preset first (AWS S3, Cloudflare R2, Backblaze B2,
// other S3-compatible, local disk), then its fields, checked with the shared schema. The secret of
// a saved config shows as a mask and is kept unless something else is typed.
import CircleStackIcon from "@heroicons/react/24/outline/CircleStackIcon";
import CloudIcon from "@heroicons/react/24/outline/CloudIcon";
import ServerIcon from "@heroicons/react/24/outline/ServerIcon";
import { LOCAL_PROVIDER } from "@shared/constants";
import { DEFAULT_SHARE_FOLDER, PROVIDER_TYPES, type StorageConfigView } from "@shared/schemas/admin/storage";
import { useTranslation } from "react-i18next";
import { ItemDialogForm, ItemFormDialog, useSaveItem } from "../../../components/dialogs/item-form-dialog";
import { ChoiceCards, FieldGroup } from "../../../components/forms/choice-cards";
import { CheckboxField, FormField, PasswordField, TextField } from "../../../components/forms/form-controls";
import { SelectInput } from "../../../components/forms/select-input";
import { useFieldForm, VERBATIM_INPUT } from "../../../components/forms/use-field-form";
import { trpc } from "../../../lib/api/trpc";
import { renderFieldMessage } from "../../../lib/form-messages";
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
} from "../../../lib/shares/storage-form";

export type StorageFormDialogProps = {
  /** null: a new config. */
  config: StorageConfigView | null;
  open: boolean;
  onClose: () => void;
};

export function StorageFormDialog({ config, open, onClose }: StorageFormDialogProps) {
  return (
    <ItemFormDialog name="storage-form" ns="storageConfig.form" item={config} open={open} onClose={onClose}>
      <StorageForm config={config} />
    </ItemFormDialog>
  );
}

function ProviderChoice({ value, onChange }: { value: ProviderType; onChange: (value: ProviderType) => void }) {
  const { t } = useTranslation();
  return (
    <FieldGroup id="storage-provider" legend={t("storageConfig.form.provider")}>
      <ChoiceCards
        name="provider"
        choices={PROVIDER_TYPES}
        value={value}
        onChange={onChange}
        className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-3"
        cardClassName="flex items-center gap-2 rounded-lg px-3 py-2.5 font-medium"
      >
        {(provider) => {
          const Icon =
            provider === LOCAL_PROVIDER ? ServerIcon : provider === "Other S3 Compatible" ? CircleStackIcon : CloudIcon;
          return (
            <>
              <Icon className="size-4.5 shrink-0" />
              <span className="min-w-0 truncate">{t(`storageConfig.providers.${provider}`)}</span>
            </>
          );
        }}
      </ChoiceCards>
    </FieldGroup>
  );
}

function StorageForm({ config }: { config: StorageConfigView | null }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFieldForm<StorageFormState, StorageField>(() =>
    config ? storageFormFor(config) : emptyStorageForm(),
  );
  const { state, change, errors } = form;
  const isLocal = state.provider_type === LOCAL_PROVIDER;
  const preset = PROVIDER_PRESETS[state.provider_type];
  const hasStoredSecret = Boolean(config?.has_secret);

  const createStorage = trpc.storage.create.useMutation();
  const updateStorage = trpc.storage.update.useMutation();
  const submit = useSaveItem({
    form,
    values: () => state,
    validate: (values) => validateStorageForm(values, hasStoredSecret),
    fieldOf: storageFieldOf,
    create: { mutate: createStorage.mutate, request: buildCreateRequest },
    update: { mutate: updateStorage.mutate, request: buildUpdateRequest },
    onSettled: () => void utils.storage.invalidate(),
  });

  const field = (name: StorageField) => renderFieldMessage(t, errors[name]);

  return (
    <ItemDialogForm form={form} onSubmit={submit} testId="storage-form" submitTestId="save-storage">
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
    </ItemDialogForm>
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
  return (
    <FormField
      id="storage-capacity"
      label={t("storageConfig.form.capacity")}
      hint={t("storageConfig.form.capacityHint")}
      error={error}
      controlClassName="flex gap-2"
    >
      {(control) => (
        <>
          <input
            {...control}
            value={value}
            onChange={(event) => onChange(event.target.value.replace(/[^\d.,]/g, "").slice(0, 12), unit)}
            inputMode="decimal"
            placeholder={t("storageConfig.form.capacityPlaceholder")}
            autoComplete="off"
          />
          <SelectInput
            options={CAPACITY_UNITS}
            value={unit}
            onValueChange={(chosen) => onChange(value, chosen)}
            aria-label={t("storageConfig.form.capacityUnit")}
            className="w-24"
          />
        </>
      )}
    </FormField>
  );
}
