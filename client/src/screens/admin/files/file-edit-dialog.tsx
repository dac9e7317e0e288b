// Editing a file share: link suffix (checked as typed with the shared schema), remark, expiry (keep,
// or a new choice counted from now), max views, and the password (keep, set a new one, or remove).
// Only changed fields are sent; a taken suffix is reported at its field.
import { SLUG_MAX_LENGTH } from "@shared/constants";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { AppDialog, DialogFooter } from "../../../components/dialog";
import { FileTypeIcon } from "../../../components/file-icons";
import { FieldHint, FormAlert, inputClasses, PasswordField, TextField } from "../../../components/form-controls";
import { PencilIcon } from "../../../components/icons";
import { toast } from "../../../components/toast-store";
import { currentLanguage } from "../../../i18n";
import { appCodeOf, errorMessageOf, fieldIssuesOf } from "../../../lib/api-errors";
import {
  buildFileUpdate,
  type FileEditField,
  type FileEditState,
  fileEditStateFor,
  type PasswordAction,
  validateFileEdit,
} from "../../../lib/files/file-edit-form";
import { type FieldErrors, fieldErrorsFromServer, renderFieldMessage } from "../../../lib/form-messages";
import { formatBytes } from "../../../lib/format-bytes";
import { formatDateTime } from "../../../lib/format-date";
import { type EditExpiryChoice, EXPIRY_CHOICES } from "../../../lib/pastes/expiry";
import { type FileSummary, useFileApi } from "./file-api";

export type FileEditDialogProps = { file: FileSummary | null; open: boolean; onClose: () => void };

export function FileEditDialog({ file, open, onClose }: FileEditDialogProps) {
  const { t } = useTranslation();
  const [isSaving, setIsSaving] = useState(false);
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      isBusy={isSaving}
      size="lg"
      icon={PencilIcon}
      title={t("files.manage.edit.title")}
      description={file ? file.filename : undefined}
    >
      {file ? (
        <EditForm
          key={`${file.id}-${file.updated_at.getTime()}`}
          file={file}
          onClose={onClose}
          onSavingChange={setIsSaving}
        />
      ) : null}
    </AppDialog>
  );
}

const SERVER_FIELDS: Record<string, FileEditField> = {
  slug: "slug",
  remark: "remark",
  max_views: "maxViews",
  password: "newPassword",
};

function EditForm({
  file,
  onClose,
  onSavingChange,
}: {
  file: FileSummary;
  onClose: () => void;
  onSavingChange: (isSaving: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { procedures, cache } = useFileApi();
  const update = procedures.update.useMutation();
  const [state, setState] = useState<FileEditState>(() => fileEditStateFor(file));
  const [errors, setErrors] = useState<FieldErrors<FileEditField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();

  const change = (patch: Partial<FileEditState>) => {
    setState((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) {
        if (key === "newPassword" || key === "passwordAction") delete next.newPassword;
        else delete next[key as FileEditField];
      }
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateFileEdit(file, state);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request = buildFileUpdate(file, state);
    if (!request) {
      toast.info(t("files.manage.edit.noChanges"));
      onClose();
      return;
    }
    onSavingChange(true);
    update.mutate(request, {
      onSuccess: () => {
        toast.success(t("files.manage.edit.saved"));
        onClose();
      },
      onError: (error) => {
        if (appCodeOf(error) === "CONFLICT") {
          setErrors({ slug: { key: "files.errors.slugTaken" } });
          return;
        }
        const fieldErrors = fieldErrorsFromServer(fieldIssuesOf(error), (path) => SERVER_FIELDS[path] ?? null);
        setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) {
          setFormError(
            errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") }),
          );
        }
      },
      onSettled: () => {
        onSavingChange(false);
        void cache.invalidate();
      },
    });
  };

  const currentExpiry = file.expires_at
    ? formatDateTime(file.expires_at, language)
    : t("files.options.expiryChoices.never");
  const passwordActions: PasswordAction[] = file.has_password ? ["keep", "set", "remove"] : ["keep", "set"];
  const passwordLabel = (action: PasswordAction) =>
    file.has_password
      ? {
          keep: t("files.manage.edit.passwordKeep"),
          set: t("files.manage.edit.passwordSet"),
          remove: t("files.manage.edit.passwordRemove"),
        }[action]
      : { keep: t("files.manage.edit.passwordNone"), set: t("files.manage.edit.passwordAdd"), remove: "" }[action];

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="file-edit-form">
      <div className="flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 dark:bg-slate-950/50 dark:ring-slate-800">
        <FileTypeIcon mimetype={file.mimetype} filename={file.filename} size="sm" />
        <p className="min-w-0 truncate text-sm text-slate-700 dark:text-slate-300">
          {formatBytes(file.size, language)} · {file.mimetype}
        </p>
      </div>

      {formError ? <FormAlert title={t("files.manage.edit.failed")}>{formError}</FormAlert> : null}

      <TextField
        label={t("files.manage.edit.slug")}
        value={state.slug}
        onValueChange={(slug) => change({ slug })}
        hint={t("files.manage.edit.slugHint", { max: SLUG_MAX_LENGTH })}
        error={renderFieldMessage(t, errors.slug)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        name="slug"
      />

      <TextField
        label={t("files.manage.edit.remark")}
        value={state.remark}
        onValueChange={(remark) => change({ remark })}
        error={renderFieldMessage(t, errors.remark)}
        autoComplete="off"
        name="remark"
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-expiry`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t("files.manage.edit.expiry")}
          </label>
          <select
            id={`${ids}-expiry`}
            value={state.expiry}
            onChange={(event) => change({ expiry: event.target.value as EditExpiryChoice })}
            aria-describedby={`${ids}-expiry-hint`}
            className={cx(inputClasses(false), "mt-1.5")}
          >
            <option value="keep">{t("files.manage.edit.expiryKeep")}</option>
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`files.options.expiryChoices.${choice}`)}
              </option>
            ))}
          </select>
          <FieldHint id={`${ids}-expiry-hint`}>
            {t("files.manage.edit.currentExpiry", { value: currentExpiry })}
          </FieldHint>
        </div>
        <TextField
          label={t("files.manage.edit.maxViews")}
          value={state.maxViews}
          onValueChange={(value) => change({ maxViews: value.replace(/[^\d]/g, "").slice(0, 10) })}
          hint={t("files.manage.edit.maxViewsHint", { count: file.views })}
          error={renderFieldMessage(t, errors.maxViews)}
          inputMode="numeric"
          autoComplete="off"
          name="max-views"
        />
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("files.manage.edit.password")}
        </legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-5">
          {passwordActions.map((action) => (
            <label key={action} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input
                type="radio"
                name="password-action"
                value={action}
                checked={state.passwordAction === action}
                onChange={() => change({ passwordAction: action })}
                className="size-4 accent-indigo-600 dark:accent-indigo-400"
              />
              {passwordLabel(action)}
            </label>
          ))}
        </div>
        {state.passwordAction === "set" ? (
          <PasswordField
            className="mt-3"
            label={t("files.manage.edit.newPassword")}
            value={state.newPassword}
            onValueChange={(newPassword) => change({ newPassword })}
            error={renderFieldMessage(t, errors.newPassword)}
            autoComplete="new-password"
            name="new-password"
          />
        ) : null}
      </fieldset>

      <DialogFooter>
        <Button onClick={onClose} disabled={update.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="primary" isLoading={update.isPending} data-testid="save-file">
          {t("files.manage.edit.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
