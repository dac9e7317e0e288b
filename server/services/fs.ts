// The mount explorer's file system (docs/product.md §7 File system): one virtual tree made of the active
// mounts. The root lists mount points as folders; the segments above a nested mount path show as
// folders too. A path resolves to the mount with the longest mount path that contains it, and inside
// it to an object key (services/mounts.ts says where a mount's objects live).
//
// Every path arrives normalised (shared/schemas); each is checked against the caller's base path with
// hasPathPermission before anything is read or written. API keys reach their base path and below;
// they may also browse the folders above it, which then show only the way down to it. Keys marked
// read-only are refused every write. A storage's share folder, where a mount shows it, is a "share
// area": keys never reach it (nor copy, move or delete a folder holding it), the admin sees its files
// marked as shares (docs/decisions/0007-share-folder-and-mount-folders.md). Folder listings are cached per mount (services/listing-cache.ts)
// and every write through the app invalidates the mounts on the storage config it wrote to.
import { freemem, totalmem } from "node:os";
import type { z } from "zod";
import { hasPathPermission, isPathWithin, type Principal } from "../../shared/paths";
import type { FsEntry, fsFileLinkInput, fsSearchInput, fsSearchOutput, fsUpdateInput } from "../../shared/schemas/fs";
import { storageTypeOf } from "../../shared/schemas/mounts";
import type { AppDeps } from "../deps";
import { AppError, describeError } from "../errors";
import { contentTypeFor } from "../storage/content-type";
import type { ObjectInfo, StorageDriver } from "../storage/driver";
import type { AuthState } from "./auth";
import type { CachedListing } from "./listing-cache";
import { folderPrefix, loadActiveMounts, type MountRow, mountKeyPrefix } from "./mounts";
import { followMovedShares, markSharesGone, shareSlugsByKey } from "./share-objects";

export type FsDeps = Pick<AppDeps, "db" | "storage" | "config" | "listingCache">;

/**
 * Keys asked for per listing page. S3 answers at most 1000 whatever is asked, and the pages are
 * followed by continuation token; local storage answers a folder in one page instead of reading it
 * again for every thousand entries.
 */
const LIST_PAGE_KEYS = 100_000;
/**
 * Keys per page of a recursive walk (search, copy, delete): S3's page, and on local disk a page of the
 * same size read in key order that stops when full, so that a walk stopped early (a search that has
 * its results) never reads the rest of the tree.
 */
const WALK_PAGE_KEYS = 1000;
/** A search walks at most this many objects, then answers what it found with `truncated`. */
const SEARCH_MAX_OBJECTS = 200_000;
/** Writing last_used on every call would turn reads into writes; once a minute per mount is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

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
export const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
export const joinPath = (folder: string, name: string) => (folder === "/" ? `/${name}` : `${folder}/${name}`);
export const parentOf = (path: string) => path.slice(0, Math.max(1, path.lastIndexOf("/")));

// ---- The tree ----------------------------------------------------------------------------------

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
  const mounts = await loadActiveMounts(deps.db);
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

const isHiddenShare = (tree: FsTree, path: string) => tree.hidesShares && isInShareArea(tree, path);

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

/** An entry with the CloudPaste document's names for its kind, date and media type beside ours. */
function entryOf(fields: Omit<FsEntry, "isDirectory" | "lastModified" | "mimeType">): FsEntry {
  return {
    ...fields,
    isDirectory: fields.type === "directory",
    lastModified: fields.modified,
    mimeType: fields.mimetype,
  };
}

function mountEntry(mount: MountRow, name: string, path: string): FsEntry {
  return entryOf({
    name,
    path,
    type: "directory",
    size: 0,
    modified: mount.updatedAt,
    mimetype: null,
    is_mount: true,
    mount_id: mount.id,
  });
}

function folderEntry(name: string, path: string, modified: Date | null = null): FsEntry {
  return entryOf({ name, path, type: "directory", size: 0, modified, mimetype: null, is_mount: false, mount_id: null });
}

