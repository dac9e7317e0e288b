// File shares: every upload flow (through the server, presigned direct, multipart, from a URL) creates
// an upload record, stores the bytes through a storage driver and commits; the limits are enforced
// here (max upload size, storage capacity, slug rules). Viewing counts like pastes do; content is
// reached only through short-lived signed links. Management by the admin (all) and keys (their own).

import { extname } from "node:path";
import { pipeline } from "node:stream";
import type { z } from "zod";
import { ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE } from "../../shared/encrypted-file";
import { formatBytes } from "../../shared/format-bytes";
import { paginationOf } from "../../shared/schemas/common";
import type {
  commitInput,
  listFilesInput,
  multipartCompleteInput,
  multipartInitInput,
  PublicFileView,
  presignInput,
  rawUploadQuery,
  updateFileInput,
} from "../../shared/schemas/files";
import { megabytesToBytes } from "../../shared/schemas/settings";
import { LOCAL_PROVIDER } from "../../shared/schemas/storage";
import type { Database, DatabaseProvider } from "../db/client";
import { AppError } from "../errors";
import type { StorageService } from "../storage";
import { deliverableContentType, statedContentType } from "../storage/content-type";
import type { PutBody, StorageDriver } from "../storage/driver";
import { byteCounter, toNodeReadable } from "../storage/streams";
import { type AuthState, createdByFilter, creatorOf } from "./auth";
import type { ListingCache } from "./listing-cache";
import { verifySharePassword } from "./pastes";
import { assertUrlAllowed } from "./safe-fetch";
import { getSystemSettings } from "./settings";
import { generateUniqueSlug } from "./slugs";

export type FileDeps = {
  db: Database;
  storage: StorageService;
  /** Share objects show in mounts whose folder holds the share folder: their listings see every change. */
  listingCache: ListingCache;
  config: { publicUrl: string; databaseProvider: DatabaseProvider; allowPrivateUrls: boolean };
};

/** Unfinished uploads older than this are aborted and removed by the sweep. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** How long the links of a file page stay valid. */
const LINK_TTL_SECONDS = 15 * 60;
const UPLOAD_URL_TTL_SECONDS = 60 * 60;

const fileSelect = {
  id: true,
  slug: true,
  filename: true,
  mimetype: true,
  size: true,
  storageConfigId: true,
  storagePath: true,
  s3Url: true,
  etag: true,
  remark: true,
  passwordHash: true,
  expiresAt: true,
  maxViews: true,
  views: true,
  useProxy: true,
  status: true,
  uploadId: true,
  encrypted: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  storageConfig: { select: { name: true, providerType: true } },
} as const;

type FileRow = {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: bigint;
  storageConfigId: string;
  storagePath: string;
  s3Url: string | null;
  etag: string | null;
  remark: string | null;
  passwordHash: string | null;
  expiresAt: Date | null;
  maxViews: number;
  views: number;
  useProxy: boolean;
  status: string;
  uploadId: string | null;
  encrypted: boolean;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  storageConfig: { name: string; providerType: string };
};

const storageSelect = {
  id: true,
  name: true,
  providerType: true,
  endpointUrl: true,
  bucketName: true,
  pathStyle: true,
  shareFolder: true,
  customHost: true,
  totalStorageBytes: true,
  signatureExpiresIn: true,
} as const;

type StorageRow = {
  id: string;
  name: string;
  providerType: string;
  endpointUrl: string | null;
  bucketName: string | null;
  pathStyle: boolean;
  shareFolder: string;
  customHost: string | null;
  totalStorageBytes: bigint | null;
  signatureExpiresIn: number;
};

const isExpired = (row: { expiresAt: Date | null }, now: Date) => row.expiresAt !== null && row.expiresAt <= now;
const isExhausted = (row: { maxViews: number; views: number }) => row.maxViews > 0 && row.views >= row.maxViews;

