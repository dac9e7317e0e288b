// File share schemas (docs/product.md §3 File share, File record, Presign response, URL upload; §7 Files),
// wire names as the original's scripts expect.
import { z } from "zod";
import { MULTIPART_PART_SIZE } from "../../constants";
import { flexibleBoolean, listCursor, listFilterText, mediaType, paginationOutput } from "../common";
import { customSlug, shareSubfolder } from "./paste-fields";
import { createShareFields, expiresInHours, shareFieldsOutput, updateShareFields } from "./share-fields";

export const FILENAME_MAX_LENGTH = 255;

const optionalSlug = z
  .union([customSlug, z.literal(""), z.null()])
  .optional()
  .transform((value) => value || undefined);

export const filename = z
  .string()
  .trim()
  .min(1, "errors.filenameRequired")
  .max(FILENAME_MAX_LENGTH, "errors.filenameTooLong");

/** The share options every upload flow takes. */
export const shareOptions = {
  slug: optionalSlug,
  ...createShareFields,
  /** Hours from now, instead of `expires_at`. */
  expires_in: expiresInHours,
};

const target = {
  s3_config_id: z.string().max(100).optional().nullable(),
  /** Folder inside the storage's share folder. */
  path: z.optional(shareSubfolder).default("/"),
};

const mimetype = mediaType;

export const presignInput = z.object({
  ...target,
  ...shareOptions,
  /** Required, here or in metadata; a URL upload falls back on the URL's last segment. */
  filename: filename.optional(),
  mimetype,
  /** The CloudPaste document's URL uploads name the file here; the top-level fields win. */
  metadata: z.object({ filename: filename.optional(), contentType: mimetype }).optional(),
  /** Bytes, when known: the limits are checked now, and always again on the stored object at commit. */
  size: z.coerce.number().int().min(0).optional(),
  /** Where the bytes come from, for URL uploads (kept in the record's remark if none is given). */
  source_url: z.string().max(4000).optional(),
  /**
   * Encrypted in the browser (docs/encrypted-shares.md): the bytes are ciphertext holding the name and
   * type, which the server replaces by neutral ones; its password never comes here.
   */
  encrypted: flexibleBoolean.optional().default(false),
});

export const presignOutput = z.object({
  upload_url: z.string(),
  file_id: z.string(),
  storage_path: z.string(),
  s3_url: z.string().nullable(),
  slug: z.string(),
  provider_type: z.string(),
  contentType: z.string(),
  /** Headers the PUT must carry. */
  headers: z.record(z.string(), z.string()),
  expires_in: z.number(),
});

/** The slug was decided at presign; clients written for the original send it again, and it is ignored. */
const ignoredSlug = z.string().max(200).nullable().optional();

export const commitInput = z.object({
  file_id: z.string().min(1).max(100),
  etag: z.string().max(200).optional().nullable(),
  size: z.coerce.number().int().min(0).optional(),
  ...shareOptions,
  slug: ignoredSlug,
});

export const multipartInitInput = presignInput.extend({
  part_size: z.coerce
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .max(512 * 1024 * 1024)
    .default(MULTIPART_PART_SIZE),
  /** Follows from size and part_size; accepted from the document's scripts and not used. */
  part_count: z.coerce.number().int().min(0).optional(),
});

export const multipartInitOutput = z.object({
  file_id: z.string(),
  upload_id: z.string(),
  storage_path: z.string(),
  slug: z.string(),
  provider_type: z.string(),
  contentType: z.string(),
  part_size: z.number(),
  part_count: z.number(),
  /** Every part's upload URL when the size is known and the parts are at most 100; else empty (part-urls). */
  presigned_urls: z.array(z.object({ part_number: z.number(), url: z.string() })),
  expires_in: z.number(),
});

export const partUrlsInput = z.object({
  file_id: z.string().min(1).max(100),
  part_numbers: z.array(z.number().int().min(1).max(10_000)).min(1).max(1000),
});

export const partUrlsOutput = z.object({
  urls: z.array(z.object({ part_number: z.number(), url: z.string() })),
  expires_in: z.number(),
});

export const uploadedPartsOutput = z.object({
  upload_id: z.string(),
  parts: z.array(z.object({ part_number: z.number(), etag: z.string(), size: z.number() })),
});

