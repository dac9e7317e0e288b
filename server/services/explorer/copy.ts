// Copy and move in the mount explorer (docs/product.md §3 Copy item, Batch copy response; §4 client-side
// copy). Within one storage config the server copies object by object with the storage's own copy
// (S3 CopyObject, a file copy on disk): whole folders too, never through memory. Across storage
// configs a batch copy answers `requiresClientSideCopy` with a signed download URL and a signed upload
// URL per file, and the client streams each file from one to the other, then commits. A rename
// across storage configs streams each object through the server (bounded memory) instead.

import { isPathWithin, joinPath, nameOf } from "@shared/paths";
import type {
  FsEntry,
  fsCopyCommitInput,
  fsCopyInput,
  fsCopyItem,
  fsCopyOutput,
} from "@shared/schemas/explorer/explorer";
import { storageTypeOf } from "@shared/schemas/explorer/mounts";
import type { z } from "zod";
import { AppError } from "../../errors";
import { contentTypeFor } from "../../storage/content-type";
import type { MultipartHooks, ObjectInfo, StorageDriver } from "../../storage/driver";
import type { AuthState } from "../auth/sessions";
import { assertReadable, assertRemovable, assertWritable, isReadOnly } from "./access";
import { driverOf, isFolderPath, statLocation, walkObjects } from "./storage";
import {
  assertClearOfShares,
  type FsDeps,
  type FsTree,
  fileKeyOf,
  folderKeyOf,
  invalidateListings,
  isMountFolder,
  type Location,
  loadTree,
  locate,
  requireInsideMount,
} from "./tree";
import { followMovedEntry, messageOf, removeFolderTree } from "./writes";

/** Objects copied at once inside one storage: enough to hide request latency, gentle on the store. */
const COPY_CONCURRENCY = 8;
/** How long the download and upload URLs of a client-side copy stay valid. */
const COPY_URL_TTL_SECONDS = 60 * 60;

export type Endpoint = { location: Location; driver: StorageDriver };
type TreeCopy = { copied: number; skipped: number; failures: { key: string; error: unknown }[] };

async function runLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const emptyMarker = new Uint8Array(0);
const markerOptions = { contentType: "application/x-directory", size: 0 };

/** How one object goes in parts (a task's large files, docs/tasks.md). */
export type TransferOptions = {
  /** The source's size, when the caller knows it. */
  size?: number;
  /** An object larger than this goes in parts: UploadPartCopy inside one S3 store, a multipart upload across. */
  partsAbove?: number;
  multipart?: MultipartHooks;
};

/**
 * One object from a storage to another (or the same): the store's copy, else a streamed GET and PUT.
 * Without `partsAbove` each store decides (S3: in parts only where one request cannot be, above 5 GiB).
 */
export async function transferObject(
  source: Endpoint,
  sourceKey: string,
  target: Endpoint,
  targetKey: string,
  options: TransferOptions = {},
) {
  if (source.location.mount.storageConfigId === target.location.mount.storageConfigId) {
    await source.driver.copy(sourceKey, targetKey, options);
  } else if (sourceKey.endsWith("/")) {
    await target.driver.put(targetKey, emptyMarker, markerOptions);
  } else {
    const object = await source.driver.get(sourceKey);
    const inParts = options.partsAbove !== undefined && object.size > options.partsAbove;
    await target.driver.put(targetKey, object.body, {
      contentType: object.contentType ?? contentTypeFor(sourceKey),
      size: object.size,
      multipart: inParts ? (options.multipart ?? {}) : undefined,
    });
  }
}

/** Copies a folder object by object; an empty folder becomes an empty folder (its marker). */
async function copyTree(source: Endpoint, target: Endpoint, skipExisting: boolean): Promise<TreeCopy> {
  const sourceFolder = folderKeyOf(source.location);
  const targetFolder = folderKeyOf(target.location);
  const result: TreeCopy = { copied: 0, skipped: 0, failures: [] };
  let seen = 0;
  for await (const page of walkObjects(source.driver, sourceFolder)) {
    seen += page.length;
    await runLimited(page, COPY_CONCURRENCY, async (object) => {
      const targetKey = targetFolder + object.key.slice(sourceFolder.length);
      try {
        if (skipExisting && !object.key.endsWith("/") && (await target.driver.head(targetKey))) {
          result.skipped++;
          return;
        }
        await transferObject(source, object.key, target, targetKey);
        result.copied++;
      } catch (error) {
        result.failures.push({ key: object.key, error });
      }
    });
  }
  if (seen === 0) {
    await target.driver.put(targetFolder, emptyMarker, markerOptions);
    result.copied++;
  }
  return result;
}

