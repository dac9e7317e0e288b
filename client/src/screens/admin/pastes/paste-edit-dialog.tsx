// Editing a paste in text management: content and format, remark, expiry (keep, or a new choice
// from now), max views, and the password (keep, set a new one, or remove). Only changed fields are
// sent; the link stays the same.
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { AppDialog, DialogFooter } from "../../../components/dialog";
import {
  FieldError,
  FieldHint,
  FormAlert,
  inputClasses,
  PasswordField,
  TextField,
} from "../../../components/form-controls";
import { PencilIcon } from "../../../components/icons";
import { Spinner } from "../../../components/spinner";
import { toast } from "../../../components/toast-store";
import { currentLanguage } from "../../../i18n";
import { errorMessageOf, fieldIssuesOf } from "../../../lib/api-errors";
import { type FieldErrors, fieldErrorsFromServer, renderFieldMessage } from "../../../lib/form-messages";
import { formatDateTime } from "../../../lib/format-date";
import {
  buildUpdateRequest,
  type EditField,
  type EditState,
  editStateFor,
  type PasswordAction,
  validateEdit,
} from "../../../lib/pastes/edit-form";
import { type EditExpiryChoice, EXPIRY_CHOICES } from "../../../lib/pastes/expiry";
import { type PasteDetail, type PasteSummary, usePasteApi } from "./paste-api";

export type PasteEditDialogProps = { paste: PasteSummary | null; open: boolean; onClose: () => void };

export function PasteEditDialog({ paste, open, onClose }: PasteEditDialogProps) {
  const { t } = useTranslation();
  const { procedures } = usePasteApi();
  // Always the latest content: another admin may have changed it since the list loaded.
  const detail = procedures.get.useQuery(
    { id: paste?.id ?? "" },
    { enabled: open && paste !== null, staleTime: 0, refetchOnMount: "always" },
  );
  const [isSaving, setIsSaving] = useState(false);

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      isBusy={isSaving}
      size="lg"
      icon={PencilIcon}
      title={t("pastes.manage.edit.title", { slug: paste?.slug ?? "" })}
      description={t("pastes.manage.edit.description")}
    >
      {detail.isPending || detail.isFetching ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400">
          <Spinner className="text-indigo-500" />
          {t("pastes.manage.edit.loading")}
        </p>
      ) : detail.isError ? (
        <FormAlert title={t("pastes.manage.preview.failed")}>
          {errorMessageOf(detail.error, { network: t("common.networkError"), fallback: t("common.unknownError") })}
        </FormAlert>
      ) : (
        <EditForm
          key={`${detail.data.id}-${detail.data.updated_at.getTime()}`}
          paste={detail.data}
          onClose={onClose}
          onSavingChange={setIsSaving}
        />
      )}
    </AppDialog>
  );
}

const SERVER_FIELDS: Record<string, EditField> = {
  content: "content",
  remark: "remark",
  max_views: "maxViews",
  password: "newPassword",
  expires_at: "expiry",
};

