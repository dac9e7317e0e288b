import { describe, expect, test } from "bun:test";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import { createMemoryListingCache } from "./listing-cache";

function listing(count: number) {
  const entries: FsEntry[] = Array.from({ length: count }, (_, i) => ({
    name: `f${i}`,
    path: `/m/f${i}`,
    type: "file",
    size: 1,
    modified: null,
    mimetype: null,
    is_mount: false,
    isDirectory: false,
    lastModified: null,
    mimeType: null,
    mount_id: null,
  }));
  return { entries, exists: true };
}

describe("memory listing cache", () => {
  test("hits within the TTL, misses after it, counted per mount", () => {
    let now = 1_000;
    const cache = createMemoryListingCache({ now: () => now });
    expect(cache.get("m1", "")).toBeUndefined();
    cache.set("m1", "", listing(2), 10, cache.version("m1"));
    expect(cache.get("m1", "")?.entries.length).toBe(2);
    now += 10_001;
    expect(cache.get("m1", "")).toBeUndefined();
    expect(cache.stats().get("m1")).toEqual({ entries: 0, hits: 1, misses: 2 });
  });

  test("a TTL of 0 keeps nothing", () => {
    const cache = createMemoryListingCache();
    cache.set("m1", "", listing(1), 0, cache.version("m1"));
    expect(cache.get("m1", "")).toBeUndefined();
  });

  test("invalidation drops a mount's listings and refuses listings read before it", () => {
    const cache = createMemoryListingCache();
    cache.set("m1", "a", listing(1), 60, cache.version("m1"));
    cache.set("m2", "a", listing(1), 60, cache.version("m2"));
    const before = cache.version("m1");
    cache.invalidate(["m1"]);
    expect(cache.get("m1", "a")).toBeUndefined();
    expect(cache.get("m2", "a")).toBeDefined();
    // A listing that started before the write must not be kept after it.
    cache.set("m1", "b", listing(1), 60, before);
    expect(cache.get("m1", "b")).toBeUndefined();
    cache.set("m1", "b", listing(1), 60, cache.version("m1"));
    expect(cache.get("m1", "b")).toBeDefined();
  });

  test("clear drops everything or the given mounts and says how many", () => {
    const cache = createMemoryListingCache();
    for (const mount of ["m1", "m2"]) {
      for (const path of ["", "a"]) cache.set(mount, path, listing(1), 60, cache.version(mount));
    }
    expect(cache.clear(["m1"])).toBe(2);
    expect(cache.get("m2", "a")).toBeDefined();
    expect(cache.clear()).toBe(2);
    expect(cache.get("m2", "a")).toBeUndefined();
  });

  test("the entry bound evicts the least recently used listings", () => {
    const cache = createMemoryListingCache({ maxEntries: 25 });
    cache.set("m", "a", listing(10), 60, 0);
    cache.set("m", "b", listing(10), 60, 0);
    expect(cache.get("m", "a")).toBeDefined();
    cache.set("m", "c", listing(10), 60, 0);
    expect(cache.get("m", "b")).toBeUndefined();
    expect(cache.get("m", "a")).toBeDefined();
    expect(cache.get("m", "c")).toBeDefined();
    cache.set("m", "huge", listing(100), 60, 0);
    expect(cache.get("m", "huge")).toBeUndefined();
  });
});
