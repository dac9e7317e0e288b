import { describe, expect, test } from "bun:test";
import { memoryStorage } from "../../../../test/memory-storage";
import {
  createResumeStore,
  isOwnersUpload,
  isRequestUpload,
  RESUME_MAX_AGE_MS,
  RESUME_STORAGE_KEY,
  type ResumeRecord,
  sameFile,
} from "./resume-store";
import { startOrResume } from "./start-or-resume";

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
    expect(store.find(FILE, { s3_config_id: "cfg-1" })?.file_id).toBe("file-1");
    expect(store.find({ ...FILE, lastModified: 1 }, { s3_config_id: "cfg-1" })).toBeNull();
    expect(store.find({ ...FILE, size: 1 }, { s3_config_id: "cfg-1" })).toBeNull();
    expect(store.find(FILE, { s3_config_id: "cfg-2" })).toBeNull();
    // Survives a reload: a new store over the same storage.
    expect(createResumeStore(storage, () => 2_000).find(FILE, { s3_config_id: "cfg-1" })?.file_id).toBe("file-1");
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
    expect(store.find(FILE, { s3_config_id: "cfg-1" })).toBeNull();
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
    expect(store.find(FILE, { s3_config_id: "cfg-1" })).not.toBeNull();
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

  test("an upload request's uploads are apart from the owner's: same file, another place", () => {
    const store = createResumeStore(memoryStorage(), () => 2_000);
    store.save(record({ s3_config_id: null }));
    store.save(record({ file_id: "sent-1", s3_config_id: null, request_slug: "inbox", visit: "v.1" }));
    expect(store.find(FILE, { s3_config_id: null })?.file_id).toBe("file-1");
    expect(store.find(FILE, { request_slug: "inbox" })?.file_id).toBe("sent-1");
    expect(store.find(FILE, { request_slug: "other" })).toBeNull();
    expect(
      store
        .list()
        .filter(isOwnersUpload)
        .map((item) => item.file_id),
    ).toEqual(["file-1"]);
    expect(
      store
        .list()
        .filter(isRequestUpload("inbox"))
        .map((item) => item.visit),
    ).toEqual(["v.1"]);
  });

  test("sameFile compares the identity fields only", () => {
    expect(sameFile(FILE, { ...FILE })).toBe(true);
    expect(sameFile(FILE, { ...FILE, name: "other.mp4" })).toBe(false);
  });
});

describe("startOrResume", () => {
  const MB = 1024 * 1024;
  const file = { name: "video.mp4", size: 12 * MB, lastModified: 1_700_000_000_000 };
  const place = { request_slug: "inbox" } as const;
  const part = (part_number: number, size = 5 * MB) => ({ part_number, etag: `"e${part_number}"`, size });

  test("a new upload is recorded with its place and what else the target keeps", async () => {
    const store = createResumeStore(memoryStorage());
    const started = await startOrResume({
      store,
      file,
      place,
      storedParts: () => Promise.reject(new Error("nothing to resume")),
      start: async () => ({ file_id: "f-1", part_size: 5 * MB }),
      extra: { visit: "visit-1" },
    });
    expect(started).toMatchObject({ fileId: "f-1", isResumed: false, stored: new Map() });
    expect(store.find(file, place)).toMatchObject({
      file_id: "f-1",
      request_slug: "inbox",
      visit: "visit-1",
      part_count: 3,
      parts_done: 0,
    });
  });

  test("the same file again picks up the parts the server holds at the recorded part size", async () => {
    const store = createResumeStore(memoryStorage());
    store.save({
      ...file,
      file_id: "f-1",
      s3_config_id: null,
      request_slug: "inbox",
      visit: "v",
      part_size: 5 * MB,
      part_count: 3,
      parts_done: 2,
      started_at: Date.now(),
    });
    let asked: string | undefined;
    const started = await startOrResume({
      store,
      file,
      place,
      // Part 2 was cut short by the reload: it is sent again.
      storedParts: async (previous) => {
        asked = previous.visit;
        return [part(1), part(2, 1000)];
      },
      start: () => Promise.reject(new Error("must not start a new upload")),
    });
    expect(asked).toBe("v");
    expect(started).toMatchObject({ fileId: "f-1", isResumed: true, partSize: 5 * MB });
    expect([...started.stored]).toEqual([[1, '"e1"']]);
  });

  test("an upload the server no longer has is forgotten and a new one starts", async () => {
    const store = createResumeStore(memoryStorage());
    store.save({
      ...file,
      file_id: "gone",
      s3_config_id: "cfg",
      part_size: 5 * MB,
      part_count: 3,
      parts_done: 1,
      started_at: Date.now(),
    });
    const started = await startOrResume({
      store,
      file,
      place: { s3_config_id: "cfg" },
      storedParts: () => Promise.reject(new Error("404")),
      start: async () => ({ file_id: "new", part_size: 5 * MB }),
    });
    expect(started.fileId).toBe("new");
    expect(store.list().map((item) => item.file_id)).toEqual(["new"]);
  });

  test("a file that cannot be told apart across reloads is neither looked up nor recorded", async () => {
    const store = createResumeStore(memoryStorage());
    const started = await startOrResume({
      store,
      file: { name: file.name, size: file.size },
      place,
      storedParts: () => Promise.reject(new Error("never asked")),
      start: async () => ({ file_id: "f-2", part_size: 5 * MB }),
    });
    expect(started.record).toBeNull();
    expect(store.list()).toEqual([]);
  });
});
