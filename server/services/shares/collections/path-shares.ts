// Shares of a mount's file or folder made from the explorer (docs/path-shares.md): no bytes copied, the
// share points at the object key and follows moves made through the app (services/shares/objects.ts).
// A visitor's first call checks the password and counts one view, and hands out a visit token that the
// rest of the visit (sub-folders, single files, the zip) passes instead, so a visit counts once.

import { nameOf } from "@shared/paths";
import type {
  createPathShareInput,
  DownloadAllSize,
  PublicShare,
  SharedItem,
} from "@shared/schemas/shares/path-shares";
import type { z } from "zod";
import { AppError } from "../../../errors";
import { contentTypeFor } from "../../../storage/content-type";
import type { StorageDriver } from "../../../storage/driver";
import { type AuthState, creatorOf } from "../../auth/sessions";
import { assertReadable } from "../../explorer/access";
import { driverOf, folderExists, statLocation, walkObjects } from "../../explorer/storage";
import { assertClearOfShares, type FsDeps, fileKeyOf, folderKeyOf, loadTree, locate } from "../../explorer/tree";
import { hashSharePassword, isExpired, newShareExpiry } from "../delivery";
import { purgedSet } from "../slugs/purged-slugs";
import { assertSlugGuessesLeft, slugMissed } from "../slugs/slug-guesses";
import { generateUniqueLinkSlug } from "../slugs/slugs";
import { admitVisit, type VisitRequest } from "./share-visits";
import { PackedEntries, zipResponse } from "./share-zip";

export type PathShareDeps = FsDeps;

/** Entries one listing answer holds at most; a bigger folder says `truncated` (the zip still holds all). */
export const SHARE_LISTING_MAX = 5000;
/**
 * Files counted at most for what "Download all" holds (docs/path-shares.md, "Before the zip"): a
 * larger folder is told as "at least", so that opening a page never walks a whole huge tree.
 */
export const DOWNLOAD_ALL_COUNT_MAX = 10_000;

/** The columns a path share is read with, by visitors and by its owner (path-share-manage.ts). */
export const pathShareSelect = {
  id: true,
  slug: true,
  name: true,
  isDirectory: true,
  storageConfigId: true,
  storagePath: true,
  remark: true,
  passwordHash: true,
  expiresAt: true,
  maxViews: true,
  views: true,
  status: true,
  createdBy: true,
  createdAt: true,
} as const;

export type PathShareRow = {
  id: string;
  slug: string;
  name: string;
  isDirectory: boolean;
  storageConfigId: string;
  storagePath: string;
  remark: string | null;
  passwordHash: string | null;
  expiresAt: Date | null;
  maxViews: number;
  views: number;
  status: string;
  createdBy: string;
  createdAt: Date;
};

export const pathShareLink = (publicUrl: string, slug: string) => `${publicUrl}/s/${encodeURIComponent(slug)}`;

/**
 * Shares the file or folder at `path` (the explorer's "Share"): the caller must be able to read it (a key
 * only inside its base path, never a share area), and it must exist.
 */
export async function createPathShare(
  deps: PathShareDeps,
  auth: AuthState,
  input: z.output<typeof createPathShareInput>,
) {
  assertReadable(auth, input.path);
  const tree = await loadTree(deps, auth);
  assertClearOfShares(tree, input.path);
  const location = locate(tree, input.path);
  if (!location) throw new AppError("BAD_REQUEST", "errors.fsOutsideMount");
  const kind = await statLocation(await driverOf(deps, location), location);
  if (!kind) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  const isDirectory = kind.type === "directory";
  return createPathShareRow(deps, auth, {
    storageConfigId: location.mount.storageConfigId,
    storagePath: isDirectory ? folderKeyOf(location) : fileKeyOf(location),
    name: nameOf(input.path) || location.mount.mountPath,
    isDirectory,
    options: input,
  });
}

type PathShareTarget = {
  storageConfigId: string;
  /** A file's key, or a folder's ending in "/". */
  storagePath: string;
  name: string;
  isDirectory: boolean;
  options?: Partial<
    Pick<z.output<typeof createPathShareInput>, "password" | "expires_in" | "expires_at" | "max_views" | "remark">
  >;
};

/**
 * Records a share of an object or folder already checked to be the caller's to share (the explorer's
 * path above, or a file that arrived through the caller's upload request).
 */
