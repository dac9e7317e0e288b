import { describe, expect, test } from "bun:test";
import type { ApiKeyView } from "@shared/schemas/auth/api-keys";
import { expectAnswers } from "../../test/answers";
import {
  computeExpiresAt,
  emptyKeyForm,
  type KeyFormValues,
  keyFieldOf,
  keyFormFromView,
  MAX_CUSTOM_DAYS,
  maskKey,
  parseCustomDays,
  validateCreateKeyForm,
  validateEditKeyForm,
} from "./api-key-form";

const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;
const form = (values: Partial<KeyFormValues> = {}): KeyFormValues => ({ ...emptyKeyForm(), name: "Backup", ...values });

describe("expiry (docs/product.md §9: 1, 7, 30 days, never, custom days)", () => {
  test("fixed choices count whole days from now", () => {
    expect(computeExpiresAt("1d", "", NOW)).toEqual(new Date(NOW.getTime() + DAY));
    expect(computeExpiresAt("7d", "", NOW)).toEqual(new Date(NOW.getTime() + 7 * DAY));
    expect(computeExpiresAt("30d", "", NOW)).toEqual(new Date(NOW.getTime() + 30 * DAY));
  });

  test("never is null; keep (edit) is undefined", () => {
    expect(computeExpiresAt("never", "", NOW)).toBeNull();
    expect(computeExpiresAt("keep", "", NOW)).toBeUndefined();
  });

  test("custom takes the typed number of days", () => {
    expect(computeExpiresAt("custom", "90", NOW)).toEqual(new Date(NOW.getTime() + 90 * DAY));
    expect(computeExpiresAt("custom", " 3 ", NOW)).toEqual(new Date(NOW.getTime() + 3 * DAY));
    expect(() => computeExpiresAt("custom", "", NOW)).toThrow();
  });

  test("custom days must be a positive whole number", () => {
    expect(parseCustomDays("1")).toEqual({ days: 1 });
    expect(parseCustomDays(String(MAX_CUSTOM_DAYS))).toEqual({ days: MAX_CUSTOM_DAYS });
    expect(parseCustomDays("")).toEqual({ error: { key: "apiKeys.form.customDaysRequired" } });
    for (const bad of ["0", "-3", "1.5", "1e3", "abc", "7 days", String(MAX_CUSTOM_DAYS + 1), "99999999999999999999"]) {
      expect(parseCustomDays(bad)).toEqual({
        error: { key: "apiKeys.form.customDaysInvalid", values: { max: MAX_CUSTOM_DAYS } },
      });
    }
  });
});