export function fileEntry(path: string, object: Pick<ObjectInfo, "size" | "lastModified" | "contentType">): FsEntry {
  const name = nameOf(path);
  return entryOf({
    name,
    path,
    type: "file",
    size: object.size,
    modified: object.lastModified,
    mimetype: object.contentType ?? contentTypeFor(name),
    is_mount: false,
    mount_id: null,
  });
}

/** A file just written, as the document's upload answers it: the entry with the object's tag and type. */
export function storedFileEntry(
  path: string,
  object: Pick<ObjectInfo, "size" | "lastModified" | "contentType" | "etag">,
) {
  const entry = fileEntry(path, object);
  return { ...entry, etag: object.etag, contentType: entry.mimetype ?? contentTypeFor(entry.name) };
}

/** What mounts put directly in `path`: their mount points, or folders on the way to deeper ones. */
function mountChildren(tree: FsTree, path: string): Map<string, FsEntry> {
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

// ---- Permissions -------------------------------------------------------------------------------

function principalOf(auth: AuthState): Principal {
  return auth.type === "admin" ? { type: "admin" } : { type: "apikey", keyId: auth.keyId, basicPath: auth.basicPath };
}

export const canRead = (auth: AuthState, path: string) => hasPathPermission(principalOf(auth), path);

/** A folder above a key's base path: browsable, showing only the way down to the base path. */
function leadsToBase(auth: AuthState, path: string): boolean {
  return auth.type === "apikey" && !canRead(auth, path) && isPathWithin(path, auth.basicPath);
}

export const isReadOnly = (auth: AuthState) => auth.type === "apikey" && auth.mountReadOnly;

export function assertReadable(auth: AuthState, path: string): void {
  if (!canRead(auth, path)) throw new AppError("FORBIDDEN", "errors.fsPathForbidden");
}

export function assertWritable(auth: AuthState, path: string): void {
  if (isReadOnly(auth)) throw new AppError("FORBIDDEN", "errors.fsReadOnly");
  assertReadable(auth, path);
}

/**
 * Removing (or moving away) `path` is allowed where writing is, except at or above a key's base
 * path: the key is confined to that folder, so it may empty it but not delete it (as it cannot
 * rename it: the new name would be outside).
 */
export function assertRemovable(auth: AuthState, path: string): void {
  assertWritable(auth, path);
  if (auth.type === "apikey" && isPathWithin(path, auth.basicPath)) {
    throw new AppError("FORBIDDEN", "errors.fsBasePathProtected", { path: auth.basicPath });
  }
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

// ---- Storage helpers ---------------------------------------------------------------------------

export function driverOf(deps: Pick<FsDeps, "storage">, location: Location): Promise<StorageDriver> {
  return deps.storage.driverFor(location.mount.storageConfigId);
}

/** Pages of every object under a prefix (folder markers included), following continuation tokens. */
export async function* walkObjects(driver: StorageDriver, prefix: string): AsyncGenerator<ObjectInfo[]> {
  let token: string | undefined;
  do {
    const page = await driver.list(prefix, { continuationToken: token, maxKeys: WALK_PAGE_KEYS });
    yield page.objects;
    token = page.nextContinuationToken ?? undefined;
  } while (token);
}

/** A folder exists when it has a marker (local: the directory itself) or anything beneath it. */
export async function folderExists(driver: StorageDriver, folderKey: string): Promise<boolean> {
  if (await driver.head(folderKey)) return true;
  const page = await driver.list(folderKey, { delimiter: "/", maxKeys: 1 });
  return page.objects.length > 0 || page.prefixes.length > 0;
}

export type PathKind = { type: "file"; object: ObjectInfo } | { type: "directory" } | null;

/** What a path inside a mount names: a file, a folder, or nothing. */
export async function statLocation(driver: StorageDriver, location: Location): Promise<PathKind> {
  if (location.relative === "") return { type: "directory" };
  const object = await driver.head(fileKeyOf(location));
  if (object) return { type: "file", object };
  return (await folderExists(driver, folderKeyOf(location))) ? { type: "directory" } : null;
}

/** Whether `path` is a folder the mounts make: the root, a mount point, or a folder above one. */
export function isMountFolder(tree: FsTree, path: string): boolean {
  return path === "/" || locate(tree, path)?.relative === "" || mountChildren(tree, path).size > 0;
}

/** Whether `path` is a folder of the tree: virtual, a mount point, or a folder inside a mount. */
export async function isFolderPath(deps: FsDeps, tree: FsTree, path: string): Promise<boolean> {
  if (path === "/" || mountChildren(tree, path).size > 0) return true;
  const location = locate(tree, path);
  if (!location) return false;
  if (location.relative === "") return true;
  return folderExists(await driverOf(deps, location), folderKeyOf(location));
}

type FolderPage = CachedListing & { nextToken: string | null };

/**
 * A folder's entries from the storage. Whole (`maxKeys` undefined): every page, following the
 * continuation tokens. One page: from `token`, about `maxKeys` entries, with the token of the next;
 * pages that hold nothing to show (only the folder's own marker) are skipped.
 */
async function readFolder(
  driver: StorageDriver,
  location: Location,
  page: { token?: string; maxKeys?: number } = {},
): Promise<FolderPage> {
  const folderKey = folderKeyOf(location);
  const entries: FsEntry[] = [];
  let sawAnything = false;
  let token = page.token;
  do {
    const listed = await driver.list(folderKey, {
      delimiter: "/",
      continuationToken: token,
      maxKeys: page.maxKeys ?? LIST_PAGE_KEYS,
    });
    for (const prefix of listed.prefixes) {
      sawAnything = true;
      const name = prefix.slice(folderKey.length, -1);
      if (name && !name.includes("/")) entries.push(folderEntry(name, joinPath(location.path, name)));
    }
    for (const object of listed.objects) {
      sawAnything = true;
      const name = object.key.slice(folderKey.length);
      // The folder's own marker is not an entry.
      if (name && !name.includes("/")) entries.push(fileEntry(joinPath(location.path, name), object));
    }
    token = listed.nextContinuationToken ?? undefined;
  } while (token && (page.maxKeys === undefined || entries.length === 0));
  const exists =
    sawAnything || page.token !== undefined || location.relative === "" || (await driver.head(folderKey)) !== null;
  return { entries, exists, nextToken: token ?? null };
}

/** Where a paged listing goes on: the folder it belongs to and the storage's continuation token. */
type ListCursor = { path: string; token: string };

function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** A cursor handed out for this folder; anything else (edited, from another folder) is a 400. */
function decodeCursor(cursor: string, path: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<ListCursor>;
    if (parsed.path === path && typeof parsed.token === "string" && parsed.token) return parsed.token;
  } catch {
    // Refused below, like any cursor that is not one of ours.
  }
  throw new AppError("BAD_REQUEST", "errors.fsInvalidCursor");
}

/**
 * The storage's entries of a folder (all, or one page), from the cache when the mount's TTL allows.
 * A page is cached under its cursor and size, so scrolling back through a folder costs nothing.
 */
async function cachedFolder(deps: FsDeps, location: Location, refresh: boolean, page?: FolderPageRequest) {
  const { mount } = location;
  const cache = deps.listingCache;
  const slot = page ? `${location.relative}\u0000${page.token ?? ""}\u0000${page.limit}` : location.relative;
  if (mount.cacheTtl > 0 && !refresh) {
    const hit = cache.get(mount.id, slot);
    if (hit) return { listing: { nextToken: null, ...hit }, cached: true };
  }
  const version = cache.version(mount.id);
  const listing = await readFolder(
    await driverOf(deps, location),
    location,
    page ? { token: page.token, maxKeys: page.limit } : {},
  );
  cache.set(mount.id, slot, listing, mount.cacheTtl, version);
  return { listing, cached: false };
}

/** Drops the cached listings of every mount on the storage configs a write went to. */
export function invalidateListings(deps: Pick<FsDeps, "listingCache">, tree: FsTree, storageConfigIds: string[]) {
  const ids = new Set(storageConfigIds);
  deps.listingCache.invalidate(tree.mounts.filter((mount) => ids.has(mount.storageConfigId)).map((m) => m.id));
}

const lastTouched = new Map<string, number>();

/** Records that a mount was used (last_used), at most once a minute per mount and process. */
export async function touchMount(deps: Pick<FsDeps, "db">, mount: MountRow): Promise<void> {
  const now = Date.now();
  if (now - (lastTouched.get(mount.id) ?? 0) < LAST_USED_RESOLUTION_MS) return;
  lastTouched.set(mount.id, now);
  if (lastTouched.size > 10_000) lastTouched.clear();
  await deps.db.mount.updateMany({ where: { id: mount.id }, data: { lastUsedAt: new Date(now) } });
}

// ---- Reading -----------------------------------------------------------------------------------

/**
 * The admin's listing marks what belongs to file shares: folders that are or hold a share folder, and
 * files in a share area with the slug of their share. Copies: cached entries are never changed.
 */
async function markShares(deps: FsDeps, tree: FsTree, location: Location, entries: FsEntry[]): Promise<FsEntry[]> {
  if (!tree.shareAreas.some((area) => isPathWithin(area, location.path) || isPathWithin(location.path, area))) {
    return entries;
  }
  const keyOf = (path: string) => location.prefix + path.slice(location.mount.mountPath.length + 1);
  const shareFiles = entries.filter((entry) => entry.type === "file" && isInShareArea(tree, entry.path));
  const slugs = await shareSlugsByKey(
    deps.db,
    location.mount.storageConfigId,
    shareFiles.map((entry) => keyOf(entry.path)),
  );
  return entries.map((entry) => {
    if (entry.type === "directory") {
      return tree.shareAreas.some((area) => isPathWithin(entry.path, area)) ? { ...entry, holds_shares: true } : entry;
    }
    const slug = isInShareArea(tree, entry.path) ? slugs.get(keyOf(entry.path)) : undefined;
    return slug ? { ...entry, share_slug: slug } : entry;
  });
}

const byTypeThenName = (a: FsEntry, b: FsEntry) =>
  a.type !== b.type ? (a.type === "directory" ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** One page of a folder: from the storage's continuation token (none: the first page), about `limit` entries. */
type FolderPageRequest = { token?: string; limit: number };

export type ListFolderOptions = {
  refresh?: boolean;
  /** Pages the listing (docs/decisions/0010-paged-listings.md); without it the whole folder comes at once. */
  page?: { cursor?: string; limit: number };
};

export async function listFolder(deps: FsDeps, auth: AuthState, path: string, options: ListFolderOptions = {}) {
  const onTheWay = leadsToBase(auth, path);
  if (!onTheWay) assertReadable(auth, path);
  const tree = await loadTree(deps, auth);
  const location = locate(tree, path);
  const children = mountChildren(tree, path);
  const token = options.page?.cursor ? decodeCursor(options.page.cursor, path) : undefined;
  // A folder above a key's base path shows one entry, picked from the whole listing.
  const page = options.page && !onTheWay ? { token, limit: options.page.limit } : undefined;
  let entries: FsEntry[] = [];
  let cached = false;
  let nextToken: string | null = null;
  if (location) {
    const result = await cachedFolder(deps, location, options.refresh ?? false, page);
    cached = result.cached;
    nextToken = result.listing.nextToken ?? null;
    // A key's base folder (or one above it) may not exist yet on S3: it is shown empty, not missing.
    const isOwnFolder = auth.type === "apikey" && isPathWithin(path, auth.basicPath);
    if (!result.listing.exists && children.size === 0 && !isOwnFolder) {
      throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
    }
    entries = result.listing.entries.filter((entry) => !children.has(entry.name) && !isHiddenShare(tree, entry.path));
    if (!tree.hidesShares) entries = await markShares(deps, tree, location, entries);
    await touchMount(deps, location.mount);
  } else if (children.size === 0 && path !== "/") {
    throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  }
  // Mount points come with the first page.
  if (!token) entries.push(...children.values());
  if (onTheWay && auth.type === "apikey") {
    const next = auth.basicPath.slice(path === "/" ? 1 : path.length + 1).split("/")[0] ?? "";
    entries = entries.filter((entry) => entry.name === next && entry.type === "directory");
    if (entries.length === 0 && location) entries.push(folderEntry(next, joinPath(path, next)));
  }
  entries.sort(byTypeThenName);
  return {
    path,
    is_virtual: location === null,
    mount_id: location?.mount.id ?? null,
    readonly: isReadOnly(auth),
    cached,
    total: entries.length,
    items: entries,
    next_cursor: nextToken ? encodeCursor({ path, token: nextToken }) : null,
    has_more: nextToken !== null,
  };
}

export async function getEntry(deps: FsDeps, auth: AuthState, path: string) {
  if (!leadsToBase(auth, path)) assertReadable(auth, path);
  const tree = await loadTree(deps, auth);
  const location = locate(tree, path);
  const base = { readonly: isReadOnly(auth), etag: null };
  const where = location
    ? {
        mount_id: location.mount.id,
        mount_path: location.mount.mountPath,
        storage_type: storageTypeOf(location.mount.storageConfig.providerType),
      }
    : { mount_id: null, mount_path: null, storage_type: null };
  if (path === "/") return { ...folderEntry("", "/"), ...base, ...where };
  if (location && location.relative === "") {
    return { ...mountEntry(location.mount, nameOf(path), path), ...base, ...where };
  }
  if (location) {
    const kind = await statLocation(await driverOf(deps, location), location);
    if (kind?.type === "file") return { ...fileEntry(path, kind.object), ...base, ...where, etag: kind.object.etag };
    if (kind?.type === "directory") return { ...folderEntry(nameOf(path), path), ...base, ...where };
  }
  if (mountChildren(tree, path).size > 0) return { ...folderEntry(nameOf(path), path), ...base, ...where };
  throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
}

/** A file the caller may read: its location, driver and stored details. */
export async function resolveFile(deps: FsDeps, auth: AuthState, path: string) {
  assertReadable(auth, path);
  const tree = await loadTree(deps, auth);
  const location = locate(tree, path);
  if (!location || location.relative === "") throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  const driver = await driverOf(deps, location);
  const object = await driver.head(fileKeyOf(location));
  if (!object) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  await touchMount(deps, location.mount);
  return { tree, location, driver, object, filename: nameOf(path) };
}

export async function createFileLink(deps: FsDeps, auth: AuthState, input: z.output<typeof fsFileLinkInput>) {
  const { location, driver, object, filename } = await resolveFile(deps, auth, input.path);
  const expiresIn = input.expires_in ?? location.mount.storageConfig.signatureExpiresIn;
  const url = await driver.presignGet(fileKeyOf(location), {
    expiresIn,
    disposition: { type: input.force_download ? "attachment" : "inline", filename },
    contentType: object.contentType ?? contentTypeFor(filename),
  });
  return {
    presignedUrl: url,
    filename,
    expires_in: expiresIn,
    expires_at: new Date(Date.now() + expiresIn * 1000),
  };
}

// ---- Search ------------------------------------------------------------------------------------

type SearchRoot = { mount: MountRow; folder: Location };

function searchRoots(tree: FsTree, auth: AuthState, input: z.output<typeof fsSearchInput>): SearchRoot[] {
  // Where the caller may look: their base path, narrowed to the folder asked for.
  let scopePath = auth.type === "apikey" ? auth.basicPath : "/";
  if (input.scope === "directory" && input.path) {
    if (isPathWithin(scopePath, input.path)) scopePath = input.path;
    else if (!isPathWithin(input.path, scopePath)) throw new AppError("FORBIDDEN", "errors.fsPathForbidden");
  }
  let mounts = tree.mounts;
  if (input.scope === "mount") {
    mounts = mounts.filter((mount) => mount.id === input.mount_id);
    if (mounts.length === 0) throw new AppError("NOT_FOUND", "errors.mountNotFound");
  }
  const roots: SearchRoot[] = [];
  // Walked in path order, so that a search stopped early has found the first matches by path.
  for (const mount of [...mounts].sort((a, b) => (a.mountPath < b.mountPath ? -1 : 1))) {
    if (isPathWithin(scopePath, mount.mountPath)) {
      roots.push({ mount, folder: { mount, path: mount.mountPath, relative: "", prefix: mountKeyPrefix(mount) } });
    } else if (isPathWithin(mount.mountPath, scopePath)) {
      const folder = locate(tree, scopePath);
      if (folder?.mount.id === mount.id) roots.push({ mount, folder });
    }
  }
  if (input.scope === "mount" && roots.length === 0) throw new AppError("FORBIDDEN", "errors.fsPathForbidden");
  return roots;
}

/**
 * Search by name (docs/product.md §3 Search params): files and folders whose name contains `q`, ignoring
 * case, in every mount of the scope, by walking their storage listings page by page (S3: prefix
 * listings of 1000 keys). The walk stops as soon as it has the page asked for and one match more, or
 * at its object limit, and then says so (`truncated`): a search in a mount of 100,000 objects
 * answers its first results without walking them all. Paths shadowed by a nested mount belong to
 * that mount and are reported from it only.
 */
export async function searchFiles(
  deps: FsDeps,
  auth: AuthState,
  input: z.output<typeof fsSearchInput>,
): Promise<z.infer<typeof fsSearchOutput>> {
  const tree = await loadTree(deps, auth);
  const needle = input.q.toLowerCase();
  const matches = new Map<string, z.infer<typeof fsSearchOutput>["results"][number]>();
  const roots = searchRoots(tree, auth, input);
  let walked = 0;
  let truncated = false;
  // One match past the page shows that there is more; finding it ends the walk.
  const enough = input.offset + input.limit + 1;
  const belongsTo = (mount: MountRow, path: string) => locate(tree, path)?.mount.id === mount.id && canRead(auth, path);

  const found = (mount: MountRow, entry: FsEntry) => ({
    ...entry,
    mount_id: mount.id,
    mount_path: mount.mountPath,
    mountId: mount.id,
    mountName: mount.name,
    relativePath: entry.path === mount.mountPath ? "" : entry.path.slice(mount.mountPath.length + 1),
  });

  const searched = new Set<string>();
  for (const { mount, folder } of roots) {
    if (truncated) break;
    searched.add(mount.id);
    const mountName = nameOf(mount.mountPath);
    if (
      folder.relative === "" &&
      mountName.toLowerCase().includes(needle) &&
      canRead(auth, mount.mountPath) &&
      !isHiddenShare(tree, mount.mountPath)
    ) {
      matches.set(mount.mountPath, found(mount, mountEntry(mount, mountName, mount.mountPath)));
    }
    const driver = await driverOf(deps, folder);
    const folderKey = folderKeyOf(folder);
    for await (const page of walkObjects(driver, folderKey)) {
      for (const object of page) {
        if (++walked > SEARCH_MAX_OBJECTS) {
          truncated = true;
          break;
        }
        const relative = object.key.slice(folder.prefix.length).replace(/\/$/, "");
        if (!relative) continue;
        const segments = relative.split("/");
        const isMarker = object.key.endsWith("/");
        // Folders: every segment below the search root whose name matches.
        const firstFolder = folder.relative ? folder.relative.split("/").length : 0;
        for (let i = firstFolder; i < segments.length - (isMarker ? 0 : 1); i++) {
          const name = segments[i] ?? "";
          if (!name.toLowerCase().includes(needle)) continue;
          const path = `${mount.mountPath}/${segments.slice(0, i + 1).join("/")}`;
          if (!matches.has(path) && belongsTo(mount, path)) {
            matches.set(path, found(mount, folderEntry(name, path)));
          }
        }
        if (isMarker) continue;
        const name = segments[segments.length - 1] ?? "";
        if (!name.toLowerCase().includes(needle)) continue;
        const path = `${mount.mountPath}/${relative}`;
        if (belongsTo(mount, path)) {
          matches.set(path, found(mount, fileEntry(path, object)));
        }
      }
      if (matches.size >= enough) truncated = true;
      if (truncated) break;
    }
  }
  const results = [...matches.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    results: results.slice(input.offset, input.offset + input.limit),
    total: results.length,
    hasMore: input.offset + input.limit < results.length,
    searchParams: { query: input.q, scope: input.scope, limit: input.limit, offset: input.offset },
    mountsSearched: searched.size,
    truncated,
  };
}

// ---- Simple writes -----------------------------------------------------------------------------

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
 * whose objects went with it as gone (services/share-objects.ts).
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
  // After a partial failure the views find out object by object (services/files.ts).
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

// ---- The listing cache -------------------------------------------------------------------------

/**
 * Clears cached listings: the admin's of every mount (or one), a key's of the mounts its base path
 * reaches (docs/product.md §6: keys may clear the user cache). Records the refresh on the mounts.
 */
/** Clears cached listings of every mount the caller reaches, or of one mount, or of a storage config's mounts. */
export async function clearListingCache(
  deps: FsDeps,
  auth: AuthState,
  scope: { mount_id?: string; s3_config_id?: string } = {},
) {
  const mountId = scope.mount_id;
  const rows = await deps.db.mount.findMany({
    where: {
      ...(mountId ? { id: mountId } : {}),
      ...(scope.s3_config_id ? { storageConfigId: scope.s3_config_id } : {}),
    },
    select: { id: true, mountPath: true, isActive: true },
  });
  if (mountId && rows.length === 0) throw new AppError("NOT_FOUND", "errors.mountNotFound");
  const reachable =
    auth.type === "admin"
      ? rows
      : rows.filter(
          (row) =>
            row.isActive &&
            (isPathWithin(auth.basicPath, row.mountPath) || isPathWithin(row.mountPath, auth.basicPath)),
        );
  if (mountId && reachable.length === 0) throw new AppError("NOT_FOUND", "errors.mountNotFound");
  const ids = reachable.map((row) => row.id);
  const everything = auth.type === "admin" && !mountId && !scope.s3_config_id;
  const cleared = everything ? deps.listingCache.clear() : deps.listingCache.clear(ids);
  if (ids.length > 0) {
    await deps.db.mount.updateMany({ where: { id: { in: ids } }, data: { lastRefreshAt: new Date() } });
  }
  return { clearedCount: cleared, mounts: ids.length, timestamp: new Date() };
}

export async function listingCacheStats(deps: FsDeps) {
  const stats = deps.listingCache.stats();
  const mounts = await deps.db.mount.findMany({
    select: { id: true, name: true, mountPath: true, cacheTtl: true },
    orderBy: [{ sortOrder: "asc" }, { mountPath: "asc" }],
  });
  const rate = (hits: number, misses: number) => (hits + misses === 0 ? 0 : hits / (hits + misses));
  const rows = mounts.map((mount) => {
    const own = stats.get(mount.id) ?? { entries: 0, hits: 0, misses: 0 };
    return {
      mount_id: mount.id,
      name: mount.name,
      mount_path: mount.mountPath,
      cache_ttl: mount.cacheTtl,
      entries: own.entries,
      hits: own.hits,
      misses: own.misses,
      hit_rate: rate(own.hits, own.misses),
    };
  });
  const sum = (field: "entries" | "hits" | "misses") => rows.reduce((total, row) => total + row[field], 0);
  return {
    entries: sum("entries"),
    hits: sum("hits"),
    misses: sum("misses"),
    hit_rate: rate(sum("hits"), sum("misses")),
    mounts: rows,
    // The CloudPaste document's layout of the same figures, with the process's memory (MB) and uptime.
    cache: {
      directory: {
        totalEntries: sum("entries"),
        hitRate: rate(sum("hits"), sum("misses")),
        missRate: sum("hits") + sum("misses") === 0 ? 0 : 1 - rate(sum("hits"), sum("misses")),
      },
    },
    system: { memory: memoryMegabytes(), uptime: Math.round(process.uptime()) },
    timestamp: new Date(),
  };
}

/**
 * The machine's memory (MB) as the document's "system" figures read it, and the server process's own
 * resident size. (The JavaScript heap is no base for "free": under Bun its used part can exceed its
 * reserved total.)
 */
function memoryMegabytes() {
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  const total = totalmem();
  const free = freemem();
  return { used: mb(total - free), free: mb(free), total: mb(total), rss: mb(process.memoryUsage.rss()) };
}
