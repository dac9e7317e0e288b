// Mount points (docs/product.md §3, §5, §6): the admin creates, changes and deletes them; API keys with mount
// permission see the active ones their base path reaches, read-only.
//
// Where a mount's files live: in the storage folder the admin chose for it (`folder`, "a/b" from the
// storage root, "" for the root; by default the storage's default folder). Several mounts may show
// one storage, in different folders or the same one. See docs/decisions/0007-share-folder-and-mount-folders.md.

import { isPathWithin } from "@shared/paths";
import type { createMountInput, MountView, updateMountInput } from "@shared/schemas/explorer/mounts";
import { storageTypeOf } from "@shared/schemas/explorer/mounts";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { AuthState } from "../auth/sessions";
import { basePathOf } from "./access";
import type { ListingCache } from "./listing-cache";

export const mountSelect = {
  id: true,
  name: true,
  mountPath: true,
  storageType: true,
  storageConfigId: true,
  folder: true,
  remark: true,
  isActive: true,
  sortOrder: true,
  cacheTtl: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  lastUsedAt: true,
  lastRefreshAt: true,
  storageConfig: { select: { name: true, providerType: true, shareFolder: true, signatureExpiresIn: true } },
} as const;

export type MountRow = {
  id: string;
  name: string;
  mountPath: string;
  storageType: string;
  storageConfigId: string;
  folder: string;
  remark: string | null;
  isActive: boolean;
  sortOrder: number;
  cacheTtl: number;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  lastUsedAt: Date | null;
  lastRefreshAt: Date | null;
  storageConfig: { name: string; providerType: string; shareFolder: string; signatureExpiresIn: number };
};

export type MountDeps = { db: Database; listingCache: ListingCache };

const mountOrder = [{ sortOrder: "asc" as const }, { mountPath: "asc" as const }];

/** The object-key prefix of a folder ("a/b" -> "a/b/", the root "" -> ""). */
export const folderPrefix = (folder: string) => (folder ? `${folder}/` : "");

/** The object-key prefix of a mount's root folder: "" for the storage root, else ending in "/". */
export function mountKeyPrefix(mount: Pick<MountRow, "folder">): string {
  return folderPrefix(mount.folder);
}

export function toMount(row: MountRow): MountView {
  return {
    id: row.id,
    name: row.name,
    storage_type: row.storageType,
    storage_config_id: row.storageConfigId,
    storage_config_name: row.storageConfig.name,
    mount_path: row.mountPath,
    folder: row.folder,
    remark: row.remark,
    is_active: row.isActive,
    created_by: row.createdBy,
    sort_order: row.sortOrder,
    cache_ttl: row.cacheTtl,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    last_used: row.lastUsedAt,
    last_refresh: row.lastRefreshAt,
  };
}

/** The active mounts, in display order: the tree the file system shows. */
export function loadActiveMounts(db: Database): Promise<MountRow[]> {
  return db.mount.findMany({ where: { isActive: true }, select: mountSelect, orderBy: mountOrder });
}

/**
 * docs/product.md §6: a key (or an app password) reaches a mount at or beneath its base path, or one
 * its base path lies in.
 */
export function isMountReachable(auth: AuthState, mountPath: string): boolean {
  const base = basePathOf(auth);
  if (base === null) return true;
  return isPathWithin(base, mountPath) || isPathWithin(mountPath, base);
}

export async function listMounts(db: Database, auth: AuthState) {
  if (basePathOf(auth) === null) {
    const rows = await db.mount.findMany({ select: mountSelect, orderBy: mountOrder });
    return rows.map(toMount);
  }
  const rows = await loadActiveMounts(db);
  return rows.filter((row) => isMountReachable(auth, row.mountPath)).map(toMount);
}

