// File share uploads: every flow (through the server, presigned direct, multipart, from a URL) creates
// an upload record, stores the bytes through a storage driver and commits; the limits
// (services/uploads/upload-limits.ts) and the slug rules are enforced here.

import { ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE } from "@shared/encryption/encrypted-file";
import type { SystemSettings } from "@shared/schemas/admin/settings";
import type {
  commitInput,
  multipartCompleteInput,
  multipartInitInput,
  presignInput,
  rawUploadQuery,
} from "@shared/schemas/shares/shares";
import type { z } from "zod";
import type { Database } from "../../../db/client";
import { AppError } from "../../../errors";
import { statedContentType } from "../../../storage/content-type";
import type { PutBody } from "../../../storage/driver";
import { type AuthState, creatorOf } from "../../auth/sessions";
import {
  completeMultipart,
  presignObject,
  presignPartUrls,
  settleStoredUpload,
  startMultipart,
  streamUpload,
  UPLOAD_URL_TTL_SECONDS,
} from "../../uploads/pipeline";
import { loadUploadPolicy, type UploadPolicy } from "../../uploads/policy";
import { hashSharePassword, newShareExpiry, ownedBy, requestedExpiry } from "../delivery";
import { getFile } from "../manage";
import { type FileDeps, type FileRow, fileSelect, toFile } from "../records";
import { generateUniqueSlug } from "../slugs/slugs";
import {
  deleteFileRows,
  invalidateMountsOf,
  objectUrlFor,
  originalKeyIfFree,
  removeUpload,
  resolveUploadStorage,
  safeFilename,
  storagePathFor,
} from "../storage";
import { signedLinks } from "../views";
import { assertUrlAllowed } from "./safe-fetch";

/** Parts whose URLs a multipart init answers at once (100 parts: 500 MB at the default part size). */
const PARTS_SIGNED_AT_INIT = 100;

