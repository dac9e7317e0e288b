// The mount explorer's reach into storage: the driver of a location, walking and probing its objects,
// and what a write must tell the listing cache and the mount's last-used date.

import type { ObjectInfo, StorageDriver } from "../../storage/driver";
import type { MountRow } from "./mounts";
import { type FsDeps, type FsTree, fileKeyOf, folderKeyOf, type Location, locate, mountChildren } from "./tree";

/**
 * Keys asked for per listing page. S3 answers at most 1000 whatever is asked, and the pages are
 * followed by continuation token; local storage answers a folder in one page instead of reading it
 * again for every thousand entries.
 */
export const LIST_PAGE_KEYS = 100_000;
/**
 * Keys per page of a recursive walk (search, copy, delete): S3's page, and on local disk a page of the
 * same size read in key order that stops when full, so that a walk stopped early (a search that has
 * its results) never reads the rest of the tree.
 */
export const WALK_PAGE_KEYS = 1000;
/** Writing last_used on every call would turn reads into writes; once a minute per mount is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function driverOf(deps: Pick<FsDeps, "storage">, location: Location): Promise<StorageDriver> {
  return deps.storage.driverFor(location.mount.storageConfigId);
}

export type DriverAt = (location: Location) => Promise<StorageDriver>;

/**
 * The drivers of one request: each storage config's driver is looked up once however many steps
 * ask (a WebDAV PUT probes the path and its parent, then stores through the same driver).
 */
export function requestDrivers(deps: Pick<FsDeps, "storage">): DriverAt {
  const found = new Map<string, Promise<StorageDriver>>();
  return (location) => {
    const id = location.mount.storageConfigId;
    let driver = found.get(id);
    if (!driver) {
      driver = deps.storage.driverFor(id);
      found.set(id, driver);
    }
    return driver;
  };
}

/** Pages of every object under a prefix (folder markers included): local disk's own walk, else list() by continuation token. */
export async function* walkObjects(driver: StorageDriver, prefix: string): AsyncGenerator<ObjectInfo[]> {
  if (driver.walk) {
    yield* driver.walk(prefix, WALK_PAGE_KEYS);
    return;
  }
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

/** Whether `path` is a folder of the tree: virtual, a mount point, or a folder inside a mount. */
export async function isFolderPath(
  deps: FsDeps,
  tree: FsTree,
  path: string,
  driverAt: DriverAt = (location) => driverOf(deps, location),
): Promise<boolean> {
  if (path === "/" || mountChildren(tree, path).size > 0) return true;
  const location = locate(tree, path);
  if (!location) return false;
  if (location.relative === "") return true;
  return folderExists(await driverAt(location), folderKeyOf(location));
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
