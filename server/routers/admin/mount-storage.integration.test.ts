// Mounts over storage that already holds files, and the rule that keeps file shares and mount folders
// apart (docs/decisions/0007-share-folder-and-mount-folders.md), on SQLite
// and Postgres, against local disk and a real S3 server. The storage is seeded directly (files written
// on disk, objects put with the AWS SDK into a fresh bucket), never through the app, and checked the
// same way afterwards.
import { beforeAll, describe, expect, test } from "bun:test";
import { allTraversalForms } from "@shared/test/traversal-corpus";
import {
  createApiKey,
  createFileShare,
  type KeyFields,
  loginAdmin,
  present,
  type SharedFile,
  shareUploadForm,
} from "../../test/api-client";
import { STORAGE_CASES, TEST_ADMIN_PASSWORD, useTestApp } from "../../test/harness";
import { localStorage, type RawStorage, s3Storage } from "../../test/raw-storage";

/** What was in the storage before the app saw it. */
const SEEDED: Record<string, string> = {
  "readme.txt": "hello from before",
  "photos/2026/beach.jpg": "beach bytes",
  "photos/2026/forest.jpg": "forest bytes",
  "photos/notes.md": "# notes",
  "docs/report.pdf": "%PDF-1.4 report",
};

describe.each(STORAGE_CASES)("mounts over existing storage on %s with %s storage", (provider, storageKind) => {
  let raw: RawStorage;
  let admin: string;
  let storageId: string;
  let fileKey: string;
  let mountKey: string;
  let mountKeyBasic: string;

  const { t, api, call } = useTestApp(provider);
  /** WebDAV lives beside the API, under /dav. */
  async function davCall(method: string, path: string, auth: string, headers: Record<string, string> = {}) {
    const response = await t.app.fetch(
      new Request(`http://localhost/dav${path}`, { method, headers: { ...headers, authorization: auth } }),
      "127.0.0.1",
    );
    return { status: response.status, text: await response.text() };
  }
  const fetchLink = (url: string) =>
    url.startsWith(t.config.publicUrl)
      ? t.app.fetch(new Request(`http://localhost${url.slice(t.config.publicUrl.length)}`), "127.0.0.1")
      : fetch(url);
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const names = async (path: string, auth = admin) => {
    const answer = await call("GET", `/${auth === admin ? "admin" : "user"}/fs/list?${q({ path })}`, {
      auth,
      procedure: "fs.list",
    });
    expect(answer.status).toBe(200);
    return answer.body.data.items.map((entry) => entry.name).sort();
  };
  const shareUpload = (auth: string, path: string, content = "shared bytes", extra: Record<string, string> = {}) =>
    call<SharedFile>("POST", "/upload", {
      auth,
      body: shareUploadForm({ s3_config_id: storageId, path, ...extra }, content, "shared.txt"),
    });

  beforeAll(async () => {
    raw = storageKind === "local" ? localStorage() : await s3Storage();
    for (const [key, body] of Object.entries(SEEDED)) await raw.put(key, body);
    admin = await loginAdmin(api);
    // Public: file keys upload shares to it (keys only use public storage).
    const created = await call("POST", "/s3-configs", {
      auth: admin,
      body: { ...raw.config, is_public: true },
      procedure: "storage.create",
    });
    expect(created.status).toBe(201);
    expect(created.body.data.share_folder).toBe("shares");
    storageId = created.body.data.id;
    // The traversal corpus sends more uploads than one key may start in a minute.
    const limits = { creation_limit_per_key: 0, creation_limit_per_address: 0 };
    expect(
      (await call("PUT", "/admin/system-settings", { auth: admin, body: limits, procedure: "settings.update" })).status,
    ).toBe(200);
    const keyFor = async (fields: KeyFields) => (await createApiKey(api, admin, fields)).key;
    fileKey = `ApiKey ${await keyFor({ file_permission: true })}`;
    const mountSecret = await keyFor({ mount_permission: true, basic_path: "/seed" });
    mountKey = `ApiKey ${mountSecret}`;
    mountKeyBasic = `Basic ${btoa(`${mountSecret}:${mountSecret}`)}`;
  });

  test("a mount at the storage's root and one at a sub-folder show, search and serve what was there", async () => {
    // No folder given: the storage's default folder, here its root.
    const root = await call("POST", "/admin/mounts", {
      auth: admin,
      body: { name: "Seed", mount_path: "/seed", storage_config_id: storageId },
      procedure: "mounts.create",
    });
    expect(root.status).toBe(201);
    expect(root.body.data.folder).toBe("");
    // A second mount on the same storage, on one of its folders.
    const photos = await call("POST", "/admin/mounts", {
      auth: admin,
      body: { name: "Photos", mount_path: "/photos", storage_config_id: storageId, folder: "/photos/" },
      procedure: "mounts.create",
    });
    expect(photos.status).toBe(201);
    expect(photos.body.data.folder).toBe("photos");

    expect(await names("/seed")).toEqual(["docs", "photos", "readme.txt"]);
    expect(await names("/seed/photos/2026")).toEqual(["beach.jpg", "forest.jpg"]);
    expect(await names("/photos")).toEqual(["2026", "notes.md"]);
    expect(await names("/photos/2026")).toEqual(["beach.jpg", "forest.jpg"]);

    const found = await call("GET", `/admin/fs/search?${q({ q: "forest", scope: "global" })}`, {
      auth: admin,
      procedure: "fs.search",
    });
    expect(found.status).toBe(200);
    expect(found.body.data.results.map((item: { path: string }) => item.path).sort()).toEqual([
      "/photos/2026/forest.jpg",
      "/seed/photos/2026/forest.jpg",
    ]);

    const download = await call("GET", `/admin/fs/download?${q({ path: "/photos/notes.md" })}`, { auth: admin });
    expect(download.status).toBe(200);
    expect(download.text).toBe("# notes");
    const viaKey = await call("GET", `/user/fs/download?${q({ path: "/seed/readme.txt" })}`, { auth: mountKey });
    expect(viaKey.text).toBe("hello from before");
  });

  test("renaming and deleting seeded files changes the storage itself", async () => {
    const renamed = await call("POST", "/admin/fs/rename", {
      auth: admin,
      body: { oldPath: "/photos/2026/beach.jpg", newPath: "/photos/2026/sea.jpg" },
    });
    expect(renamed.status).toBe(200);
    expect(await raw.read("photos/2026/sea.jpg")).toBe("beach bytes");
    expect(await raw.read("photos/2026/beach.jpg")).toBeNull();
    // The other mount of the same storage sees it at once (its listing cache was dropped).
    expect(await names("/seed/photos/2026")).toEqual(["forest.jpg", "sea.jpg"]);

    const removed = await call("POST", "/admin/fs/batch-remove", {
      auth: admin,
      body: { paths: ["/seed/docs"] },
      procedure: "fs.batchRemove",
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.deleted).toBe(1);
    expect(await raw.read("docs/report.pdf")).toBeNull();
    expect(await names("/seed")).toEqual(["photos", "readme.txt"]);
  });

  test("a mount's folder is validated, shown on the mount and can be changed", async () => {
    const bad = await call("POST", "/admin/mounts", {
      auth: admin,
      lang: "zh-CN",
      body: { name: "Bad", mount_path: "/bad", storage_config_id: storageId, folder: "photos/../.." },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("路径无效");
    const list = await call("GET", "/admin/mounts", { auth: admin, procedure: "mounts.list" });
    const photos = present(
      list.body.data.find((mount) => mount.mount_path === "/photos"),
      "the /photos mount",
    );
    const moved = await call("PUT", `/admin/mounts/${photos.id}`, { auth: admin, body: { folder: "photos/2026" } });
    expect(moved.status).toBe(200);
    expect(await names("/photos")).toEqual(["forest.jpg", "sea.jpg"]);
    await call("PUT", `/admin/mounts/${photos.id}`, {
      auth: admin,
      body: { folder: "photos" },
      procedure: "mounts.update",
    });
  });

  test("a key with file permission only writes beneath the share folder, never into a mount's folder", async () => {
    // decisions/0007's case: path=docs/b used to land where the mount /seed shows docs/b.
    const uploaded = await shareUpload(fileKey, "docs/b");
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data.storage_path).toStartWith("shares/docs/b/shared-");
    expect(await raw.read(uploaded.body.data.storage_path)).toBe("shared bytes");
    expect(await raw.read("docs/b")).toBeNull();
    expect(await names("/seed")).toEqual(["photos", "readme.txt", "shares"]);
    expect(await names("/seed", mountKey)).toEqual(["photos", "readme.txt"]);
  });

  test("the traversal corpus as an upload path: 400, or an object beneath the share folder", async () => {
    const before = new Set(await raw.keys());
    const statuses: Record<number, number> = {};
    for (const form of [...allTraversalForms(), "../x", "..", "./a", "a/./b", "C:\\x", "//server/x", "/"]) {
      const answer = await shareUpload(fileKey, form, "corpus");
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      expect([201, 400]).toContain(answer.status);
      if (answer.status === 201) expect(answer.body.data.storage_path).toStartWith("shares/");
      else expect(answer.body.message).toContain("share folder");
    }
    expect(statuses[400]).toBeGreaterThan(20);
    const added = (await raw.keys()).filter((key) => !before.has(key));
    expect(added.length).toBe(statuses[201] ?? 0);
    for (const key of added) expect(key).toStartWith("shares/");
  });

  test("a mount key cannot read, copy, move or delete share objects through the file system or WebDAV", async () => {
    const shared = await shareUpload(fileKey, "", "secret share", { password: "pw-123456", max_views: "2" });
    expect(shared.status).toBe(201);
    const name = shared.body.data.storage_path.split("/").pop();
    const sharePath = `/seed/shares/${name}`;

    const fs = (path: string) => `/user/fs/${path}`;
    expect((await call("GET", `${fs("list")}?${q({ path: "/seed/shares" })}`, { auth: mountKey })).status).toBe(404);
    expect((await call("GET", `${fs("get")}?${q({ path: sharePath })}`, { auth: mountKey })).status).toBe(404);
    expect((await call("GET", `${fs("download")}?${q({ path: sharePath })}`, { auth: mountKey })).status).toBe(404);
    const search = await call("GET", `${fs("search")}?${q({ q: "shared", scope: "global" })}`, {
      auth: mountKey,
      procedure: "fs.search",
    });
    expect(search.body.data.results).toEqual([]);
    const remove = await call("POST", fs("batch-remove"), {
      auth: mountKey,
      body: { paths: [sharePath] },
      procedure: "fs.batchRemove",
    });
    expect(remove.body.data.deleted).toBe(0);
    const rename = await call("POST", fs("rename"), {
      auth: mountKey,
      body: { oldPath: "/seed/shares", newPath: "/seed/taken" },
    });
    expect(rename.status).toBe(403);
    const copy = await call("POST", fs("batch-copy"), {
      auth: mountKey,
      body: { items: [{ sourcePath: "/seed", targetPath: "/seed/copy/" }] },
      procedure: "fs.batchCopy",
    });
    expect(copy.body.data.success).toBe(0);
    expect(copy.body.data.failed[0]?.message).toContain("share");

    const dav = (method: string, path: string, headers: Record<string, string> = {}) =>
      davCall(method, path, mountKeyBasic, headers);
    const listing = await dav("PROPFIND", "/seed", { depth: "1" });
    expect(listing.status).toBe(207);
    expect(listing.text).not.toContain("shares");
    expect((await dav("GET", sharePath)).status).toBe(404);
    // Hidden (404) or refused (403): either way nothing happens.
    expect([403, 404]).toContain((await dav("DELETE", sharePath)).status);
    expect([403, 404]).toContain((await dav("DELETE", "/seed/shares")).status);
    const move = await dav("MOVE", "/seed/shares", { destination: "http://localhost/dav/seed/stolen" });
    expect([403, 404]).toContain(move.status);
    const copyRoot = await dav("COPY", "/seed", { destination: "http://localhost/dav/seed/all" });
    expect(copyRoot.status).toBe(403);

    // The object and its share are untouched: the password still gates it.
    expect(await raw.read(shared.body.data.storage_path)).toBe("secret share");
    const view = await call("GET", `/public/files/${shared.body.data.slug}`, { procedure: "files.public.get" });
    expect(view.status).toBe(200);
    expect(view.body.data.requires_password).toBe(true);
  });

  test("the admin sees share objects marked; a rename takes the share along, a delete leaves it 410", async () => {
    const shared = await createFileShare(api, admin, { s3_config_id: storageId, path: "follow" }, "follow me");
    const slug = shared.slug;
    const name = shared.storage_path.split("/").pop();
    const listing = await call("GET", `/admin/fs/list?${q({ path: "/seed/shares/follow" })}`, {
      auth: admin,
      procedure: "fs.list",
    });
    expect(listing.body.data.items).toEqual([expect.objectContaining({ name, share_slug: slug })]);
    const top = await call("GET", `/admin/fs/list?${q({ path: "/seed" })}`, { auth: admin, procedure: "fs.list" });
    expect(top.body.data.items.find((entry: { name: string }) => entry.name === "shares")?.holds_shares).toBe(true);

    const renamed = await call("POST", "/admin/fs/rename", {
      auth: admin,
      body: { oldPath: "/seed/shares/follow", newPath: "/seed/shares/followed" },
    });
    expect(renamed.status).toBe(200);
    const view = await call("GET", `/public/files/${slug}`, { procedure: "files.public.get" });
    expect(view.status).toBe(200);
    expect(await (await fetchLink(present(view.body.data.download_url, "the download link"))).text()).toBe("follow me");

    const removed = await call("POST", "/admin/fs/batch-remove", {
      auth: admin,
      body: { paths: [`/seed/shares/followed/${name}`] },
      procedure: "fs.batchRemove",
    });
    expect(removed.body.data.deleted).toBe(1);
    const gone = await call("GET", `/public/files/${slug}`, { lang: "zh-CN" });
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe("分享的文件已不存在：它已从存储中删除或移走");
    const files = await call("GET", "/admin/files", { auth: admin, procedure: "files.list" });
    expect(files.body.data.files.find((file: { slug: string }) => file.slug === slug)?.status).toBe("gone");
  });

  test("a share whose object was moved through WebDAV follows it; one deleted outside the app answers 410", async () => {
    const shared = await createFileShare(api, admin, { s3_config_id: storageId, path: "dav" }, "over dav");
    const name = shared.storage_path.split("/").pop();
    const adminBasic = `Basic ${btoa(`admin:${TEST_ADMIN_PASSWORD}`)}`;
    const moved = await davCall("MOVE", `/seed/shares/dav/${name}`, adminBasic, {
      destination: `http://localhost/dav/seed/shares/dav/moved-${name}`,
    });
    expect(moved.status).toBe(201);
    const view = await call("GET", `/public/files/${shared.slug}`, { procedure: "files.public.get" });
    expect(view.status).toBe(200);
    expect(await (await fetchLink(present(view.body.data.download_url, "the download link"))).text()).toBe("over dav");

    await raw.remove(`shares/dav/moved-${name}`);
    const gone = await call("GET", `/public/files/${shared.slug}`, {});
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe("The shared file is gone: it was deleted or moved from its storage");
  });

  test("several mounts show one folder: a read-only key browses and downloads, writes go through another", async () => {
    const reader = await createApiKey(api, admin, {
      mount_permission: true,
      mount_read_only: true,
      basic_path: "/album",
    });
    const readOnly = reader.auth;
    // Same storage, same folder as /photos, a second mount path.
    const album = await call("POST", "/admin/mounts", {
      auth: admin,
      body: { name: "Album", mount_path: "/album", storage_config_id: storageId, folder: "photos" },
    });
    expect(album.status).toBe(201);

    expect(await names("/album", readOnly)).toEqual(await names("/photos"));
    const file = await call("GET", `/user/fs/download?${q({ path: "/album/notes.md" })}`, { auth: readOnly });
    expect(file.text).toBe("# notes");
    const refused = [
      await call("POST", "/user/fs/mkdir", {
        auth: readOnly,
        lang: "zh-CN",
        body: { path: "/album/new" },
        procedure: "fs.mkdir",
      }),
      await call("POST", "/user/fs/rename", {
        auth: readOnly,
        body: { oldPath: "/album/notes.md", newPath: "/album/renamed.md" },
        procedure: "fs.rename",
      }),
      await call("POST", "/user/fs/batch-remove", {
        auth: readOnly,
        body: { paths: ["/album/notes.md"] },
        procedure: "fs.batchRemove",
      }),
    ];
    for (const answer of refused) expect(answer.status).toBe(403);
    expect(refused[0]?.body.message).toContain("只能读取");
    expect(await raw.read("photos/notes.md")).toBe("# notes");

    // A write through /photos shows in /album at once: the listings of every mount on the storage drop.
    const written = await call("POST", "/admin/fs/update", {
      auth: admin,
      body: { path: "/photos/added.md", content: "added through /photos" },
    });
    expect(written.status).toBe(200);
    expect(await names("/album", readOnly)).toContain("added.md");
    const read = await call("GET", `/user/fs/download?${q({ path: "/album/added.md" })}`, { auth: readOnly });
    expect(read.text).toBe("added through /photos");
  });

  test("a folder of many files seeded outside the app comes in pages that add up to the whole folder", async () => {
    const count = 230;
    const name = (i: number) => `item-${String(i).padStart(4, "0")}.txt`;
    for (let i = 0; i < count; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, count - i) }, (_, j) => raw.put(`many/${name(i + j)}`, `item ${i + j}`)),
      );
    }
    await raw.put("many/sub/inner.txt", "inner");

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const params: Record<string, string> = { path: "/seed/many", limit: "100", ...(cursor ? { cursor } : {}) };
      const page = await call("GET", `/admin/fs/list?${q(params)}`, { auth: admin, procedure: "fs.list" });
      expect(page.status).toBe(200);
      expect(page.body.data.items.length).toBeLessThanOrEqual(100);
      expect(page.body.data.total).toBe(page.body.data.items.length);
      expect(page.body.data.has_more).toBe(page.body.data.next_cursor !== null);
      seen.push(...page.body.data.items.map((entry: { name: string }) => entry.name));
      cursor = page.body.data.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.length).toBe(count + 1);
    expect(new Set(seen).size).toBe(count + 1);
    expect([...seen].sort()).toEqual([...Array.from({ length: count }, (_, i) => name(i)), "sub"].sort());
    // Without a limit the folder comes whole, as before.
    const whole = await call("GET", `/admin/fs/list?${q({ path: "/seed/many" })}`, {
      auth: admin,
      procedure: "fs.list",
    });
    expect(whole.body.data.items.length).toBe(count + 1);
    expect(whole.body.data.next_cursor).toBeNull();

    // A cursor belongs to its folder: another folder's, or an edited one, is a 400 in the caller's language.
    const first = await call("GET", `/admin/fs/list?${q({ path: "/seed/many", limit: "10" })}`, {
      auth: admin,
      procedure: "fs.list",
    });
    for (const bad of [present(first.body.data.next_cursor, "the next cursor"), "not-a-cursor"]) {
      const answer = await call("GET", `/admin/fs/list?${q({ path: "/seed/photos", limit: "10", cursor: bad })}`, {
        auth: admin,
        lang: "zh-CN",
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain("游标");
    }
  });

  test("a search pages a folder's 230 matches from the first, counting every one; a narrow one is complete", async () => {
    const broad = await call(
      "GET",
      `/admin/fs/search?${q({ q: "item-", scope: "directory", path: "/seed/many", limit: "10" })}`,
      {
        auth: admin,
        procedure: "fs.search",
      },
    );
    expect(broad.status).toBe(200);
    expect(broad.body.data.results.length).toBe(10);
    expect(broad.body.data.results[0]?.name).toBe("item-0000.txt");
    // Counted exactly (up to 1,000): a script that pages by `total` reaches the last one.
    expect(broad.body.data).toMatchObject({ total: 230, truncated: false, hasMore: true, mountsSearched: 1 });
    const next = await call(
      "GET",
      `/admin/fs/search?${q({ q: "item-", scope: "directory", path: "/seed/many", limit: "10", offset: "10" })}`,
      { auth: admin, procedure: "fs.search" },
    );
    expect(next.body.data.results[0]?.name).toBe("item-0010.txt");

    const narrow = await call(
      "GET",
      `/admin/fs/search?${q({ q: "item-0042", scope: "directory", path: "/seed/many" })}`,
      {
        auth: admin,
        procedure: "fs.search",
      },
    );
    expect(narrow.body.data.results.map((item: { path: string }) => item.path)).toEqual(["/seed/many/item-0042.txt"]);
    expect(narrow.body.data.truncated).toBe(false);
  });
});
