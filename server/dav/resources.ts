// What a WebDAV path names in the mount tree: a file, a collection (the root, a folder above or at a
// mount point, a folder inside a mount), or nothing; and the members of a collection. Listings are
// read from the storage on every request rather than from the explorer's listing cache: sync clients
// compare what they see with what they wrote, and a cached listing could hide a change made outside
// the app. Writes through WebDAV still invalidate that cache, so the explorer sees them.
import { joinPath, nameOf, normalizePath } from "@shared/paths";
import { nextTurn, SLICE_ENTRIES } from "../http/sliced-answer";
import { type DriverAt, driverOf, statLocation } from "../services/explorer/storage";
import {
  type FsDeps,
  type FsTree,
  folderKeyOf,
  isMountFolder,
  type Location,
  locate,
  mountFolderEntries,
} from "../services/explorer/tree";
import { contentTypeFor } from "../storage/content-type";
import type { ObjectInfo } from "../storage/driver";

export type DavResource = {
  path: string;
  name: string;
  isCollection: boolean;
  size: number;
  modified: Date;
  created: Date;
  /** Quoted, as in an ETag header; null for collections. */
  etag: string | null;
  contentType: string | null;
  /** Where it is stored; null for the folders the mounts make above mount points. */
  location: Location | null;
};

/** Keys asked for per listing page (S3 answers at most 1000; local storage answers a folder at once). */
const LIST_PAGE_KEYS = 100_000;

/** The ETag of a stored object as served by GET (server/http/downloads/object-response.ts) and PROPFIND. */
export const quotedEtag = (etag: string | null) => (etag ? `"${etag}"` : null);

/**
 * Storage has no time for a folder: the mount's last change stands in, so that clients always get a
 * getlastmodified (some refuse a collection without one) and it stays stable between listings.
 */
function folderTime(tree: FsTree, location: Location | null): Date {
  if (location) return location.mount.updatedAt;
  let newest = new Date(0);
  for (const mount of tree.mounts) if (mount.updatedAt > newest) newest = mount.updatedAt;
  return newest;
}

export function fileResource(path: string, location: Location, object: ObjectInfo): DavResource {
  const name = nameOf(path);
  return {
    path,
    name,
    isCollection: false,
    size: object.size,
    modified: object.lastModified,
    created: object.lastModified,
    etag: quotedEtag(object.etag),
    contentType: object.contentType ?? contentTypeFor(name),
    location,
  };
}

export function collectionResource(tree: FsTree, path: string, location: Location | null): DavResource {
  const modified = folderTime(tree, location);
  const isMountRoot = location !== null && location.relative === "";
  return {
    path,
    name: path === "/" ? "" : nameOf(path),
    isCollection: true,
    size: 0,
    modified,
    created: isMountRoot ? location.mount.createdAt : modified,
    etag: null,
    contentType: null,
    location,
  };
}

/** The resource at `path`, or null when there is none; `driverAt` shares a request's drivers (requestDrivers). */
export async function resolveResource(
  deps: FsDeps,
  tree: FsTree,
  path: string,
  driverAt: DriverAt = (location) => driverOf(deps, location),
): Promise<DavResource | null> {
  const location = locate(tree, path);
  if (location && location.relative !== "") {
    const kind = await statLocation(await driverAt(location), location);
    if (kind?.type === "file") return fileResource(path, location, kind.object);
    if (kind?.type === "directory") return collectionResource(tree, path, location);
  }
  if (isMountFolder(tree, path)) return collectionResource(tree, path, location);
  return null;
}

/** A name from the storage that a request path can name again (no separators, dots or control characters). */
function isReachableName(name: string): boolean {
  return name !== "" && !name.includes("/") && !name.includes("\\") && normalizePath(`/${name}`) === `/${name}`;
}

/** The members of a collection: the storage's files and folders, and the folders the mounts put there. */
export async function listMembers(deps: FsDeps, tree: FsTree, collection: DavResource): Promise<DavResource[]> {
  const members = new Map<string, DavResource>();
  const { location } = collection;
  if (location) {
    const driver = await driverOf(deps, location);
    const folderKey = folderKeyOf(location);
    let token: string | undefined;
    let seen = 0;
    do {
      const page = await driver.list(folderKey, { delimiter: "/", continuationToken: token, maxKeys: LIST_PAGE_KEYS });
      for (const prefix of page.prefixes) {
        const name = prefix.slice(folderKey.length, -1);
        if (!isReachableName(name)) continue;
        const path = joinPath(collection.path, name);
        const own = locate(tree, path);
        // Inside a mount only a share area hidden from the caller has no location.
        if (own) members.set(name, collectionResource(tree, path, own));
      }
      for (const object of page.objects) {
        // A large folder is turned into resources a slice at a time, serving other requests between.
        if (++seen % SLICE_ENTRIES === 0) await nextTurn();
        const name = object.key.slice(folderKey.length);
        if (!isReachableName(name)) continue;
        const path = joinPath(collection.path, name);
        const own = locate(tree, path);
        // As statLocation decides: a file wins over a folder of the same name.
        if (own) members.set(name, fileResource(path, own, object));
      }
      token = page.nextContinuationToken ?? undefined;
    } while (token);
  }
  // Mount points (and the folders above deeper ones) shadow whatever the storage has there.
  for (const entry of mountFolderEntries(tree, collection.path)) {
    members.set(entry.name, collectionResource(tree, entry.path, locate(tree, entry.path)));
  }
  // By name; the native sort of the (unique) names, as strings, is several times faster on a large
  // folder than a sort calling a comparator.
  return [...members.keys()].sort().map((name) => members.get(name) as DavResource);
}
