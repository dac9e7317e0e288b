// What editing a file share and editing a text share have in common: the remark, the expiry (keep, or
// a new choice counted from now) beside the max views, the password (keep, set a new one, or remove),
// and saving only what changed. Texts come from `shareEdit.*` (both kinds), `<kind>.manage.edit.*` and
// `<kind>.options.expiryChoices.*`.
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFormDialog } from "../../../components/dialogs/form-dialog";
import type { ShareKind } from "../../../components/feedback/share-problem";
import { toast } from "../../../components/feedback/toast-store";
import { PasswordField, TextField } from "../../../components/forms/form-controls";
import { type FieldForm, useFieldForm } from "../../../components/forms/use-field-form";
import { type FieldErrors, renderFieldMessage } from "../../../lib/form-messages";
import { type EditExpiryChoice, EXPIRY_CHOICES } from "../../../lib/pastes/expiry";
import type { PasswordAction, ShareEditField, ShareEditState } from "../../../lib/shares/forms/share-edit";
import { ChoiceSelect } from "./choice-select";

/** Remark, expiry, max views and password, bound to the edit form (useShareEditForm). */
export function ShareEditFields({
  kind,
  form,
  hasPassword,
  keepLabel,
  currentExpiry,
  maxViewsHint,
  canSetPassword = true,
}: {
  kind: ShareKind;
  form: Pick<FieldForm<ShareEditState, ShareEditField>, "state" | "errors" | "change">;
  hasPassword: boolean;
  keepLabel: string;
  currentExpiry: string;
  maxViewsHint: string;
  /** False for an encrypted share: its password is part of its key, which the server never has. */
  canSetPassword?: boolean;
}) {
  const { t } = useTranslation();
  const { state: values, errors, change: onChange } = form;
  return (
    <>
      <TextField
        label={t("shareEdit.remark")}
        value={values.remark}
        onValueChange={(remark) => onChange({ remark })}
        error={renderFieldMessage(t, errors.remark)}
        autoComplete="off"
        name="remark"
      />
      <ShareLimitFields
        kind={kind}
        expiry={values.expiry}
        keepLabel={keepLabel}
        currentExpiry={currentExpiry}
        expiryError={renderFieldMessage(t, errors.expiry)}
        onExpiryChange={(expiry) => onChange({ expiry })}
        maxViews={values.maxViews}
        maxViewsHint={maxViewsHint}
        maxViewsError={renderFieldMessage(t, errors.maxViews)}
        onMaxViewsChange={(maxViews) => onChange({ maxViews })}
      />
      {canSetPassword ? (
        <SharePasswordChoice
          kind={kind}
          hasPassword={hasPassword}
          action={values.passwordAction}
          newPassword={values.newPassword}
          error={renderFieldMessage(t, errors.newPassword)}
          onChange={onChange}
        />
      ) : null}
    </>
  );
}

