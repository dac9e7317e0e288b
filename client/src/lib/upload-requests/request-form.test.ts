import { describe, expect, test } from "bun:test";
import { emptyRequestForm, validateRequestForm, validateWebhookForm } from "./request-form";

const MB = 1024 * 1024;

describe("the new upload request form", () => {
  test("a folder, counts and megabytes become the body the server takes", () => {
    const result = validateRequestForm({
      ...emptyRequestForm("storage-1"),
      folder: " /inbox/scans ",
      maxFiles: "3",
      maxFileSizeMb: "1,5",
      maxTotalSizeMb: "4",
      allowedTypes: "image/*, .PDF  text/plain",
      expiresIn: "1d",
      note: "  the scans  ",
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        path: "/inbox/scans",
        max_files: 3,
        max_file_size: 1.5 * MB,
        max_total_size: 4 * MB,
        allowed_types: ["image/*", ".pdf", "text/plain"],
        expires_in: 24,
        note: "the scans",
      },
    });
  });

  test("without a folder the files go to the chosen storage; never is no expiry", () => {
    const result = validateRequestForm({ ...emptyRequestForm("storage-1"), expiresIn: "never", password: "pw" });
    expect(result.ok && result.payload).toMatchObject({
      storage_config_id: "storage-1",
      expires_in: null,
      password: "pw",
    });
    expect(result.ok && "path" in result.payload).toBe(false);
  });

  test("what the server would refuse is named at its field", () => {
    const result = validateRequestForm({
      ...emptyRequestForm(""),
      maxFiles: "1001",
      maxFileSizeMb: "5",
      maxTotalSizeMb: "2",
    });
    expect(result.ok ? {} : result.errors).toEqual({
      folder: { key: "uploadRequests.form.targetNeeded" },
      maxFiles: { key: "uploadRequests.form.maxFilesInvalid", values: { max: 1000 } },
      maxTotalSizeMb: { key: "uploadRequests.form.totalTooSmall" },
    });
    const wrong = validateRequestForm({
      ...emptyRequestForm("s"),
      folder: "inbox",
      maxFiles: "2.5",
      maxFileSizeMb: "0",
    });
    expect(wrong.ok ? [] : Object.keys(wrong.errors).sort()).toEqual(["folder", "maxFileSizeMb", "maxFiles"]);
  });

  test("a webhook goes with its secret; a URL that is not http(s) or a short secret is named at its field", () => {
    const result = validateRequestForm({
      ...emptyRequestForm("s"),
      webhookUrl: " https://hooks.example.com/in ",
      webhookSecret: "long enough secret",
    });
    expect(result.ok && result.payload).toMatchObject({
      webhook_url: "https://hooks.example.com/in",
      webhook_secret: "long enough secret",
    });
    const without = validateRequestForm({ ...emptyRequestForm("s"), webhookSecret: "ignored without a URL" });
    expect(without.ok && "webhook_url" in without.payload).toBe(false);
    expect(without.ok && "webhook_secret" in without.payload).toBe(false);
    const wrong = validateRequestForm({
      ...emptyRequestForm("s"),
      webhookUrl: "ftp://example.com",
      webhookSecret: "short",
    });
    expect(wrong.ok ? {} : wrong.errors).toEqual({
      webhookUrl: { key: "uploadRequests.form.webhookUrlInvalid" },
      webhookSecret: { key: "uploadRequests.form.webhookSecretNeeded", values: { min: 8 } },
    });
  });
});

describe("changing a request's webhook", () => {
  test("an empty URL removes the webhook; an empty secret keeps the request's own", () => {
    expect(validateWebhookForm({ webhookUrl: "  ", webhookSecret: "" }, true)).toEqual({
      ok: true,
      payload: { webhook_url: null },
    });
    expect(validateWebhookForm({ webhookUrl: " https://hooks.example/new ", webhookSecret: "" }, true)).toEqual({
      ok: true,
      payload: { webhook_url: "https://hooks.example/new" },
    });
    expect(
      validateWebhookForm({ webhookUrl: "https://hooks.example/new", webhookSecret: "a new secret" }, true),
    ).toEqual({ ok: true, payload: { webhook_url: "https://hooks.example/new", webhook_secret: "a new secret" } });
  });

  test("a request without a secret needs one with its new URL; a bad URL or a short secret is named", () => {
    expect(validateWebhookForm({ webhookUrl: "https://hooks.example/new", webhookSecret: "" }, false)).toEqual({
      ok: false,
      errors: { webhookSecret: { key: "uploadRequests.form.webhookSecretNeeded", values: { min: 8 } } },
    });
    expect(validateWebhookForm({ webhookUrl: "ftp://hooks.example", webhookSecret: "short" }, true)).toEqual({
      ok: false,
      errors: {
        webhookUrl: { key: "uploadRequests.form.webhookUrlInvalid" },
        webhookSecret: { key: "uploadRequests.form.webhookSecretNeeded", values: { min: 8 } },
      },
    });
  });
});
