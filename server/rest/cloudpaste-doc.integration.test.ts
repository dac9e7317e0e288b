// The REST API as a script written from CloudPaste 0.6.8's API document calls it: call by call, with
// the document's field names and layouts (not our OpenAPI document's), against the in-process app
// (test/api-client.ts), on SQLite and Postgres, as the admin and as API keys. See docs/coming-from-cloudpaste.md.
import { beforeAll, describe, expect, test } from "bun:test";
import {
  type ApiAnswer,
  createApiKey,
  loginAdmin,
  type OpenedPaste,
  type OutputOf,
  type PastePage,
  present,
  type SharedFile,
  type SharedFileWithLinks,
  type UploadedEntry,
  type UploadedPart,
} from "../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../test/harness";

describe.each(DATABASE_PROVIDERS)("CloudPaste 0.6.8 API document on %s", (provider) => {
  const { t, api } = useTestApp(provider);
  let admin: string;
  let textKey: string;
  let fileKey: string;
  let mountKey: string;

  /** The app's own signed links, called in-process. */
  function fetchLink(url: string, init: RequestInit = {}) {
    const local = url.replace(t.config.publicUrl, "http://localhost");
    return t.app.fetch(new Request(local, init), "127.0.0.1");
  }

  /** PUTs `body` to a presigned link with the headers the presign answered; answers the ETag to commit. */
  async function putToLink(link: { url: string; headers: Record<string, string> }, body: string) {
    const put = await fetchLink(link.url, { method: "PUT", headers: link.headers, body });
    expect(put.status).toBeLessThan(300);
    return put.headers.get("etag") ?? "";
  }

  async function createKey(name: string, permissions: Record<string, boolean>) {
    return (await createApiKey(api, admin, { name, ...permissions })).auth;
  }

  beforeAll(async () => {
    admin = await loginAdmin(api);
    textKey = await createKey("doc text", { text_permission: true });
    fileKey = await createKey("doc file", { file_permission: true });
    mountKey = await createKey("doc mount", { mount_permission: true, file_permission: true });
    // API keys upload only to public storage configs: the admin makes the default one public.
    const configs = await api.call("GET", "/s3-configs", { auth: admin, procedure: "storage.list" });
    await api.call("PUT", `/s3-configs/${present(configs.body.data[0], "a storage").id}`, {
      auth: admin,
      body: { is_public: true },
      procedure: "storage.update",
    });
  });

  test("basics: health, version with environment, storage, runtime version and uptime", async () => {
    const health = await api.call("GET", "/health");
    expect(health.status).toBe(200);
    const version = await api.call("GET", "/version", { procedure: "system.version" });
    expect(version.body).toMatchObject({ code: 200, success: true });
    expect(version.body.data).toMatchObject({ storage: provider === "postgres" ? "PostgreSQL" : "SQLite" });
    expect(typeof version.body.data.version).toBe("string");
    expect(typeof version.body.data.environment).toBe("string");
    expect(version.body.data.nodeVersion).toStartWith("v");
    expect(version.body.data.uptime).toBeGreaterThanOrEqual(0);
  });

  test("admin: test/admin-token, test/api-key, system settings and max upload size", async () => {
    expect((await api.call("GET", "/test/admin-token", { auth: admin, procedure: "admin.validateToken" })).status).toBe(
      200,
    );
    const keyCheck = await api.call("GET", "/test/api-key", { auth: textKey });
    expect(keyCheck.status).toBe(200);
    const settings = await api.call("GET", "/admin/system-settings", { auth: admin, procedure: "settings.get" });
    expect(settings.body.data.max_upload_size).toBeNumber();
    const put = await api.call("PUT", "/admin/system-settings", { auth: admin, body: { max_upload_size: 100 } });
    expect(put.status).toBe(200);
    const size = await api.call("GET", "/system/max-upload-size", { procedure: "settings.maxUploadSize" });
    expect(size.body.data.max_upload_size).toBe(100);
  });

  test("system settings: the document's body with default_paste_expiry and default_file_expiry (days) applies to shares made without an expiry", async () => {
    const body = { max_upload_size: 100, default_paste_expiry: 7, default_file_expiry: 2, webdav_upload_mode: "auto" };
    const put = await api.call("PUT", "/admin/system-settings", { auth: admin, body });
    expect(put.status).toBe(200);
    expect(
      (await api.call("GET", "/admin/system-settings", { auth: admin, procedure: "settings.get" })).body.data,
    ).toMatchObject(body);
    // Anyone reads them beside the upload limit: the app's share forms start from them.
    expect(
      (await api.call("GET", "/system/max-upload-size", { procedure: "settings.maxUploadSize" })).body.data,
    ).toEqual({
      max_upload_size: 100,
      default_paste_expiry: 7,
      default_file_expiry: 2,
    });
    const daysFromNow = (iso: string) => (new Date(iso).getTime() - Date.now()) / 86_400_000;
    try {
      const paste = await api.call("POST", "/paste", {
        auth: textKey,
        body: { content: "kept 7 days" },
        procedure: "pastes.create",
      });
      expect(daysFromNow(present(paste.body.data.expires_at, "the expiry"))).toBeCloseTo(7, 2);
      const never = await api.call("POST", "/paste", {
        auth: textKey,
        body: { content: "kept", expiresAt: null },
        procedure: "pastes.create",
      });
      expect(never.body.data.expires_at).toBeNull();
      const upload = (query: string) =>
        t.app.fetch(
          new Request(`http://localhost/api/upload-direct/kept.txt${query}`, {
            method: "PUT",
            headers: { authorization: fileKey, "content-type": "text/plain" },
            body: "kept",
          }),
          "127.0.0.1",
        );
      const file = (await (await upload("")).json()) as ApiAnswer<SharedFileWithLinks>["body"];
      expect(daysFromNow(present(file.data.expires_at, "the expiry"))).toBeCloseTo(2, 2);
      // The document's "0 means never" for expires_in still holds.
      expect(
        ((await (await upload("?expires_in=0")).json()) as ApiAnswer<SharedFileWithLinks>["body"]).data.expires_at,
      ).toBeNull();
      const bad = await api.call("PUT", "/admin/system-settings", {
        auth: admin,
        body: { default_paste_expiry: 1.5 },
        lang: "zh-CN",
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain("3650");
    } finally {
      await api.call("PUT", "/admin/system-settings", {
        auth: admin,
        body: { default_paste_expiry: 0, default_file_expiry: 0 },
        procedure: "settings.update",
      });
    }
  });

  test("pastes: create with expiresAt and maxViews stores both; view, unlock and raw", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await api.call("POST", "/paste", {
      auth: textKey,
      body: {
        content: "hello from a script",
        remark: "doc",
        expiresAt,
        maxViews: 100,
        password: "pass-1234",
        slug: `doc-${provider}`,
      },
      procedure: "pastes.create",
    });
    expect(created.status).toBe(201);
    expect(created.body.code).toBe(201);
    expect(created.body.data.max_views).toBe(100);
    expect(new Date(present(created.body.data.expires_at, "the expiry")).toISOString()).toBe(expiresAt);
    const locked = await api.call<OpenedPaste>("GET", `/paste/doc-${provider}`);
    expect(locked.body.data.requires_password).toBe(true);
    const opened = await api.call("POST", `/paste/doc-${provider}`, {
      body: { password: "pass-1234" },
      procedure: "pastes.unlock",
    });
    expect(opened.body.data.content).toBe("hello from a script");
    const raw = await t.app.fetch(new Request(`http://localhost/api/raw/doc-${provider}?password=pass-1234`));
    expect(await raw.text()).toBe("hello from a script");
  });

  test("pastes: an unknown field is a 400 naming it, in the caller's language; nothing is created", async () => {
    const en = await api.call("POST", "/paste", {
      auth: textKey,
      body: { content: "x", expireAt: "2030-01-01T00:00:00Z" },
    });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ code: 400, message: "Unknown field expireAt", data: null, success: false });
    const zh = await api.call("POST", "/paste", { auth: textKey, body: { content: "x", max_view: 3 }, lang: "zh-CN" });
    expect(zh.body.message).toBe("未知字段 max_view");
    const list = await api.call<PastePage>("GET", "/user/pastes?limit=100", { auth: textKey });
    expect(list.body.data.map((p: { preview: string }) => p.preview)).not.toContain("x");
  });

  test("a date that is not ISO 8601 with a time zone is a 400 saying how to write it, in the caller's language", async () => {
    // The field is named as the request spelled it: the document's `expiresAt`, our `expires_at`.
    const cases: [string, unknown, string][] = [
      ["/paste", { content: "x", expiresAt: "2030-12-31" }, "expiresAt"],
      ["/paste", { content: "x", expiresAt: 1_924_991_999_000 }, "expiresAt"],
      ["/admin/api-keys", { name: "doc dated key", expires_at: "31/12/2030" }, "expires_at"],
    ];
    for (const [path, body, field] of cases) {
      const auth = path === "/paste" ? textKey : admin;
      const en = await api.call("POST", path, { auth, body });
      expect(en.status).toBe(400);
      expect(en.body.message).toBe(
        `${field}: Give a date and time in ISO 8601 with its time zone, such as 2030-12-31T23:59:59Z`,
      );
      const zh = await api.call("POST", path, { auth, body, lang: "zh-CN" });
      expect(zh.body.message).toBe(`${field}: 请用带时区的 ISO 8601 日期时间，例如 2030-12-31T23:59:59Z`);
    }
  });

  test("a bad value is a 400 naming the field as the request spelled it: the document's query, maxViews, in en and zh", async () => {
    const cases: [string, string, unknown, string, string][] = [
      [
        "GET",
        "/user/fs/search?query=a&scope=global",
        undefined,
        "query: Enter at least 2 characters to search",
        "query: 搜索至少需要 2 个字符",
      ],
      // Our own spelling is named as ours.
      ["GET", "/user/fs/search?q=a", undefined, "q: Enter at least 2 characters to search", "q: 搜索至少需要 2 个字符"],
    ];
    for (const [method, path, body, en, zh] of cases) {
      const answer = await api.call(method, path, { auth: mountKey, body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(en);
      expect((await api.call(method, path, { auth: mountKey, body, lang: "zh-CN" })).body.message).toBe(zh);
    }
    const views = await api.call("POST", "/paste", { auth: textKey, body: { content: "x", maxViews: -1 } });
    expect(views.status).toBe(400);
    expect(views.body.message).toStartWith("maxViews: ");
    const zhViews = await api.call("POST", "/paste", {
      auth: textKey,
      body: { content: "x", max_views: -1 },
      lang: "zh-CN",
    });
    expect(zhViews.body.message).toStartWith("max_views: ");
  });

  test("key pastes: list is data: [...] with pagination beside; get, update by slug, delete, batch delete", async () => {
    const slug = `mine-${provider}`;
    await api.call("POST", "/paste", { auth: textKey, body: { content: "first", slug }, procedure: "pastes.create" });
    const second = await api.call("POST", "/paste", {
      auth: textKey,
      body: { content: "second" },
      procedure: "pastes.create",
    });
    const list = await api.call<PastePage>("GET", "/user/pastes?limit=30&offset=0", { auth: textKey });
    expect(Array.isArray(list.body.data)).toBe(true);
    expect(list.body.pagination).toMatchObject({ limit: 30, offset: 0 });
    expect(list.body.pagination?.total).toBeGreaterThanOrEqual(2);
    const updated = await api.call("PUT", `/user/pastes/${slug}`, {
      auth: textKey,
      body: { remark: "by slug", maxViews: 9 },
      procedure: "pastes.update",
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ slug, remark: "by slug", max_views: 9 });
    const got = await api.call("GET", `/user/pastes/${updated.body.data.id}`, {
      auth: textKey,
      procedure: "pastes.get",
    });
    expect(got.body.data.content).toBe("first");
    expect(
      (await api.call("DELETE", `/user/pastes/${slug}`, { auth: textKey, procedure: "pastes.delete" })).status,
    ).toBe(200);
    const batch = await api.call("POST", "/user/pastes/batch-delete", {
      auth: textKey,
      body: { ids: [second.body.data.id] },
      procedure: "pastes.batchDelete",
    });
    expect(batch.body.data.deleted).toBe(1);
  });

  test("admin pastes: page and limit, update by slug with expiresAt, delete by id, clear-expired", async () => {
    const slug = `adm-${provider}`;
    const created = await api.call("POST", "/paste", {
      auth: admin,
      body: { content: "admin's", slug },
      procedure: "pastes.create",
    });
    const list = await api.call<PastePage>("GET", "/admin/pastes?page=1&limit=10", { auth: admin });
    expect(list.body.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(list.body.data.some((p: { slug: string }) => p.slug === slug)).toBe(true);
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const updated = await api.call("PUT", `/admin/pastes/${slug}`, {
      auth: admin,
      body: { expiresAt },
      procedure: "pastes.update",
    });
    expect(new Date(present(updated.body.data.expires_at, "the expiry")).toISOString()).toBe(expiresAt);
    expect(
      (await api.call("GET", `/admin/pastes/${created.body.data.id}`, { auth: admin, procedure: "pastes.get" })).status,
    ).toBe(200);
    expect(
      (await api.call("DELETE", `/admin/pastes/${created.body.data.id}`, { auth: admin, procedure: "pastes.delete" }))
        .status,
    ).toBe(200);
    const cleared = await api.call("POST", "/admin/pastes/clear-expired", { auth: admin });
    expect(cleared.status).toBe(200);
  });

  test("files: presign without size, PUT, commit with expiresAt and maxDownloads; public page; key and admin lists", async () => {
    const configs = await api.call("GET", "/s3-configs", { auth: fileKey, procedure: "storage.list" });
    const configId = present(configs.body.data[0], "a storage").id;
    const presign = await api.call("POST", "/s3/presign", {
      auth: fileKey,
      body: {
        s3_config_id: configId,
        filename: "doc.txt",
        mimetype: "text/plain",
      },
      procedure: "files.upload.presign",
    });
    expect(presign.status).toBe(200);
    const etag = await putToLink(
      { url: presign.body.data.upload_url, headers: presign.body.data.headers },
      "file bytes",
    );
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const commit = await api.call("POST", "/s3/commit", {
      auth: fileKey,
      body: {
        file_id: presign.body.data.file_id,
        etag,
        size: 10,
        remark: "from the document",
        expiresAt,
        maxDownloads: 10,
      },
      procedure: "files.upload.commit",
    });
    expect(commit.status).toBe(200);
    expect(commit.body.data).toMatchObject({ size: 10, max_views: 10, remark: "from the document" });
    expect(new Date(present(commit.body.data.expires_at, "the expiry")).toISOString()).toBe(expiresAt);
    const slug = commit.body.data.slug;
    const info = await api.call("GET", `/public/files/${slug}`, { procedure: "files.public.get" });
    expect(info.body.data).toMatchObject({ filename: "doc.txt", size: 10 });

    const mine = await api.call("GET", "/user/files?limit=30&offset=0", { auth: fileKey, procedure: "files.list" });
    expect(mine.body.data.files.map((f: { slug: string }) => f.slug)).toContain(slug);
    expect(mine.body.data.pagination).toMatchObject({ limit: 30, offset: 0 });
    const id = commit.body.data.id;
    const updated = await api.call("PUT", `/user/files/${id}`, {
      auth: fileKey,
      body: { remark: "changed", maxDownloads: 3 },
      procedure: "files.update",
    });
    expect(updated.body.data).toMatchObject({ remark: "changed", max_views: 3 });
    const all = await api.call("GET", "/admin/files?limit=30&offset=0", { auth: admin, procedure: "files.list" });
    expect(all.body.data.files.some((f: { id: string }) => f.id === id)).toBe(true);
    expect((await api.call("GET", `/admin/files/${id}`, { auth: admin, procedure: "files.get" })).status).toBe(200);
    expect((await api.call("DELETE", `/user/files/${id}`, { auth: fileKey, procedure: "files.delete" })).status).toBe(
      200,
    );
  });

  test("multipart init answers every part's upload URL (presigned_urls); the parts PUT there complete with the document's body", async () => {
    const configs = await api.call("GET", "/s3-configs", { auth: fileKey, procedure: "storage.list" });
    const partSize = 5 * 1024 * 1024;
    const bytes = new Uint8Array(partSize + 3).fill(7);
    const init = await api.call("POST", "/s3/multipart/init", {
      auth: fileKey,
      body: {
        s3_config_id: present(configs.body.data[0], "a storage").id,
        filename: "parts.bin",
        size: bytes.length,
        part_size: partSize,
      },
      procedure: "files.upload.multipartInit",
    });
    expect(init.status).toBe(200);
    const { file_id, upload_id, presigned_urls } = init.body.data;
    expect(presigned_urls.map((part: { part_number: number }) => part.part_number)).toEqual([1, 2]);
    const parts = [];
    for (const { part_number, url } of presigned_urls) {
      const put = await fetchLink(url, {
        method: "PUT",
        body: bytes.slice((part_number - 1) * partSize, part_number * partSize),
      });
      expect(put.status).toBeLessThan(300);
      parts.push({ PartNumber: part_number, ETag: put.headers.get("etag") ?? "" });
    }
    const stale = await api.call("POST", "/s3/multipart/complete", {
      auth: fileKey,
      body: { file_id, upload_id: "another", parts },
    });
    expect(stale.status).toBe(400);
    const done = await api.call("POST", "/s3/multipart/complete", {
      auth: fileKey,
      body: { file_id, upload_id, parts },
      procedure: "files.upload.multipartComplete",
    });
    expect(done.status).toBe(200);
    expect(done.body.data.size).toBe(bytes.length);
    const sized = await api.call("POST", "/s3/multipart/init", {
      auth: fileKey,
      body: {
        s3_config_id: present(configs.body.data[0], "a storage").id,
        filename: "unsized.bin",
      },
      procedure: "files.upload.multipartInit",
    });
    expect(sized.body.data.presigned_urls).toEqual([]);
    await api.call("POST", "/s3/cancel", {
      auth: fileKey,
      body: { file_id: sized.body.data.file_id },
      procedure: "files.upload.cancel",
    });
  });

  test("files: expiry in two forms at once is a 400, and so is an unknown commit field", async () => {
    const configs = await api.call("GET", "/s3-configs", { auth: admin, procedure: "storage.list" });
    const presign = await api.call("POST", "/s3/presign", {
      auth: admin,
      body: {
        s3_config_id: present(configs.body.data[0], "a storage").id,
        filename: "twice.txt",
        expires_in: 24,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(presign.status).toBe(400);
    const unknown = await api.call("POST", "/s3/commit", {
      auth: admin,
      body: { file_id: "x", etag: "y", maxDownload: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("maxDownload");
  });

  test("storage configs: create, get, update, set-default, test answers success and result, delete", async () => {
    const created = await api.call("POST", "/s3-configs", {
      auth: admin,
      body: {
        name: "doc config",
        provider_type: "Other S3 Compatible",
        endpoint_url: "http://127.0.0.1:1",
        bucket_name: "doc-bucket",
        access_key_id: "AK",
        secret_access_key: "SK",
        region: "us-east-1",
        path_style: true,
        default_folder: "uploads/",
        is_public: false,
      },
      procedure: "storage.create",
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain('"SK"');
    const id = created.body.data.id;
    expect((await api.call("GET", `/s3-configs/${id}`, { auth: admin, procedure: "storage.get" })).status).toBe(200);
    expect(
      (
        await api.call("PUT", `/s3-configs/${id}`, {
          auth: admin,
          body: { name: "renamed" },
          procedure: "storage.update",
        })
      ).body.data.name,
    ).toBe("renamed");
    const tested = await api.call("POST", `/s3-configs/${id}/test`, { auth: admin, procedure: "storage.test" });
    expect(tested.status).toBe(200);
    expect(tested.body.data.success).toBe(false);
    expect(tested.body.data.result.steps.length).toBeGreaterThan(0);
    expect((await api.call("DELETE", `/s3-configs/${id}`, { auth: admin, procedure: "storage.delete" })).status).toBe(
      200,
    );
  });

  test("storage configs: a key with file permission gets a public config by id, as listed; a private one is 404", async () => {
    const made = (isPublic: boolean) =>
      api.call("POST", "/s3-configs", {
        auth: admin,
        body: {
          name: `doc ${isPublic ? "public" : "private"} config`,
          provider_type: "Cloudflare R2",
          endpoint_url: "http://127.0.0.1:1",
          bucket_name: "doc-bucket",
          access_key_id: "AK",
          secret_access_key: "SK",
          is_public: isPublic,
        },
        procedure: "storage.create",
      });
    const open = (await made(true)).body.data.id;
    const hidden = (await made(false)).body.data.id;
    const got = await api.call("GET", `/s3-configs/${open}`, { auth: fileKey, procedure: "storage.get" });
    expect(got.status).toBe(200);
    const listed = (await api.call("GET", "/s3-configs", { auth: fileKey, procedure: "storage.list" })).body.data.find(
      (c: { id: string }) => c.id === open,
    );
    expect(got.body.data).toEqual(present(listed, "the storage in the list"));
    expect(got.body.data).toMatchObject({ id: open, is_public: true, endpoint_url: null, access_key_id: null });
    expect((await api.call("GET", `/s3-configs/${hidden}`, { auth: fileKey, procedure: "storage.get" })).status).toBe(
      404,
    );
    expect((await api.call("GET", `/s3-configs/${open}`, { auth: textKey, procedure: "storage.get" })).status).toBe(
      403,
    );
    expect(
      (await api.call("GET", `/s3-configs/${hidden}`, { auth: admin, procedure: "storage.get" })).body.data
        .endpoint_url,
    ).toBe("http://127.0.0.1:1");
    for (const id of [open, hidden])
      await api.call("DELETE", `/s3-configs/${id}`, { auth: admin, procedure: "storage.delete" });
  });

  test("API keys: list, update, delete; a key is shown once, never listed", async () => {
    const created = await api.call("POST", "/admin/api-keys", {
      auth: admin,
      body: { name: "doc temp", text_permission: true },
      procedure: "keys.create",
    });
    const key = created.body.data.key as string;
    const list = await api.call("GET", "/admin/api-keys", { auth: admin, procedure: "keys.list" });
    expect(JSON.stringify(list.body)).not.toContain(key);
    const id = created.body.data.id;
    const updated = await api.call("PUT", `/admin/api-keys/${id}`, {
      auth: admin,
      body: { name: "doc renamed", file_permission: true },
    });
    expect(updated.status).toBe(200);
    expect((await api.call("DELETE", `/admin/api-keys/${id}`, { auth: admin, procedure: "keys.delete" })).status).toBe(
      200,
    );
    const twice = await api.call("POST", "/admin/api-keys", {
      auth: admin,
      body: { name: "doc text", text_permission: true },
    });
    expect(twice.status).toBe(409);
  });

  test("cache and dashboard: stats with cache, system and timestamp; clear answers clearedCount", async () => {
    const stats = await api.call("GET", "/admin/cache/stats", { auth: admin, procedure: "cache.stats" });
    expect(stats.body.data.cache.directory).toMatchObject({ totalEntries: expect.any(Number) });
    const memory = stats.body.data.system.memory;
    expect(memory.used).toBeGreaterThan(0);
    expect(memory.free).toBeGreaterThanOrEqual(0);
    expect(memory.used + memory.free).toBeCloseTo(memory.total, 0);
    expect(typeof stats.body.data.timestamp).toBe("string");
    const cleared = await api.call("POST", "/admin/cache/clear", { auth: admin, body: {}, procedure: "cache.clear" });
    expect(cleared.body.data).toMatchObject({ clearedCount: expect.any(Number) });
    expect(typeof cleared.body.data.timestamp).toBe("string");
    const mine = await api.call("POST", "/user/cache/clear", { auth: mountKey, body: {} });
    expect(mine.status).toBe(200);
  });

  test("dashboard stats: the document's today, thisWeek, thisMonth, totalSize, apiKeys and storage", async () => {
    await api.call("POST", "/paste", { auth: admin, body: { content: "counted today" }, procedure: "pastes.create" });
    const dashboard = await api.call("GET", "/admin/dashboard/stats", { auth: admin, procedure: "dashboard.stats" });
    expect(dashboard.status).toBe(200);
    const { pastes, files, apiKeys, storage } = dashboard.body.data;
    expect(pastes.today).toBeGreaterThanOrEqual(1);
    expect(pastes.thisWeek).toBeGreaterThanOrEqual(pastes.today);
    expect(pastes.thisMonth).toBeGreaterThanOrEqual(pastes.today);
    expect(pastes.total).toBeGreaterThanOrEqual(pastes.thisMonth);
    expect(files).toMatchObject({
      total: expect.any(Number),
      today: expect.any(Number),
      thisWeek: expect.any(Number),
      thisMonth: expect.any(Number),
    });
    // As the document writes it ("2.5GB"): a script reads it with parseFloat and the unit after it.
    expect(files.totalSize).toMatch(/^\d+(\.\d+)?(B|KB|MB|GB|TB)$/);
    const keys = await api.call("GET", "/admin/api-keys", { auth: admin, procedure: "keys.list" });
    expect(apiKeys).toMatchObject({ total: keys.body.data.length, active: expect.any(Number) });
    const configs = await api.call("GET", "/s3-configs", { auth: admin, procedure: "storage.list" });
    const mounts = await api.call("GET", "/admin/mounts", { auth: admin, procedure: "mounts.list" });
    expect(storage).toEqual({ configs: configs.body.data.length, mounts: mounts.body.data.length });
  });

  test("admin lists honour the document's filters: created_by on pastes and files, s3_config_id on files", async () => {
    const byKey = await api.call("POST", "/paste", {
      auth: textKey,
      body: { content: `filtered ${provider}` },
      procedure: "pastes.create",
    });
    const byAdmin = await api.call("POST", "/paste", {
      auth: admin,
      body: { content: `not the key's ${provider}` },
      procedure: "pastes.create",
    });
    const creator = byKey.body.data.created_by;
    const pastes = await api.call<PastePage>(
      "GET",
      `/admin/pastes?page=1&limit=100&created_by=${encodeURIComponent(creator)}`,
      {
        auth: admin,
      },
    );
    const slugs = pastes.body.data.map((p: { slug: string }) => p.slug);
    expect(slugs).toContain(byKey.body.data.slug);
    expect(slugs).not.toContain(byAdmin.body.data.slug);
    expect(pastes.body.data.every((p: { created_by: string }) => p.created_by === creator)).toBe(true);
    // The admin's bare id, as /test/admin-token answers it, names the admin's pastes.
    const adminId = (await api.call("GET", "/test/admin-token", { auth: admin, procedure: "admin.validateToken" })).body
      .data.adminId;
    const adminPastes = await api.call<PastePage>("GET", `/admin/pastes?page=1&limit=100&created_by=${adminId}`, {
      auth: admin,
    });
    expect(adminPastes.body.data.map((p: { slug: string }) => p.slug)).toContain(byAdmin.body.data.slug);
    expect(adminPastes.body.data.map((p: { slug: string }) => p.slug)).not.toContain(byKey.body.data.slug);

    const form = new FormData();
    form.append("file", new File(["filtered file"], "filtered.txt", { type: "text/plain" }));
    const uploaded = await api.call<SharedFile>("POST", "/upload", { auth: fileKey, body: form });
    expect(uploaded.status).toBe(201);
    const { created_by: fileCreator, s3_config_id: configId, id } = uploaded.body.data;
    const files = (query: string) =>
      api.call("GET", `/admin/files?limit=100&offset=0&${query}`, { auth: admin, procedure: "files.list" });
    const mine = await files(`created_by=${encodeURIComponent(fileCreator)}`);
    expect(mine.body.data.files.map((f: { id: string }) => f.id)).toContain(id);
    expect(mine.body.data.files.every((f: { created_by: string }) => f.created_by === fileCreator)).toBe(true);
    expect((await files(`created_by=${adminId}`)).body.data.files.map((f: { id: string }) => f.id)).not.toContain(id);
    expect((await files(`s3_config_id=${configId}`)).body.data.files.map((f: { id: string }) => f.id)).toContain(id);
    const elsewhere = await files("s3_config_id=no-such-config");
    expect(elsewhere.body.data.files).toEqual([]);
    expect(elsewhere.body.data.pagination.total).toBe(0);
  });

  test("X-Custom-Auth-Key carries an API key, as the document's custom header; a wrong one is 401", async () => {
    const custom = (key: string) =>
      t.app.fetch(new Request("http://localhost/api/test/api-key", { headers: { "x-custom-auth-key": key } }));
    const accepted = await custom(textKey.replace(/^ApiKey /, ""));
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as ApiAnswer<OutputOf<"keys.validate">>["body"]).data.name).toBe("doc text");
    expect((await custom("not-a-key-of-this-server")).status).toBe(401);
  });

  test("mounts: the document's example body (type, s3_config_id, config.path) creates and updates a mount; read_only: true is a 400", async () => {
    const configs = await api.call("GET", "/s3-configs", { auth: admin, procedure: "storage.list" });
    // The document writes the type in lower case ("s3"); the default storage here is local.
    const body = { name: "doc body", type: "LOCAL", s3_config_id: present(configs.body.data[0], "a storage").id };
    const created = await api.call("POST", "/admin/mounts", {
      auth: admin,
      body: {
        ...body,
        config: { path: "/doc-body", read_only: false },
      },
      procedure: "mounts.create",
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      mount_path: "/doc-body",
      storage_config_id: present(configs.body.data[0], "a storage").id,
    });
    const moved = await api.call("PUT", `/admin/mounts/${created.body.data.id}`, {
      auth: admin,
      body: {
        config: { path: "/doc-body-2" },
      },
      procedure: "mounts.update",
    });
    expect(moved.body.data.mount_path).toBe("/doc-body-2");
    const readOnly = await api.call("POST", "/admin/mounts", {
      auth: admin,
      body: { ...body, config: { path: "/doc-ro", read_only: true } },
      lang: "zh",
    });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.message).toContain("mount_read_only");
    const noPath = await api.call("POST", "/admin/mounts", { auth: admin, body });
    expect(noPath.status).toBe(400);
    expect(noPath.body.message).toBe("mount_path: Enter the mount path");
    expect(
      (await api.call("GET", "/admin/mounts", { auth: admin, procedure: "mounts.list" })).body.data.map(
        (m: { mount_path: string }) => m.mount_path,
      ),
    ).not.toContain("/doc-ro");
    // It shows the storage's root, as the next test's mount does: out of that test's way.
    expect(
      (await api.call("DELETE", `/admin/mounts/${created.body.data.id}`, { auth: admin, procedure: "mounts.delete" }))
        .status,
    ).toBe(200);
  });

  test("mounts and file system: list, mkdir, upload, get, search by query, rename, file-link, multipart with PartNumber/ETag, remove", async () => {
    const configs = await api.call("GET", "/s3-configs", { auth: admin, procedure: "storage.list" });
    const mount = await api.call("POST", "/admin/mounts", {
      auth: admin,
      body: {
        name: "doc mount",
        mount_path: "/doc",
        storage_config_id: present(configs.body.data[0], "a storage").id,
      },
      procedure: "mounts.create",
    });
    expect(mount.status).toBe(201);
    expect((await api.call("GET", "/admin/mounts", { auth: admin, procedure: "mounts.list" })).status).toBe(200);
    expect((await api.call("GET", "/user/mounts", { auth: mountKey, procedure: "mounts.list" })).status).toBe(200);

    const made = await api.call("POST", "/user/fs/mkdir", {
      auth: mountKey,
      body: { path: "/doc/notes/" },
      procedure: "fs.mkdir",
    });
    expect(made.status).toBeLessThan(300);
    const written = await api.call("POST", "/user/fs/update", {
      auth: mountKey,
      body: { path: "/doc/notes/readme.md", content: "# hi" },
      procedure: "fs.update",
    });
    expect(written.status).toBeLessThan(300);
    expect(written.body.data).toMatchObject({
      path: "/doc/notes/readme.md",
      etag: expect.any(String),
      contentType: "text/markdown",
      isNewFile: true,
    });
    const rewritten = await api.call("POST", "/user/fs/update", {
      auth: mountKey,
      body: {
        path: "/doc/notes/readme.md",
        content: "# hi",
      },
      procedure: "fs.update",
    });
    expect(rewritten.body.data.isNewFile).toBe(false);
    const got = await api.call("GET", "/user/fs/get?path=/doc/notes/readme.md", {
      auth: mountKey,
      procedure: "fs.get",
    });
    expect(got.body.data).toMatchObject({ name: "readme.md", size: 4, isDirectory: false, mimeType: "text/markdown" });
    expect(Number.isNaN(Date.parse(present(got.body.data.lastModified, "the modified time")))).toBe(false);
    const folder = await api.call("GET", "/user/fs/get?path=/doc/notes", { auth: mountKey, procedure: "fs.get" });
    expect(folder.body.data).toMatchObject({ isDirectory: true, mimeType: null });
    // The document's list: the folder's entries under data.items, each with its kind, date and type.
    const listed = await api.call("GET", "/admin/fs/list?path=/doc/notes", { auth: admin, procedure: "fs.list" });
    expect(listed.status).toBe(200);
    // The document's entry fields, the same in a listing and in search results.
    const readme = {
      name: "readme.md",
      path: "/doc/notes/readme.md",
      size: 4,
      isDirectory: false,
      mimeType: "text/markdown",
      lastModified: expect.any(String),
    };
    expect(listed.body.data.items).toEqual([expect.objectContaining(readme)]);
    const root = await api.call("GET", "/admin/fs/list?path=/", { auth: admin, procedure: "fs.list" });
    expect(root.body.data.items).toContainEqual(expect.objectContaining({ name: "doc", isDirectory: true }));

    const search = await api.call("GET", "/user/fs/search?query=readme&scope=global&limit=50&offset=0", {
      auth: mountKey,
      procedure: "fs.search",
    });
    expect(search.status).toBe(200);
    expect(search.body.data).toMatchObject({
      total: 1,
      hasMore: false,
      searchParams: { query: "readme", scope: "global", limit: 50, offset: 0 },
      mountsSearched: 1,
    });
    expect(search.body.data.results).toEqual([
      expect.objectContaining({
        ...readme,
        mountId: mount.body.data.id,
        mountName: "doc mount",
        relativePath: "notes/readme.md",
      }),
    ]);
    await api.call("POST", "/admin/fs/update", {
      auth: admin,
      body: { path: "/doc/notes/notes-2.txt", content: "second" },
      procedure: "fs.update",
    });
    const inMount = `/admin/fs/search?query=notes&scope=mount&mount_id=${mount.body.data.id}&limit=1&offset=0`;
    const paged = await api.call("GET", inMount, { auth: admin, procedure: "fs.search" });
    expect(paged.body.data).toMatchObject({ total: 2, hasMore: true, mountsSearched: 1 });
    expect(paged.body.data.results[0]).toMatchObject({ path: "/doc/notes", isDirectory: true, relativePath: "notes" });
    const renamed = await api.call("POST", "/admin/fs/rename", {
      auth: admin,
      body: { oldPath: "/doc/notes/readme.md", newPath: "/doc/notes/hello.md" },
    });
    expect(renamed.status).toBe(200);
    const link = await api.call("GET", "/admin/fs/file-link?path=/doc/notes/hello.md&force_download=true", {
      auth: admin,
      procedure: "fs.fileLink",
    });
    expect(link.status).toBe(200);
    const linked = await fetchLink(link.body.data.presignedUrl);
    expect(linked.status).toBe(200);
    expect(await linked.text()).toBe("# hi");

    // The document's form upload answers the stored file's etag and content type: the part's type as
    // the client stated it (Bun's FormData states a text part's charset, as CloudPaste keeps it).
    const form = new FormData();
    form.append("file", new File(["uploaded by form"], "form.txt", { type: "text/plain" }));
    form.append("path", "/doc/notes/form.txt");
    const uploaded = await api.call<UploadedEntry>("POST", "/user/fs/upload", { auth: mountKey, body: form });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({
      path: "/doc/notes/form.txt",
      size: 16,
      etag: expect.any(String),
      contentType: "text/plain; charset=utf-8",
      isDirectory: false,
    });

    // Presign and commit with the document's body: size, mountId and uploadId beside path and etag.
    const presigned = await api.call("POST", "/user/fs/presign", {
      auth: mountKey,
      body: {
        path: "/doc/notes/direct.txt",
        contentType: "text/plain",
        fileSize: 6,
        mountId: mount.body.data.id,
      },
      procedure: "fs.presign",
    });
    expect(presigned.status).toBe(200);
    const etag = await putToLink(
      { url: presigned.body.data.presignedUrl, headers: presigned.body.data.headers },
      "direct",
    );
    const committed = await api.call("POST", "/user/fs/presign/commit", {
      auth: mountKey,
      body: {
        path: "/doc/notes/direct.txt",
        uploadId: "",
        etag,
        size: 6,
        mountId: mount.body.data.id,
      },
      procedure: "fs.presignCommit",
    });
    expect(committed.status).toBe(200);
    expect(committed.body.data).toMatchObject({ path: "/doc/notes/direct.txt", size: 6, contentType: "text/plain" });
    expect(typeof committed.body.data.etag).toBe("string");
    const otherMount = await api.call("POST", "/user/fs/presign", {
      auth: mountKey,
      body: { path: "/doc/notes/direct.txt", fileSize: 6, mountId: "another-mount" },
    });
    expect(otherMount.status).toBe(400);
    expect(otherMount.body.message).toBe("/doc/notes/direct.txt is not in the mount named by mountId");

    const init = await api.call("POST", "/admin/fs/multipart/init", {
      auth: admin,
      body: {
        path: "/doc/notes/big.bin",
        contentType: "application/octet-stream",
        fileSize: 3,
        filename: "big.bin",
      },
      procedure: "fs.multipartInit",
    });
    expect(init.status).toBe(200);
    const { uploadId, key } = init.body.data;
    const part = await t.app.fetch(
      new Request(
        `http://localhost/api/admin/fs/multipart/part?path=/doc/notes/big.bin&uploadId=${encodeURIComponent(uploadId)}&partNumber=1&isLastPart=true&key=${encodeURIComponent(key)}`,
        {
          method: "POST",
          headers: { authorization: admin, "content-type": "application/octet-stream" },
          body: new Uint8Array([1, 2, 3]),
        },
      ),
    );
    const partBody = (await part.json()) as ApiAnswer<UploadedPart>["body"];
    expect(part.status).toBe(200);
    const complete = await api.call("POST", "/admin/fs/multipart/complete", {
      auth: admin,
      body: {
        path: "/doc/notes/big.bin",
        uploadId,
        parts: [{ PartNumber: 1, ETag: partBody.data.etag }],
        key,
      },
      procedure: "fs.multipartComplete",
    });
    expect(complete.status).toBe(200);
    expect(complete.body.data).toMatchObject({ path: "/doc/notes/big.bin", size: 3, etag: expect.any(String) });
    const big = await api.call("GET", "/admin/fs/get?path=/doc/notes/big.bin", { auth: admin, procedure: "fs.get" });
    expect(big.body.data.size).toBe(3);

    const removed = await api.call("POST", "/admin/fs/batch-remove", {
      auth: admin,
      body: { paths: ["/doc/notes/big.bin"] },
    });
    expect(removed.status).toBe(200);
    const gone = await t.app.fetch(
      new Request("http://localhost/api/admin/fs/remove?path=/doc/notes/hello.md", {
        method: "DELETE",
        headers: { authorization: admin },
      }),
    );
    expect(gone.status).toBe(200);
  });

  test("URL uploads: a private address is refused before anything is stored", async () => {
    const configs = await api.call("GET", "/s3-configs", { auth: fileKey, procedure: "storage.list" });
    const refused = await api.call("POST", "/url/presign", {
      auth: fileKey,
      body: {
        url: "http://127.0.0.1:1/secret.txt",
        s3_config_id: present(configs.body.data[0], "a storage").id,
        metadata: { filename: "secret.txt", contentType: "text/plain" },
      },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  test("without credentials: 401; a key without the permission: 403", async () => {
    expect((await api.call<PastePage>("GET", "/user/pastes")).status).toBe(401);
    expect((await api.call<PastePage>("GET", "/user/pastes", { auth: fileKey })).status).toBe(403);
    expect((await api.call<PastePage>("GET", "/admin/pastes", { auth: textKey })).status).toBe(403);
    // Open to anyone in the document; here they need credentials (docs/coming-from-cloudpaste.md).
    expect(
      (await api.call("POST", "/url/info", { body: { url: "https://example.org/a.txt" }, procedure: "url.info" }))
        .status,
    ).toBe(401);
    expect((await api.call("GET", "/url/proxy?url=https%3A%2F%2Fexample.org%2Fa.txt")).status).toBe(401);
    expect((await api.call("GET", "/s3-configs", { procedure: "storage.list" })).status).toBe(401);
  });

  test("upload-direct (Api-s3_direct.md): raw body, options in the query; the proxy links carry the password", async () => {
    const slug = `doc-direct-${provider}`;
    const query = `slug=${slug}&password=doc-pw&expires_in=24&max_views=5&remark=direct`;
    const response = await t.app.fetch(
      new Request(`http://localhost/api/upload-direct/report.txt?${query}`, {
        method: "PUT",
        headers: { authorization: fileKey, "content-type": "text/plain" },
        body: "uploaded without a form",
      }),
      "127.0.0.1",
    );
    const answer = (await response.json()) as ApiAnswer<SharedFileWithLinks>["body"];
    expect(response.status).toBe(201);
    expect(answer.code).toBe(201);
    expect(answer.data).toMatchObject({ slug, filename: "report.txt", requires_password: true, max_views: 5 });
    expect(answer.data.expires_at).not.toBeNull();
    // The document's promise: the proxy links open the protected file without asking again.
    const download = await fetchLink(answer.data.proxy_download_url);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("uploaded without a form");
  });

  test("file-download, file-view and office-preview: ?password opens them; without it they refuse", async () => {
    const slug = `doc-links-${provider}`;
    const form = new FormData();
    form.append("slug", slug);
    form.append("password", "open-sesame");
    form.append("file", new File(["<h1>shared</h1>"], "page.html", { type: "text/html" }));
    expect((await api.call<SharedFile>("POST", "/upload", { auth: fileKey, body: form })).status).toBe(201);

    expect((await api.call("GET", `/file-download/${slug}`)).status).toBe(401);
    const download = await api.call("GET", `/file-download/${slug}?password=open-sesame`);
    expect(download.status).toBe(200);
    expect(download.text).toBe("<h1>shared</h1>");
    const view = await api.call("GET", `/file-view/${slug}?password=open-sesame`);
    expect(view.status).toBe(200);
    // Inline HTML from a user is never a page of this origin.
    expect(view.headers.get("content-security-policy")).toContain("sandbox");
    const office = await api.call("GET", `/office-preview/${slug}?password=open-sesame`);
    expect(office.status).toBe(200);
    expect(office.body.data).toMatchObject({ url: expect.any(String) });
  });

  test("upload form with the file part first, as the document writes it: the later fields still apply", async () => {
    const slug = `doc-file-first-${provider}`;
    const form = new FormData();
    form.append("file", new File(["file first"], "first.txt", { type: "text/plain" }));
    form.append("slug", slug);
    form.append("remark", "sent after the file");
    form.append("max_views", "2");
    const answer = await api.call<SharedFile>("POST", "/upload", { auth: fileKey, body: form });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ slug, remark: "sent after the file", max_views: 2 });
  });

  test("WebDAV with Authorization: Bearer <api key>, as the document says; a wrong key is 401", async () => {
    const propfind = (authorization: string) =>
      t.app.fetch(
        new Request("http://localhost/dav/", { method: "PROPFIND", headers: { authorization, depth: "0" } }),
        "127.0.0.1",
      );
    const rawKey = mountKey.replace(/^ApiKey /, "");
    expect((await propfind(`Bearer ${rawKey}`)).status).toBe(207);
    expect((await propfind("Bearer not-a-key-of-this-server")).status).toBe(401);
  });
});
