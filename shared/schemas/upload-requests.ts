// Schemas of upload requests (docs/upload-requests.md): the owner's link with its rules, and what a
// visitor without an account calls under /api/public/upload-requests/{slug}.
import { z } from "zod";
import { MULTIPART_PART_SIZE, UPLOAD_REQUEST_MAX_FILES } from "../constants";
import { mediaType, virtualPath } from "./common";
import { expiresInHours } from "./shares/share-fields";
import { filename } from "./shares/shares";

/** Longest note shown to the sender. */
export const UPLOAD_REQUEST_NOTE_MAX = 2000;
/** Most entries in the allowed-types list. */
const ALLOWED_TYPES_MAX = 50;

const byteCount = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** One allowed type: a MIME type ("image/png"), a family ("image/*") or an extension (".pdf"). */
const allowedType = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\.[a-z0-9][a-z0-9._-]{0,30}|[a-z0-9][a-z0-9.+-]{0,60}\/(\*|[a-z0-9][a-z0-9.+-]{0,100}))$/, {
    message: "errors.uploadRequestTypeInvalid",
  });

export const createUploadRequestInput = z
  .object({
    /** A folder in the explorer's tree (inside a mount): the files land there. */
    path: virtualPath.optional(),
    /** Or a storage: the files land in its share folder, under upload-requests/<slug>/. */
    storage_config_id: z.string().min(1).max(100).optional(),
    max_files: z.coerce.number().int().min(1).max(UPLOAD_REQUEST_MAX_FILES),
    max_file_size: byteCount,
    max_total_size: byteCount,
    allowed_types: z.array(allowedType).max(ALLOWED_TYPES_MAX).optional().default([]),
    expires_in: expiresInHours,
    password: z
      .string()
      .max(1024)
      .optional()
      .nullable()
      .transform((value) => value || undefined),
    note: z
      .string()
      .max(UPLOAD_REQUEST_NOTE_MAX)
      .optional()
      .nullable()
      .transform((value) => value?.trim() || null),
    /** Told of each file that arrives: a POST of JSON, signed with `webhook_secret` (HMAC-SHA-256). */
    webhook_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .nullable(),
    webhook_secret: z.string().min(8).max(200).optional().nullable(),
  })
  .refine((input) => Boolean(input.path) !== Boolean(input.storage_config_id), {
    message: "errors.uploadRequestTargetNeeded",
  })
  .refine((input) => input.max_file_size <= input.max_total_size, {
    message: "errors.uploadRequestSizesInvalid",
  })
  .refine((input) => !input.webhook_url || Boolean(input.webhook_secret), {
    message: "errors.uploadRequestWebhookSecretNeeded",
  });

/** Why a webhook attempt got no answer: the address was refused, it timed out, could not be reached, other. */
export const WEBHOOK_FAILURES = ["refused", "timeout", "unreachable", "error"] as const;
export type WebhookFailure = (typeof WEBHOOK_FAILURES)[number];

export const uploadRequestStatus = z.enum(["open", "closed", "expired"]);

export const uploadRequestRecord = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  storage_config_id: z.string(),
  /** Where the files land: the folder's path in the explorer, or the storage's folder key. */
  folder: z.string(),
  note: z.string().nullable(),
  has_password: z.boolean(),
  allowed_types: z.array(z.string()),
  max_files: z.number(),
  max_file_size: z.number(),
  max_total_size: z.number(),
  files_count: z.number(),
  bytes_count: z.number(),
  expires_at: z.date().nullable(),
  status: uploadRequestStatus,
  webhook_url: z.string().nullable(),
  /** How the webhook fares (null without one): the newest attempt, and the deliveries not yet through. */
  webhook: z
    .object({
      last_attempt_at: z.date().nullable(),
      /** Whether the newest attempt got a 2xx answer; null before the first. */
      last_ok: z.boolean().nullable(),
      /** "HTTP 200", "HTTP 503", or why no answer came: one of WEBHOOK_FAILURES. */
      last_result: z.string().nullable(),
      /** Deliveries waiting for their next attempt. */
      retrying: z.number(),
      /** Deliveries given up after their last attempt. */
      failed: z.number(),
    })
    .nullable(),
  created_by: z.string(),
  created_at: z.date(),
});

