// Where a file share's object is stored: the storage config it goes to, its object key beneath the
// share folder, its public URL, and its removal (with the mount listings that showed it).

import { extname } from "node:path";
import { LOCAL_PROVIDER } from "@shared/constants";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { StorageDriver } from "../../storage/driver";
import type { AuthState } from "../auth/sessions";
import type { FileDeps, FileRow } from "./records";

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

export type StorageRow = {
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

/** A file name safe as the last segment of an object key: no separators, controls or dot names. */
export function safeFilename(name: string): string {
  const cleaned = Array.from(name.replaceAll("\\", "/").split("/").pop() ?? "")
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .trim();
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "file" : cleaned.slice(0, 200);
}

/** The object key of a new share: beneath the storage's share folder, and nowhere else. */
export function storagePathFor(storage: StorageRow, folder: string, filename: string, slug: string | null): string {
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
export async function originalKeyIfFree(
  deps: FileDeps,
  storage: StorageRow,
  driver: StorageDriver,
  folder: string,
  filename: string,
): Promise<string | null> {
  const key = storagePathFor(storage, folder, filename, null);
  const shared = await deps.db.fileShare.findFirst({
    where: { storageConfigId: storage.id, storagePath: key },
    select: { id: true },
  });
  if (shared) return null;
  return (await driver.head(key)) ? null : key;
}

export function objectUrlFor(storage: StorageRow, key: string): string | null {
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
export async function resolveUploadStorage(db: Database, auth: AuthState, storageConfigId?: string | null) {
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

/** Drops the listings of the mounts on these storage configs, after a share object came or went. */
export async function invalidateMountsOf(deps: FileDeps, storageConfigIds: string[]) {
  const mounts = await deps.db.mount.findMany({
    where: { storageConfigId: { in: [...new Set(storageConfigIds)] } },
    select: { id: true },
  });
  deps.listingCache.invalidate(mounts.map((mount) => mount.id));
}

/**
 * Removes an upload in flight: aborts its multipart upload, deletes its object and its record.
 * `known` is the storage's driver when the caller holds it (an upload's policy).
 */
export async function removeUpload(
  deps: Pick<FileDeps, "db" | "storage">,
  row: Pick<FileRow, "id" | "storageConfigId" | "storagePath" | "uploadId">,
  known?: StorageDriver,
) {
  const driver = known ?? (await deps.storage.driverFor(row.storageConfigId));
  if (row.uploadId) await driver.abortMultipartUpload(row.storagePath, row.uploadId).catch(() => undefined);
  await driver.delete(row.storagePath).catch(() => undefined);
  await deps.db.fileShare.deleteMany({ where: { id: row.id } });
}

/** Deletes records and their stored objects (and any multipart upload still open). */
export async function deleteFileRows(
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
