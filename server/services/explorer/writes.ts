// Writing in the mount explorer: new folders, text files from the editor, and removing files and folders
// (whose file shares then answer 410 "gone", services/shares/objects.ts). Every write invalidates the
// listings of the mounts on the storage config it wrote to.

import { nameOf } from "@shared/paths";
import type { FsEntry, fsUpdateInput } from "@shared/schemas/explorer/explorer";
import type { z } from "zod";
import { AppError, describeError } from "../../errors";
import { contentTypeFor } from "../../storage/content-type";
import type { StorageDriver } from "../../storage/driver";
import type { AuthState } from "../auth/sessions";
import { followMovedShares, markSharesGone } from "../shares/objects";
import { assertRemovable, assertWritable, isReadOnly } from "./access";
import { folderEntry, storedFileEntry } from "./entries";
import { driverOf, statLocation, walkObjects } from "./storage";
import {
  type FsDeps,
  type FsTree,
  fileKeyOf,
  folderKeyOf,
  invalidateListings,
  type Location,
  loadTree,
  locate,
  mountChildren,
  requireInsideMount,
} from "./tree";

export async function makeFolder(deps: FsDeps, auth: AuthState, path: string) {
  assertWritable(auth, path);
  const tree = await loadTree(deps, auth);
  const location = locate(tree, path);
  if (location?.relative === "" || mountChildren(tree, path).size > 0) {
    throw new AppError("CONFLICT", "errors.fsAlreadyExists", { path });
  }
  const inside = requireInsideMount(tree, path);
  const driver = await driverOf(deps, inside);
  if (await statLocation(driver, inside)) throw new AppError("CONFLICT", "errors.fsAlreadyExists", { path });
  await driver.put(folderKeyOf(inside), new Uint8Array(0), { contentType: "application/x-directory", size: 0 });
  invalidateListings(deps, tree, [inside.mount.storageConfigId]);
  return folderEntry(nameOf(path), path, new Date());
}

/** Writes a text file (the editor, docs/product.md §5: at most 10 MB), creating it when absent. */
export async function updateTextFile(deps: FsDeps, auth: AuthState, input: z.output<typeof fsUpdateInput>) {
  assertWritable(auth, input.path);
  const tree = await loadTree(deps, auth);
  const location = requireInsideMount(tree, input.path);
  const driver = await driverOf(deps, location);
  const existing = await statLocation(driver, location);
  if (existing?.type === "directory") throw new AppError("BAD_REQUEST", "errors.fsNotAFile", { path: input.path });
  const name = nameOf(input.path);
  const type = contentTypeFor(name);
  const contentType = `${type === "application/octet-stream" ? "text/plain" : type}; charset=utf-8`;
  const size = Buffer.byteLength(input.content);
  const stored = await driver.put(fileKeyOf(location), input.content, { contentType, size });
  invalidateListings(deps, tree, [location.mount.storageConfigId]);
  const object = { size: stored.size, lastModified: new Date(), contentType: type, etag: stored.etag };
  return { ...storedFileEntry(input.path, object), isNewFile: existing === null };
}

// ---- Removing ----------------------------------------------------------------------------------

/** Deletes every object under a folder, then its markers deepest first (local: empty directories). */
export async function removeFolderTree(driver: StorageDriver, folderKey: string): Promise<number> {
  const markers = new Set<string>([folderKey]);
  let removed = 0;
  for await (const page of walkObjects(driver, folderKey)) {
    const files: string[] = [];
    for (const object of page) {
      const segments = object.key.slice(folderKey.length).split("/");
      for (let i = 1; i < segments.length; i++) markers.add(`${folderKey}${segments.slice(0, i).join("/")}/`);
      if (!object.key.endsWith("/")) files.push(object.key);
    }
    await driver.deleteMany(files);
    removed += files.length;
  }
  const depth = (key: string) => key.split("/").length;
  await driver.deleteMany([...markers].sort((a, b) => depth(b) - depth(a)));
  return removed;
}

async function removeOne(deps: FsDeps, auth: AuthState, tree: FsTree, path: string) {
  assertRemovable(auth, path);
  const location = requireInsideMount(tree, path);
  const driver = await driverOf(deps, location);
  const kind = await statLocation(driver, location);
  if (!kind) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  await removeStoredEntry(deps, tree, location, kind.type);
}

/**
 * Deletes a file or a whole folder of a mount (the explorer and WebDAV), then marks the file shares
 * whose objects went with it as gone (services/shares/objects.ts).
 */
export async function removeStoredEntry(
  deps: FsDeps,
  tree: FsTree,
  location: Location,
  type: FsEntry["type"],
): Promise<void> {
  const driver = await driverOf(deps, location);
  const key = type === "file" ? fileKeyOf(location) : folderKeyOf(location);
  try {
    if (type === "file") await driver.delete(key);
    else await removeFolderTree(driver, key);
  } finally {
    invalidateListings(deps, tree, [location.mount.storageConfigId]);
  }
  // After a partial failure the views find out object by object (services/shares/views.ts).
  await markSharesGone(deps.db, { storageConfigId: location.mount.storageConfigId, key });
}

export async function removePath(deps: FsDeps, auth: AuthState, path: string) {
  const tree = await loadTree(deps, auth);
  await removeOne(deps, auth, tree, path);
  return { deleted: 1, failed: [] };
}

/** After a file or folder was copied to its new place, before the old one goes: its file shares follow it. */
export function followMovedEntry(deps: Pick<FsDeps, "db">, source: Location, target: Location, type: FsEntry["type"]) {
  const keyOf = type === "file" ? fileKeyOf : folderKeyOf;
  return followMovedShares(
    deps.db,
    { storageConfigId: source.mount.storageConfigId, key: keyOf(source) },
    { storageConfigId: target.mount.storageConfigId, key: keyOf(target) },
  );
}

/** Removes each path on its own: one failure does not stop the others, and is reported. */
export async function removePaths(deps: FsDeps, auth: AuthState, paths: string[]) {
  if (isReadOnly(auth)) throw new AppError("FORBIDDEN", "errors.fsReadOnly");
  for (const path of paths) assertRemovable(auth, path);
  const tree = await loadTree(deps, auth);
  let deleted = 0;
  const failed: { path: string; message: string }[] = [];
  for (const path of new Set(paths)) {
    try {
      await removeOne(deps, auth, tree, path);
      deleted++;
    } catch (error) {
      failed.push({ path, message: messageOf(error) });
    }
  }
  return { deleted, failed };
}

/** The caller's-language message of a failure reported per item instead of thrown. */
export function messageOf(error: unknown): string {
  return describeError(error).message;
}