function targetMountOf(location: Location) {
  const { mount } = location;
  return {
    id: mount.id,
    name: mount.name,
    mount_path: mount.mountPath,
    storage_config_id: mount.storageConfigId,
    storage_type: storageTypeOf(mount.storageConfig.providerType),
  };
}

type CopyItem = z.infer<typeof fsCopyItem>;

async function clientCopyItem(
  source: Endpoint,
  object: Pick<ObjectInfo, "key" | "size" | "contentType">,
  sourcePath: string,
  target: Endpoint,
  targetKey: string,
  targetPath: string,
): Promise<CopyItem> {
  const fileName = nameOf(targetPath);
  const contentType = object.contentType ?? contentTypeFor(fileName);
  return {
    sourcePath,
    targetPath,
    downloadUrl: await source.driver.presignGet(object.key, {
      expiresIn: COPY_URL_TTL_SECONDS,
      disposition: { type: "attachment", filename: nameOf(sourcePath) },
    }),
    uploadUrl: await target.driver.presignPut(targetKey, { expiresIn: COPY_URL_TTL_SECONDS, contentType }),
    targetS3Path: targetKey,
    targetKey,
    sourceKey: object.key,
    fileName,
    contentType,
    fileSize: object.size,
    targetMountId: target.location.mount.id,
  };
}

/** The files of a folder for the client to copy; folders that are empty are made on the target now. */
async function planClientCopy(source: Endpoint, target: Endpoint, skipExisting: boolean) {
  const sourceFolder = folderKeyOf(source.location);
  const targetFolder = folderKeyOf(target.location);
  const items: CopyItem[] = [];
  let folders = 0;
  let skipped = 0;
  let seen = 0;
  for await (const page of walkObjects(source.driver, sourceFolder)) {
    seen += page.length;
    for (const object of page) {
      const relative = object.key.slice(sourceFolder.length);
      const targetKey = targetFolder + relative;
      if (object.key.endsWith("/")) {
        await target.driver.put(targetKey, emptyMarker, markerOptions);
        folders++;
        continue;
      }
      if (skipExisting && (await target.driver.head(targetKey))) {
        skipped++;
        continue;
      }
      const sourcePath = `${source.location.path}/${relative}`;
      const targetPath = `${target.location.path}/${relative}`;
      items.push(await clientCopyItem(source, object, sourcePath, target, targetKey, targetPath));
    }
  }
  if (seen === 0) {
    await target.driver.put(targetFolder, emptyMarker, markerOptions);
    folders++;
  }
  return { items, folders, skipped };
}

type CopyResult = z.infer<typeof fsCopyOutput>;

