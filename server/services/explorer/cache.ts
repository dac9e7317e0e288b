// The listing cache as the admin and keys manage it: clearing it (docs/product.md §6: keys may clear the
// user cache of the mounts they reach) and its figures.

import { freemem, totalmem } from "node:os";
import { AppError } from "../../errors";
import type { AuthState } from "../auth/sessions";
import { basePathOf } from "./access";
import { isMountReachable } from "./mounts";
import type { FsDeps } from "./tree";

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
  // A key or an app password clears only the mounts its base path reaches.
  const isConfined = basePathOf(auth) !== null;
  const reachable = isConfined ? rows.filter((row) => row.isActive && isMountReachable(auth, row.mountPath)) : rows;
  if (mountId && reachable.length === 0) throw new AppError("NOT_FOUND", "errors.mountNotFound");
  const ids = reachable.map((row) => row.id);
  const everything = !isConfined && !mountId && !scope.s3_config_id;
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
