// Reading the mount explorer: folder listings (whole or paged, cached per mount by services/explorer/listing-cache.ts),
// one entry's details, and signed links to a file.

import { isPathWithin, joinPath, nameOf } from "@shared/paths";
import type { FsEntry, fsFileLinkInput } from "@shared/schemas/explorer/explorer";
import { storageTypeOf } from "@shared/schemas/explorer/mounts";
import type { z } from "zod";
import { AppError } from "../../errors";
import { contentTypeFor } from "../../storage/content-type";
import type { StorageDriver } from "../../storage/driver";
import type { AuthState } from "../auth/sessions";
import { shareSlugsByKey } from "../shares/objects";
import { assertReadable, basePathOf, isReadOnly, leadsToBase, nextStepToBase } from "./access";
import { byTypeThenName, fileEntry, folderEntry, mountEntry } from "./entries";
import type { CachedListing } from "./listing-cache";
import { driverOf, LIST_PAGE_KEYS, statLocation, touchMount } from "./storage";
import {
  type FsDeps,
  type FsTree,
  fileKeyOf,
  folderKeyOf,
  isHiddenShare,
  isInShareArea,
  type Location,
  loadTree,
  locate,
  mountChildren,
} from "./tree";

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

/** One page of a folder: from the storage's continuation token (none: the first page), about `limit` entries. */
type FolderPageRequest = { token?: string; limit: number };

export type ListFolderOptions = {
  refresh?: boolean;
  /** Pages the listing (docs/decisions/0010-paged-listings.md); without it the whole folder comes at once. */
  page?: { cursor?: string; limit: number };
};

export async function listFolder(deps: FsDeps, auth: AuthState, path: string, options: ListFolderOptions = {}) {
  if (leadsToBase(auth, path)) return listWayDown(deps, auth, path);
  assertReadable(auth, path);
  const tree = await loadTree(deps, auth);
  const location = locate(tree, path);
  const children = mountChildren(tree, path);
  const token = options.page?.cursor ? decodeCursor(options.page.cursor, path) : undefined;
  const page = options.page ? { token, limit: options.page.limit } : undefined;
  let entries: FsEntry[] = [];
  let cached = false;
  let nextToken: string | null = null;
  if (location) {
    const result = await cachedFolder(deps, location, options.refresh ?? false, page);
    cached = result.cached;
    nextToken = result.listing.nextToken ?? null;
    // A key's base folder may not exist yet on S3: it is shown empty, not missing.
    const base = basePathOf(auth);
    const isOwnFolder = base !== null && isPathWithin(path, base);
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
  entries.sort(byTypeThenName);
  return listingAnswer(auth, path, location, { entries, cached, nextToken });
}

/**
 * A folder above a key's base path shows one entry, the folder on the way down, whether or not the
 * storage holds it yet (an S3 prefix exists only once something is stored under it). So nothing is
 * listed: a base path inside a folder of a million files costs what one inside an empty one does.
 */
async function listWayDown(deps: FsDeps, auth: AuthState, path: string) {
  const tree = await loadTree(deps, auth);
  const location = locate(tree, path);
  const children = mountChildren(tree, path);
  if (!location && children.size === 0 && path !== "/") throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  const next = nextStepToBase(auth, path);
  const mountChild = children.get(next);
  let entries: FsEntry[] = mountChild ? [mountChild] : location ? [folderEntry(next, joinPath(path, next))] : [];
  if (location) {
    if (!tree.hidesShares) entries = await markShares(deps, tree, location, entries);
    await touchMount(deps, location.mount);
  }
  return listingAnswer(auth, path, location, { entries, cached: false, nextToken: null });
}

function listingAnswer(
  auth: AuthState,
  path: string,
  location: Location | null,
  listed: { entries: FsEntry[]; cached: boolean; nextToken: string | null },
) {
  return {
    path,
    is_virtual: location === null,
    mount_id: location?.mount.id ?? null,
    readonly: isReadOnly(auth),
    cached: listed.cached,
    total: listed.entries.length,
    items: listed.entries,
    next_cursor: listed.nextToken ? encodeCursor({ path, token: listed.nextToken }) : null,
    has_more: listed.nextToken !== null,
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