function EditForm({
  paste,
  onClose,
  onSavingChange,
}: {
  paste: PasteDetail;
  onClose: () => void;
  onSavingChange: (isSaving: boolean) => void;
}) {
  const { t } = useTranslation();
  const { procedures, cache } = usePasteApi();
  const update = procedures.update.useMutation();
  const [state, setState] = useState<EditState>(() => editStateFor(paste));
  const [errors, setErrors] = useState<FieldErrors<EditField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();
  const language = currentLanguage();

  const change = (patch: Partial<EditState>) => {
    setState((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) {
        if (key === "newPassword" || key === "passwordAction") delete next.newPassword;
        else delete next[key as EditField];
      }
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateEdit(state);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request = buildUpdateRequest(paste, state);
    if (!request) {
      toast.info(t("pastes.manage.edit.noChanges"));
      onClose();
      return;
    }
    onSavingChange(true);
    update.mutate(request, {
      onSuccess: () => {
        toast.success(t("pastes.manage.edit.saved"));
        onClose();
      },
      onError: (error) => {
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

  const contentId = `${ids}-content`;
  const contentError = renderFieldMessage(t, errors.content);
  const currentExpiry = paste.expires_at
    ? formatDateTime(paste.expires_at, language)
    : t("pastes.options.expiryChoices.never");
  const passwordActions: PasswordAction[] = paste.has_password ? ["keep", "set", "remove"] : ["keep", "set"];
  const passwordLabel = (action: PasswordAction) =>
    paste.has_password
      ? {
          keep: t("pastes.manage.edit.passwordKeep"),
          set: t("pastes.manage.edit.passwordSet"),
          remove: t("pastes.manage.edit.passwordRemove"),
        }[action]
      : { keep: t("pastes.manage.edit.passwordNone"), set: t("pastes.manage.edit.passwordAdd"), remove: "" }[action];

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="paste-edit-form">
      {formError ? <FormAlert title={t("pastes.manage.edit.failed")}>{formError}</FormAlert> : null}

      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label htmlFor={contentId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t("pastes.manage.edit.content")}
          </label>
          <fieldset className="flex items-center gap-1 rounded-lg bg-slate-100 p-0.5 dark:bg-slate-800">
            <legend className="sr-only">{t("pastes.manage.edit.format")}</legend>
            {(["markdown", "text"] as const).map((format) => (
              <label
                key={format}
                className={cx(
                  "cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium has-focus-visible:outline-2 has-focus-visible:outline-indigo-500",
                  state.format === format
                    ? "bg-white text-indigo-700 shadow-sm dark:bg-slate-900 dark:text-indigo-300"
                    : "text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
                )}
              >
                <input
                  type="radio"
                  name="format"
                  value={format}
                  checked={state.format === format}
                  onChange={() => change({ format })}
                  className="sr-only"
                />
                {t(`pastes.view.format.${format}`)}
              </label>
            ))}
          </fieldset>
        </div>
        <textarea
          id={contentId}
          value={state.content}
          onChange={(event) => change({ content: event.target.value })}
          rows={10}
          spellCheck={false}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? `${contentId}-error` : undefined}
          className={cx(inputClasses(Boolean(contentError)), "mt-1.5 resize-y font-mono text-sm leading-6")}
        />
        {contentError ? <FieldError id={`${contentId}-error`}>{contentError}</FieldError> : null}
      </div>

      <TextField
        label={t("pastes.manage.edit.remark")}
        value={state.remark}
        onValueChange={(remark) => change({ remark })}
        error={renderFieldMessage(t, errors.remark)}
        autoComplete="off"
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-expiry`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t("pastes.manage.edit.expiry")}
          </label>
          <select
            id={`${ids}-expiry`}
            value={state.expiry}
            onChange={(event) => change({ expiry: event.target.value as EditExpiryChoice })}
            aria-describedby={`${ids}-expiry-hint`}
            className={cx(inputClasses(Boolean(errors.expiry)), "mt-1.5")}
          >
            <option value="keep">{t("pastes.options.expiryChoices.keep", { current: currentExpiry })}</option>
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`pastes.options.expiryChoices.${choice}`)}
              </option>
            ))}
          </select>
          <FieldHint id={`${ids}-expiry-hint`}>
            {t("pastes.manage.edit.currentExpiry", { value: currentExpiry })}
          </FieldHint>
          {errors.expiry ? (
            <FieldError id={`${ids}-expiry-error`}>{renderFieldMessage(t, errors.expiry)}</FieldError>
          ) : null}
        </div>
        <TextField
          label={t("pastes.manage.edit.maxViews")}
          value={state.maxViews}
          onValueChange={(value) => change({ maxViews: value.replace(/[^\d]/g, "").slice(0, 10) })}
          hint={t("pastes.manage.edit.maxViewsHint", { views: paste.views })}
          error={renderFieldMessage(t, errors.maxViews)}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("pastes.manage.edit.password")}
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
            label={t("pastes.manage.edit.newPassword")}
            value={state.newPassword}
            onValueChange={(newPassword) => change({ newPassword })}
            error={renderFieldMessage(t, errors.newPassword)}
            autoComplete="new-password"
          />
        ) : null}
      </fieldset>

      <DialogFooter>
        <Button onClick={onClose} disabled={update.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="primary" isLoading={update.isPending}>
          {update.isPending ? t("pastes.manage.edit.saving") : t("pastes.manage.edit.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
