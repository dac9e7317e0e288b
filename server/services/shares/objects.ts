// File shares seen from the mounts (docs/decisions/0007-share-folder-and-mount-folders.md). A share's
// object lives in its storage's share folder; a mount whose folder holds that folder shows it to the
// admin, who may rename or delete share objects there (the explorer warns first). The share follows:
// a moved object takes its share along, a deleted one leaves the share answering 410 "gone". Keys never
// reach a share folder through a mount (services/explorer/tree.ts), so only the admin's writes land here; shares
// stored before share folders existed may sit in any folder, which is why every delete and move asks.
// Shares made from the explorer (services/shares/collections/path-shares.ts) point at any file or folder of a mount
// and follow the same way.
import type { Database } from "../../db/client";

/** A file ("a/b.txt") or a whole folder ("a/b/", with its slash) of one storage config. */
export type StoredPlace = { storageConfigId: string; key: string };

const isFolderKey = (key: string) => key.endsWith("/");

/** The live shares whose object is `place` or lies beneath it. */
async function sharesAt(db: Database, place: StoredPlace) {
  const rows = await db.fileShare.findMany({
    where: {
      storageConfigId: place.storageConfigId,
      status: { in: ["ready", "gone"] },
      storagePath: isFolderKey(place.key) ? { startsWith: place.key } : place.key,
    },
    select: { id: true, slug: true, storagePath: true },
  });
  // SQLite's LIKE ignores case: keep the exact matches only.
  return rows.filter((row) =>
    isFolderKey(place.key) ? row.storagePath.startsWith(place.key) : row.storagePath === place.key,
  );
}

/** The slugs of the shares stored at each of these object keys (one storage), for marking listings. */
export async function shareSlugsByKey(db: Database, storageConfigId: string, keys: string[]) {
  const slugs = new Map<string, string>();
  if (keys.length === 0) return slugs;
  const rows = await db.fileShare.findMany({
    where: { storageConfigId, storagePath: { in: keys }, status: "ready" },
    select: { slug: true, storagePath: true },
  });
  for (const row of rows) slugs.set(row.storagePath, row.slug);
  return slugs;
}

/** The explorer's shares (of a file, or of a folder: "a/b/") at `place` or beneath it. */
async function pathSharesAt(db: Database, place: StoredPlace) {
  const rows = await db.pathShare.findMany({
    where: {
      storageConfigId: place.storageConfigId,
      storagePath: isFolderKey(place.key) ? { startsWith: place.key } : place.key,
    },
    select: { id: true, storagePath: true },
  });
  return rows.filter((row) =>
    isFolderKey(place.key) ? row.storagePath.startsWith(place.key) : row.storagePath === place.key,
  );
}

/** After an object or folder was deleted through a mount: its shares answer 410 from now on. */
export async function markSharesGone(db: Database, place: StoredPlace): Promise<number> {
  const pathShares = await pathSharesAt(db, place);
  if (pathShares.length > 0) {
    await db.pathShare.updateMany({ where: { id: { in: pathShares.map((row) => row.id) } }, data: { status: "gone" } });
  }
  const rows = await sharesAt(db, place);
  if (rows.length === 0) return 0;
  const result = await db.fileShare.updateMany({
    where: { id: { in: rows.map((row) => row.id) } },
    data: { status: "gone" },
  });
  return result.count;
}

/**
 * After an object or folder was copied to its new place, before the old one is removed: its shares
 * point at the new place (and are live again if a view had found the object missing meanwhile).
 */
export async function followMovedShares(db: Database, from: StoredPlace, to: StoredPlace): Promise<number> {
  for (const row of await pathSharesAt(db, from)) {
    const storagePath = isFolderKey(from.key) ? to.key + row.storagePath.slice(from.key.length) : to.key;
    // The shared item itself renamed: the visitor sees its new name.
    const renamed = row.storagePath === from.key ? { name: to.key.replace(/\/$/, "").split("/").pop() || to.key } : {};
    await db.pathShare.update({
      where: { id: row.id },
      data: { storageConfigId: to.storageConfigId, storagePath, status: "ready", ...renamed },
    });
  }
  const rows = await sharesAt(db, from);
  for (const row of rows) {
    const storagePath = isFolderKey(from.key) ? to.key + row.storagePath.slice(from.key.length) : to.key;
    await db.fileShare.update({
      where: { id: row.id },
      data: { storageConfigId: to.storageConfigId, storagePath, status: "ready" },
    });
  }
  return rows.length;
}
