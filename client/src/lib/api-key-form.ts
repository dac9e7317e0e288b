// The create/edit API key form as plain data and rules (docs/product.md §5, §9): validated with the same
// zod schemas the server uses, plus the form-only rules (custom expiry needs a whole number of days).
import {
  API_KEY_EXPIRY_CHOICES,
  type ApiKeyView,
  createApiKeyInput,
  updateApiKeyInput,
} from "@shared/schemas/auth/api-keys";
import type { z } from "zod";
import { type FieldErrors, type FieldMessage, fieldErrorsFromIssues } from "./form-messages";

export type ExpiryChoice = (typeof API_KEY_EXPIRY_CHOICES)[number];
/** The edit form may leave the expiry as it is. */
export type EditExpiryChoice = ExpiryChoice | "keep";

export const CREATE_EXPIRY_CHOICES: readonly ExpiryChoice[] = API_KEY_EXPIRY_CHOICES;
export const EDIT_EXPIRY_CHOICES: readonly EditExpiryChoice[] = ["keep", ...API_KEY_EXPIRY_CHOICES];
export const DEFAULT_EXPIRY: ExpiryChoice = "30d";

const DAY_MS = 24 * 60 * 60 * 1000;
const FIXED_EXPIRY_DAYS: Partial<Record<ExpiryChoice, number>> = { "1d": 1, "7d": 7, "30d": 30 };
/** A hundred years: beyond that a "custom" expiry is a typo, and Date arithmetic stays exact. */
export const MAX_CUSTOM_DAYS = 36_500;

export type KeyFormValues = {
  name: string;
  text: boolean;
  file: boolean;
  mount: boolean;
  mountReadOnly: boolean;
  basicPath: string;
  expiry: EditExpiryChoice;
  customDays: string;
  customKey: string;
};

export type KeyFormField = keyof KeyFormValues;

export type CreateKeyPayload = z.input<typeof createApiKeyInput>;
export type UpdateKeyPayload = z.input<typeof updateApiKeyInput>;

export function emptyKeyForm(): KeyFormValues {
  return {
    name: "",
    text: false,
    file: false,
    mount: false,
    mountReadOnly: false,
    basicPath: "/",
    expiry: DEFAULT_EXPIRY,
    customDays: "",
    customKey: "",
  };
}

export function keyFormFromView(key: ApiKeyView): KeyFormValues {
  return {
    name: key.name,
    text: key.text_permission,
    file: key.file_permission,
    mount: key.mount_permission,
    mountReadOnly: key.mount_read_only,
    basicPath: key.basic_path,
    expiry: "keep",
    customDays: "",
    customKey: "",
  };
}

/** "custom" days: a whole number from 1 to MAX_CUSTOM_DAYS, digits only (no "1e3", "7.5", "-2"). */
export function parseCustomDays(text: string): { days: number } | { error: FieldMessage } {
  const trimmed = text.trim();
  if (trimmed === "") return { error: { key: "apiKeys.form.customDaysRequired" } };
  const days = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(days) || days < 1 || days > MAX_CUSTOM_DAYS) {
    return { error: { key: "apiKeys.form.customDaysInvalid", values: { max: MAX_CUSTOM_DAYS } } };
  }
  return { days };
}

/**
 * The expiry instant for a choice, counted from `now`: null for never, undefined to keep the
 * current one (edit only). Throws on "custom" without valid days; validate first.
 */
export function computeExpiresAt(choice: EditExpiryChoice, customDays: string, now: Date): Date | null | undefined {
  if (choice === "keep") return undefined;
  if (choice === "never") return null;
  const fixed = FIXED_EXPIRY_DAYS[choice];
  if (fixed !== undefined) return new Date(now.getTime() + fixed * DAY_MS);
  const parsed = parseCustomDays(customDays);
  if ("error" in parsed) throw new Error("custom expiry without a valid number of days");
  return new Date(now.getTime() + parsed.days * DAY_MS);
}

const WIRE_TO_FIELD: Record<string, KeyFormField> = {
  name: "name",
  text_permission: "text",
  file_permission: "file",
  mount_permission: "mount",
  mount_read_only: "mountReadOnly",
  basic_path: "basicPath",
  expires_at: "expiry",
  custom_key: "customKey",
};

/** The form field a wire name (or a server issue path) belongs to. */
export function keyFieldOf(path: string): KeyFormField | null {
  return WIRE_TO_FIELD[path] ?? null;
}

export type KeyFormResult<Payload> = { ok: true; payload: Payload } | { ok: false; errors: FieldErrors<KeyFormField> };

function expiryErrors(values: KeyFormValues): FieldErrors<KeyFormField> {
  if (values.expiry !== "custom") return {};
  const parsed = parseCustomDays(values.customDays);
  return "error" in parsed ? { customDays: parsed.error } : {};
}

function permissionFields(values: KeyFormValues) {
  return {
    text_permission: values.text,
    file_permission: values.file,
    mount_permission: values.mount,
    // Read-only only means something with mount permission; without it the flag is cleared.
    mount_read_only: values.mount && values.mountReadOnly,
  };
}

export function validateCreateKeyForm(values: KeyFormValues, now: Date): KeyFormResult<CreateKeyPayload> {
  const errors = expiryErrors(values);
  const customKey = values.customKey.trim();
  const candidate = {
    name: values.name,
    expires_at: "customDays" in errors ? null : (computeExpiresAt(values.expiry, values.customDays, now) ?? null),
    ...permissionFields(values),
    ...(customKey ? { custom_key: customKey } : {}),
    basic_path: values.basicPath.trim() || "/",
  };
  const parsed = createApiKeyInput.safeParse(candidate);
  const allErrors = { ...(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, keyFieldOf)), ...errors };
  if (!parsed.success || Object.keys(allErrors).length > 0) return { ok: false, errors: allErrors };
  return { ok: true, payload: parsed.data };
}

export function validateEditKeyForm(id: string, values: KeyFormValues, now: Date): KeyFormResult<UpdateKeyPayload> {
  const errors = expiryErrors(values);
  const expiresAt = "customDays" in errors ? undefined : computeExpiresAt(values.expiry, values.customDays, now);
  const candidate = {
    id,
    name: values.name,
    ...permissionFields(values),
    basic_path: values.basicPath.trim() || "/",
    ...(expiresAt === undefined ? {} : { expires_at: expiresAt }),
  };
  const parsed = updateApiKeyInput.safeParse(candidate);
  const allErrors = { ...(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, keyFieldOf)), ...errors };
  if (!parsed.success || Object.keys(allErrors).length > 0) return { ok: false, errors: allErrors };
  return { ok: true, payload: parsed.data };
}

/** What the base path will be saved as ("docs//2024/" -> "/docs/2024"), or null if it is refused. */
export { normalizePath as normalizeBasePath } from "@shared/paths";

/** The masked form of a key for lists: its display prefix, then dots for the hidden rest. */
export function maskKey(prefix: string): string {
  return `${prefix}••••`;
}