function ShareLimitFields({
  kind,
  expiry,
  keepLabel,
  currentExpiry,
  expiryError,
  onExpiryChange,
  maxViews,
  maxViewsHint,
  maxViewsError,
  onMaxViewsChange,
}: {
  kind: ShareKind;
  expiry: EditExpiryChoice;
  /** The "keep" choice's text. */
  keepLabel: string;
  /** The expiry the share has now, as text. */
  currentExpiry: string;
  expiryError?: string | null;
  onExpiryChange: (expiry: EditExpiryChoice) => void;
  maxViews: string;
  maxViewsHint: string;
  maxViewsError: string | null;
  onMaxViewsChange: (maxViews: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <ChoiceSelect<EditExpiryChoice>
        label={t(`${kind}.manage.edit.expiry`)}
        hint={t(`${kind}.manage.edit.currentExpiry`, { value: currentExpiry })}
        error={expiryError}
        first={{ value: "keep", label: keepLabel }}
        choices={EXPIRY_CHOICES}
        labelOf={(choice) => t(`${kind}.options.expiryChoices.${choice}`)}
        value={expiry}
        onChange={onExpiryChange}
      />
      <TextField
        label={t("shareEdit.maxViews")}
        value={maxViews}
        onValueChange={(value) => onMaxViewsChange(value.replace(/[^\d]/g, "").slice(0, 10))}
        hint={maxViewsHint}
        error={maxViewsError}
        inputMode="numeric"
        autoComplete="off"
        name="max-views"
      />
    </div>
  );
}

function SharePasswordChoice({
  kind,
  hasPassword,
  action,
  newPassword,
  error,
  onChange,
}: {
  kind: ShareKind;
  /** Whether the share has a password now: then it can be kept or removed, else only added. */
  hasPassword: boolean;
  action: PasswordAction;
  newPassword: string;
  error: string | null;
  onChange: (patch: { passwordAction?: PasswordAction; newPassword?: string }) => void;
}) {
  const { t } = useTranslation();
  const actions: PasswordAction[] = hasPassword ? ["keep", "set", "remove"] : ["keep", "set"];
  const labelOf = (choice: PasswordAction) =>
    hasPassword
      ? {
          keep: t("shareEdit.passwordKeep"),
          set: t("shareEdit.passwordSet"),
          remove: t("shareEdit.passwordRemove"),
        }[choice]
      : { keep: t("shareEdit.passwordNone"), set: t("shareEdit.passwordAdd"), remove: "" }[choice];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t(`${kind}.manage.edit.password`)}
      </legend>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-5">
        {actions.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="radio"
              name="password-action"
              value={choice}
              checked={action === choice}
              onChange={() => onChange({ passwordAction: choice })}
              className="size-4 accent-indigo-600 dark:accent-indigo-400"
            />
            {labelOf(choice)}
          </label>
        ))}
      </div>
      {action === "set" ? (
        <PasswordField
          className="mt-3"
          label={t("shareEdit.newPassword")}
          value={newPassword}
          onValueChange={(value) => onChange({ newPassword: value })}
          error={error}
          autoComplete="new-password"
          name="new-password"
        />
      ) : null}
    </fieldset>
  );
}

type UpdateMutation<Request> = {
  mutate: (
    request: Request,
    handlers: { onSuccess: (data: unknown) => void; onError: (error: unknown) => void; onSettled?: () => void },
  ) => void;
};

/**
 * The edit form of a share: its values and messages, and a submit that checks them, sends only what
 * changed (nothing changed: says so and closes), and puts the server's objections at their fields.
 */
export function useShareEditForm<State extends ShareEditState, Field extends string, Request>({
  kind,
  initial,
  validate,
  buildRequest,
  update,
  invalidate,
  serverFields,
  fieldErrorsOf,
}: {
  kind: ShareKind;
  initial: () => State;
  validate: (state: State) => FieldErrors<Field>;
  /** null when nothing changed. */
  buildRequest: (state: State) => Request | null;
  update: UpdateMutation<Request>;
  invalidate: () => Promise<unknown>;
  /** The form field of each input field the server may object to. */
  serverFields: Record<string, Field>;
  /** An answer that belongs at a field rather than above the form (a taken suffix). */
  fieldErrorsOf?: (error: unknown) => FieldErrors<Field> | null;
}): FieldForm<State, Field> & { submit: (event: FormEvent<HTMLFormElement>) => void } {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  // Changing the password choice or the new password clears the message of the new password.
  const form = useFieldForm<State, Field>(initial, (key) => (key === "passwordAction" ? "newPassword" : key) as Field);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.check(validate(form.state))) return;
    const request = buildRequest(form.state);
    if (!request) {
      toast.info(t(`${kind}.manage.edit.noChanges`));
      dialog.close();
      return;
    }
    update.mutate(
      request,
      dialog.track({
        onSuccess: () => dialog.finish(t(`${kind}.manage.edit.saved`)),
        onError: (error) => form.showServerError(error, (path) => serverFields[path] ?? null, fieldErrorsOf?.(error)),
        onSettled: () => void invalidate(),
      }),
    );
  };

  return { ...form, submit };
}
