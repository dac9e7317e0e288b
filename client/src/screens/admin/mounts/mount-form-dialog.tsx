// Creating or editing a mount point: name, path, storage config, cache TTL, sort order, remark and
// the active flag, checked with the shared schema before sending (docs/product.md §5).
import type { MountView } from "@shared/schemas/explorer/mounts";
import { MAX_CACHE_TTL } from "@shared/schemas/explorer/mounts";
import { useTranslation } from "react-i18next";
import { ItemDialogForm, ItemFormDialog, useSaveItem } from "../../../components/dialogs/item-form-dialog";
import { FormField, TextField } from "../../../components/forms/form-controls";
import { SwitchField } from "../../../components/forms/switch-field";
import { useFieldForm, VERBATIM_INPUT } from "../../../components/forms/use-field-form";
import { trpc } from "../../../lib/api/trpc";
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
import { storageDisplayName } from "../../../lib/storage-name";

export type MountFormDialogProps = { mount: MountView | null; open: boolean; onClose: () => void };

export function MountFormDialog({ mount, open, onClose }: MountFormDialogProps) {
  return (
    <ItemFormDialog name="mount-form" ns="explorer.mounts.form" item={mount} open={open} onClose={onClose}>
      <MountForm mount={mount} />
    </ItemFormDialog>
  );
}

function MountForm({ mount }: { mount: MountView | null }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const storages = trpc.storage.list.useQuery();
  const defaultStorage = storages.data?.find((config) => config.is_default)?.id ?? storages.data?.[0]?.id ?? "";
  const form = useFieldForm<MountFormState, MountField>(() => (mount ? mountFormFor(mount) : emptyMountForm()));
  const { state, change, errors } = form;
  const storageValue = state.storage_config_id || defaultStorage;
  const chosenStorage = storages.data?.find((config) => config.id === storageValue);
  const preview = mountLocationPreview(state, chosenStorage);

  const createMount = trpc.mounts.create.useMutation();
  const updateMount = trpc.mounts.update.useMutation();
  const submit = useSaveItem({
    form,
    // The folder shown is the one saved: the storage's default until another is typed.
    values: () => ({ ...state, storage_config_id: storageValue, folder: effectiveFolder(state, chosenStorage) }),
    validate: validateMountForm,
    fieldOf: mountFieldOf,
    create: { mutate: createMount.mutate, request: buildCreateMountRequest },
    update: { mutate: updateMount.mutate, request: buildUpdateMountRequest },
    onSettled: () => {
      void utils.mounts.invalidate();
      void utils.fs.invalidate();
    },
  });

  const field = (name: MountField) => renderFieldMessage(t, errors[name]);

  return (
    <ItemDialogForm form={form} onSubmit={submit} testId="mount-form" submitTestId="mount-save">
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
      <FormField label={t("explorer.mounts.fields.storage")} error={field("storage_config_id")}>
        {(control) => (
          <select
            {...control}
            name="mount-storage"
            value={storageValue}
            onChange={(event) => change({ storage_config_id: event.target.value })}
            disabled={storages.isPending}
          >
            {storages.data?.length ? null : <option value="">{t("explorer.mounts.form.noStorage")}</option>}
            {storages.data?.map((config) => (
              <option key={config.id} value={config.id}>
                {storageDisplayName(config.name, t)}
                {config.is_default ? ` (${t("explorer.mounts.form.defaultStorage")})` : ""}
              </option>
            ))}
          </select>
        )}
      </FormField>
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
      <FormField label={t("explorer.mounts.fields.remark")} error={field("remark")}>
        {(control) => (
          <textarea
            {...control}
            name="mount-remark"
            rows={2}
            value={state.remark}
            onChange={(event) => change({ remark: event.target.value })}
          />
        )}
      </FormField>
      <SwitchField
        label={t("explorer.mounts.fields.active")}
        description={t("explorer.mounts.form.activeHint")}
        {...form.toggle("is_active")}
      />
    </ItemDialogForm>
  );
}
