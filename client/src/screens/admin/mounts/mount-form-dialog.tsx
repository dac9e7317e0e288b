// Creating or editing a mount point: name, path, storage config, cache TTL, sort order, remark and
// the active flag, checked with the shared schema before sending (docs/product.md §5).
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import type { MountView } from "@shared/schemas/mounts";
import { MAX_CACHE_TTL } from "@shared/schemas/mounts";
import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { describedBy, FieldError, inputClasses, TextField } from "../../../components/form-controls";
import { DialogForm, FormDialog, useFormDialog } from "../../../components/form-dialog";
import { SwitchField } from "../../../components/switch-field";
import { useFieldForm, VERBATIM_INPUT } from "../../../components/use-field-form";
import {
  buildCreateMountRequest,
  buildUpdateMountRequest,
  effectiveFolder,
  emptyMountForm,
  type MountField,
  type MountFormState,
  mountFieldOf,
  mountFormFor,
  mountLocationPreview,
  validateMountForm,
} from "../../../lib/explorer/mount-form";
import { renderFieldMessage } from "../../../lib/form-messages";
import { trpc } from "../../../lib/trpc";

export type MountFormDialogProps = { mount: MountView | null; open: boolean; onClose: () => void };

export function MountFormDialog({ mount, open, onClose }: MountFormDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      icon={mount ? PencilIcon : PlusIcon}
      title={mount ? t("explorer.mounts.form.editTitle", { name: mount.name }) : t("explorer.mounts.form.createTitle")}
      description={t("explorer.mounts.form.description")}
    >
      <MountForm key={mount ? `${mount.id}-${mount.updated_at.getTime()}` : "new"} mount={mount} />
    </FormDialog>
  );
}

function MountForm({ mount }: { mount: MountView | null }) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const utils = trpc.useUtils();
  const storages = trpc.storage.list.useQuery();
  const create = trpc.mounts.create.useMutation();
  const update = trpc.mounts.update.useMutation();
  const defaultStorage = storages.data?.find((config) => config.is_default)?.id ?? storages.data?.[0]?.id ?? "";
  const form = useFieldForm<MountFormState, MountField>(() => (mount ? mountFormFor(mount) : emptyMountForm()));
  const { state, change, errors } = form;
  const storageId = useId();
  const remarkId = useId();
  const storageValue = state.storage_config_id || defaultStorage;
  const chosenStorage = storages.data?.find((config) => config.id === storageValue);
  const preview = mountLocationPreview(state, chosenStorage);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The folder shown is the one saved: the storage's default until another is typed.
    const values = { ...state, storage_config_id: storageValue, folder: effectiveFolder(state, chosenStorage) };
    if (!form.check(validateMountForm(values))) return;
    const handlers = dialog.track({
      onSuccess: () => dialog.finish(mount ? t("explorer.mounts.form.saved") : t("explorer.mounts.form.created")),
      onError: (error) => form.showServerError(error, mountFieldOf),
      onSettled: () => {
        void utils.mounts.invalidate();
        void utils.fs.invalidate();
      },
    });
    if (mount) update.mutate(buildUpdateMountRequest(mount.id, values), handlers);
    else create.mutate(buildCreateMountRequest(values), handlers);
  };

  const field = (name: MountField) => renderFieldMessage(t, errors[name]);
  const storageError = field("storage_config_id");

  return (
    <DialogForm
      form={form}
      onSubmit={submit}
      failedTitle={t("explorer.mounts.form.failed")}
      submitLabel={mount ? t("explorer.mounts.form.save") : t("explorer.mounts.form.create")}
      testId="mount-form"
      submitTestId="mount-save"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("explorer.mounts.fields.name")}
          {...form.text("name")}
          placeholder={t("explorer.mounts.form.namePlaceholder")}
          autoComplete="off"
          name="mount-name"
        />
        <TextField
          label={t("explorer.mounts.fields.path")}
          {...form.text("mount_path")}
          {...VERBATIM_INPUT}
          hint={t("explorer.mounts.form.pathHint")}
          placeholder="/docs"
          name="mount-path"
        />
      </div>
      <div>
        <label htmlFor={storageId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("explorer.mounts.fields.storage")}
        </label>
        <select
          id={storageId}
          name="mount-storage"
          className={`mt-1.5 ${inputClasses(Boolean(storageError))}`}
          value={storageValue}
          onChange={(event) => change({ storage_config_id: event.target.value })}
          aria-invalid={storageError ? true : undefined}
          aria-describedby={describedBy(storageError && `${storageId}-error`)}
          disabled={storages.isPending}
        >
          {storages.data?.length ? null : <option value="">{t("explorer.mounts.form.noStorage")}</option>}
          {storages.data?.map((config) => (
            <option key={config.id} value={config.id}>
              {config.name}
              {config.is_default ? ` (${t("explorer.mounts.form.defaultStorage")})` : ""}
            </option>
          ))}
        </select>
        {storageError ? <FieldError id={`${storageId}-error`}>{storageError}</FieldError> : null}
      </div>
      <div>
        <TextField
          label={t("explorer.mounts.fields.folder")}
          value={state.folder ?? chosenStorage?.default_folder ?? ""}
          onValueChange={(folder) => change({ folder })}
          error={field("folder")}
          {...VERBATIM_INPUT}
          hint={t("explorer.mounts.form.folderHint")}
          placeholder={t("explorer.mounts.form.folderPlaceholder")}
          name="mount-folder"
        />
        {preview ? (
          <div
            className="mt-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-800/60"
            data-testid="mount-location"
            aria-live="polite"
          >
            <p className="text-slate-600 dark:text-slate-300">
              {t("explorer.mounts.fields.location")}{" "}
              <code className="break-all font-mono text-slate-900 dark:text-slate-100">{preview.location}</code>
            </p>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t("explorer.mounts.form.locationHint")}</p>
            {preview.holdsShares ? (
              <p className="mt-1 text-xs text-amber-700 dark:text-amber-300">
                {t("explorer.mounts.form.sharesInside")}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("explorer.mounts.fields.cacheTtl")}
          {...form.text("cache_ttl")}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_CACHE_TTL}
          hint={t("explorer.mounts.form.cacheTtlHint")}
          name="mount-cache-ttl"
        />
        <TextField
          label={t("explorer.mounts.fields.sortOrder")}
          {...form.text("sort_order")}
          type="number"
          inputMode="numeric"
          hint={t("explorer.mounts.form.sortOrderHint")}
          name="mount-sort-order"
        />
      </div>
      <div>
        <label htmlFor={remarkId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("explorer.mounts.fields.remark")}
        </label>
        <textarea
          id={remarkId}
          name="mount-remark"
          rows={2}
          className={`mt-1.5 ${inputClasses(Boolean(field("remark")))}`}
          value={state.remark}
          onChange={(event) => change({ remark: event.target.value })}
        />
        {field("remark") ? <FieldError id={`${remarkId}-error`}>{field("remark")}</FieldError> : null}
      </div>
      <SwitchField
        label={t("explorer.mounts.fields.active")}
        description={t("explorer.mounts.form.activeHint")}
        {...form.toggle("is_active")}
      />
    </DialogForm>
  );
}