async function copyOne(
  deps: FsDeps,
  auth: AuthState,
  tree: FsTree,
  item: z.output<typeof fsCopyInput>["items"][number],
  skipExisting: boolean,
  result: CopyResult,
): Promise<void> {
  assertClearOfShares(tree, item.sourcePath);
  const sourceLocation = locate(tree, item.sourcePath);
  if (!sourceLocation) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  const source = { location: sourceLocation, driver: await driverOf(deps, sourceLocation) };
  const kind = await statLocation(source.driver, sourceLocation);
  if (!kind) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  // A file goes into a folder target; a folder target of a folder is its new path, unless it is a
  // folder the mounts make (which cannot be replaced): then the folder goes into it.
  let targetPath = item.targetPath.path;
  const intoTarget =
    kind.type === "file"
      ? item.targetPath.isFolder || (targetPath !== item.sourcePath && (await isFolderPath(deps, tree, targetPath)))
      : isMountFolder(tree, targetPath);
  if (intoTarget) targetPath = joinPath(targetPath, nameOf(item.sourcePath));
  assertWritable(auth, targetPath);
  if (targetPath === item.sourcePath) {
    result.skipped++;
    return;
  }
  if (kind.type === "directory" && isPathWithin(item.sourcePath, targetPath)) {
    throw new AppError("BAD_REQUEST", "errors.fsMoveIntoItself");
  }
  const targetLocation = requireInsideMount(tree, targetPath);
  const target = { location: targetLocation, driver: await driverOf(deps, targetLocation) };
  const sameStorage = sourceLocation.mount.storageConfigId === targetLocation.mount.storageConfigId;
  try {
    if (sameStorage && kind.type === "file") {
      const targetKey = fileKeyOf(targetLocation);
      if (skipExisting && (await target.driver.head(targetKey))) result.skipped++;
      else {
        await source.driver.copy(fileKeyOf(sourceLocation), targetKey);
        result.success++;
      }
    } else if (sameStorage) {
      const copied = await copyTree(source, target, skipExisting);
      result.success += copied.copied;
      result.skipped += copied.skipped;
      for (const failure of copied.failures) {
        result.failed.push({
          sourcePath: `${sourceLocation.path}/${failure.key.slice(folderKeyOf(sourceLocation).length)}`,
          targetPath,
          message: messageOf(failure.error),
        });
      }
    } else {
      let items: CopyItem[] = [];
      if (kind.type === "file") {
        const targetKey = fileKeyOf(targetLocation);
        if (skipExisting && (await target.driver.head(targetKey))) result.skipped++;
        else {
          const object = { ...kind.object, key: fileKeyOf(sourceLocation) };
          items = [await clientCopyItem(source, object, item.sourcePath, target, targetKey, targetPath)];
        }
      } else {
        const plan = await planClientCopy(source, target, skipExisting);
        items = plan.items;
        result.skipped += plan.skipped;
        // Empty folders exist on the target already; with no file left to copy they count as copied.
        if (items.length === 0 && plan.skipped === 0) result.success += plan.folders;
      }
      if (items.length > 0) {
        result.crossStorageResults.push({
          sourcePath: item.sourcePath,
          targetPath,
          isDirectory: kind.type === "directory",
          requiresClientSideCopy: true,
          targetMount: targetMountOf(targetLocation),
          items,
        });
      }
    }
  } finally {
    invalidateListings(deps, tree, [targetLocation.mount.storageConfigId]);
  }
}

/**
 * Batch copy (docs/product.md §7). Every item is checked against the caller's base path before anything is
 * copied; then each item is copied on its own, its failure reported without stopping the others.
 * "No files to copy" when no source exists.
 */
export async function batchCopy(deps: FsDeps, auth: AuthState, input: z.output<typeof fsCopyInput>) {
  if (isReadOnly(auth)) throw new AppError("FORBIDDEN", "errors.fsReadOnly");
  for (const item of input.items) {
    assertReadable(auth, item.sourcePath);
    assertWritable(auth, item.targetPath.path);
  }
  const tree = await loadTree(deps, auth);
  const result: CopyResult = {
    success: 0,
    skipped: 0,
    failed: [],
    requiresClientSideCopy: false,
    crossStorageResults: [],
    items: [],
    targetMount: null,
    isDirectory: false,
  };
  let missing = 0;
  for (const item of input.items) {
    try {
      await copyOne(deps, auth, tree, item, input.skipExisting, result);
    } catch (error) {
      if (error instanceof AppError && error.messageKey === "errors.fsPathNotFound") missing++;
      result.failed.push({ sourcePath: item.sourcePath, targetPath: item.targetPath.path, message: messageOf(error) });
    }
  }
  if (missing === input.items.length) throw new AppError("NOT_FOUND", "errors.fsNoFilesToCopy");
  const [first] = result.crossStorageResults;
  result.items = result.crossStorageResults.flatMap((cross) => cross.items);
  result.requiresClientSideCopy = result.items.length > 0;
  result.targetMount = first?.targetMount ?? null;
  result.isDirectory = first?.isDirectory ?? false;
  return result;
}

