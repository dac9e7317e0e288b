import { describe, expect, test } from "bun:test";
import { memoryStorage } from "../../../../test/memory-storage";
import { createResumeStore, RESUME_MAX_AGE_MS, RESUME_STORAGE_KEY, type ResumeRecord, sameFile } from "./resume-store";

const FILE = { name: "video.mp4", size: 123_456_789, lastModified: 1_700_000_000_000 };

function record(overrides: Partial<ResumeRecord> = {}): ResumeRecord {
  return {
    ...FILE,
    file_id: "file-1",
    s3_config_id: "cfg-1",
    part_size: 5 * 1024 * 1024,
    part_count: 24,
    parts_done: 0,
    started_at: 1_000,
    ...overrides,
  };
}

describe("resume store", () => {
  test("finds an unfinished upload by the file's name, size and date, on the same storage", () => {
    const storage = memoryStorage();
    const store = createResumeStore(storage, () => 2_000);
    store.save(record());
    expect(store.find(FILE, "cfg-1")?.file_id).toBe("file-1");
    expect(store.find({ ...FILE, lastModified: 1 }, "cfg-1")).toBeNull();
    expect(store.find({ ...FILE, size: 1 }, "cfg-1")).toBeNull();
    expect(store.find(FILE, "cfg-2")).toBeNull();
    // Survives a reload: a new store over the same storage.
    expect(createResumeStore(storage, () => 2_000).find(FILE, "cfg-1")?.file_id).toBe("file-1");
  });

  test("counts parts done, and forgets an upload once it is finished or cancelled", () => {
    const storage = memoryStorage();
    const store = createResumeStore(storage, () => 2_000);
    store.save(record());
    store.update("file-1", { parts_done: 7 });
    expect(store.list()[0]?.parts_done).toBe(7);
    store.remove("file-1");
    expect(store.list()).toEqual([]);
    expect(storage.items.has(RESUME_STORAGE_KEY)).toBe(false);
  });

  test("saving the same upload again replaces it", () => {
    const store = createResumeStore(memoryStorage(), () => 2_000);
    store.save(record());
    store.save(record({ parts_done: 3 }));
    expect(store.list().length).toBe(1);
  });

  test("uploads older than the server keeps them are dropped", () => {
    let now = 2_000;
    const store = createResumeStore(memoryStorage(), () => now);
    store.save(record());
    now = 1_000 + RESUME_MAX_AGE_MS + 1;
    expect(store.find(FILE, "cfg-1")).toBeNull();
  });

  test("broken or foreign data in storage is ignored", () => {
    const storage = memoryStorage();
    storage.setItem(RESUME_STORAGE_KEY, "{not json");
    expect(createResumeStore(storage).list()).toEqual([]);
    storage.setItem(RESUME_STORAGE_KEY, JSON.stringify([{ file_id: 3 }, record({ started_at: Date.now() })]));
    expect(createResumeStore(storage).list().length).toBe(1);
  });

  test("works without storage, for this page only", () => {
    const store = createResumeStore(undefined, () => 2_000);
    store.save(record());
    expect(store.find(FILE, "cfg-1")).not.toBeNull();
  });

  test("listeners hear changes", () => {
    const store = createResumeStore(memoryStorage(), () => 2_000);
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.save(record());
    store.update("file-1", { parts_done: 1 });
    store.remove("file-1");
    stop();
    store.save(record());
    expect(calls).toBe(3);
  });

  test("sameFile compares the identity fields only", () => {
    expect(sameFile(FILE, { ...FILE })).toBe(true);
    expect(sameFile(FILE, { ...FILE, name: "other.mp4" })).toBe(false);
  });
});
