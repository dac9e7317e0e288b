// Where the server keeps its backup archives and how the admin reaches them (docs/backup.md, "From the
// admin panel"): a folder on the server's disk (DATA_DIR/backups) read through the local storage driver,
// so listing, download and delete are the same code for the disk and for a storage config. Names are
// only the ones the server gives (pastebox-YYYYMMDD-HHMMSS.tar), so a request can never name a path.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { backupArchiveName } from "@shared/schemas/admin/backups";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { StorageService } from "../../storage";
import type { StorageDriver } from "../../storage/driver";
import { createLocalDriver } from "../../storage/local/local";

export const DISK_LOCATION = "disk";
export const BACKUPS_FOLDER = "backups";
/**
 * Inside a storage config, archives live in this folder under its share folder, which API keys never
 * reach through a mount or WebDAV (docs/decisions/0007-share-folder-and-mount-folders.md).
 */
export const STORAGE_BACKUP_FOLDER = "pastebox-backups";
const NAME_PREFIX = "pastebox-";
/** Archives listed per location: a listing is bounded whatever a bucket holds. */
const MAX_LISTED = 1_000;

export type ArchiveLocation = {
  id: string;
  /** The storage config's name; null for the disk. */
  name: string | null;
  driver: StorageDriver;
  /** The folder inside the driver. */
  prefix: string;
};

export type ArchiveDeps = { db: Database; storage: StorageService; dataDir: string };

export function backupsFolder(dataDir: string): string {
  return join(dataDir, BACKUPS_FOLDER);
}

export async function diskLocation(dataDir: string): Promise<ArchiveLocation> {
  const folder = backupsFolder(dataDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  return { id: DISK_LOCATION, name: null, driver: createLocalDriver(folder), prefix: "" };
}

/** The location `id` names, or 404: the disk, or a storage config that exists. */
export async function archiveLocation(deps: ArchiveDeps, id: string): Promise<ArchiveLocation> {
  if (id === DISK_LOCATION) return diskLocation(deps.dataDir);
  const config = await deps.db.storageConfig.findUnique({
    where: { id },
    select: { id: true, name: true, shareFolder: true },
  });
  if (!config) throw new AppError("NOT_FOUND", "errors.storageConfigNotFound");
  const folder = [...config.shareFolder.split("/"), STORAGE_BACKUP_FOLDER].filter(Boolean).join("/");
  return { id: config.id, name: config.name, driver: await deps.storage.driverFor(config.id), prefix: `${folder}/` };
}

export type ArchiveEntry = {
  location: string;
  locationName: string | null;
  name: string;
  size: number;
  createdAt: Date;
};

/** The archives at one location, newest first (the name holds the time, so it sorts by it). */
export async function listArchivesAt(location: ArchiveLocation): Promise<ArchiveEntry[]> {
  const found: ArchiveEntry[] = [];
  let token: string | undefined;
  do {
    const page = await location.driver.list(`${location.prefix}${NAME_PREFIX}`, {
      delimiter: "/",
      continuationToken: token,
    });
    for (const object of page.objects) {
      const name = object.key.slice(location.prefix.length);
      if (!backupArchiveName.safeParse(name).success) continue;
      found.push({
        location: location.id,
        locationName: location.name,
        name,
        size: object.size,
        createdAt: object.lastModified,
      });
    }
    token = page.nextContinuationToken ?? undefined;
  } while (token && found.length < MAX_LISTED);
  return found.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** A name for an archive made at `at`, not yet used among `taken` (two in one second get -2, -3…). */
export function archiveNameFor(at: Date, taken: ReadonlySet<string>): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  let name = `${NAME_PREFIX}${stamp}.tar`;
  for (let n = 2; taken.has(name); n++) name = `${NAME_PREFIX}${stamp}-${n}.tar`;
  return name;
}

/** The archive at a location, or 404. */
export async function findArchive(location: ArchiveLocation, name: string) {
  const key = `${location.prefix}${name}`;
  const head = await location.driver.head(key);
  if (!head) throw new AppError("NOT_FOUND", "errors.backupNotFound");
  return { key, head };
}

export async function deleteArchive(deps: ArchiveDeps, locationId: string, name: string) {
  const location = await archiveLocation(deps, locationId);
  const { key } = await findArchive(location, name);
  await location.driver.delete(key);
  return { deleted: true as const };
}

/** Removes all but the newest `keep` archives at a location; answers the names removed. */
export async function pruneArchives(location: ArchiveLocation, keep: number): Promise<string[]> {
  const archives = await listArchivesAt(location);
  const old = archives.slice(Math.max(keep, 1));
  for (const archive of old) await location.driver.delete(`${location.prefix}${archive.name}`);
  return old.map((archive) => archive.name);
}