export function fileLink(publicUrl: string, slug: string): string {
  return `${publicUrl}/file/${encodeURIComponent(slug)}`;
}

function toFile(row: FileRow, publicUrl: string, now = new Date()) {
  return {
    id: row.id,
    slug: row.slug,
    url: fileLink(publicUrl, row.slug),
    filename: row.filename,
    storage_path: row.storagePath,
    s3_url: row.s3Url,
    mimetype: row.mimetype,
    size: Number(row.size),
    s3_config_id: row.storageConfigId,
    storage_config_name: row.storageConfig.name,
    provider_type: row.storageConfig.providerType,
    remark: row.remark,
    has_password: row.passwordHash !== null,
    expires_at: row.expiresAt,
    max_views: row.maxViews,
    views: row.views,
    use_proxy: row.useProxy,
    etag: row.etag,
    status: row.status,
    encrypted: row.encrypted,
    is_expired: isExpired(row, now) || isExhausted(row),
    created_by: row.createdBy,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function ownedBy(auth: AuthState) {
  if (auth.type === "admin") return {};
  return { createdBy: { in: [`apikey:${auth.keyId}`, auth.keyId] } };
}

function expiresAtFrom(hours: number | null | undefined, now = new Date()): Date | null {
  return hours ? new Date(now.getTime() + hours * 3_600_000) : null;
}

/**
 * The expiry a request asks for, in hours from now (`expires_in`) or as a date (`expires_at`, the
 * CloudPaste document's `expiresAt`): a Date, null for never, undefined when neither is given.
 */
function requestedExpiry(options: { expires_in?: number | null; expires_at?: Date | null }): Date | null | undefined {
  if (options.expires_at !== undefined && options.expires_in !== undefined) {
    throw new AppError("BAD_REQUEST", "errors.expiryGivenTwice");
  }
  if (options.expires_at) {
    if (options.expires_at.getTime() <= Date.now()) throw new AppError("BAD_REQUEST", "errors.expiryInPast");
    return options.expires_at;
  }
  if (options.expires_at === null) return null;
  return options.expires_in === undefined ? undefined : expiresAtFrom(options.expires_in);
}

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

/** A file name safe as the last segment of an object key: no separators, controls or dot names. */
export function safeFilename(name: string): string {
  const cleaned = Array.from(name.replaceAll("\\", "/").split("/").pop() ?? "")
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .trim();
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "file" : cleaned.slice(0, 200);
}

/** The object key of a new share: beneath the storage's share folder, and nowhere else. */
function storagePathFor(storage: StorageRow, folder: string, filename: string, slug: string | null): string {
  const name = safeFilename(filename);
  const extension = extname(name).slice(0, 20);
  const base = name.slice(0, name.length - extension.length) || "file";
  // The slug keeps keys unique; the readable name keeps the bucket browsable.
  const segments = [...storage.shareFolder.split("/"), ...folder.split("/")].filter(Boolean);
  const key = [...segments, slug === null ? name : `${base}-${slug}${extension}`].join("/");
  // The schemas already refuse every folder that could leave the share folder; this is the last word.
  if (!storage.shareFolder || !key.startsWith(`${storage.shareFolder}/`) || key.split("/").includes("..")) {
    throw new AppError("BAD_REQUEST", "errors.shareFolderEscape");
  }
  return key;
}

/** The file's own name as its key when no share and no object has it yet; else null. */
async function originalKeyIfFree(
  deps: FileDeps,
  storage: StorageRow,
  folder: string,
  filename: string,
): Promise<string | null> {
  const key = storagePathFor(storage, folder, filename, null);
  const shared = await deps.db.fileShare.findFirst({
    where: { storageConfigId: storage.id, storagePath: key },
    select: { id: true },
  });
  if (shared) return null;
  const driver = await deps.storage.driverFor(storage.id);
  return (await driver.head(key)) ? null : key;
}

function objectUrlFor(storage: StorageRow, key: string): string | null {
  if (storage.providerType === LOCAL_PROVIDER) return null;
  const encodedKey = key.split("/").map(encodeURIComponent).join("/");
  if (storage.customHost) return `${storage.customHost.replace(/\/+$/, "")}/${encodedKey}`;
  if (!storage.endpointUrl || !storage.bucketName) return null;
  const endpoint = new URL(storage.endpointUrl);
  return storage.pathStyle
    ? `${endpoint.origin}/${storage.bucketName}/${encodedKey}`
    : `${endpoint.protocol}//${storage.bucketName}.${endpoint.host}/${encodedKey}`;
}

/**
 * The storage a new upload goes to. An API key may only use configs marked public (the list it sees
 * is the same, docs/rules.md): a named private config is refused, and without a name it gets the
 * default when that is public, else the first public config.
 */
async function resolveUploadStorage(db: Database, auth: AuthState, storageConfigId?: string | null) {
  const keyCaller = auth.type === "apikey";
  const row = storageConfigId
    ? await db.storageConfig.findUnique({
        where: { id: storageConfigId },
        select: { ...storageSelect, isPublic: true },
      })
    : await db.storageConfig.findFirst({
        where: keyCaller ? { isPublic: true } : { isDefault: true },
        orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }],
        select: { ...storageSelect, isPublic: true },
      });
  if (!row) {
    throw new AppError("NOT_FOUND", keyCaller ? "errors.noPublicStorage" : "errors.storageConfigNotFound");
  }
  if (keyCaller && !row.isPublic) throw new AppError("FORBIDDEN", "errors.storageNotPublic", { name: row.name });
  return row;
}

