// The mount explorer's file system (docs/product.md §7 File system): one virtual tree made of the active
// mounts. The root lists mount points as folders; the segments above a nested mount path show as
// folders too. A path resolves to the mount with the longest mount path that contains it, and inside
// it to an object key (services/explorer/mounts.ts says where a mount's objects live).
//
// A storage's share folder, where a mount shows it, is a "share area": keys never reach it (nor copy,
// move or delete a folder holding it), the admin sees its files marked as shares
// (docs/decisions/0007-share-folder-and-mount-folders.md). Permissions are in services/explorer/access.ts.

import { isPathWithin, joinPath } from "@shared/paths";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors";
import type { AuthState } from "../auth/sessions";
import { folderEntry, mountEntry } from "./entries";
import { folderPrefix, loadActiveMounts, type MountRow, mountKeyPrefix } from "./mounts";

export type FsDeps = Pick<AppDeps, "db" | "storage" | "config" | "listingCache">;

export type Location = {
  mount: MountRow;
  /** The virtual path. */
  path: string;
  /** The path inside the mount: "" for its root, else "a/b.txt". */
  relative: string;
  /** The mount root's key prefix, ending in "/". */
  prefix: string;
};

export type FsTree = {
  mounts: MountRow[];
  /** Virtual paths where a mount shows its storage's share folder (the mount's path when it lies inside one). */
  shareAreas: string[];
  /** True for API keys: share areas do not exist for them. */
  hidesShares: boolean;
};

export const fileKeyOf = (location: Location) => location.prefix + location.relative;
export const folderKeyOf = (location: Location) =>
  location.relative ? `${location.prefix}${location.relative}/` : location.prefix;

/** Where `mount` shows its storage's share folder, if it does. */
function shareAreaOf(mount: MountRow): string | null {
  const prefix = mountKeyPrefix(mount);
  const shares = folderPrefix(mount.storageConfig.shareFolder);
  if (shares === "" || prefix.startsWith(shares)) return mount.mountPath;
  if (shares.startsWith(prefix)) return joinPath(mount.mountPath, shares.slice(prefix.length, -1));
  return null;
}

/** The file system as `auth` sees it. */
export async function loadTree(deps: Pick<FsDeps, "db">, auth: AuthState): Promise<FsTree> {
  return treeOf(await loadActiveMounts(deps.db), auth);
}

/** The file system `auth` sees, made of these active mounts. */
export function treeOf(mounts: MountRow[], auth: AuthState): FsTree {
  const full: FsTree = { mounts, shareAreas: [], hidesShares: false };
  // A share area shadowed by a nested mount shows that mount's folder, not the share folder.
  const shareAreas = mounts.flatMap((mount) => {
    const area = shareAreaOf(mount);
    return area !== null && locate(full, area)?.mount.id === mount.id ? [area] : [];
  });
  return { mounts, shareAreas, hidesShares: auth.type === "apikey" };
}

/** Whether `path` lies in a share area (as the admin sees the tree). */
export const isInShareArea = (tree: FsTree, path: string) => tree.shareAreas.some((area) => isPathWithin(area, path));

export const isHiddenShare = (tree: FsTree, path: string) => tree.hidesShares && isInShareArea(tree, path);

/** Keys may not touch a share area, nor a folder holding one (copying or deleting it would reach the shares). */
export function assertClearOfShares(tree: FsTree, path: string): void {
  if (tree.hidesShares && tree.shareAreas.some((area) => isPathWithin(area, path) || isPathWithin(path, area))) {
    throw new AppError("FORBIDDEN", "errors.fsShareFolderForbidden");
  }
}

/** The mount holding `path`: the one with the longest mount path at or above it; null in a hidden share area. */
export function locate(tree: FsTree, path: string): Location | null {
  if (isHiddenShare(tree, path)) return null;
  let best: MountRow | null = null;
  for (const mount of tree.mounts) {
    if (isPathWithin(mount.mountPath, path) && (!best || mount.mountPath.length > best.mountPath.length)) best = mount;
  }
  if (!best) return null;
  const relative = path === best.mountPath ? "" : path.slice(best.mountPath.length + 1);
  return { mount: best, path, relative, prefix: mountKeyPrefix(best) };
}

/** What mounts put directly in `path`: their mount points, or folders on the way to deeper ones. */
export function mountChildren(tree: FsTree, path: string): Map<string, FsEntry> {
  const children = new Map<string, FsEntry>();
  for (const mount of tree.mounts) {
    if (mount.mountPath === path || !isPathWithin(path, mount.mountPath) || isHiddenShare(tree, mount.mountPath))
      continue;
    const rest = mount.mountPath.slice(path === "/" ? 1 : path.length + 1);
    const name = rest.split("/")[0] ?? rest;
    const childPath = joinPath(path, name);
    if (rest === name) children.set(name, mountEntry(mount, name, childPath));
    else if (!children.has(name)) children.set(name, folderEntry(name, childPath));
  }
  return children;
}

/** The folders mounts put directly in `path` (mount points, folders on the way to deeper ones): WebDAV listings. */
export function mountFolderEntries(tree: FsTree, path: string): FsEntry[] {
  return [...mountChildren(tree, path).values()];
}

/** A location strictly inside a mount: what files and folders can be created at, changed or removed. */
export function requireInsideMount(tree: FsTree, path: string): Location {
  assertClearOfShares(tree, path);
  const location = locate(tree, path);
  if (!location) throw new AppError("BAD_REQUEST", "errors.fsOutsideMount");
  if (location.relative === "") throw new AppError("BAD_REQUEST", "errors.fsMountRootProtected");
  if (mountChildren(tree, path).size > 0) throw new AppError("BAD_REQUEST", "errors.fsMountRootProtected");
  return location;
}

/** Whether `path` is a folder the mounts make: the root, a mount point, or a folder above one. */
export function isMountFolder(tree: FsTree, path: string): boolean {
  return path === "/" || locate(tree, path)?.relative === "" || mountChildren(tree, path).size > 0;
}

/** Drops the cached listings of every mount on the storage configs a write went to. */
export function invalidateListings(deps: Pick<FsDeps, "listingCache">, tree: FsTree, storageConfigIds: string[]) {
  const ids = new Set(storageConfigIds);
  deps.listingCache.invalidate(tree.mounts.filter((mount) => ids.has(mount.storageConfigId)).map((m) => m.id));
}
