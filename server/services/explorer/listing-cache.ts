// The mount explorer's directory-listing cache: one listing per (mount, folder), kept for the mount's
// cache TTL and dropped by every write through the app. Entries are keyed by mount id + version +
// path; a write bumps the mount's version, so every older listing of it is dead at once. This
// implementation keeps versions and listings in the process's memory; an implementation shared
// across processes (a later issue) only has to share the versions (and may keep listings local).
import type { FsEntry } from "@shared/schemas/explorer/explorer";

/** One folder's entries as the storage reported them, before mount points are merged in. */
export type CachedListing = {
  entries: FsEntry[];
  exists: boolean;
  /** A page of a folder: the storage's token for the next page (null: the last page). */
  nextToken?: string | null;
};

export type MountCacheStats = { entries: number; hits: number; misses: number };

export type ListingCache = {
  /** The mount's current version: read it before listing the storage, pass it to set(). */
  version(mountId: string): number;
  get(mountId: string, path: string): CachedListing | undefined;
  /** Keeps a listing made at `version`; ignored when a write has bumped the version since. */
  set(mountId: string, path: string, listing: CachedListing, ttlSeconds: number, version: number): void;
  /** Drops every listing of these mounts; called after each write through the app. */
  invalidate(mountIds: Iterable<string>): void;
  /** Drops the listings of the given mounts, or all; returns how many listings were dropped. */
  clear(mountIds?: Iterable<string>): number;
  /** Per mount: listings held now, hits and misses since the process started. */
  stats(): Map<string, MountCacheStats>;
};

type Slot = { mountId: string; listing: CachedListing; expiresAt: number; weight: number };

export type MemoryListingCacheOptions = {
  /** Bound on the entries held across all listings (a listing of 10,000 files weighs 10,000). */
  maxEntries?: number;
  now?: () => number;
};

export function createMemoryListingCache(options: MemoryListingCacheOptions = {}): ListingCache {
  const maxEntries = options.maxEntries ?? 200_000;
  const now = options.now ?? Date.now;
  // Insertion order is recency order: a hit moves its slot to the end; eviction takes the front.
  const slots = new Map<string, Slot>();
  const versions = new Map<string, number>();
  const counters = new Map<string, { hits: number; misses: number }>();
  let weight = 0;

  const keyOf = (mountId: string, path: string) => `${mountId}\u0000${versions.get(mountId) ?? 0}\u0000${path}`;
  const countersOf = (mountId: string) => {
    let counter = counters.get(mountId);
    if (!counter) {
      counter = { hits: 0, misses: 0 };
      counters.set(mountId, counter);
    }
    return counter;
  };
  const drop = (key: string, slot: Slot) => {
    slots.delete(key);
    weight -= slot.weight;
  };
  const dropMounts = (mountIds: Set<string> | null): number => {
    let dropped = 0;
    for (const [key, slot] of slots) {
      if (mountIds && !mountIds.has(slot.mountId)) continue;
      drop(key, slot);
      dropped++;
    }
    return dropped;
  };

  return {
    version(mountId) {
      return versions.get(mountId) ?? 0;
    },

    get(mountId, path) {
      const key = keyOf(mountId, path);
      const slot = slots.get(key);
      const counter = countersOf(mountId);
      if (!slot || slot.expiresAt <= now()) {
        if (slot) drop(key, slot);
        counter.misses++;
        return undefined;
      }
      counter.hits++;
      slots.delete(key);
      slots.set(key, slot);
      return slot.listing;
    },

    set(mountId, path, listing, ttlSeconds, version) {
      if (ttlSeconds <= 0 || version !== (versions.get(mountId) ?? 0)) return;
      const key = keyOf(mountId, path);
      const previous = slots.get(key);
      if (previous) drop(key, previous);
      const slot = { mountId, listing, expiresAt: now() + ttlSeconds * 1000, weight: listing.entries.length + 1 };
      if (slot.weight > maxEntries) return;
      slots.set(key, slot);
      weight += slot.weight;
      for (const [oldKey, oldSlot] of slots) {
        if (weight <= maxEntries) break;
        drop(oldKey, oldSlot);
      }
    },

    invalidate(mountIds) {
      const ids = new Set(mountIds);
      if (ids.size === 0) return;
      for (const id of ids) versions.set(id, (versions.get(id) ?? 0) + 1);
      dropMounts(ids);
    },

    clear(mountIds) {
      if (!mountIds) {
        for (const id of new Set([...slots.values()].map((slot) => slot.mountId))) {
          versions.set(id, (versions.get(id) ?? 0) + 1);
        }
        return dropMounts(null);
      }
      const ids = new Set(mountIds);
      for (const id of ids) versions.set(id, (versions.get(id) ?? 0) + 1);
      return dropMounts(ids);
    },

    stats() {
      const result = new Map<string, MountCacheStats>();
      for (const [mountId, counter] of counters) result.set(mountId, { entries: 0, ...counter });
      const at = now();
      for (const slot of slots.values()) {
        if (slot.expiresAt <= at) continue;
        const stats = result.get(slot.mountId) ?? { entries: 0, hits: 0, misses: 0 };
        stats.entries++;
        result.set(slot.mountId, stats);
      }
      return result;
    },
  };
}
