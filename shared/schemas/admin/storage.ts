// Storage config schemas (docs/product.md §3 Storage config, docs/api.md Storage), wire names as the
// original's scripts expect. Secrets are input only; answers carry `has_secret` and a mask.
import { z } from "zod";
import { LOCAL_PROVIDER } from "../../constants";
import { normalizePath } from "../../paths";

export const S3_PROVIDERS = ["AWS S3", "Cloudflare R2", "Backblaze B2", "Other S3 Compatible"] as const;
export const PROVIDER_TYPES = [...S3_PROVIDERS, LOCAL_PROVIDER] as const;
export const SECRET_MASK = "••••••••";

const url = z.url({ protocol: /^https?$/, error: "errors.urlInvalid" });
const optionalUrl = z
  .union([url, z.literal(""), z.null()])
  .optional()
  .transform((value) => value || null);

/** On update an absent URL keeps the stored one; "" or null clears it. */
const urlUpdate = z
  .union([url, z.literal(""), z.null()])
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** "a/b" form: no leading or trailing slash, no "." or ".." segments. */
export const storageFolder = z
  .string()
  .max(500)
  .transform((value) => value.replaceAll("\\", "/").split("/").filter(Boolean).join("/"))
  .refine(
    (value) =>
      normalizePath(`/${value}`) !== null && !value.split("/").some((segment) => segment === "." || segment === ".."),
    "errors.invalidPath",
  );

/** Where a storage keeps file shares when none is chosen (docs/decisions/0007). */
export const DEFAULT_SHARE_FOLDER = "shares";

/** The share folder: a storage folder that is never the storage root. */
export const shareFolder = storageFolder.refine((value) => value !== "", "errors.shareFolderRequired");

const baseFields = {
  name: z.string().trim().min(1, "errors.storageNameRequired").max(100),
  endpoint_url: optionalUrl,
  bucket_name: z.string().trim().max(255).optional().nullable(),
  region: z.string().trim().max(100).optional().nullable(),
  access_key_id: z.string().trim().max(500).optional().nullable(),
  secret_access_key: z.string().max(2000).optional().nullable(),
  path_style: z.boolean().default(false),
  default_folder: storageFolder.default(""),
  share_folder: shareFolder.default(DEFAULT_SHARE_FOLDER),
  root_path: z.string().trim().max(1000).optional().nullable(),
  is_public: z.boolean().default(false),
  total_storage_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  custom_host: optionalUrl,
  signature_expires_in: z.number().int().min(60).max(604_800).default(3600),
};

function requireProviderFields(
  value: {
    provider_type: string;
    bucket_name?: string | null;
    access_key_id?: string | null;
    root_path?: string | null;
  },
  context: z.RefinementCtx,
  requireSecret: boolean,
  secret: string | null | undefined,
) {
  if (value.provider_type === LOCAL_PROVIDER) {
    if (!value.root_path?.startsWith("/")) {
      context.addIssue({ code: "custom", path: ["root_path"], message: "errors.rootPathRequired" });
    }
    return;
  }
  if (!value.bucket_name) context.addIssue({ code: "custom", path: ["bucket_name"], message: "errors.bucketRequired" });
  if (!value.access_key_id)
    context.addIssue({ code: "custom", path: ["access_key_id"], message: "errors.accessKeyRequired" });
  if (requireSecret && !secret)
    context.addIssue({ code: "custom", path: ["secret_access_key"], message: "errors.secretRequired" });
}

export const createStorageConfigInput = z
  .object({ ...baseFields, provider_type: z.enum(PROVIDER_TYPES) })
  .superRefine((value, context) => requireProviderFields(value, context, true, value.secret_access_key));

/** Absent fields keep their value; an absent, empty or masked secret keeps the stored one. */
export const updateStorageConfigInput = z.object({
  id: z.string().min(1).max(100),
  provider_type: z.enum(PROVIDER_TYPES).optional(),
  name: baseFields.name.optional(),
  endpoint_url: urlUpdate,
  bucket_name: baseFields.bucket_name,
  region: baseFields.region,
  access_key_id: baseFields.access_key_id,
  secret_access_key: baseFields.secret_access_key,
  path_style: z.boolean().optional(),
  default_folder: storageFolder.optional(),
  share_folder: shareFolder.optional(),
  root_path: baseFields.root_path,
  is_public: z.boolean().optional(),
  total_storage_bytes: baseFields.total_storage_bytes,
  custom_host: urlUpdate,
  signature_expires_in: z.number().int().min(60).max(604_800).optional(),
});

/** What a storage holds as its usage record knows it, and the recount that walks the storage. */
export const storageUsageOutput = z.object({
  /** When a recount last counted the storage itself; null: only writes through the app are known. */
  counted_at: z.date().nullable(),
  /** Objects the last recount found. */
  counted_objects: z.number(),
  recount: z.object({
    status: z.enum(["idle", "running", "failed"]),
    /** Progress of the running recount (or where the failed one stopped). */
    objects: z.number(),
    bytes: z.number(),
    started_at: z.date().nullable(),
    /** An i18n key (errors.*): why the last recount failed. */
    error: z.string().nullable(),
  }),
});

export const storageConfigOutput = z.object({
  id: z.string(),
  name: z.string(),
  provider_type: z.string(),
  endpoint_url: z.string().nullable(),
  bucket_name: z.string().nullable(),
  region: z.string().nullable(),
  access_key_id: z.string().nullable(),
  /** Never the secret: the mask when one is stored, else null. */
  secret_access_key: z.string().nullable(),
  has_secret: z.boolean(),
  path_style: z.boolean(),
  default_folder: z.string(),
  share_folder: z.string(),
  root_path: z.string().nullable(),
  is_public: z.boolean(),
  is_default: z.boolean(),
  total_storage_bytes: z.number().nullable(),
  /** What the storage holds (its usage record), plus share uploads in flight: what capacity counts. */
  used_storage_bytes: z.number(),
  usage: storageUsageOutput,
  custom_host: z.string().nullable(),
  signature_expires_in: z.number(),
  created_at: z.date(),
  updated_at: z.date(),
  last_used: z.date().nullable(),
  /** The last credentials check (a CloudPaste import, the storage test) failed with this; null once one passes. Admin only. */
  credentials_error: z.string().nullable(),
  credentials_checked_at: z.date().nullable(),
});

export const storageTestStep = z.object({
  step: z.enum(["write", "read", "list", "delete"]),
  ok: z.boolean(),
  ms: z.number(),
  error: z.string().nullable(),
});

/** `success` and `result` as the CloudPaste document names them; the steps and CORS verdict inside. */
export const storageTestOutput = z.object({
  success: z.boolean(),
  result: z.object({
    steps: z.array(storageTestStep),
    cors: z.object({
      /** false when the backend has no CORS (local storage is served by the app itself). */
      applicable: z.boolean(),
      allows_browser_upload: z.boolean().nullable(),
      origin: z.string(),
      /** The rule to add to the bucket when browser uploads are not allowed. */
      suggested_rule: z.string().nullable(),
      error: z.string().nullable(),
    }),
  }),
});

export type StorageConfigView = z.infer<typeof storageConfigOutput>;
export type StorageTestResult = z.infer<typeof storageTestOutput>;
