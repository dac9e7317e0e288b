// The owner's form for a new upload request (docs/upload-requests.md): the values as typed, checked
// with the server's own limits before sending, and turned into the REST body the server takes.
import { UPLOAD_REQUEST_MAX_FILES } from "@shared/constants";
import type { FieldErrors } from "../form-messages";
import { EXPIRY_CHOICES, expiryHours } from "../pastes/expiry";

/** The share forms' expiry choices (1 hour to never), for a new request and for extending one. */
export const REQUEST_EXPIRY_CHOICES = EXPIRY_CHOICES;
export type RequestExpiryChoice = (typeof EXPIRY_CHOICES)[number];

export type RequestFormValues = {
  /** A folder in the explorer; empty sends the files to the chosen storage's share folder. */
  folder: string;
  storageId: string;
  maxFiles: string;
  /** Megabytes, as typed ("2.5"). */
  maxFileSizeMb: string;
  maxTotalSizeMb: string;
  /** Comma-separated: "image/*, .pdf". */
  allowedTypes: string;
  expiresIn: RequestExpiryChoice;
  password: string;
  note: string;
  /** Told of each file that arrives (docs/upload-requests.md, Webhook); empty: no webhook. */
  webhookUrl: string;
  webhookSecret: string;
};

export type RequestFormField =
  | "folder"
  | "maxFiles"
  | "maxFileSizeMb"
  | "maxTotalSizeMb"
  | "allowedTypes"
  | "webhookUrl"
  | "webhookSecret";

/** The shortest webhook secret the server takes. */
const WEBHOOK_SECRET_MIN = 8;

export type RequestPayload = {
  path?: string;
  storage_config_id?: string;
  max_files: number;
  max_file_size: number;
  max_total_size: number;
  allowed_types: string[];
  expires_in: number | null;
  password?: string;
  note?: string;
  webhook_url?: string;
  webhook_secret?: string;
};

export const emptyRequestForm = (storageId = ""): RequestFormValues => ({
  folder: "",
  storageId,
  maxFiles: "10",
  maxFileSizeMb: "100",
  maxTotalSizeMb: "1000",
  allowedTypes: "",
  expiresIn: "7d",
  password: "",
  note: "",
  webhookUrl: "",
  webhookSecret: "",
});

/** Whether a typed webhook URL is one the server could take: http(s) with a host. */
function isWebhookUrl(text: string): boolean {
  const url = URL.parse(text);
  return url !== null && (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

const MB = 1024 * 1024;

/** Whole bytes of a positive number of megabytes, or null. */
function bytesOf(megabytes: string): number | null {
  const value = Number(megabytes.trim().replace(",", "."));
  if (!Number.isFinite(value) || value <= 0 || megabytes.trim() === "") return null;
  const bytes = Math.round(value * MB);
  return bytes >= 1 && bytes <= Number.MAX_SAFE_INTEGER ? bytes : null;
}

type WebhookValues = Pick<RequestFormValues, "webhookUrl" | "webhookSecret">;

/** What is wrong with a typed webhook: its URL, or a secret too short (or missing when none is kept). */
function webhookErrors(values: WebhookValues, isSecretKept: boolean): FieldErrors<"webhookUrl" | "webhookSecret"> {
  const errors: FieldErrors<"webhookUrl" | "webhookSecret"> = {};
  const webhookUrl = values.webhookUrl.trim();
  if (webhookUrl && !isWebhookUrl(webhookUrl)) errors.webhookUrl = { key: "uploadRequests.form.webhookUrlInvalid" };
  const isSecretMissing = !(isSecretKept && values.webhookSecret === "");
  if (webhookUrl && isSecretMissing && values.webhookSecret.length < WEBHOOK_SECRET_MIN)
    errors.webhookSecret = { key: "uploadRequests.form.webhookSecretNeeded", values: { min: WEBHOOK_SECRET_MIN } };
  return errors;
}

export type WebhookPayload = { webhook_url: string | null; webhook_secret?: string };

/**
 * The webhook of an existing request, changed (PUT /upload-requests/{id}/webhook): an empty URL removes it;
 * an empty secret keeps the request's own when it has one (`isSecretKept`).
 */
export function validateWebhookForm(
  values: WebhookValues,
  isSecretKept: boolean,
): { ok: true; payload: WebhookPayload } | { ok: false; errors: FieldErrors<"webhookUrl" | "webhookSecret"> } {
  const errors = webhookErrors(values, isSecretKept);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const webhookUrl = values.webhookUrl.trim();
  if (!webhookUrl) return { ok: true, payload: { webhook_url: null } };
  return {
    ok: true,
    payload: { webhook_url: webhookUrl, ...(values.webhookSecret ? { webhook_secret: values.webhookSecret } : {}) },
  };
}

export function validateRequestForm(
  values: RequestFormValues,
): { ok: true; payload: RequestPayload } | { ok: false; errors: FieldErrors<RequestFormField> } {
  const errors: FieldErrors<RequestFormField> = {};
  const folder = values.folder.trim();
  if (folder && !folder.startsWith("/")) errors.folder = { key: "uploadRequests.form.folderInvalid" };
  if (!folder && !values.storageId) errors.folder = { key: "uploadRequests.form.targetNeeded" };
  const maxFiles = Number(values.maxFiles.trim());
  if (!Number.isInteger(maxFiles) || maxFiles < 1 || maxFiles > UPLOAD_REQUEST_MAX_FILES || !values.maxFiles.trim()) {
    errors.maxFiles = { key: "uploadRequests.form.maxFilesInvalid", values: { max: UPLOAD_REQUEST_MAX_FILES } };
  }
  const fileSize = bytesOf(values.maxFileSizeMb);
  const totalSize = bytesOf(values.maxTotalSizeMb);
  if (fileSize === null) errors.maxFileSizeMb = { key: "uploadRequests.form.sizeInvalid" };
  if (totalSize === null) errors.maxTotalSizeMb = { key: "uploadRequests.form.sizeInvalid" };
  else if (fileSize !== null && fileSize > totalSize)
    errors.maxTotalSizeMb = { key: "uploadRequests.form.totalTooSmall" };
  const allowedTypes = values.allowedTypes
    .split(/[,\s]+/)
    .map((type) => type.trim().toLowerCase())
    .filter(Boolean);
  const webhookUrl = values.webhookUrl.trim();
  Object.assign(errors, webhookErrors(values, false));
  if (Object.keys(errors).length > 0 || fileSize === null || totalSize === null) return { ok: false, errors };
  return {
    ok: true,
    payload: {
      ...(folder ? { path: folder } : { storage_config_id: values.storageId }),
      max_files: maxFiles,
      max_file_size: fileSize,
      max_total_size: totalSize,
      allowed_types: allowedTypes,
      expires_in: expiryHours(values.expiresIn),
      ...(values.password ? { password: values.password } : {}),
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
      ...(webhookUrl ? { webhook_url: webhookUrl, webhook_secret: values.webhookSecret } : {}),
    },
  };
}

/** Maps a field of the server's validation answer to the form's field. */
export function requestFieldOf(path: string): RequestFormField | null {
  switch (path) {
    case "path":
    case "storage_config_id":
      return "folder";
    case "max_files":
      return "maxFiles";
    case "max_file_size":
      return "maxFileSizeMb";
    case "max_total_size":
      return "maxTotalSizeMb";
    case "allowed_types":
      return "allowedTypes";
    case "webhook_url":
      return "webhookUrl";
    case "webhook_secret":
      return "webhookSecret";
    default:
      return null;
  }
}