/** The storage an existing upload record lives on. */
async function storageOf(db: Database, storageConfigId: string): Promise<StorageRow> {
  const row = await db.storageConfig.findUnique({ where: { id: storageConfigId }, select: storageSelect });
  if (!row) throw new AppError("NOT_FOUND", "errors.storageConfigNotFound");
  return row;
}

/** Bytes used on a storage config: committed files plus the declared size of uploads in flight. */
export async function usedBytes(db: Database, storageConfigId: string): Promise<number> {
  const result = await db.fileShare.aggregate({ where: { storageConfigId }, _sum: { size: true } });
  return Number(result._sum.size ?? 0n);
}

/** The server-side limits (docs/rules.md): max upload size, then the storage's capacity. */
export async function assertUploadFits(db: Database, storage: StorageRow, size: number, excludeFileId?: string) {
  const maxBytes = megabytesToBytes((await getSystemSettings(db)).max_upload_size);
  if (size > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge", { max: formatBytes(maxBytes) });
  if (storage.totalStorageBytes === null) return;
  const total = Number(storage.totalStorageBytes);
  const used = await usedBytes(db, storage.id);
  const ownSize = excludeFileId
    ? Number((await db.fileShare.findUnique({ where: { id: excludeFileId }, select: { size: true } }))?.size ?? 0n)
    : 0;
  const remaining = Math.max(0, total - (used - ownSize));
  if (size > remaining) {
    throw new AppError("INSUFFICIENT_STORAGE", "errors.insufficientStorageDetail", {
      size: formatBytes(size),
      remaining: formatBytes(remaining),
      total: formatBytes(total),
    });
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

/** Creates the record of an upload in flight (status "uploading"), after every limit check. */
async function createUploadRecord(
  deps: FileDeps,
  auth: AuthState,
  requested: UploadTarget,
  choices: StorageChoices = {},
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
  // Without a size the limits are checked once the object is stored (finishUpload).
  if (input.size !== undefined) await assertUploadFits(db, storage, input.size);
  const expiresAt = requestedExpiry(input) ?? null;
  const name = uploadFilename(input);
  const slugTaken = async (slug: string) =>
    (await db.fileShare.findUnique({ where: { slug }, select: { id: true } })) !== null;
  if (input.slug && (await slugTaken(input.slug))) throw new AppError("CONFLICT", "errors.slugTaken");
  const slug = input.slug ?? (await generateUniqueSlug(slugTaken));
  const originalKey = choices.originalFilename ? await originalKeyIfFree(deps, storage, input.path, name) : null;
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
        passwordHash: input.password ? await Bun.password.hash(input.password, "argon2id") : null,
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
    return { row, storage, usedOriginalFilename: originalKey !== null };
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
  const { row, storage } = await createUploadRecord(deps, auth, input);
  const driver = await deps.storage.driverFor(storage.id);
  const expiresIn = Math.min(storage.signatureExpiresIn, UPLOAD_URL_TTL_SECONDS);
  return {
    upload_url: await driver.presignPut(row.storagePath, { expiresIn, contentType: row.mimetype }),
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

/** Drops the listings of the mounts on these storage configs, after a share object came or went. */
async function invalidateMountsOf(deps: FileDeps, storageConfigIds: string[]) {
  const mounts = await deps.db.mount.findMany({
    where: { storageConfigId: { in: [...new Set(storageConfigIds)] } },
    select: { id: true },
  });
  deps.listingCache.invalidate(mounts.map((mount) => mount.id));
}

type ShareOptionsUpdate = Pick<
  z.output<typeof commitInput>,
  "remark" | "password" | "expires_in" | "expires_at" | "max_views"
>;

/** Marks an upload finished once its object is really stored, re-checking the limits on its real size. */
async function finishUpload(deps: FileDeps, row: FileRow, options: Partial<ShareOptionsUpdate>, etag: string | null) {
  const { db } = deps;
  const driver = await deps.storage.driverFor(row.storageConfigId);
  const stored = await driver.head(row.storagePath);
  if (!stored) throw new AppError("BAD_REQUEST", "errors.uploadMissingObject");
  if (row.encrypted && options.password) throw new AppError("BAD_REQUEST", "errors.encryptedPasswordInBrowser");
  const storage = await storageOf(db, row.storageConfigId);
  const expiresAt = requestedExpiry(options);
  try {
    await assertUploadFits(db, storage, stored.size, row.id);
  } catch (error) {
    await removeUpload(deps, row);
    throw error;
  }
  const updated = await db.fileShare.update({
    where: { id: row.id },
    data: {
      status: "ready",
      uploadId: null,
      size: BigInt(stored.size),
      etag: stored.etag ?? etag,
      ...(options.remark !== undefined && options.remark !== null ? { remark: options.remark } : {}),
      ...(options.password ? { passwordHash: await Bun.password.hash(options.password, "argon2id") } : {}),
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
  return finishUpload(deps, row, input, input.etag ?? null);
}

export async function initMultipartUpload(deps: FileDeps, auth: AuthState, input: z.output<typeof multipartInitInput>) {
  const storage = await resolveUploadStorage(deps.db, auth, input.s3_config_id);
  const driver = await deps.storage.driverFor(storage.id);
  const { row } = await createUploadRecord(deps, auth, input);
  try {
    const uploadId = await driver.createMultipartUpload(row.storagePath, { contentType: row.mimetype });
    await deps.db.fileShare.update({ where: { id: row.id }, data: { uploadId }, select: { id: true } });
    return {
      file_id: row.id,
      upload_id: uploadId,
      storage_path: row.storagePath,
      slug: row.slug,
      provider_type: storage.providerType,
      contentType: row.mimetype,
      part_size: input.part_size,
      // Unknown without a size: the client sends parts until the source ends.
      part_count: input.size === undefined ? 0 : Math.max(1, Math.ceil(input.size / input.part_size)),
    };
  } catch (error) {
    await deps.db.fileShare.deleteMany({ where: { id: row.id } });
    throw error;
  }
}

async function multipartState(deps: FileDeps, auth: AuthState, fileId: string) {
  const row = await findOwnUpload(deps.db, auth, fileId);
  if (row.status !== "uploading" || !row.uploadId) throw new AppError("BAD_REQUEST", "errors.uploadNotFound");
  return { row, uploadId: row.uploadId, driver: await deps.storage.driverFor(row.storageConfigId) };
}

export async function presignParts(deps: FileDeps, auth: AuthState, fileId: string, partNumbers: number[]) {
  const { row, uploadId, driver } = await multipartState(deps, auth, fileId);
  const expiresIn = UPLOAD_URL_TTL_SECONDS;
  const urls = await Promise.all(
    partNumbers.map(async (partNumber) => ({
      part_number: partNumber,
      url: await driver.presignUploadPart(row.storagePath, uploadId, partNumber, expiresIn),
    })),
  );
  return { urls, expires_in: expiresIn };
}

/** Parts already stored: the upload screen resumes from here after a reload. */
export async function listUploadedParts(deps: FileDeps, auth: AuthState, fileId: string) {
  const { row, uploadId, driver } = await multipartState(deps, auth, fileId);
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
  const { row, uploadId, driver } = await multipartState(deps, auth, input.file_id);
  const result = await driver.completeMultipartUpload(
    row.storagePath,
    uploadId,
    input.parts.map((part) => ({ partNumber: part.part_number, etag: part.etag })),
  );
  return finishUpload(deps, row, input, result.etag);
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

async function removeUpload(
  deps: Pick<FileDeps, "db" | "storage">,
  row: Pick<FileRow, "id" | "storageConfigId" | "storagePath" | "uploadId">,
) {
  const driver = await deps.storage.driverFor(row.storageConfigId);
  if (row.uploadId) await driver.abortMultipartUpload(row.storagePath, row.uploadId).catch(() => undefined);
  await driver.delete(row.storagePath).catch(() => undefined);
  await deps.db.fileShare.deleteMany({ where: { id: row.id } });
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
 * length when the client stated it; a body of another length fails the upload.
 */
export async function uploadThroughServer(
  deps: FileDeps,
  auth: AuthState,
  fields: ServerUploadFields,
  body: PutBody,
  exactSize?: number,
) {
  return (await storeThroughServer(deps, auth, fields, body, exactSize)).file;
}

async function storeThroughServer(
  deps: FileDeps,
  auth: AuthState,
  fields: ServerUploadFields,
  body: PutBody,
  exactSize?: number,
  choices: StorageChoices = {},
) {
  const { row, storage, usedOriginalFilename } = await createUploadRecord(deps, auth, fields, choices);
  const maxBytes = megabytesToBytes((await getSystemSettings(deps.db)).max_upload_size);
  const remaining =
    storage.totalStorageBytes === null
      ? Number.POSITIVE_INFINITY
      : Number(storage.totalStorageBytes) - (await usedBytes(deps.db, storage.id)) + (fields.size ?? 0);
  const counter = byteCounter(Math.min(maxBytes, remaining), (received) =>
    received > maxBytes
      ? new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge", { max: formatBytes(maxBytes) })
      : new AppError("INSUFFICIENT_STORAGE", "errors.insufficientStorageDetail", {
          size: formatBytes(received),
          remaining: formatBytes(Math.max(0, remaining)),
          total: formatBytes(Number(storage.totalStorageBytes)),
        }),
  );
  const source = toNodeReadable(body);
  pipeline(source, counter.transform, () => undefined);
  try {
    const driver = await deps.storage.driverFor(storage.id);
    const stored = await driver.put(row.storagePath, counter.transform, { contentType: row.mimetype, size: exactSize });
    if (exactSize !== undefined && stored.size !== exactSize) throw new AppError("BAD_REQUEST", "errors.sizeMismatch");
    const file = await finishUpload(deps, { ...row, size: BigInt(stored.size) }, {}, stored.etag);
    return { file, row, usedOriginalFilename };
  } catch (error) {
    source.resume();
    await removeUpload(deps, row);
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
  const stored = await storeThroughServer(deps, auth, fields, body, exactSize, {
    useProxy: input.use_proxy,
    originalFilename: input.original_filename,
  });
  let file = stored.file;
  if (replaced && input.slug) {
    await deleteFileRows(deps, [replaced]);
    await db.fileShare.update({ where: { id: file.id }, data: { slug: input.slug }, select: { id: true } });
    file = await getFile(deps, auth, file.id);
  }
  const driver = await deps.storage.driverFor(file.s3_config_id);
  const direct = await signedLinks({ ...stored.row, storagePath: file.storage_path, mimetype: file.mimetype }, driver);
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

// ---- Viewing by link -------------------------------------------------------------------------

/**
 * When a used-up share may be purged: the last deliveries handed out links valid for LINK_TTL_SECONDS,
 * and deleting the object at once would break them (the 51st request of a 50-view share would take
 * the file away from the 50th viewer). Until then it answers 410 and keeps its object.
 */
const usedUpBefore = (now: Date) => new Date(now.getTime() - LINK_TTL_SECONDS * 1000);

async function refuseIfGone(deps: FileDeps, row: FileRow, now: Date) {
  const expired = isExpired(row, now);
  if (!expired && !isExhausted(row)) return;
  if (expired || row.updatedAt <= usedUpBefore(now)) await deleteFileRows(deps, [row]);
  throw new AppError("GONE", expired ? "errors.fileExpired" : "errors.viewLimitReached");
}

/**
 * A share whose object was deleted through a mount, or is found missing (deleted or moved outside the
 * app), answers 410 "gone" from then on instead of handing out links to nothing (docs/decisions/0007).
 */
async function refuseIfObjectGone(deps: FileDeps, row: FileRow): Promise<StorageDriver> {
  if (row.status === "gone") throw new AppError("GONE", "errors.fileGone");
  const driver = await deps.storage.driverFor(row.storageConfigId);
  if (await driver.head(row.storagePath)) return driver;
  await deps.db.fileShare.updateMany({ where: { id: row.id, status: "ready" }, data: { status: "gone" } });
  throw new AppError("GONE", "errors.fileGone");
}

async function signedLinks(row: FileRow, driver: StorageDriver) {
  const options = { expiresIn: LINK_TTL_SECONDS, contentType: deliverableContentType(row.mimetype) };
  return {
    preview_url: await driver.presignGet(row.storagePath, {
      ...options,
      disposition: { type: "inline", filename: row.filename },
    }),
    download_url: await driver.presignGet(row.storagePath, {
      ...options,
      disposition: { type: "attachment", filename: row.filename },
    }),
    links_expire_at: new Date(Date.now() + LINK_TTL_SECONDS * 1000),
  };
}

/**
 * A share by its link: refused (410) when it expired, used up its views or lost its object; with the
 * driver that holds the object.
 */
async function findLiveShare(deps: FileDeps, slug: string, now: Date) {
  const row = await deps.db.fileShare.findFirst({
    where: { slug, status: { in: ["ready", "gone"] } },
    select: fileSelect,
  });
  if (!row) throw new AppError("NOT_FOUND", "errors.fileNotFound");
  await refuseIfGone(deps, row, now);
  const driver = await refuseIfObjectGone(deps, row);
  return { row, driver };
}

/** Counts one delivery by one conditional UPDATE (exactly max_views succeed, whatever the concurrency). */
async function countFileView(deps: FileDeps, row: FileRow, now: Date): Promise<void> {
  const { db } = deps;
  const counted = await db.fileShare.updateMany({
    where: {
      id: row.id,
      OR: [{ maxViews: 0 }, { views: { lt: db.fileShare.fields.maxViews } }],
      AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }],
    },
    // updatedAt dates the last delivery: a used-up share keeps its object until that one's links expire.
    data: { views: { increment: 1 }, updatedAt: now },
  });
  if (counted.count === 0) {
    const latest = await db.fileShare.findUnique({ where: { id: row.id }, select: fileSelect });
    if (!latest) throw new AppError("NOT_FOUND", "errors.fileNotFound");
    await refuseIfGone(deps, latest, now);
    throw new AppError("CONFLICT", "errors.conflict");
  }
}

type ShareRequest = { slug: string; password?: string; clientIp: string };

/**
 * The public details of a file share; with the password when it has one. Each delivery of links
 * counts one view.
 */
export async function viewPublicFile(deps: FileDeps, request: ShareRequest, now = new Date()): Promise<PublicFileView> {
  const { row, driver } = await findLiveShare(deps, request.slug, now);
  const base = {
    slug: row.slug,
    filename: row.filename,
    mimetype: deliverableContentType(row.mimetype),
    size: Number(row.size),
    has_password: row.passwordHash !== null,
    encrypted: row.encrypted,
    expires_at: row.expiresAt,
    max_views: row.maxViews,
    created_at: row.createdAt,
  };
  if (row.passwordHash) {
    if (!request.password) {
      return {
        ...base,
        requires_password: true,
        views: row.views,
        preview_url: null,
        download_url: null,
        links_expire_at: null,
      };
    }
    await verifySharePassword(deps.db, row.passwordHash, request.password, `${request.clientIp}:file:${row.slug}`);
  }
  await countFileView(deps, row, now);
  return { ...base, requires_password: false, views: row.views + 1, ...(await signedLinks(row, driver)) };
}

/**
 * A share's content for the routes that stream it (GET /file-download/{slug}, /file-view/{slug}):
 * the same rules as the share page (gone, password), and `countView` to call once the content is
 * really delivered.
 */
export async function openSharedFile(deps: FileDeps, request: ShareRequest, now = new Date()) {
  const { row, driver } = await findLiveShare(deps, request.slug, now);
  if (row.passwordHash) {
    if (!request.password) throw new AppError("WRONG_PASSWORD", "errors.passwordRequired");
    await verifySharePassword(deps.db, row.passwordHash, request.password, `${request.clientIp}:file:${row.slug}`);
  }
  return {
    driver,
    key: row.storagePath,
    filename: row.filename,
    contentType: row.mimetype,
    countView: () => countFileView(deps, row, now),
  };
}

// ---- Management ------------------------------------------------------------------------------

export async function listFiles(deps: FileDeps, auth: AuthState, input: z.output<typeof listFilesInput>) {
  const mode = deps.config.databaseProvider === "postgres" ? ({ mode: "insensitive" } as object) : {};
  const search = input.search
    ? {
        OR: [
          { slug: { contains: input.search, ...mode } },
          { filename: { contains: input.search, ...mode } },
          { remark: { contains: input.search, ...mode } },
        ],
      }
    : {};
  // Gone shares stay listed (status "gone") so that their owner sees why the link answers 410.
  const where = {
    ...ownedBy(auth),
    status: { in: ["ready", "gone"] },
    ...search,
    ...createdByFilter(input.created_by),
    ...(input.s3_config_id ? { storageConfigId: input.s3_config_id } : {}),
  };
  const [rows, total] = await Promise.all([
    deps.db.fileShare.findMany({
      where,
      select: fileSelect,
      orderBy: { createdAt: "desc" },
      skip: input.offset,
      take: input.limit,
    }),
    deps.db.fileShare.count({ where }),
  ]);
  const now = new Date();
  return {
    files: rows.map((row) => toFile(row, deps.config.publicUrl, now)),
    pagination: paginationOf(total, input.limit, input.offset),
  };
}

export async function getFile(deps: FileDeps, auth: AuthState, id: string) {
  const row = await deps.db.fileShare.findFirst({ where: { id, ...ownedBy(auth) }, select: fileSelect });
  if (!row) throw new AppError("NOT_FOUND", "errors.fileNotFound");
  return toFile(row, deps.config.publicUrl);
}

export async function updateFile(deps: FileDeps, auth: AuthState, input: z.output<typeof updateFileInput>) {
  const { db } = deps;
  const existing = await db.fileShare.findFirst({
    where: { id: input.id, ...ownedBy(auth) },
    select: { id: true, slug: true, encrypted: true },
  });
  if (!existing) throw new AppError("NOT_FOUND", "errors.fileNotFound");
  if (existing.encrypted && input.password) throw new AppError("BAD_REQUEST", "errors.encryptedPasswordInBrowser");
  if (input.slug && input.slug !== existing.slug) {
    if (await db.fileShare.findUnique({ where: { slug: input.slug }, select: { id: true } })) {
      throw new AppError("CONFLICT", "errors.slugTaken");
    }
  }
  let passwordHash: string | null | undefined;
  if (input.password === null || input.password === "") passwordHash = null;
  else if (input.password !== undefined) passwordHash = await Bun.password.hash(input.password, "argon2id");
  try {
    await db.fileShare.update({
      where: { id: input.id },
      data: {
        slug: input.slug,
        remark: input.remark === undefined ? undefined : input.remark?.trim() || null,
        passwordHash,
        expiresAt: requestedExpiry(input),
        maxViews: input.max_views,
      },
      select: { id: true },
    });
  } catch (error) {
    if (
      input.slug &&
      (await db.fileShare.findFirst({ where: { slug: input.slug, id: { not: input.id } }, select: { id: true } }))
    ) {
      throw new AppError("CONFLICT", "errors.slugTaken");
    }
    throw error;
  }
  return getFile(deps, auth, input.id);
}

/** Deletes records and their stored objects (and any multipart upload still open). */
async function deleteFileRows(
  deps: FileDeps,
  rows: Pick<FileRow, "id" | "storageConfigId" | "storagePath" | "uploadId">[],
) {
  for (const row of rows) {
    try {
      const driver = await deps.storage.driverFor(row.storageConfigId);
      if (row.uploadId) await driver.abortMultipartUpload(row.storagePath, row.uploadId).catch(() => undefined);
      await driver.delete(row.storagePath);
    } catch {
      // The record goes even when its storage is unreachable: an orphaned object is better than a
      // share that can never be removed.
    }
  }
  if (rows.length === 0) return;
  await deps.db.fileShare.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } });
  await invalidateMountsOf(
    deps,
    rows.map((row) => row.storageConfigId),
  );
}

export async function deleteFiles(deps: FileDeps, auth: AuthState, ids: string[]) {
  const rows = await deps.db.fileShare.findMany({ where: { id: { in: ids }, ...ownedBy(auth) }, select: fileSelect });
  if (rows.length === 0) throw new AppError("NOT_FOUND", "errors.fileNotFound");
  await deleteFileRows(deps, rows);
  return { deleted: rows.length };
}

/**
 * The sweep: expired shares, used-up ones once their last links have expired, and uploads left
 * unfinished for a day (docs/rules.md).
 */
export async function purgeGoneFiles(deps: FileDeps, now = new Date()) {
  const rows = await deps.db.fileShare.findMany({
    where: {
      OR: [
        { expiresAt: { lte: now } },
        {
          AND: [
            { maxViews: { gt: 0 } },
            { views: { gte: deps.db.fileShare.fields.maxViews } },
            { updatedAt: { lte: usedUpBefore(now) } },
          ],
        },
        { AND: [{ status: "uploading" }, { createdAt: { lte: new Date(now.getTime() - STALE_UPLOAD_MS) } }] },
      ],
    },
    select: fileSelect,
    take: 500,
  });
  await deleteFileRows(deps, rows);
  return { deleted: rows.length };
}
