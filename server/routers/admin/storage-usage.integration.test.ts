// Capacity counts what a storage really holds (docs/storage-usage.md), on SQLite and
// Postgres, against local disk and a real S3 server: objects seeded directly (not through the app) are
// found by a recount; uploads, copies and deletes through the app move the figure; writes made while
// a recount walks are neither lost nor doubled; and the capacity check refuses an upload once what
// the storage really holds is near the limit.
import { beforeAll, describe, expect, test } from "bun:test";
import { callAs, loginAdmin, type SharedFile } from "../../test/api-client";
import { STORAGE_CASES, useTestApp } from "../../test/harness";
import { localStorage, type RawStorage, s3Storage } from "../../test/raw-storage";

describe.each(STORAGE_CASES)("storage usage on %s with %s storage", (provider, storageKind) => {
  let raw: RawStorage;
  let admin: string;
  let storageId: string;

  const { t, api } = useTestApp(provider);
  const call = callAs(api, () => admin);

  const usage = async () =>
    (await api.call("GET", `/s3-configs/${storageId}`, { auth: admin, procedure: "storage.get" })).body.data;

  /** Starts a recount and waits for its end (the walk runs after the answer, as for a user). */
  async function recount() {
    const started = await call("POST", `/s3-configs/${storageId}/recount`, undefined, "storage.recount");
    expect(started.status).toBe(202);
    for (;;) {
      const config = await usage();
      if (config.usage.recount.status !== "running") return config;
      await Bun.sleep(50);
    }
  }

  async function share(bytes: number, name = "share.bin") {
    const form = new FormData();
    form.set("s3_config_id", storageId);
    form.set("file", new File([new Uint8Array(bytes)], name));
    return api.call<SharedFile>("POST", "/upload", { auth: admin, body: form });
  }

  beforeAll(async () => {
    raw = storageKind === "local" ? localStorage() : await s3Storage();
    admin = await loginAdmin(api);
    const limits = { creation_limit_per_key: 0, creation_limit_per_address: 0 };
    expect((await call("PUT", "/admin/system-settings", limits, "settings.update")).status).toBe(200);
    // Outside the app: 3 objects of 1000 bytes and an empty folder marker.
    for (const key of ["old/a.bin", "old/b.bin", "c.bin"]) await raw.put(key, "x".repeat(1000));
    const created = await call("POST", "/s3-configs", { ...raw.config, total_storage_bytes: 10_000 }, "storage.create");
    expect(created.status).toBe(201);
    storageId = created.body.data.id;
  });

  test("a recount finds what was put in the storage directly, and shows its progress record", async () => {
    const before = await usage();
    expect(before.used_storage_bytes).toBe(0);
    expect(before.usage).toMatchObject({ counted_at: null, recount: { status: "idle" } });
    const after = await recount();
    expect(after.used_storage_bytes).toBe(3000);
    expect(after.usage.counted_objects).toBe(3);
    expect(after.usage.recount).toMatchObject({ status: "idle", objects: 3, bytes: 3000, error: null });
    expect(new Date(after.usage.counted_at ?? 0).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test("uploads, copies and deletes through the app move the figure; a recount agrees", async () => {
    const uploaded = await share(700);
    expect(uploaded.status).toBe(201);
    expect((await usage()).used_storage_bytes).toBe(3700);

    const mount = await call(
      "POST",
      "/admin/mounts",
      {
        name: "All",
        mount_path: "/all",
        storage_config_id: storageId,
      },
      "mounts.create",
    );
    expect(mount.status).toBe(201);
    const copied = await call(
      "POST",
      "/admin/fs/batch-copy",
      {
        items: [{ sourcePath: "/all/c.bin", targetPath: "/all/old/" }],
      },
      "fs.batchCopy",
    );
    expect(copied.status).toBeLessThan(300);
    expect((await usage()).used_storage_bytes).toBe(4700);
    // Overwriting a file counts the difference only.
    const form = new FormData();
    form.set("path", "/all/c.bin");
    form.set("file", new File([new Uint8Array(400)], "c.bin"));
    expect((await call("POST", "/admin/fs/upload", form)).status).toBeLessThan(300);
    expect((await usage()).used_storage_bytes).toBe(4100);
    expect(
      (await call("DELETE", `/admin/fs/remove?path=${encodeURIComponent("/all/old")}`, undefined, "fs.remove")).status,
    ).toBe(200);
    expect((await usage()).used_storage_bytes).toBe(1100);
    expect((await call("DELETE", `/admin/files/${uploaded.body.data.id}`, undefined, "files.delete")).status).toBe(200);
    expect((await usage()).used_storage_bytes).toBe(400);

    expect((await recount()).used_storage_bytes).toBe(await raw.totalBytes());
    expect((await usage()).used_storage_bytes).toBe(400);
  });

  test("writes to the same key at the same moment leave the figure right", async () => {
    const upload = (bytes: number) => {
      const form = new FormData();
      form.set("path", "/all/same.bin");
      form.set("file", new File([new Uint8Array(bytes)], "same.bin"));
      return call("POST", "/admin/fs/upload", form);
    };
    // Each write measures the key before and after itself; at once, they would all see it absent.
    const writes = await Promise.all([upload(100), upload(200), upload(300), upload(400)]);
    for (const write of writes) expect(write.status).toBeLessThan(300);
    const truth = await raw.totalBytes();
    expect([500, 600, 700, 800]).toContain(truth);
    expect((await usage()).used_storage_bytes).toBe(truth);
    expect(
      (await call("DELETE", `/admin/fs/remove?path=${encodeURIComponent("/all/same.bin")}`, undefined, "fs.remove"))
        .status,
    ).toBe(200);
    expect((await usage()).used_storage_bytes).toBe(400);
  });

  test("writes while a recount walks are neither lost nor doubled", async () => {
    // Enough objects for several pages, so that the walk is under way while the app writes.
    const keys = Array.from({ length: 2500 }, (_, i) => `bulk/${String(i).padStart(5, "0")}.bin`);
    for (let i = 0; i < keys.length; i += 100) {
      await Promise.all(keys.slice(i, i + 100).map((key) => raw.put(key, "b")));
    }
    const started = await call("POST", `/s3-configs/${storageId}/recount`, undefined, "storage.recount");
    expect(started.status).toBe(202);
    // A second recount while one runs is refused, in the caller's language.
    expect((await call("POST", `/s3-configs/${storageId}/recount`, undefined, "storage.recount")).status).toBe(409);
    const writes = await Promise.all([
      share(100, "during-1.bin"),
      share(200, "during-2.bin"),
      call("DELETE", `/admin/fs/remove?path=${encodeURIComponent("/all/c.bin")}`, undefined, "fs.remove"),
      share(300, "during-3.bin"),
    ]);
    for (const write of writes) expect(write.status).toBeLessThan(300);
    for (;;) {
      if ((await usage()).usage.recount.status !== "running") break;
      await Bun.sleep(50);
    }
    const truth = await raw.totalBytes();
    expect(truth).toBe(2500 + 100 + 200 + 300);
    expect((await usage()).used_storage_bytes).toBe(truth);
    // Nothing is left in the journal once every write and the recount are done.
    expect(await t.db.storageWrite.count({ where: { storageConfigId: storageId } })).toBe(0);
  });

  test("capacity refuses an upload once what the storage really holds is near the limit", async () => {
    // 6,000 more bytes arrive outside the app; a recount sees them: 9,100 of 10,000 are used.
    await raw.put("outside/big.bin", "y".repeat(6000));
    expect((await recount()).used_storage_bytes).toBe(9100);
    const refused = await share(1000, "too-much.bin");
    expect(refused.status).toBe(507);
    expect(refused.body.message).toContain("900");
    expect(await raw.totalBytes()).toBe(9100);
    expect((await share(800, "fits.bin")).status).toBe(201);
    expect((await usage()).used_storage_bytes).toBe(9900);
  });
});