export const createUploadRequestOutput = uploadRequestRecord;

export const arrivedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  mimetype: z.string(),
  /** The object's key in the request's storage. */
  storage_path: z.string(),
  created_at: z.date(),
});

export const uploadRequestDetail = uploadRequestRecord.extend({ files: z.array(arrivedFile) });

export const uploadRequestListOutput = z.object({ items: z.array(uploadRequestRecord) });

/** A new expiry for a request, counted from now: `expires_in` hours, or 0 / null for never. */
export const extendUploadRequestInput = z.object({
  id: z.string().min(1).max(100),
  expires_in: expiresInHours,
});

/**
 * A request's webhook changed after creation: `webhook_url` null (or "") removes the webhook with its secret;
 * a URL sets it, with `webhook_secret` (absent: the request's current secret is kept, if it has one).
 */
export const setUploadRequestWebhookInput = z.object({
  id: z.string().min(1).max(100),
  webhook_url: z
    .union([z.literal(""), z.url({ protocol: /^https?$/ }).max(2000)])
    .nullable()
    .transform((value) => value || null),
  webhook_secret: z.string().min(8).max(200).optional(),
});

export const shareArrivalInput = z.object({
  id: z.string().min(1).max(100),
  file_id: z.string().min(1).max(100),
});

// ---- The visitor's side ----------------------------------------------------------------------------

/** How a visitor opens a request: the password once, then the visit token the first answer handed out. */
export const requestAccessQuery = z.object({
  password: z.string().max(1024).optional(),
  visit: z.string().max(300).optional(),
});

export const publicUploadRequestInput = requestAccessQuery.extend({ slug: z.string().min(1).max(100) });

export const sentFile = z.object({ id: z.string(), name: z.string(), size: z.number(), created_at: z.date() });

export const publicUploadRequestOutput = z.object({
  slug: z.string(),
  note: z.string().nullable(),
  has_password: z.boolean(),
  requires_password: z.boolean(),
  allowed_types: z.array(z.string()),
  max_files: z.number(),
  max_file_size: z.number(),
  max_total_size: z.number(),
  /** Files and bytes the request can still take (every sender's count, not just this visit's). */
  files_left: z.number(),
  bytes_left: z.number(),
  expires_at: z.date().nullable(),
  /** A token naming this visit: pass it as `visit` with every file, and to list what this visit sent. */
  visit: z.string().nullable(),
  /** What this visit sent (empty without a visit). */
  sent: z.array(sentFile),
});

export const startArrivalInput = requestAccessQuery.extend({
  slug: z.string().min(1).max(100),
  name: filename,
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  mimetype: mediaType.optional(),
  /** "direct": one presigned PUT; "multipart": parts of `part_size`, each to its presigned URL. */
  mode: z.enum(["direct", "multipart"]).default("direct"),
});

export const startArrivalOutput = z.object({
  file_id: z.string(),
  mode: z.enum(["direct", "multipart"]),
  /** Direct: where to PUT the bytes, and the headers to send. */
  url: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  /** Multipart: the size of each part (the last is shorter) and the first parts' URLs. */
  part_size: z.number(),
  part_urls: z.array(z.object({ part_number: z.number(), url: z.string() })),
  /** Whether the URLs reach a bucket on another origin (its CORS may refuse the browser). */
  is_remote: z.boolean(),
});

export const arrivalRef = requestAccessQuery.extend({
  slug: z.string().min(1).max(100),
  file_id: z.string().min(1).max(100),
});

export const completeArrivalInput = arrivalRef.extend({
  parts: z
    .array(z.object({ part_number: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
    .max(10_000)
    .optional(),
});

export const arrivalPartUrlsInput = arrivalRef.extend({
  part_numbers: z.array(z.number().int().min(1).max(10_000)).min(1).max(100),
});

export { MULTIPART_PART_SIZE, UPLOAD_REQUEST_MAX_FILES };
export type PublicUploadRequest = z.output<typeof publicUploadRequestOutput>;
export type UploadRequestRecord = z.output<typeof uploadRequestRecord>;
export type UploadRequestDetail = z.output<typeof uploadRequestDetail>;
