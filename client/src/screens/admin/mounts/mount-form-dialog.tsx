// Creating or editing a mount point: name, path, storage config, cache TTL, sort order, remark and
// the active flag, checked with the shared schema before sending (SPEC.md §5).
import type { MountView } from "@shared/schemas/mounts";
import { MAX_CACHE_TTL } from "@shared/schemas/mounts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog, DialogFooter } from "../../../components/dialog";
import {
  describedBy,
  FieldError,
  FormAlert,
  inputClasses,
  SwitchField,
  TextField,
} from "../../../components/form-controls";
import { PencilIcon, PlusIcon } from "../../../components/icons";
import { toast } from "../../../components/toast-store";
import { errorMessageOf, fieldIssuesOf } from "../../../lib/api-errors";
import {
  buildCreateMountRequest,
  buildUpdateMountRequest,
  emptyMountForm,
  type MountField,
  type MountFormState,
  mountFieldOf,
  mountFormFor,
  validateMountForm,
} from "../../../lib/explorer/mount-form";
import { type FieldErrors, fieldErrorsFromServer, renderFieldMessage } from "../../../lib/form-messages";
import { trpc } from "../../../lib/trpc";

export type MountFormDialogProps = { mount: MountView | null; open: boolean; onClose: () => void };

export function MountFormDialog({ mount, open, onClose }: MountFormDialogProps) {
  const { t } = useTranslation();
  const [isSaving, setIsSaving] = useState(false);
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      isBusy={isSaving}
      size="lg"
      icon={mount ? PencilIcon : PlusIcon}
      title={mount ? t("explorer.mounts.form.editTitle", { name: mount.name }) : t("explorer.mounts.form.createTitle")}
      description={t("explorer.mounts.form.description")}
    >
      {open ? (
        <MountForm
          key={mount ? `${mount.id}-${mount.updated_at.getTime()}` : "new"}
          mount={mount}
          onClose={onClose}
          onSavingChange={setIsSaving}
        />
      ) : null}
    </AppDialog>
  );
}

function MountForm({
  mount,
  onClose,
  onSavingChange,
}: {
  mount: MountView | null;
  onClose: () => void;
  onSavingChange: (saving: boolean) => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const storages = trpc.storage.list.useQuery();
  const create = trpc.mounts.admin.create.useMutation();
  const update = trpc.mounts.admin.update.useMutation();
  const defaultStorage = storages.data?.find((config) => config.is_default)?.id ?? storages.data?.[0]?.id ?? "";
  const [state, setState] = useState<MountFormState>(() => (mount ? mountFormFor(mount) : emptyMountForm()));
  const [errors, setErrors] = useState<FieldErrors<MountField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const storageId = useId();
  const remarkId = useId();
  const storageValue = state.storage_config_id || defaultStorage;

  const change = (patch: Partial<MountFormState>) => {
    setState((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as MountField];
      return next;
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const values = { ...state, storage_config_id: storageValue };
    const found = validateMountForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    onSavingChange(true);
    const handlers = {
      onSuccess: () => {
        toast.success(mount ? t("explorer.mounts.form.saved") : t("explorer.mounts.form.created"));
        onClose();
      },
      onError: (error: unknown) => {
        const fieldErrors = fieldErrorsFromServer(fieldIssuesOf(error), mountFieldOf);
        setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) {
          setFormError(
            errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") }),
          );
        }
      },
      onSettled: () => {
        onSavingChange(false);
        void utils.mounts.invalidate();
        void utils.fs.invalidate();
      },
    };
    if (mount) update.mutate(buildUpdateMountRequest(mount.id, values), handlers);
    else create.mutate(buildCreateMountRequest(values), handlers);
  };

  const field = (name: MountField) => renderFieldMessage(t, errors[name]);
  const storageError = field("storage_config_id");

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="mount-form">
      {formError ? <FormAlert title={t("explorer.mounts.form.failed")}>{formError}</FormAlert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("explorer.mounts.fields.name")}
          value={state.name}
          onValueChange={(name) => change({ name })}
          error={field("name")}
          placeholder={t("explorer.mounts.form.namePlaceholder")}
          autoComplete="off"
          name="mount-name"
        />
        <TextField
          label={t("explorer.mounts.fields.path")}
          value={state.mount_path}
          onValueChange={(mount_path) => change({ mount_path })}
          error={field("mount_path")}
          hint={t("explorer.mounts.form.pathHint")}
          placeholder="/docs"
          autoComplete="off"
          spellCheck={false}
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
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("explorer.mounts.fields.cacheTtl")}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_CACHE_TTL}
          value={state.cache_ttl}
          onValueChange={(cache_ttl) => change({ cache_ttl })}
          error={field("cache_ttl")}
          hint={t("explorer.mounts.form.cacheTtlHint")}
          name="mount-cache-ttl"
        />
        <TextField
          label={t("explorer.mounts.fields.sortOrder")}
          type="number"
          inputMode="numeric"
          value={state.sort_order}
          onValueChange={(sort_order) => change({ sort_order })}
          error={field("sort_order")}
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
        checked={state.is_active}
        onCheckedChange={(is_active) => change({ is_active })}
      />
      <DialogFooter>
        <Button onClick={onClose} disabled={create.isPending || update.isPending}>
          {t("common.cancel")}
        </Button>
        <Button
          type="submit"
          variant="primary"
          isLoading={create.isPending || update.isPending}
          data-testid="mount-save"
        >
          {mount ? t("explorer.mounts.form.save") : t("explorer.mounts.form.create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