/** The name of an upload: given, in the metadata, or the last segment of the URL it comes from. */
function uploadFilename(input: UploadTarget): string {
  const fromUrl = input.source_url ? URL.parse(input.source_url)?.pathname.split("/").pop() : undefined;
  const name = input.filename ?? input.metadata?.filename ?? (fromUrl ? decodeURIComponentSafe(fromUrl) : undefined);
  if (!name?.trim()) throw new AppError("BAD_REQUEST", "errors.filenameRequired");
  return name.trim();
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

type UploadTarget = z.output<typeof presignInput>;

/** How a raw upload (PUT /upload-direct) asks its share to be stored; other flows take the defaults. */
type StorageChoices = { useProxy?: boolean; originalFilename?: boolean };

/**
 * An encrypted upload's name and type are inside its ciphertext: the record gets neutral ones, and a
 * password, which belongs in the key, is refused rather than stored (docs/encrypted-shares.md).
 */
function withoutEncryptedSecrets(input: UploadTarget): UploadTarget {
  if (!input.encrypted) return input;
  if (input.password) throw new AppError("BAD_REQUEST", "errors.encryptedPasswordInBrowser");
  return { ...input, filename: ENCRYPTED_FILE_NAME, mimetype: ENCRYPTED_FILE_TYPE, metadata: undefined };
}

/**
 * Creates the record of an upload in flight (status "uploading"), after every limit check, and
 * answers it with the request's upload policy (services/uploads/policy.ts). `settings` are the ones
 * the request read already (the upload form's size check).
 */
async function createUploadRecord(
  deps: FileDeps,
  auth: AuthState,
  requested: UploadTarget,
  choices: StorageChoices = {},
  settings?: SystemSettings,
) {
  const { db } = deps;
  const input = withoutEncryptedSecrets(requested);
  // A share that names the URL its bytes came from refuses the URLs url/info and url/proxy refuse
  // (private addresses, credentials, other schemes) before anything is stored: the source is recorded
  // and shown with the share, whichever flow or route created it.
  if (input.source_url !== undefined) {
    await assertUrlAllowed(input.source_url, { allowPrivate: deps.config.allowPrivateUrls });
  }
  const storage = await resolveUploadStorage(db, auth, input.s3_config_id);
  const policy = await loadUploadPolicy(deps, storage.id, { settings, capacity: storage.totalStorageBytes });
  // Without a size the limits are checked once the object is stored (finishUpload).
  if (input.size !== undefined) await policy.assertFits(input.size);
  const expiresAt = await newShareExpiry(db, "file", input, policy.settings);
  const name = uploadFilename(input);
  const slugTaken = async (slug: string) =>
    (await db.fileShare.findUnique({ where: { slug }, select: { id: true } })) !== null;
  if (input.slug && (await slugTaken(input.slug))) throw new AppError("CONFLICT", "errors.slugTaken");
  const slug = input.slug ?? (await generateUniqueSlug(slugTaken));
  const originalKey = choices.originalFilename
    ? await originalKeyIfFree(deps, storage, policy.driver, input.path, name)
    : null;
  const storagePath = originalKey ?? storagePathFor(storage, input.path, name, slug);
  const mimetype = statedContentType(name, input.mimetype ?? input.metadata?.contentType);
  try {
    const row = await db.fileShare.create({
      data: {
        slug,
        filename: safeFilename(name),
        mimetype,
        size: BigInt(input.size ?? 0),
        storageConfigId: storage.id,
        storagePath,
        s3Url: objectUrlFor(storage, storagePath),
        remark: input.remark ?? (input.source_url ? input.source_url.slice(0, 500) : null),
        passwordHash: await hashSharePassword(input.password),
        expiresAt,
        maxViews: input.max_views,
        status: "uploading",
        useProxy: choices.useProxy ?? true,
        encrypted: input.encrypted,
        createdBy: creatorOf(auth),
      },
      select: fileSelect,
    });
    await db.storageConfig.updateMany({ where: { id: storage.id }, data: { lastUsedAt: new Date() } });
    return { row, storage, policy, usedOriginalFilename: originalKey !== null };
  } catch (error) {
    if (await slugTaken(slug)) throw new AppError("CONFLICT", "errors.slugTaken");
    throw error;
  }
}

async function findOwnUpload(db: Database, auth: AuthState, fileId: string) {
  const row = await db.fileShare.findFirst({ where: { id: fileId, ...ownedBy(auth) }, select: fileSelect });
  if (!row) throw new AppError("NOT_FOUND", "errors.uploadNotFound");
  return row;
}

/** Presigned direct upload, step 1: the record and a URL the browser PUTs the bytes to. */
export async function presignUpload(deps: FileDeps, auth: AuthState, input: UploadTarget) {
  const { row, storage, policy } = await createUploadRecord(deps, auth, input);
  const object = { key: row.storagePath, contentType: row.mimetype };
  const { url, expiresIn } = await presignObject(policy, object, storage.signatureExpiresIn);
  return {
    upload_url: url,
    file_id: row.id,
    storage_path: row.storagePath,
    s3_url: row.s3Url,
    slug: row.slug,
    provider_type: storage.providerType,
    contentType: row.mimetype,
    headers: { "Content-Type": row.mimetype },
    expires_in: expiresIn,
  };
}

type ShareOptionsUpdate = Pick<
  z.output<typeof commitInput>,
  "remark" | "password" | "expires_in" | "expires_at" | "max_views"
>;

/** Marks an upload finished once its object is really stored, re-checking the limits on its real size. */
async function finishUpload(
  deps: FileDeps,
  policy: UploadPolicy,
  row: FileRow,
  options: Partial<ShareOptionsUpdate>,
  etag: string | null,
) {
  const { db } = deps;
  if (row.encrypted && options.password) throw new AppError("BAD_REQUEST", "errors.encryptedPasswordInBrowser");
  const expiresAt = requestedExpiry(options);
  const declared = await db.fileShare.findUnique({ where: { id: row.id }, select: { size: true } });
  const stored = await settleStoredUpload(deps, policy, row.storagePath, {
    // Already counted in the storage's use: the size declared at the start (the record in flight)
    // and the stored object (the usage record).
    ownBytes: (object) => Number(declared?.size ?? 0n) + object.size,
    removeRefused: () => removeUpload(deps, row, policy.driver),
  });
  const updated = await db.fileShare.update({
    where: { id: row.id },
    data: {
      status: "ready",
      uploadId: null,
      size: BigInt(stored.size),
      etag: stored.etag ?? etag,
      ...(options.remark !== undefined && options.remark !== null ? { remark: options.remark } : {}),
      ...(options.password ? { passwordHash: await hashSharePassword(options.password) } : {}),
      // Given at commit, the expiry replaces the one given when the upload started; "never" keeps it.
      ...(expiresAt ? { expiresAt } : {}),
      ...(options.max_views ? { maxViews: options.max_views } : {}),
    },
    select: fileSelect,
  });
  await invalidateMountsOf(deps, [row.storageConfigId]);
  return toFile(updated, deps.config.publicUrl);
}

/** Presigned direct upload, step 2 (docs/product.md §4): checks the stored object and commits the share. */
export async function commitUpload(deps: FileDeps, auth: AuthState, input: z.output<typeof commitInput>) {
  const row = await findOwnUpload(deps.db, auth, input.file_id);
  if (row.status === "ready") return toFile(row, deps.config.publicUrl);
  const policy = await loadUploadPolicy(deps, row.storageConfigId);
  return finishUpload(deps, policy, row, input, input.etag ?? null);
}

export async function initMultipartUpload(deps: FileDeps, auth: AuthState, input: z.output<typeof multipartInitInput>) {
  const { row, storage, policy } = await createUploadRecord(deps, auth, input);
  try {
    const uploadId = await startMultipart(policy, { key: row.storagePath, contentType: row.mimetype });
    await deps.db.fileShare.update({ where: { id: row.id }, data: { uploadId }, select: { id: true } });
    // Unknown without a size: the client sends parts until the source ends.
    const partCount = input.size === undefined ? 0 : Math.max(1, Math.ceil(input.size / input.part_size));
    // CloudPaste's init answers every part's URL; a script written from its document uploads with
    // them. Beyond PARTS_SIGNED_AT_INIT the list is empty and the parts are signed on request (part-urls).
    const signedParts = partCount > 0 && partCount <= PARTS_SIGNED_AT_INIT ? partCount : 0;
    const partNumbers = Array.from({ length: signedParts }, (_, index) => index + 1);
    return {
      file_id: row.id,
      upload_id: uploadId,
      storage_path: row.storagePath,
      slug: row.slug,
      provider_type: storage.providerType,
      contentType: row.mimetype,
      part_size: input.part_size,
      part_count: partCount,
      presigned_urls: await presignPartUrls(policy.driver, row.storagePath, uploadId, partNumbers),
      expires_in: UPLOAD_URL_TTL_SECONDS,
    };
  } catch (error) {
    await deps.db.fileShare.deleteMany({ where: { id: row.id } });
    throw error;
  }
}

async function multipartState(deps: FileDeps, auth: AuthState, fileId: string) {
  const row = await findOwnUpload(deps.db, auth, fileId);
  if (row.status !== "uploading" || !row.uploadId) throw new AppError("BAD_REQUEST", "errors.uploadNotFound");
  return { row, uploadId: row.uploadId };
}

/** The driver of a multipart upload's storage, for the steps that check no limit (part URLs, resume). */
async function multipartDriver(deps: FileDeps, auth: AuthState, fileId: string) {
  const { row, uploadId } = await multipartState(deps, auth, fileId);
  return { row, uploadId, driver: await deps.storage.driverFor(row.storageConfigId) };
}

export async function presignParts(deps: FileDeps, auth: AuthState, fileId: string, partNumbers: number[]) {
  const { row, uploadId, driver } = await multipartDriver(deps, auth, fileId);
  const urls = await presignPartUrls(driver, row.storagePath, uploadId, partNumbers);
  return { urls, expires_in: UPLOAD_URL_TTL_SECONDS };
}

/** Parts already stored: the upload screen resumes from here after a reload. */
export async function listUploadedParts(deps: FileDeps, auth: AuthState, fileId: string) {
  const { row, uploadId, driver } = await multipartDriver(deps, auth, fileId);
  const parts = await driver.listParts(row.storagePath, uploadId);
  return {
    upload_id: uploadId,
    parts: parts.map((part) => ({ part_number: part.partNumber, etag: part.etag, size: part.size })),
  };
}

export async function completeMultipartUpload(
  deps: FileDeps,
  auth: AuthState,
  input: z.output<typeof multipartCompleteInput>,
) {
  const { row, uploadId } = await multipartState(deps, auth, input.file_id);
  // The document's body names the upload too: one that is not this file's is refused, not completed.
  if (input.upload_id !== undefined && input.upload_id !== uploadId) {
    throw new AppError("BAD_REQUEST", "errors.uploadNotFound");
  }
  const policy = await loadUploadPolicy(deps, row.storageConfigId);
  const result = await completeMultipart(
    policy,
    row.storagePath,
    uploadId,
    input.parts.map((part) => ({ partNumber: part.part_number, etag: part.etag })),
  );
  return finishUpload(deps, policy, row, input, result.etag);
}

/** Cancels an upload in flight: aborts its multipart upload, removes its object and its record. */
export async function cancelUpload(deps: FileDeps, auth: AuthState, fileId: string) {
  const row = await deps.db.fileShare.findFirst({
    where: { id: fileId, status: "uploading", ...ownedBy(auth) },
    select: fileSelect,
  });
  if (!row) return { cancelled: false };
  await removeUpload(deps, row);
  return { cancelled: true };
}

/** Removes every unfinished upload into a storage config (before the config itself is deleted). */
export async function discardUnfinishedUploads(
  deps: Pick<FileDeps, "db" | "storage">,
  storageConfigId: string,
): Promise<number> {
  const rows = await deps.db.fileShare.findMany({
    where: { storageConfigId, status: "uploading" },
    select: { id: true, storageConfigId: true, storagePath: true, uploadId: true },
  });
  for (const row of rows) await removeUpload(deps, row);
  return rows.length;
}

export type ServerUploadFields = z.output<typeof presignInput>;

/**
 * Upload through the server: the bytes stream from the request to the storage while being counted,
 * so a body larger than the limit is cut off and removed, never buffered. `exactSize` is the file's
 * length when the client stated it; a body of another length fails the upload. `settings` are the
 * ones the request read already (the upload form's size check).
 */
export async function uploadThroughServer(
  deps: FileDeps,
  auth: AuthState,
  fields: ServerUploadFields,
  body: PutBody,
  exactSize?: number,
  settings?: SystemSettings,
) {
  return (await storeThroughServer(deps, auth, fields, body, { exactSize, settings })).file;
}

async function storeThroughServer(
  deps: FileDeps,
  auth: AuthState,
  fields: ServerUploadFields,
  body: PutBody,
  options: { exactSize?: number; choices?: StorageChoices; settings?: SystemSettings },
) {
  const { exactSize } = options;
  const { row, policy, usedOriginalFilename } = await createUploadRecord(
    deps,
    auth,
    fields,
    options.choices,
    options.settings,
  );
  // The record in flight already counts its declared size: it is given back.
  const room = await policy.room(fields.size ?? 0);
  try {
    const object = { key: row.storagePath, contentType: row.mimetype };
    const stored = await streamUpload(policy, object, body, { room, exactSize });
    const file = await finishUpload(deps, policy, { ...row, size: BigInt(stored.size) }, {}, stored.etag);
    return { file, row, policy, usedOriginalFilename };
  } catch (error) {
    await removeUpload(deps, row, policy.driver);
    throw error;
  }
}

export type RawUploadInput = z.output<typeof rawUploadQuery> & {
  filename: string;
  mimetype: string | undefined;
  size: number;
};

/**
 * The original's raw upload (PUT /upload-direct/{filename}): the body is the file, streamed like the
 * form upload. With `override`, the caller's own share of that slug is replaced once the new bytes
 * are stored, so a failed upload leaves the old share as it was.
 */
export async function uploadRawFile(
  deps: FileDeps,
  auth: AuthState,
  input: RawUploadInput,
  body: PutBody,
  exactSize?: number,
) {
  const { db } = deps;
  const replaced = input.slug
    ? await db.fileShare.findFirst({ where: { slug: input.slug }, select: { ...fileSelect } })
    : null;
  if (replaced) {
    const isOwn = (await db.fileShare.count({ where: { id: replaced.id, ...ownedBy(auth) } })) > 0;
    if (!input.override || !isOwn) throw new AppError("CONFLICT", "errors.slugTaken");
  }
  const fields = { ...input, slug: replaced ? undefined : input.slug };
  const stored = await storeThroughServer(deps, auth, fields, body, {
    exactSize,
    choices: { useProxy: input.use_proxy, originalFilename: input.original_filename },
  });
  let file = stored.file;
  if (replaced && input.slug) {
    await deleteFileRows(deps, [replaced]);
    await db.fileShare.update({ where: { id: file.id }, data: { slug: input.slug }, select: { id: true } });
    file = await getFile(deps, auth, file.id);
  }
  const direct = await signedLinks(
    { ...stored.row, storagePath: file.storage_path, mimetype: file.mimetype },
    stored.policy.driver,
  );
  // The links through the app carry the password the caller just chose, as the original's did.
  const password = input.password ? `?password=${encodeURIComponent(input.password)}` : "";
  const proxy = {
    preview: `${deps.config.publicUrl}/api/file-view/${encodeURIComponent(file.slug)}${password}`,
    download: `${deps.config.publicUrl}/api/file-download/${encodeURIComponent(file.slug)}${password}`,
  };
  return {
    id: file.id,
    slug: file.slug,
    url: file.url,
    filename: file.filename,
    mimetype: file.mimetype,
    size: file.size,
    remark: file.remark,
    created_at: file.created_at,
    requires_password: file.has_password,
    views: file.views,
    max_views: file.max_views || null,
    expires_at: file.expires_at,
    previewUrl: input.use_proxy ? proxy.preview : direct.preview_url,
    downloadUrl: input.use_proxy ? proxy.download : direct.download_url,
    s3_direct_preview_url: direct.preview_url,
    s3_direct_download_url: direct.download_url,
    proxy_preview_url: proxy.preview,
    proxy_download_url: proxy.download,
    use_proxy: input.use_proxy ? 1 : 0,
    created_by: file.created_by,
    used_original_filename: stored.usedOriginalFilename,
  };
}