export async function createPathShareRow(deps: PathShareDeps, auth: AuthState, target: PathShareTarget) {
  const options = target.options ?? {};
  const expiresAt = await newShareExpiry(deps.db, "file", options);
  const slug = await generateUniqueLinkSlug(deps.db);
  const row = await deps.db.pathShare.create({
    data: {
      slug,
      name: target.name,
      isDirectory: target.isDirectory,
      storageConfigId: target.storageConfigId,
      storagePath: target.storagePath,
      remark: options.remark,
      passwordHash: await hashSharePassword(options.password),
      expiresAt,
      maxViews: options.max_views ?? 0,
      createdBy: creatorOf(auth),
    },
    select: pathShareSelect,
  });
  return {
    id: row.id,
    slug: row.slug,
    url: pathShareLink(deps.config.publicUrl, row.slug),
    is_directory: row.isDirectory,
    name: row.name,
    expires_at: row.expiresAt,
  };
}

// --- Visits -----------------------------------------------------------------------------------------

async function findShare(deps: PathShareDeps, slug: string, clientIp: string, now: Date): Promise<PathShareRow> {
  assertSlugGuessesLeft(deps.db, clientIp);
  const row = await deps.db.pathShare.findUnique({ where: { slug }, select: pathShareSelect });
  // A /s/ link may also have named a set of files that the sweep removed (share-sets.ts).
  if (!row) throw await slugMissed(deps.db, clientIp, "errors.shareNotFound", purgedSet(slug));
  if (isExpired(row, now)) throw new AppError("GONE", "errors.shareExpired");
  if (row.status === "gone") throw new AppError("GONE", "errors.shareGone");
  return row;
}

/** The share's target must still be there; found missing, the share answers 410 from then on. */
async function requireTarget(deps: PathShareDeps, row: PathShareRow): Promise<StorageDriver> {
  const driver = await deps.storage.driverFor(row.storageConfigId);
  const exists = row.isDirectory
    ? row.storagePath === "" || (await folderExists(driver, row.storagePath))
    : (await driver.head(row.storagePath)) !== null;
  if (exists) return driver;
  await deps.db.pathShare.updateMany({ where: { id: row.id, status: "ready" }, data: { status: "gone" } });
  throw new AppError("GONE", "errors.shareGone");
}

type Admission = { row: PathShareRow; driver: StorageDriver; visit: string | null; views: number };

/** Lets a visitor in (share-visits.ts `admitVisit`), once the shared file or folder is found still there. */
async function admit(deps: PathShareDeps, request: VisitRequest, now: Date, allowLocked: boolean): Promise<Admission> {
  const row = await findShare(deps, request.slug, request.clientIp, now);
  const driver = await requireTarget(deps, row);
  return { row, driver, ...(await admitVisit(deps, "path-share", row, request, now, allowLocked)) };
}

// --- Reading --------------------------------------------------------------------------------------------

/** The object key of `path` inside a shared folder ("" is the folder itself). */
function keyInside(row: PathShareRow, path: string, folder: boolean): string {
  if (!row.isDirectory) {
    if (path !== "" && path !== row.name) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
    return row.storagePath;
  }
  if (path === "") return row.storagePath;
  return `${row.storagePath}${path}${folder ? "/" : ""}`;
}

async function listInside(driver: StorageDriver, row: PathShareRow, path: string): Promise<SharedItem[]> {
  const folderKey = keyInside(row, path, true);
  const items: SharedItem[] = [];
  const inside = (name: string) => (path ? `${path}/${name}` : name);
  let token: string | undefined;
  do {
    const page = await driver.list(folderKey, { delimiter: "/", continuationToken: token });
    for (const prefix of page.prefixes) {
      const name = prefix.slice(folderKey.length, -1);
      if (name && !name.includes("/")) {
        items.push({ name, path: inside(name), size: 0, is_directory: true, mimetype: null, modified: null });
      }
    }
    for (const object of page.objects) {
      const name = object.key.slice(folderKey.length);
      if (!name || name.includes("/")) continue;
      items.push({
        name,
        path: inside(name),
        size: object.size,
        is_directory: false,
        mimetype: object.contentType || contentTypeFor(name),
        modified: object.lastModified,
      });
    }
    token = page.nextContinuationToken ?? undefined;
  } while (token && items.length < SHARE_LISTING_MAX);
  if (items.length === 0 && path !== "" && !(await folderExists(driver, folderKey))) {
    throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  }
  return items
    .sort((a, b) => Number(b.is_directory) - Number(a.is_directory) || a.name.localeCompare(b.name))
    .slice(0, SHARE_LISTING_MAX);
}