export async function getMount(db: Database, auth: AuthState, id: string) {
  const row = await db.mount.findUnique({ where: { id }, select: mountSelect });
  if (!row || (basePathOf(auth) !== null && (!row.isActive || !isMountReachable(auth, row.mountPath)))) {
    throw new AppError("NOT_FOUND", "errors.mountNotFound");
  }
  return toMount(row);
}

/** The storage a mount is put on: its mount type (checked against the one asked for) and default folder. */
async function storageFor(db: Database, storageConfigId: string, requested: string | undefined) {
  const storage = await db.storageConfig.findUnique({
    where: { id: storageConfigId },
    select: { providerType: true, defaultFolder: true },
  });
  if (!storage) throw new AppError("BAD_REQUEST", "errors.storageConfigNotFound");
  const storageType = storageTypeOf(storage.providerType);
  if (requested !== undefined && requested !== storageType) {
    throw new AppError("BAD_REQUEST", "errors.mountStorageTypeMismatch");
  }
  return { storageType, defaultFolder: storage.defaultFolder };
}

async function assertPathFree(db: Database, mountPath: string, exceptId?: string) {
  const taken = await db.mount.findFirst({
    where: { mountPath, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw new AppError("CONFLICT", "errors.mountPathTaken");
}

/** A unique-constraint race (two creates of one path at once) still answers 409. */
async function withPathConflict<T>(
  db: Database,
  mountPath: string | undefined,
  exceptId: string | undefined,
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (error) {
    if (mountPath) await assertPathFree(db, mountPath, exceptId);
    throw error;
  }
}

export async function createMount(deps: MountDeps, createdBy: string, input: z.output<typeof createMountInput>) {
  const { db } = deps;
  const mountPath = input.mount_path ?? input.config?.path;
  if (!mountPath) throw new AppError("BAD_REQUEST", "errors.mountPathRequired");
  const { storageType, defaultFolder } = await storageFor(db, input.storage_config_id, input.storage_type);
  await assertPathFree(db, mountPath);
  const row = await withPathConflict(db, mountPath, undefined, () =>
    db.mount.create({
      data: {
        name: input.name,
        mountPath,
        storageType,
        storageConfigId: input.storage_config_id,
        folder: input.folder ?? defaultFolder,
        remark: input.remark ?? null,
        isActive: input.is_active,
        sortOrder: input.sort_order,
        cacheTtl: input.cache_ttl,
        createdBy,
      },
      select: mountSelect,
    }),
  );
  return toMount(row);
}

export async function updateMount(deps: MountDeps, input: z.output<typeof updateMountInput>) {
  const { db } = deps;
  const existing = await db.mount.findUnique({
    where: { id: input.id },
    select: { id: true, storageConfigId: true, storageType: true },
  });
  if (!existing) throw new AppError("NOT_FOUND", "errors.mountNotFound");
  const storageConfigId = input.storage_config_id ?? existing.storageConfigId;
  const storageType =
    input.storage_config_id !== undefined || input.storage_type !== undefined
      ? (await storageFor(db, storageConfigId, input.storage_type)).storageType
      : existing.storageType;
  const mountPath = input.mount_path ?? input.config?.path;
  if (mountPath) await assertPathFree(db, mountPath, input.id);
  const row = await withPathConflict(db, mountPath, input.id, () =>
    db.mount.update({
      where: { id: input.id },
      data: {
        name: input.name,
        mountPath,
        storageType,
        storageConfigId,
        folder: input.folder,
        remark: input.remark,
        isActive: input.is_active,
        sortOrder: input.sort_order,
        cacheTtl: input.cache_ttl,
      },
      select: mountSelect,
    }),
  );
  deps.listingCache.invalidate([row.id]);
  return toMount(row);
}

export async function deleteMount(deps: MountDeps, id: string) {
  const deleted = await deps.db.mount.deleteMany({ where: { id } });
  if (deleted.count === 0) throw new AppError("NOT_FOUND", "errors.mountNotFound");
  deps.listingCache.invalidate([id]);
  return { deleted: deleted.count };
}