export const multipartCompleteInput = z.object({
  file_id: z.string().min(1).max(100),
  /** The init's upload_id, as CloudPaste's document sends it; the file's own upload decides. */
  upload_id: z.string().min(1).max(500).optional(),
  parts: z
    .array(z.object({ part_number: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
    .min(1),
  ...shareOptions,
  slug: ignoredSlug,
});

export const fileIdInput = z.object({ file_id: z.string().min(1).max(100) });

/** Cancel and abort answer success false with a message when there is nothing to cancel (docs/product.md §7). */
export const cancelOutput = z.object({ cancelled: z.boolean() });

export const fileOutput = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  filename: z.string(),
  storage_path: z.string(),
  s3_url: z.string().nullable(),
  mimetype: z.string(),
  size: z.number(),
  s3_config_id: z.string(),
  storage_config_name: z.string(),
  provider_type: z.string(),
  ...shareFieldsOutput,
  use_proxy: z.boolean(),
  etag: z.string().nullable(),
  status: z.string(),
  /** The object is ciphertext (docs/encrypted-shares.md): filename and mimetype are neutral. */
  encrypted: z.boolean(),
  is_expired: z.boolean(),
  created_by: z.string(),
  created_at: z.date(),
  updated_at: z.date(),
});

export const listFilesInput = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  search: listFilterText,
  /** Only files of this creator: a created_by value, or the bare id of a key or the admin. */
  created_by: listFilterText,
  /** Only files on this storage configuration. */
  s3_config_id: z.string().trim().max(100).optional(),
  cursor: listCursor,
});

export const listFilesOutput = z.object({
  files: z.array(fileOutput),
  pagination: paginationOutput,
});

export const updateFileInput = z.object({
  id: z.string().min(1).max(100),
  slug: z.optional(customSlug),
  ...updateShareFields,
  /** Hours from now, instead of `expires_at`; 0 or null is never; absent keeps. */
  expires_in: expiresInHours,
});

/** What anyone with the link sees; links are null while a password is needed. Never the remark: it is the owner's note. */
export const publicFileOutput = z.object({
  slug: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number(),
  has_password: z.boolean(),
  requires_password: z.boolean(),
  /** The object is ciphertext: the page decrypts it with the key in its fragment. */
  encrypted: z.boolean(),
  expires_at: z.date().nullable(),
  max_views: z.number(),
  views: z.number(),
  created_at: z.date(),
  /** Short-lived signed links (docs/rules.md): inline preview and download. */
  preview_url: z.string().nullable(),
  download_url: z.string().nullable(),
  links_expire_at: z.date().nullable(),
});

export const verifyFileInput = z.object({
  slug: z.string().min(1).max(100),
  password: z.string().min(1, "errors.passwordRequired").max(1024),
});

export type FileView = z.infer<typeof fileOutput>;
export type PublicFileView = z.infer<typeof publicFileOutput>;

/** The query of PUT /upload-direct/{filename} (the original's raw upload: the body is the file). */
export const rawUploadQuery = z.object({
  ...target,
  ...shareOptions,
  /** "1" (default): the answer's main links go through the app; "0": straight to the storage. */
  use_proxy: flexibleBoolean.optional().default(true),
  /** Replace the caller's own share that has this slug (another's answers 409). */
  override: flexibleBoolean.optional().default(false),
  /** Store the object under the file's own name, without the slug suffix, when that key is free. */
  original_filename: flexibleBoolean.optional().default(false),
  /** The body is the ciphertext of docs/encrypted-shares.md (the server records a neutral name and type). */
  encrypted: presignInput.shape.encrypted,
});

export const rawUploadOutput = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number(),
  remark: z.string().nullable(),
  created_at: z.date(),
  requires_password: z.boolean(),
  views: z.number(),
  max_views: z.number().nullable(),
  expires_at: z.date().nullable(),
  previewUrl: z.string(),
  downloadUrl: z.string(),
  s3_direct_preview_url: z.string(),
  s3_direct_download_url: z.string(),
  proxy_preview_url: z.string(),
  proxy_download_url: z.string(),
  use_proxy: z.number(),
  created_by: z.string(),
  used_original_filename: z.boolean(),
});