/** GET /public/shares/{slug}: the share, and a folder's entries at `path` (never above the shared folder). */
export async function viewPathShare(
  deps: PathShareDeps,
  request: VisitRequest & { path: string },
  now = new Date(),
): Promise<PublicShare> {
  const { row, driver, visit, views } = await admit(deps, request, now, true);
  const base = {
    slug: row.slug,
    kind: row.isDirectory ? ("folder" as const) : ("file" as const),
    name: row.name,
    is_directory: row.isDirectory,
    has_password: row.passwordHash !== null,
    expires_at: row.expiresAt,
    max_views: row.maxViews,
    views,
    path: row.isDirectory ? request.path : "",
  };
  if (!visit) return { ...base, requires_password: true, items: [], visit: null, download_all: null };
  if (row.isDirectory) {
    const items = await listInside(driver, row, request.path);
    const download_all = await downloadAllSize(driver, keyInside(row, request.path, true), items);
    return { ...base, requires_password: false, items, visit, download_all };
  }
  const object = await driver.head(row.storagePath);
  const item: SharedItem = {
    name: row.name,
    path: row.name,
    size: object?.size ?? 0,
    is_directory: false,
    mimetype: object?.contentType || contentTypeFor(row.name),
    modified: object?.lastModified ?? null,
  };
  return { ...base, requires_password: false, items: [item], visit, download_all: null };
}

/**
 * The files and bytes the zip of `folderKey` holds. A level of files only, listed whole, is its own
 * answer; otherwise the tree is walked until DOWNLOAD_ALL_COUNT_MAX files.
 */
async function downloadAllSize(
  driver: StorageDriver,
  folderKey: string,
  items: SharedItem[],
): Promise<DownloadAllSize> {
  if (items.length < SHARE_LISTING_MAX && items.every((item) => !item.is_directory)) {
    return { files: items.length, bytes: items.reduce((total, item) => total + item.size, 0), is_exact: true };
  }
  let files = 0;
  let bytes = 0;
  for await (const page of walkObjects(driver, folderKey)) {
    for (const object of page) {
      if (object.key.endsWith("/")) continue;
      files++;
      bytes += object.size;
    }
    if (files >= DOWNLOAD_ALL_COUNT_MAX) return { files, bytes, is_exact: false };
  }
  return { files, bytes, is_exact: true };
}

/** One file of a share, for GET /public/shares/{slug}/file: its driver and key; the visit admitted. */
export async function openSharedPathFile(
  deps: PathShareDeps,
  request: VisitRequest & { path: string },
  now = new Date(),
) {
  const { row, driver } = await admit(deps, request, now, false);
  const key = keyInside(row, request.path, false);
  const name = row.isDirectory ? nameOf(`/${request.path}`) : row.name;
  return { driver, key, filename: name, contentType: contentTypeFor(name) };
}

/**
 * The whole shared folder (or `path` inside it) as a zip, streamed: objects are read one after the other
 * as the zip is sent (client-zip, stored entries, ZIP64 past 4 GiB), never a whole file. The names and
 * sizes come first, kept packed, so the answer can carry its exact Content-Length (docs/path-shares.md
 * says what the wire does with it and what memory was measured).
 */
export async function zipSharedFolder(deps: PathShareDeps, request: VisitRequest & { path: string }, now = new Date()) {
  const { row, driver } = await admit(deps, request, now, false);
  if (!row.isDirectory) {
    const object = await driver.head(row.storagePath);
    if (!object) throw new AppError("GONE", "errors.shareGone");
    const entry = { name: row.name, size: object.size, lastModified: object.lastModified };
    return zipResponse([entry], async () => (await driver.get(row.storagePath)).body, row.name);
  }
  const folderKey = keyInside(row, request.path, true);
  const entries = new PackedEntries();
  for await (const page of walkObjects(driver, folderKey)) {
    for (const object of page) {
      const name = object.key.slice(folderKey.length);
      if (name) entries.add({ name, size: object.size, lastModified: object.lastModified });
    }
  }
  const zipName = request.path ? nameOf(`/${request.path}`) : row.name;
  return zipResponse(entries, async (entry) => (await driver.get(folderKey + entry.name)).body, zipName);
}
