// The admin account part of settings (docs/product.md §5 "Admin update", §4 "Changing admin info logs the
// admin out"): current password required; a new username, a new password or both; the new password
// typed twice. Success ends every admin session on the server, so the client logs out too.
import UserIcon from "@heroicons/react/24/outline/UserIcon";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { toast } from "../../../components/feedback/toast-store";
import { FormAlert, OptionalMark, PasswordField, TextField } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { useFocusFirstInvalid } from "../../../components/forms/use-focus-invalid";
import {
  type AccountFormField,
  type AccountFormValues,
  accountFieldOf,
  EMPTY_ACCOUNT_FORM,
  validateAccountForm,
} from "../../../lib/account-form";
import { appCodeOf, fieldIssuesOf, httpStatusOf } from "../../../lib/api/api-errors";
import { trpc } from "../../../lib/api/trpc";
import { authStore } from "../../../lib/auth/store/session";
import { useAuth } from "../../../lib/auth/use-auth";
import { type FieldErrors, fieldErrorsFromServer, renderFieldMessage } from "../../../lib/form-messages";
import { SettingsSection } from "./settings-section";

export function AccountSettings() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const auth = useAuth();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [values, setValues] = useState<AccountFormValues>(EMPTY_ACCOUNT_FORM);
  const [errors, setErrors] = useState<FieldErrors<AccountFormField>>({});
  const changeCredentials = trpc.admin.changePassword.useMutation();

  const set = (field: keyof AccountFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) =>
      current[field] || current.form ? { ...current, [field]: undefined, form: undefined } : current,
    );
  };

  /** A field's value, its change and its message, for a TextField or PasswordField. */
  const bind = (field: keyof AccountFormValues) => ({
    value: values[field],
    onValueChange: (value: string) => set(field, value),
    error: renderFieldMessage(t, errors[field]),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (changeCredentials.isPending) return;
    const result = validateAccountForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    changeCredentials.mutate(result.payload, {
      onSuccess: () => {
        // The server has already ended every admin session, this one included.
        authStore.logout({ notifyServer: false });
        toast.success(t("account.success"), { id: "account-updated", duration: 10_000 });
      },
      onError: (error) => {
        const message = errorMessage(error);
        const serverErrors = fieldErrorsFromServer<AccountFormField>(fieldIssuesOf(error), accountFieldOf);
        if (httpStatusOf(error) === 401) {
          // docs/product.md §8: a 401 here is the server's word on the current password. If the session
          // itself has ended, the check below logs out and says so.
          serverErrors.currentPassword = { text: message };
          void authStore.revalidate();
        } else if (appCodeOf(error) === "CONFLICT") {
          serverErrors.newUsername = { text: message };
        }
        if (Object.keys(serverErrors).length === 0) serverErrors.form = { text: message };
        setErrors(serverErrors);
        focusFirstInvalid();
        setValues((current) => ({ ...current, currentPassword: "" }));
      },
    });
  };

  return (
    <SettingsSection icon={UserIcon} ns="account">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5 p-5 sm:p-6">
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={auth.userInfo?.name ?? ""} readOnly hidden />
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{t("account.currentUsername")}</p>
            <p className="mt-1.5 font-mono text-sm text-slate-700 dark:text-slate-300">{auth.userInfo?.name ?? "—"}</p>
          </div>
          <PasswordField
            className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
            label={t("account.currentPassword")}
            hint={t("account.currentPasswordHint")}
            {...bind("currentPassword")}
            autoComplete="current-password"
            required
          />
          <TextField
            className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
            label={t("account.newUsername")}
            labelExtra={<OptionalMark />}
            hint={t("account.newUsernameHint")}
            {...bind("newUsername")}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={50}
          />
          <PasswordField
            label={t("account.newPassword")}
            labelExtra={<OptionalMark />}
            hint={t("account.newPasswordHint")}
            {...bind("newPassword")}
            autoComplete="new-password"
          />
          <PasswordField
            label={t("account.confirmPassword")}
            {...bind("confirmPassword")}
            autoComplete="new-password"
          />
        </div>
        {errors.form ? <FormAlert>{renderFieldMessage(t, errors.form)}</FormAlert> : null}
        <div className="flex justify-end border-t border-slate-200 pt-5 dark:border-slate-800">
          <Button type="submit" variant="primary" isLoading={changeCredentials.isPending} className="w-full sm:w-auto">
            {t("account.submit")}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