/** After a client-side copy: checks each uploaded file is in the target mount's storage. */
export async function commitClientCopy(deps: FsDeps, auth: AuthState, input: z.output<typeof fsCopyCommitInput>) {
  if (isReadOnly(auth)) throw new AppError("FORBIDDEN", "errors.fsReadOnly");
  for (const file of input.files) assertWritable(auth, file.targetPath);
  const tree = await loadTree(deps, auth);
  const mount = tree.mounts.find((candidate) => candidate.id === input.targetMountId);
  if (!mount) throw new AppError("NOT_FOUND", "errors.mountNotFound");
  const driver = await deps.storage.driverFor(mount.storageConfigId);
  let committed = 0;
  const failed: { targetPath: string; message: string }[] = [];
  for (const file of input.files) {
    try {
      const location = requireInsideMount(tree, file.targetPath);
      if (location.mount.id !== mount.id) {
        throw new AppError("BAD_REQUEST", "errors.fsCopyTargetMountMismatch", { path: file.targetPath });
      }
      const key = fileKeyOf(location);
      if (file.s3Path && file.s3Path !== key) {
        throw new AppError("BAD_REQUEST", "errors.fsCopyKeyMismatch", { path: file.targetPath });
      }
      if (!(await driver.head(key))) {
        throw new AppError("NOT_FOUND", "errors.fsCopyObjectMissing", { path: file.targetPath });
      }
      committed++;
    } catch (error) {
      failed.push({ targetPath: file.targetPath, message: messageOf(error) });
    }
  }
  invalidateListings(deps, tree, [mount.storageConfigId]);
  return { committed, failed };
}

/** Rename or move a file or a whole folder: copy, then delete the source once everything is copied. */
export async function renamePath(deps: FsDeps, auth: AuthState, oldPath: string, newPath: string) {
  assertRemovable(auth, oldPath);
  assertWritable(auth, newPath);
  const tree = await loadTree(deps, auth);
  const sourceLocation = requireInsideMount(tree, oldPath);
  const source = { location: sourceLocation, driver: await driverOf(deps, sourceLocation) };
  const kind = await statLocation(source.driver, sourceLocation);
  if (!kind) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  const type: FsEntry["type"] = kind.type;
  if (oldPath === newPath) return { oldPath, newPath, type };
  if (isPathWithin(oldPath, newPath)) throw new AppError("BAD_REQUEST", "errors.fsMoveIntoItself");
  const targetLocation = requireInsideMount(tree, newPath);
  const target = { location: targetLocation, driver: await driverOf(deps, targetLocation) };
  if (await statLocation(target.driver, targetLocation)) {
    throw new AppError("CONFLICT", "errors.fsAlreadyExists", { path: newPath });
  }
  try {
    if (kind.type === "file") {
      await transferObject(source, fileKeyOf(sourceLocation), target, fileKeyOf(targetLocation));
      await followMovedEntry(deps, sourceLocation, targetLocation, kind.type);
      await source.driver.delete(fileKeyOf(sourceLocation));
    } else {
      const copied = await copyTree(source, target, false);
      // The source stays whole unless every object reached the target.
      if (copied.failures[0]) throw copied.failures[0].error;
      await followMovedEntry(deps, sourceLocation, targetLocation, kind.type);
      await removeFolderTree(source.driver, folderKeyOf(sourceLocation));
    }
  } finally {
    invalidateListings(deps, tree, [sourceLocation.mount.storageConfigId, targetLocation.mount.storageConfigId]);
  }
  return { oldPath, newPath, type };
}

/**
 * A file or a whole folder copied by the server (WebDAV COPY and MOVE), across storage configs too:
 * the store's own copy within one, a streamed GET and PUT between two. Fails on the first object
 * that could not be copied, leaving the source whole.
 */
export async function copyEntryOnServer(deps: FsDeps, source: Location, target: Location, type: FsEntry["type"]) {
  const from: Endpoint = { location: source, driver: await driverOf(deps, source) };
  const to: Endpoint = { location: target, driver: await driverOf(deps, target) };
  if (type === "file") {
    await transferObject(from, fileKeyOf(source), to, fileKeyOf(target));
    return;
  }
  const copied = await copyTree(from, to, false);
  if (copied.failures[0]) throw copied.failures[0].error;
}
