import { describe, expect, test } from "bun:test";
import { type AccountFormValues, EMPTY_ACCOUNT_FORM, validateAccountForm } from "./account-form";

const form = (values: Partial<AccountFormValues>): AccountFormValues => ({ ...EMPTY_ACCOUNT_FORM, ...values });

describe("account form (docs/product.md §5 admin update)", () => {
  test("a new password, typed twice", () => {
    expect(
      validateAccountForm(
        form({ currentPassword: "old-password", newPassword: "new-password", confirmPassword: "new-password" }),
      ),
    ).toEqual({
      ok: true,
      payload: { currentPassword: "old-password", newPassword: "new-password", newUsername: undefined },
    });
  });

  test("a new username alone", () => {
    expect(validateAccountForm(form({ currentPassword: "old-password", newUsername: "root_2" }))).toEqual({
      ok: true,
      payload: { currentPassword: "old-password", newUsername: "root_2", newPassword: undefined },
    });
  });

  test("the current password is required", () => {
    const result = validateAccountForm(form({ newUsername: "root" }));
    expect(result).toEqual({ ok: false, errors: { currentPassword: { key: "errors.currentPasswordRequired" } } });
  });

  test("at least one of a new username or a new password, reported for the form", () => {
    expect(validateAccountForm(form({ currentPassword: "old-password" }))).toEqual({
      ok: false,
      errors: { form: { key: "errors.newUsernameOrPasswordRequired" } },
    });
  });

  test("the new password differs from the current one", () => {
    expect(
      validateAccountForm(
        form({ currentPassword: "same-password", newPassword: "same-password", confirmPassword: "same-password" }),
      ),
    ).toEqual({ ok: false, errors: { newPassword: { key: "errors.newPasswordSameAsCurrent" } } });
  });

  test("the new password has at least 8 characters; the username follows the pattern", () => {
    const result = validateAccountForm(
      form({ currentPassword: "old-password", newPassword: "short", confirmPassword: "short", newUsername: "a b" }),
    );
    expect(result).toEqual({
      ok: false,
      errors: { newPassword: { key: "errors.passwordTooShort" }, newUsername: { key: "errors.usernameInvalid" } },
    });
  });

  test("the confirmation must match", () => {
    expect(
      validateAccountForm(
        form({ currentPassword: "old-password", newPassword: "new-password", confirmPassword: "new-passw0rd" }),
      ),
    ).toEqual({ ok: false, errors: { confirmPassword: { key: "account.passwordsDiffer" } } });
    expect(
      validateAccountForm(form({ currentPassword: "old-password", newUsername: "root", confirmPassword: "stray" })),
    ).toEqual({ ok: false, errors: { confirmPassword: { key: "account.passwordsDiffer" } } });
  });
});
