// Mount point schemas (docs/product.md §3 Mount point, §5 validation), wire names as the original's scripts
// expect (docs/rules.md): id, name, storage_type, storage_config_id, mount_path, remark, is_active,
// created_by, sort_order, cache_ttl, created_at, updated_at, last_used.
import { z } from "zod";
import { LOCAL_PROVIDER, REMARK_MAX_LENGTH } from "../../constants";
import { normalizePath } from "../../paths";
import { storageFolder } from "../admin/storage";

export const MOUNT_NAME_MAX_LENGTH = 50;
export const MOUNT_PATH_MAX_LENGTH = 255;
/** docs/product.md §9: cache TTL default 300 s, at most a day. */
export const DEFAULT_CACHE_TTL = 300;
export const MAX_CACHE_TTL = 86_400;
/** "S3" for every S3-compatible provider; our local-disk type keeps its provider name. */
export const MOUNT_STORAGE_TYPES = ["S3", LOCAL_PROVIDER] as const;
export type MountStorageType = (typeof MOUNT_STORAGE_TYPES)[number];

/**
 * First segments a mount path may not take (docs/product.md §5 "system reserved paths"): the server's own
 * prefixes and the client's, so that /dav/<mount> and the explorer's URLs stay unambiguous.
 */
export const RESERVED_MOUNT_SEGMENTS = ["api", "dav", "webdav", "admin", "assets", "trpc", "static", "public"] as const;

/** Letters, digits, underscore, hyphen, Chinese characters and slashes (docs/product.md §5). */
const MOUNT_PATH_CHARACTERS = /^[A-Za-z0-9_\-\p{Script=Han}/]+$/u;

export function storageTypeOf(providerType: string): MountStorageType {
  return providerType === LOCAL_PROVIDER ? LOCAL_PROVIDER : "S3";
}

export const mountName = z
  .string({ error: "errors.mountNameRequired" })
  .trim()
  .min(1, "errors.mountNameRequired")
  .max(MOUNT_NAME_MAX_LENGTH, "errors.mountNameTooLong");

/** A mount path, normalised to "/a/b" (repeated and trailing slashes dropped). */
export const mountPath = z
  .string({ error: "errors.mountPathRequired" })
  .trim()
  .min(1, "errors.mountPathRequired")
  .max(MOUNT_PATH_MAX_LENGTH, "errors.mountPathTooLong")
  .transform((value, context) => {
    if (!value.startsWith("/")) {
      context.addIssue({ code: "custom", message: "errors.mountPathStartSlash" });
      return z.NEVER;
    }
    const normalised = MOUNT_PATH_CHARACTERS.test(value) ? normalizePath(value) : null;
    if (normalised === null) {
      context.addIssue({ code: "custom", message: "errors.mountPathInvalid" });
      return z.NEVER;
    }
    if (normalised === "/") {
      context.addIssue({ code: "custom", message: "errors.mountPathRoot" });
      return z.NEVER;
    }
    const first = normalised.split("/")[1]?.toLowerCase() ?? "";
    if ((RESERVED_MOUNT_SEGMENTS as readonly string[]).includes(first)) {
      context.addIssue({ code: "custom", message: "errors.mountPathReserved" });
      return z.NEVER;
    }
    return normalised;
  });

export const cacheTtl = z.coerce
  .number({ error: "errors.cacheTtlInvalid" })
  .int("errors.cacheTtlInvalid")
  .min(0, "errors.cacheTtlInvalid")
  .max(MAX_CACHE_TTL, "errors.cacheTtlInvalid");

export const sortOrder = z.coerce
  .number({ error: "errors.sortOrderInvalid" })
  .int("errors.sortOrderInvalid")
  .min(-1_000_000, "errors.sortOrderInvalid")
  .max(1_000_000, "errors.sortOrderInvalid");

const storageConfigId = z
  .string({ error: "errors.mountStorageConfigRequired" })
  .trim()
  .min(1, "errors.mountStorageConfigRequired")
  .max(100);

const remark = z
  .string()
  .max(REMARK_MAX_LENGTH)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value?.trim() || null));

/** Any case: CloudPaste's document writes "s3", its panel "S3". */
const storageType = z.preprocess(
  (value) =>
    typeof value === "string"
      ? (MOUNT_STORAGE_TYPES.find((type) => type.toLowerCase() === value.toLowerCase()) ?? value)
      : value,
  z.enum(MOUNT_STORAGE_TYPES, { error: "errors.mountStorageTypeInvalid" }),
);

/** The storage folder a mount shows, "a/b" from the storage root; "" is the root itself. */
const mountFolder = storageFolder;

/**
 * Where a mount points, as the admin knows the storage: "s3://bucket/photos/" or the local folder
 * "/srv/files/photos/". Shown in the mount form before saving and on the mount's card.
 */
export function describeMountLocation(
  storage: { provider_type: string; bucket_name: string | null; root_path: string | null },
  folder: string,
): string {
  const inside = folder ? `${folder}/` : "";
  if (storage.provider_type === LOCAL_PROVIDER) return `${(storage.root_path ?? "").replace(/\/+$/, "")}/${inside}`;
  return `s3://${storage.bucket_name ?? ""}/${inside}`;
}

/**
 * CloudPaste's document nests the mount's path in `config: { path, read_only }`; `mount_path` wins
 * when both are given. Read-only is ours per API key (mount_read_only), not per mount: asking a mount
 * to be read-only is refused rather than silently ignored.
 */
const documentMountConfig = z
  .object({
    path: mountPath.optional(),
    read_only: z.literal(false, { error: "errors.mountReadOnlyPerKey" }).optional(),
  })
  .strict();

export const createMountInput = z
  .object({
    name: mountName,
    /** Required unless the document's `config.path` gives it. */
    mount_path: mountPath.optional(),
    config: documentMountConfig.optional(),
    /** Absent: the storage config's default folder. */
    folder: mountFolder.optional(),
    /** Optional: derived from the storage config; when given it must match it. */
    storage_type: storageType.optional(),
    storage_config_id: storageConfigId,
    remark,
    is_active: z.boolean().default(true),
    sort_order: sortOrder.default(0),
    cache_ttl: cacheTtl.default(DEFAULT_CACHE_TTL),
  })
  .superRefine((input, context) => {
    if (input.mount_path === undefined && input.config?.path === undefined) {
      context.addIssue({ code: "custom", path: ["mount_path"], message: "errors.mountPathRequired" });
    }
  });

/** Absent fields keep their value. */
export const updateMountInput = z.object({
  id: z.string().min(1).max(100),
  name: mountName.optional(),
  mount_path: mountPath.optional(),
  config: documentMountConfig.optional(),
  folder: mountFolder.optional(),
  storage_type: storageType.optional(),
  storage_config_id: storageConfigId.optional(),
  remark,
  is_active: z.boolean().optional(),
  sort_order: sortOrder.optional(),
  cache_ttl: cacheTtl.optional(),
});

export const mountOutput = z.object({
  id: z.string(),
  name: z.string(),
  storage_type: z.string(),
  storage_config_id: z.string(),
  storage_config_name: z.string(),
  mount_path: z.string(),
  /** The storage folder the mount shows ("" for the storage root). */
  folder: z.string(),
  remark: z.string().nullable(),
  is_active: z.boolean(),
  created_by: z.string(),
  sort_order: z.number(),
  cache_ttl: z.number(),
  created_at: z.date(),
  updated_at: z.date(),
  last_used: z.date().nullable(),
  /** When the mount's listing cache was last cleared. */
  last_refresh: z.date().nullable(),
});

export type MountView = z.infer<typeof mountOutput>;
