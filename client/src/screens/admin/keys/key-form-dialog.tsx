// Create and edit an API key (docs/product.md §5): name required; text, file and mount permissions; a
// read-only switch that only exists with mount; base path (default /, shown as it will be saved);
// expiry 1, 7, 30 days, never or a custom number of days; and, at creation, an optional custom key.
// Rules come from the shared schemas, so the form refuses what the server would refuse.

import { Label, Radio, RadioGroup } from "@headlessui/react";
import InformationCircleIcon from "@heroicons/react/24/outline/InformationCircleIcon";
import KeyIcon from "@heroicons/react/24/outline/KeyIcon";
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import type { ApiKeyView } from "@shared/schemas/auth/api-keys";
import { useTranslation } from "react-i18next";
import { cx, focusRing } from "../../../components/class-names";
import { DialogForm, FormDialog, useDialogSubmit, useFormDialog } from "../../../components/dialogs/form-dialog";
import { toast } from "../../../components/feedback/toast-store";
import { CheckboxField, OptionalMark, TextField } from "../../../components/forms/form-controls";
import { SwitchField } from "../../../components/forms/switch-field";
import { useFieldForm, VERBATIM_INPUT } from "../../../components/forms/use-field-form";
import { currentLanguage } from "../../../i18n";
import { appCodeOf, errorMessageOf, messageKeyOf } from "../../../lib/api/api-errors";
import { trpc } from "../../../lib/api/trpc";
import {
  CREATE_EXPIRY_CHOICES,
  computeExpiresAt,
  EDIT_EXPIRY_CHOICES,
  type EditExpiryChoice,
  emptyKeyForm,
  type KeyFormField,
  type KeyFormValues,
  keyFieldOf,
  keyFormFromView,
  normalizeBasePath,
  parseCustomDays,
  validateCreateKeyForm,
  validateEditKeyForm,
} from "../../../lib/api-key-form";
import { type FieldErrors, renderFieldMessage } from "../../../lib/form-messages";
import { formatDateTime } from "../../../lib/format-date";

export type CreatedKey = ApiKeyView & { key: string };

export type KeyFormDialogProps =
  | { mode: "create"; open: boolean; onClose: () => void; onCreated: (key: CreatedKey) => void }
  | { mode: "edit"; open: boolean; onClose: () => void; apiKey: ApiKeyView };

export function KeyFormDialog(props: KeyFormDialogProps) {
  const { t } = useTranslation();
  const isEdit = props.mode === "edit";
  return (
    <FormDialog
      name="key-form"
      open={props.open}
      onClose={props.onClose}
      icon={isEdit ? PencilIcon : KeyIcon}
      title={isEdit ? t("apiKeys.form.editTitle") : t("apiKeys.form.createTitle")}
      description={
        isEdit ? t("apiKeys.form.editDescription", { name: props.apiKey.name }) : t("apiKeys.form.createDescription")
      }
    >
      <KeyForm {...props} />
    </FormDialog>
  );
}

