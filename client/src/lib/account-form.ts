// The admin account form (docs/product.md §5 "Admin update"): current password required; at least one of a
// new username or a new password; a new password differs from the current one (the shared schema
// the server uses), plus the form's own confirm-password field.
import { type ChangePasswordInput, changePasswordInput } from "@shared/schemas/auth/auth";
import type { z } from "zod";
import { type FieldErrors, fieldErrorsFromIssues } from "./form-messages";

export type AccountFormValues = {
  currentPassword: string;
  newUsername: string;
  newPassword: string;
  confirmPassword: string;
};

/** "form" holds what belongs to no single field (neither a new username nor a new password). */
export type AccountFormField = keyof AccountFormValues | "form";

export const EMPTY_ACCOUNT_FORM: AccountFormValues = {
  currentPassword: "",
  newUsername: "",
  newPassword: "",
  confirmPassword: "",
};

export type AccountPayload = z.input<typeof changePasswordInput>;

export function accountFieldOf(path: string): AccountFormField | null {
  if (path === "currentPassword" || path === "newUsername" || path === "newPassword") return path;
  return null;
}

const EITHER_REQUIRED = "errors.newUsernameOrPasswordRequired";

export function validateAccountForm(
  values: AccountFormValues,
): { ok: true; payload: ChangePasswordInput } | { ok: false; errors: FieldErrors<AccountFormField> } {
  const parsed = changePasswordInput.safeParse({
    currentPassword: values.currentPassword,
    newUsername: values.newUsername,
    newPassword: values.newPassword,
  });
  const errors: FieldErrors<AccountFormField> = {};
  if (!parsed.success) {
    // "Enter a new username or a new password" is about both fields: show it for the form.
    const either = parsed.error.issues.find((issue) => issue.message === EITHER_REQUIRED);
    if (either) errors.form = { key: EITHER_REQUIRED };
    const rest = parsed.error.issues.filter((issue) => issue !== either);
    Object.assign(errors, fieldErrorsFromIssues(rest, accountFieldOf));
  }
  const hasNewPassword = values.newPassword.trim() !== "";
  if ((hasNewPassword || values.confirmPassword !== "") && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = { key: "account.passwordsDiffer" };
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payload: parsed.data };
}
