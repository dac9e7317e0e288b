// The admin's view of WebDAV locks (docs/security.md, the lock rows): every active lock with who holds it,
// and lifting one lock or all of a key's. Lifting takes no lock token: the admin frees what a key holds,
// as the admin's UNLOCK does at /dav.

import type { DavLockView } from "@shared/schemas/admin/dav-locks";
import { paginationOf } from "@shared/schemas/common";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { keyCreator, keyIdOfCreator } from "../../services/auth/sessions";

/** Active locks, newest first, a page at a time, each with its holder's key name. */
export async function listDavLocks(db: Database, page: { limit: number; offset: number }) {
  const where = { expiresAt: { gt: new Date() } };
  const [total, rows] = await Promise.all([
    db.davLock.count({ where }),
    db.davLock.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { token: "asc" }],
      skip: page.offset,
      take: page.limit,
      select: { token: true, path: true, scope: true, depth: true, principal: true, createdAt: true, expiresAt: true },
    }),
  ]);
  const keyIds = [...new Set(rows.map((row) => keyIdOfCreator(row.principal)).filter((id) => id !== null))];
  const keys = keyIds.length
    ? await db.apiKey.findMany({ where: { id: { in: keyIds } }, select: { id: true, name: true } })
    : [];
  const keyNames = new Map(keys.map((key) => [key.id, key.name]));
  const locks: DavLockView[] = rows.map((row) => {
    const keyId = keyIdOfCreator(row.principal);
    return {
      token: row.token,
      path: row.path,
      holder:
        keyId === null ? { kind: "admin" } : { kind: "key", key_id: keyId, key_name: keyNames.get(keyId) ?? null },
      // LOCK stores only these values (server/dav/methods/lock-methods.ts).
      scope: row.scope as DavLockView["scope"],
      depth: row.depth as DavLockView["depth"],
      taken_at: row.createdAt,
      expires_at: row.expiresAt,
    };
  });
  return { locks, pagination: paginationOf(total, page.limit, page.offset) };
}

/** Lifts one lock; 404 when it is gone already (unlocked, expired or lifted by another admin tab). */
export async function removeDavLock(db: Database, token: string) {
  const removed = await db.davLock.deleteMany({ where: { token, expiresAt: { gt: new Date() } } });
  if (removed.count === 0) throw new AppError("NOT_FOUND", "errors.davLockNotFound");
  return { removed: removed.count };
}

/** Lifts every lock a key holds; none left is no error (the list the admin saw may be old). */
export async function removeKeyDavLocks(db: Database, keyId: string) {
  const removed = await db.davLock.deleteMany({ where: { principal: keyCreator(keyId) } });
  return { removed: removed.count };
}
