// Sets of files (POST /admin|user/share-sets, read at /s/<slug> through GET /public/shares/{slug}, /file,
// /zip) on SQLite and Postgres, local and S3 storage: one password and view limit for the whole set, one
// view per visit, each file and the zip byte-exact, repeated names told apart, the members' own links
// dead, what a set refuses, the sweep removing an expired set with its files, and the owner's list,
// extend and revoke (docs/share-sets.md, "Managing sets") with the file list showing no member.
import { beforeAll, describe, expect, test } from "bun:test";
import { purgeGoneShareSets } from "../../services/shares/collections/share-sets";
import { createApiKey, createFileShare, loginAdmin, storageOfKind } from "../../test/api-client";
import { STORAGE_CASES, useTestApp } from "../../test/harness";
import { queryString as query, unzipped } from "../../test/zip-answers";

describe.each(STORAGE_CASES)("sets of files on %s with %s storage", (provider, storageKind) => {
  const { t, api, call } = useTestApp(provider);
  let admin: string;
  let storageId: string;

  const upload = (content: BlobPart, filename: string, auth = admin) =>
    createFileShare(api, auth, { s3_config_id: storageId }, content, filename);
  const createSet = (body: Record<string, unknown>, auth = admin) =>
    call("POST", auth === admin ? "/admin/share-sets" : "/user/share-sets", {
      auth,
      body,
      procedure: "shareSets.create",
    });
  const view = (slug: string, params: Record<string, string | undefined> = {}) =>
    call("GET", `/public/shares/${slug}?${query(params)}`, { procedure: "shares.view" });

  beforeAll(async () => {
    admin = await loginAdmin(api);
    storageId = await storageOfKind(storageKind, api, t.db, admin);
  });

  test("one password and view limit for the whole set; a visit counts once; files and zip byte-exact", async () => {
    const binary = new Uint8Array(70_000).map((_, index) => (index * 31) % 256);
    const files = [
      await upload("first notes", "notes.txt"),
      await upload("second notes", "notes.txt"),
      await upload(binary, "photo.png"),
    ];
    const created = await createSet({ file_ids: files.map((file) => file.id), password: "open sesame", max_views: 2 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ file_count: 3, total_size: 11 + 12 + 70_000 });
    const { slug, url } = created.body.data;
    expect(url).toBe(`${t.config.publicUrl}/s/${slug}`);

    // The members answer through the set only.
    for (const file of files)
      expect((await call("GET", `/public/files/${file.slug}`, { procedure: "files.public.get" })).status).toBe(404);

    const locked = await view(slug);
    expect(locked.status).toBe(200);
    expect(locked.body.data).toMatchObject({
      kind: "set",
      requires_password: true,
      items: [],
      visit: null,
      download_all: null,
    });
    expect((await view(slug, { password: "wrong" })).status).toBe(401);
    expect((await call("GET", `/public/shares/${slug}/zip`)).status).toBe(401);

    const opened = await view(slug, { password: "open sesame" });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ kind: "set", is_directory: true, views: 1, max_views: 2 });
    const items = opened.body.data.items as { name: string; path: string; size: number; mimetype: string }[];
    expect(items.map((item) => [item.name, item.size, item.mimetype])).toEqual([
      ["notes.txt", 11, "text/plain"],
      ["notes (2).txt", 12, "text/plain"],
      ["photo.png", 70_000, "image/png"],
    ]);
    // What "Download all" holds, for the page to say before the zip starts.
    expect(opened.body.data.download_all).toEqual({ files: 3, bytes: 70_023, is_exact: true });
    const visit = opened.body.data.visit as string;

    // The rest of the visit counts nothing more.
    const second = await call("GET", `/public/shares/${slug}/file?${query({ path: "notes (2).txt", visit })}`);
    expect(second.status).toBe(200);
    expect(second.text).toBe("second notes");
    expect(second.headers.get("content-disposition")).toContain(`filename="notes (2).txt"`);
    const photo = await call("GET", `/public/shares/${slug}/file?${query({ path: "photo.png", visit, inline: "1" })}`);
    expect(photo.bytes).toEqual(binary);
    expect((await call("GET", `/public/shares/${slug}/file?${query({ path: "other.txt", visit })}`)).status).toBe(404);
    const zip = await call("GET", `/public/shares/${slug}/zip?${query({ visit })}`);
    expect(zip.status).toBe(200);
    expect(Number(zip.headers.get("content-length"))).toBe(zip.bytes.length);
    const entries = unzipped(zip.bytes);
    expect(entries.names).toEqual(["notes.txt", "notes (2).txt", "photo.png"]);
    expect(new TextDecoder().decode(entries.bytes("notes.txt"))).toBe("first notes");
    expect(entries.bytes("photo.png")).toEqual(binary);
    expect(await t.db.shareSet.findUniqueOrThrow({ where: { slug }, select: { views: true } })).toEqual({ views: 1 });

    // A second visit is the last the limit allows; a third is refused, while the visit in progress goes on.
    expect((await view(slug, { password: "open sesame" })).body.data.views).toBe(2);
    expect((await view(slug, { password: "open sesame" })).status).toBe(410);
    expect((await view(slug, { visit })).status).toBe(200);
  });

  test("a set refuses files not the caller's, already in a set, or none; a key groups its own", async () => {
    const key = (await createApiKey(api, admin, { file_permission: true })).auth;
    const adminFile = await upload("admin's", "a.txt");
    expect((await createSet({ file_ids: [adminFile.id] }, key)).status).toBe(404);
    expect((await createSet({ file_ids: [] })).status).toBe(400);

    const own = [await upload("one", "one.txt", key), await upload("two", "two.txt", key)];
    const made = await createSet({ file_ids: own.map((file) => file.id), expires_in: 2 }, key);
    expect(made.status).toBe(201);
    const expiresAt = new Date(made.body.data.expires_at ?? 0).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 3_500_000);
    // Its files now expire with the set.
    const rows = await t.db.fileShare.findMany({ where: { id: { in: own.map((file) => file.id) } } });
    expect(rows.map((row) => row.expiresAt?.getTime())).toEqual([expiresAt, expiresAt]);
    const again = await createSet({ file_ids: [own[0]?.id, adminFile.id] });
    expect(again.status).toBe(409);
    // Refused whole: the admin's file did not go into a set either.
    expect((await t.db.fileShare.findUniqueOrThrow({ where: { id: adminFile.id } })).setId).toBeNull();
  });

  test("an expired set answers 410, and the sweep removes it with its files and their objects; its link stays 410", async () => {
    const files = [await upload("short-lived", "brief.txt"), await upload("also", "also.txt")];
    const { slug, id } = (await createSet({ file_ids: files.map((file) => file.id) })).body.data;
    const keys = (await t.db.fileShare.findMany({ where: { setId: id }, select: { storagePath: true } })).map(
      (row) => row.storagePath,
    );
    const driver = await t.storage.driverFor(storageId);
    expect(await driver.head(keys[0] ?? "")).not.toBeNull();
    const past = new Date(Date.now() - 1000);
    await t.db.shareSet.update({ where: { id }, data: { expiresAt: past } });
    expect((await view(slug)).status).toBe(410);

    expect((await purgeGoneShareSets(t, new Date())).deleted).toBeGreaterThanOrEqual(1);
    expect(await t.db.shareSet.count({ where: { id } })).toBe(0);
    expect(await t.db.fileShare.count({ where: { id: { in: files.map((file) => file.id) } } })).toBe(0);
    for (const key of keys) expect(await driver.head(key)).toBeNull();
    // Its link still says why it stopped, as removed pastes and files do (docs/rules.md).
    const gone = await view(slug);
    expect([gone.status, gone.body.message]).toEqual([410, "The share has expired"]);
  });

  test("the owner lists sets (not their files), extends one with its files and revokes it; a key only its own", async () => {
    const key = (await createApiKey(api, admin, { file_permission: true })).auth;
    const single = await upload("alone", "alone.txt");
    const files = [await upload("first", "first.txt"), await upload("second!", "second.txt")];
    const made = (await createSet({ file_ids: files.map((file) => file.id), password: "pw", expires_in: 1 })).body.data;

    const listed = await call("GET", "/admin/share-sets", { auth: admin, procedure: "shareSets.list" });
    expect(listed.status).toBe(200);
    const record = listed.body.data.items.find((item: { id: string }) => item.id === made.id);
    expect(record).toMatchObject({
      slug: made.slug,
      url: made.url,
      file_count: 2,
      total_size: 5 + 7,
      has_password: true,
      state: "active",
    });
    // File management lists the set's files no more (their own links are dead); the lone file stays.
    const fileList = await call("GET", "/admin/files?limit=100", { auth: admin, procedure: "files.list" });
    const listedIds = fileList.body.data.files.map((file: { id: string }) => file.id);
    expect(listedIds).toContain(single.id);
    expect(listedIds).not.toContain(files[0]?.id);
    expect(listedIds).not.toContain(files[1]?.id);
    expect(fileList.body.data.pagination.total).toBe(listedIds.length);
    const searched = await call("GET", "/admin/files?limit=100&search=second", {
      auth: admin,
      procedure: "files.list",
    });
    expect(searched.body.data.files).toEqual([]);

    // A key sees none of the admin's sets and reaches none of them.
    expect((await call("GET", "/user/share-sets", { auth: key, procedure: "shareSets.list" })).body.data.items).toEqual(
      [],
    );
    expect(
      (
        await call("POST", `/user/share-sets/${made.id}/extend`, {
          auth: key,
          body: { expires_in: 24 },
          procedure: "shareSets.extend",
        })
      ).status,
    ).toBe(404);
    expect(
      (await call("POST", `/user/share-sets/${made.id}/revoke`, { auth: key, procedure: "shareSets.revoke" })).status,
    ).toBe(404);
    expect((await call("GET", "/admin/share-sets", { auth: key, procedure: "shareSets.list" })).status).toBe(403);

    // Extend: the set and its files expire 30 days from now, so the file sweep keeps them.
    const extended = await call("POST", `/admin/share-sets/${made.id}/extend`, {
      auth: admin,
      body: { expires_in: 720 },
      procedure: "shareSets.extend",
    });
    expect(extended.status).toBe(200);
    const expiresAt = new Date(extended.body.data.expires_at ?? 0).getTime();
    expect(Math.abs(expiresAt - (Date.now() + 720 * 3_600_000))).toBeLessThan(60_000);
    const members = await t.db.fileShare.findMany({ where: { setId: made.id }, select: { expiresAt: true } });
    expect(members.map((member) => member.expiresAt?.getTime())).toEqual([expiresAt, expiresAt]);
    expect(
      (
        await call("POST", `/admin/share-sets/${made.id}/extend`, {
          auth: admin,
          body: { expires_in: -1 },
          procedure: "shareSets.extend",
        })
      ).status,
    ).toBe(400);

    // Revoke: the link answers 404, the files and their objects are gone.
    const keys = (await t.db.fileShare.findMany({ where: { setId: made.id }, select: { storagePath: true } })).map(
      (row) => row.storagePath,
    );
    const revoked = await call("POST", `/admin/share-sets/${made.id}/revoke`, {
      auth: admin,
      procedure: "shareSets.revoke",
    });
    expect([revoked.status, revoked.body.data]).toEqual([200, { revoked: true }]);
    expect((await view(made.slug, { password: "pw" })).status).toBe(404);
    expect(await t.db.fileShare.count({ where: { id: { in: files.map((file) => file.id) } } })).toBe(0);
    const driver = await t.storage.driverFor(storageId);
    for (const objectKey of keys) expect(await driver.head(objectKey)).toBeNull();
    expect(
      (await call("POST", `/admin/share-sets/${made.id}/revoke`, { auth: admin, procedure: "shareSets.revoke" }))
        .status,
    ).toBe(404);
  });
});
