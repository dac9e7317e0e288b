// API key schemas (docs/product.md §3 API key, §5, §7), wire names as the original's scripts expect.
import { z } from "zod";
import { dateInput, virtualPath } from "../common";

export const CUSTOM_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;
export const CUSTOM_KEY_MIN_LENGTH = 16;
export const API_KEY_NAME_MAX = 50;
/** The expiry choices of the key form (docs/product.md §9); "custom" takes a number of days. */
export const API_KEY_EXPIRY_CHOICES = ["1d", "7d", "30d", "never", "custom"] as const;

/** null or "never" means the key never expires. */
const expiresAt = z.union([dateInput, z.null(), z.literal("never").transform(() => null)], {
  error: "errors.dateInvalid",
});

const permissionFields = {
  text_permission: z.boolean(),
  file_permission: z.boolean(),
  mount_permission: z.boolean(),
  /** Mount permission limited to reading. */
  mount_read_only: z.boolean(),
};

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, "errors.apiKeyNameRequired").max(API_KEY_NAME_MAX),
  expires_at: expiresAt.default(null),
  text_permission: permissionFields.text_permission.default(false),
  file_permission: permissionFields.file_permission.default(false),
  mount_permission: permissionFields.mount_permission.default(false),
  mount_read_only: permissionFields.mount_read_only.default(false),
  custom_key: z
    .string()
    .regex(CUSTOM_KEY_PATTERN, "errors.customKeyInvalid")
    .min(CUSTOM_KEY_MIN_LENGTH, "errors.customKeyTooShort")
    .max(128)
    .optional(),
  basic_path: virtualPath.default("/"),
});

export const updateApiKeyInput = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1, "errors.apiKeyNameRequired").max(API_KEY_NAME_MAX).optional(),
  expires_at: expiresAt.optional(),
  text_permission: permissionFields.text_permission.optional(),
  file_permission: permissionFields.file_permission.optional(),
  mount_permission: permissionFields.mount_permission.optional(),
  mount_read_only: permissionFields.mount_read_only.optional(),
  basic_path: virtualPath.optional(),
});

export const apiKeyOutput = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart; the whole key is shown only at creation. */
  key_prefix: z.string(),
  is_custom: z.boolean(),
  text_permission: z.boolean(),
  file_permission: z.boolean(),
  mount_permission: z.boolean(),
  mount_read_only: z.boolean(),
  basic_path: z.string(),
  last_used: z.date().nullable(),
  expires_at: z.date().nullable(),
  is_expired: z.boolean(),
  created_at: z.date(),
  updated_at: z.date(),
});

export const createdApiKeyOutput = apiKeyOutput.extend({ key: z.string() });

export const apiKeyTestOutput = z.object({
  name: z.string(),
  basic_path: z.string(),
  permissions: z.object({ text: z.boolean(), file: z.boolean(), mount: z.boolean() }),
  mount_read_only: z.boolean(),
  key_info: z.object({ id: z.string(), name: z.string(), basic_path: z.string() }),
});

export type ApiKeyView = z.infer<typeof apiKeyOutput>;