function KeyForm(props: KeyFormDialogProps) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const utils = trpc.useUtils();
  const isEdit = props.mode === "edit";
  const form = useFieldForm<KeyFormValues, KeyFormField>(() =>
    props.mode === "edit" ? keyFormFromView(props.apiKey) : emptyKeyForm(),
  );
  const { state: values, errors, change } = form;

  // gcTime 0: the answer holds the whole key; it must not linger in the mutation cache.
  const createKey = trpc.keys.create.useMutation({ gcTime: 0 });
  const updateKey = trpc.keys.update.useMutation();

  /** A 409 is about the name (unique among keys) or, at creation, about a custom key already in use. */
  const conflictAt = (error: unknown): FieldErrors<KeyFormField> | null => {
    if (appCodeOf(error) !== "CONFLICT") return null;
    const field = messageKeyOf(error) === "errors.apiKeyNameTaken" ? "name" : isEdit ? null : "customKey";
    return field
      ? { [field]: { text: errorMessageOf(error, { network: "", fallback: t("common.unknownError") }) } }
      : null;
  };
  const submit = useDialogSubmit(form, (error) => form.showServerError(error, keyFieldOf, conflictAt(error)));
  // The list shows the saved key either way.
  const onSubmit =
    props.mode === "create"
      ? submit(
          () => validateCreateKeyForm(values, new Date()),
          (payload, track) =>
            createKey.mutate(
              payload,
              track((created: CreatedKey) => {
                void utils.keys.list.invalidate();
                toast.success(t("apiKeys.form.created", { name: created.name }));
                props.onCreated(created);
              }),
            ),
        )
      : submit(
          () => validateEditKeyForm(props.apiKey.id, values, new Date()),
          (payload, track) =>
            updateKey.mutate(
              payload,
              track((saved: ApiKeyView) => {
                void utils.keys.list.invalidate();
                dialog.finish(t("apiKeys.form.saved", { name: saved.name }));
              }),
            ),
        );

  const hasPermission = values.text || values.file || values.mount;
  const normalisedPath = normalizeBasePath(values.basicPath.trim() || "/");

  return (
    <DialogForm
      form={form}
      onSubmit={onSubmit}
      submitLabel={isEdit ? t("apiKeys.form.submitEdit") : t("apiKeys.form.submitCreate")}
    >
      <TextField
        label={t("apiKeys.form.name")}
        {...form.text("name")}
        placeholder={t("apiKeys.form.namePlaceholder")}
        maxLength={100}
        required
        data-autofocus
        autoComplete="off"
      />

      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("apiKeys.form.permissions")}
        </legend>
        <div className="mt-3 flex flex-col gap-3">
          {(["text", "file", "mount"] as const).map((permission) => (
            <CheckboxField
              key={permission}
              name={`${permission}_permission`}
              label={t(`auth.permissions.${permission}`)}
              description={t(`apiKeys.form.permissionDescriptions.${permission}`)}
              {...form.toggle(permission)}
            />
          ))}
          {values.mount ? (
            <div className="ml-7.5 rounded-lg bg-slate-50 px-3 py-2.5 dark:bg-slate-800/50">
              <SwitchField
                label={t("apiKeys.form.mountReadOnly")}
                description={t("apiKeys.form.mountReadOnlyDescription")}
                {...form.toggle("mountReadOnly")}
              />
            </div>
          ) : null}
        </div>
        {hasPermission ? null : (
          <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-500 dark:text-slate-400">
            <InformationCircleIcon className="size-4 shrink-0" />
            {t("apiKeys.form.noPermissionWarning")}
          </p>
        )}
      </fieldset>

      <TextField
        label={t("apiKeys.form.basePath")}
        {...form.text("basicPath")}
        {...VERBATIM_INPUT}
        className="[&_input]:font-mono"
        hint={
          normalisedPath && normalisedPath !== values.basicPath
            ? `${t("apiKeys.form.basePathHint")} ${t("apiKeys.form.basePathSavedAs", { path: normalisedPath })}`
            : t("apiKeys.form.basePathHint")
        }
      />

      <ExpiryField
        values={values}
        apiKey={props.mode === "edit" ? props.apiKey : null}
        onChoice={(expiry) => change({ expiry })}
        onDays={(customDays) => change({ customDays })}
        errors={errors}
      />

      {isEdit ? null : (
        <TextField
          label={t("apiKeys.form.customKey")}
          labelExtra={<OptionalMark />}
          {...form.text("customKey")}
          {...VERBATIM_INPUT}
          maxLength={128}
          className="[&_input]:font-mono"
          hint={t("apiKeys.form.customKeyHint")}
        />
      )}
    </DialogForm>
  );
}

type ExpiryFieldProps = {
  values: KeyFormValues;
  apiKey: ApiKeyView | null;
  onChoice: (choice: EditExpiryChoice) => void;
  onDays: (days: string) => void;
  errors: FieldErrors<KeyFormField>;
};

function ExpiryField({ values, apiKey, onChoice, onDays, errors }: ExpiryFieldProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const choices = apiKey ? EDIT_EXPIRY_CHOICES : CREATE_EXPIRY_CHOICES;

  let preview: string;
  if (values.expiry === "keep") {
    const current = apiKey?.expires_at ? formatDateTime(apiKey.expires_at, language) : t("apiKeys.table.never");
    preview = t("apiKeys.form.keepExpiry", { value: current });
  } else if (values.expiry === "never") {
    preview = t("apiKeys.form.neverExpires");
  } else if (values.expiry === "custom" && "error" in parseCustomDays(values.customDays)) {
    preview = "";
  } else {
    const date = computeExpiresAt(values.expiry, values.customDays, new Date());
    preview = date ? t("apiKeys.form.expiresOn", { date: formatDateTime(date, language) }) : "";
  }

  return (
    <div>
      <RadioGroup value={values.expiry} onChange={onChoice} className="flex flex-col">
        <Label className="text-sm font-medium text-slate-800 dark:text-slate-200">{t("apiKeys.form.expiry")}</Label>
        <div className="mt-2 flex flex-wrap gap-2">
          {choices.map((choice) => (
            <Radio
              key={choice}
              value={choice}
              className={cx(
                "cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium ring-1 transition-colors ring-inset",
                "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800",
                "data-checked:bg-indigo-600 data-checked:text-white data-checked:ring-indigo-600 dark:data-checked:bg-indigo-500 dark:data-checked:ring-indigo-500",
                focusRing,
              )}
            >
              {t(`apiKeys.form.expiryChoices.${choice}`)}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      {values.expiry === "custom" ? (
        <TextField
          className="mt-3 max-w-48"
          label={t("apiKeys.form.customDays")}
          value={values.customDays}
          onValueChange={onDays}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          required
          error={renderFieldMessage(t, errors.customDays ?? errors.expiry)}
        />
      ) : errors.expiry ? (
        <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{renderFieldMessage(t, errors.expiry)}</p>
      ) : null}
      {preview ? <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{preview}</p> : null}
    </div>
  );
}