describe("create form validation (shared schema + form rules)", () => {
  test("a valid form becomes the create payload", () => {
    const result = validateCreateKeyForm(
      form({ text: true, mount: true, mountReadOnly: true, basicPath: "docs//team/", expiry: "7d" }),
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      payload: {
        name: "Backup",
        expires_at: new Date(NOW.getTime() + 7 * DAY),
        text_permission: true,
        file_permission: false,
        mount_permission: true,
        mount_read_only: true,
        basic_path: "/docs/team",
      },
    });
  });

  test("the name is required", () => {
    const result = validateCreateKeyForm(form({ name: "   " }), NOW);
    expect(result).toEqual({ ok: false, errors: { name: { key: "errors.apiKeyNameRequired" } } });
  });

  test("a too long name gets a translated length message", () => {
    const result = validateCreateKeyForm(form({ name: "x".repeat(51) }), NOW);
    expect(result).toEqual({ ok: false, errors: { name: { key: "forms.tooLong", values: { max: 50 } } } });
  });

  test("read-only only goes with mount permission", () => {
    const result = validateCreateKeyForm(form({ mount: false, mountReadOnly: true }), NOW);
    expect(result.ok && result.payload.mount_read_only).toBe(false);
  });

  test("the base path defaults to / and refuses climbing above the root", () => {
    const blank = validateCreateKeyForm(form({ basicPath: "  " }), NOW);
    expect(blank.ok && blank.payload.basic_path).toBe("/");
    expect(validateCreateKeyForm(form({ basicPath: "/../etc" }), NOW)).toEqual({
      ok: false,
      errors: { basicPath: { key: "errors.invalidPath" } },
    });
  });

  test("never and custom expiry", () => {
    const never = validateCreateKeyForm(form({ expiry: "never" }), NOW);
    expect(never.ok && never.payload.expires_at).toBeNull();
    const custom = validateCreateKeyForm(form({ expiry: "custom", customDays: "45" }), NOW);
    expect(custom.ok && custom.payload.expires_at).toEqual(new Date(NOW.getTime() + 45 * DAY));
    expect(validateCreateKeyForm(form({ expiry: "custom", customDays: "" }), NOW)).toEqual({
      ok: false,
      errors: { customDays: { key: "apiKeys.form.customDaysRequired" } },
    });
    expect(validateCreateKeyForm(form({ expiry: "custom", customDays: "0" }), NOW).ok).toBe(false);
  });

  test("custom key: optional; letters, digits, _ and -; at least 16", () => {
    const none = validateCreateKeyForm(form({ customKey: "  " }), NOW);
    expect(none.ok && "custom_key" in none.payload).toBe(false);
    const good = validateCreateKeyForm(form({ customKey: "my_deploy_key-2024" }), NOW);
    expect(good.ok && good.payload.custom_key).toBe("my_deploy_key-2024");
    expect(validateCreateKeyForm(form({ customKey: "has space!" }), NOW)).toEqual({
      ok: false,
      errors: { customKey: { key: "errors.customKeyInvalid" } },
    });
    // 15 characters: an 8-character key used to be accepted, now a custom key needs 16.
    for (const short of ["short", "my_key-2024", "fifteen_chars_x"]) {
      expect(validateCreateKeyForm(form({ customKey: short }), NOW)).toEqual({
        ok: false,
        errors: { customKey: { key: "errors.customKeyTooShort" } },
      });
    }
  });

  test("several problems are reported together", () => {
    const result = validateCreateKeyForm(form({ name: "", expiry: "custom", customDays: "x", customKey: "a b" }), NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["customDays", "customKey", "name"]);
  });
});

describe("edit form", () => {
  const view: ApiKeyView = {
    id: "k1",
    name: "Docs",
    key_prefix: "pb_abcde",
    is_custom: false,
    text_permission: false,
    file_permission: true,
    mount_permission: true,
    mount_read_only: true,
    basic_path: "/docs",
    last_used: null,
    expires_at: new Date("2026-04-01T00:00:00Z"),
    is_expired: false,
    created_at: NOW,
    updated_at: NOW,
  };

  test("starts from the key and keeps its expiry unless another choice is made", () => {
    const values = keyFormFromView(view);
    expect(values).toMatchObject({
      name: "Docs",
      file: true,
      mount: true,
      mountReadOnly: true,
      basicPath: "/docs",
      expiry: "keep",
    });
    const result = validateEditKeyForm("k1", values, NOW);
    expect(result.ok && result.payload).toEqual({
      id: "k1",
      name: "Docs",
      text_permission: false,
      file_permission: true,
      mount_permission: true,
      mount_read_only: true,
      basic_path: "/docs",
    });
  });

  test("a new expiry choice is sent", () => {
    const result = validateEditKeyForm("k1", { ...keyFormFromView(view), expiry: "never" }, NOW);
    expect(result.ok && result.payload.expires_at).toBeNull();
  });

  test("the name stays required", () => {
    expect(validateEditKeyForm("k1", { ...keyFormFromView(view), name: "" }, NOW)).toEqual({
      ok: false,
      errors: { name: { key: "errors.apiKeyNameRequired" } },
    });
  });
});

describe("helpers", () => {
  test("server issue paths map to form fields", () => {
    expectAnswers(keyFieldOf, [
      ["custom_key", "customKey"],
      ["basic_path", "basicPath"],
      ["expires_at", "expiry"],
      ["nonsense", null],
    ]);
  });

  test("the masked key is the display prefix and dots", () => {
    expect(maskKey("pb_abcde")).toBe("pb_abcde••••");
  });
});
