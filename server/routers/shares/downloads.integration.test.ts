// Every download path the app serves, on SQLite and Postgres, against local storage and the real S3
// server (s3rver): the share routes of the original's API (PUT /upload-direct, GET /file-download,
// /file-view, /office-preview) under the share page's rules, RFC 9110 conditional requests and
// ranges on each path (share links, the share routes, the explorer's download, WebDAV GET/HEAD), and
// content types: refused when malformed wherever a client states one, neutralised at delivery when a
// record or an object already holds a bad one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type DavServer, startDavServer } from "../../dav/dav-test-kit";
import { mountKeyPrefix } from "../../services/explorer/mounts";
import { STORAGE_CASES } from "../../test/harness";

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Envelope = { code: number; message: string; data: any; success: boolean };

/** The probe's spellings of one hostile type (issue: preview sandbox bypass), and CR/LF. */
const HOSTILE_TYPES = [
  "application/pdf, text/html",
  "application/pdf;text/html",
  "application/pdf\ttext/html",
  "application/pdf,image/svg+xml",
  "text/plain\r\nX-Injected: 1",
];

describe.each(STORAGE_CASES)("downloads on %s with %s storage", (provider, storageKind) => {
  let s: DavServer;
  let fileKey: string;
  let otherKey: string;
  const HTML = "<script>parent.__pwned = 1</script><form><input type=password></form>";

  async function api(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) {
    const response = await s.t.app.fetch(
      new Request(`http://localhost/api${path}`, { method, headers: init.headers, body: init.body }),
      "127.0.0.1",
    );
    const text = await response.text();
    const json = response.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as Envelope) : null;
    return { status: response.status, headers: response.headers, text, json };
  }

  /** The app's own links in-process, S3's over HTTP. */
  function fetchLink(url: string, init: RequestInit = {}): Promise<Response> {
    const base = s.t.config.publicUrl;
    if (url.startsWith(base)) {
      return s.t.app.fetch(new Request(`http://localhost${url.slice(base.length)}`, init), "127.0.0.1");
    }
    return fetch(url, init);
  }

  function putDirect(
    name: string,
    body: BodyInit,
    query: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) {
    const search = new URLSearchParams({ s3_config_id: s.storageConfigId, ...query });
    return api("PUT", `/upload-direct/${encodeURIComponent(name)}?${search}`, {
      body,
      headers: { authorization: `ApiKey ${fileKey}`, "content-type": "text/plain", ...headers },
    });
  }

  async function createFileKey(): Promise<string> {
    const key = await s.api(
      "POST",
      "/admin/api-keys",
      { name: `files ${crypto.randomUUID().slice(0, 6)}`, file_permission: true },
      s.admin,
      "keys.create",
    );
    return key.key;
  }

  const viewsOf = async (slug: string) =>
    (await s.t.db.fileShare.findUniqueOrThrow({ where: { slug }, select: { views: true } })).views;

  beforeAll(async () => {
    s = await startDavServer(provider, storageKind, ["/docs"]);
    fileKey = await createFileKey();
    otherKey = await createFileKey();
  });
  afterAll(async () => {
    await s.stop();
  });

  test("PUT /upload-direct/{filename}: the raw body is stored and shared, answered with the documented fields", async () => {
    const slug = `direct-${storageKind}-${provider}`;
    const put = await putDirect("notes.txt", "raw body bytes", {
      slug,
      password: "pw 1",
      expires_in: "24",
      max_views: "5",
      remark: "from curl",
    });
    expect(put.status).toBe(201);
    expect(put.json?.data).toMatchObject({
      slug,
      filename: "notes.txt",
      mimetype: "text/plain",
      size: 14,
      remark: "from curl",
      requires_password: true,
      views: 0,
      max_views: 5,
      use_proxy: 1,
      used_original_filename: false,
    });
    const data = put.json?.data;
    expect(data.created_by).toStartWith("apikey:");
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // The links through the app carry the password; the storage's own links are signed.
    expect(data.proxy_download_url).toBe(`${s.t.config.publicUrl}/api/file-download/${slug}?password=pw%201`);
    expect(data.proxy_preview_url).toBe(`${s.t.config.publicUrl}/api/file-view/${slug}?password=pw%201`);
    expect(data.downloadUrl).toBe(data.proxy_download_url);
    const downloaded = await fetchLink(data.downloadUrl);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-disposition")).toStartWith("attachment");
    expect(await downloaded.text()).toBe("raw body bytes");
    expect(await (await fetchLink(data.s3_direct_download_url)).text()).toBe("raw body bytes");
    expect(await viewsOf(slug)).toBe(1);

    // use_proxy=0: the main links are the storage's.
    const direct = await putDirect("b.txt", "b", { use_proxy: "0" });
    expect(direct.json?.data.use_proxy).toBe(0);
    expect(direct.json?.data.downloadUrl).toBe(direct.json?.data.s3_direct_download_url);
  });

  test("upload-direct: a taken slug is 409; override replaces only the caller's own share, keeping the link", async () => {
    const slug = `over-${storageKind}-${provider}`;
    expect((await putDirect("v1.txt", "version one", { slug })).status).toBe(201);
    const taken = await putDirect("v2.txt", "version two", { slug });
    expect(taken.status).toBe(409);
    const foreign = await putDirect(
      "v2.txt",
      "version two",
      { slug, override: "true" },
      {
        authorization: `ApiKey ${otherKey}`,
      },
    );
    expect(foreign.status).toBe(409);
    const replaced = await putDirect("v2.txt", "version two", { slug, override: "true" });
    expect(replaced.status).toBe(201);
    expect(replaced.json?.data.slug).toBe(slug);
    expect(await (await api("GET", `/file-download/${slug}`)).text).toBe("version two");
    expect(await s.t.db.fileShare.count({ where: { slug } })).toBe(1);
  });

  test("upload-direct: original_filename keeps the name as the key when it is free", async () => {
    const name = `plain-${crypto.randomUUID().slice(0, 6)}.txt`;
    const first = await putDirect(name, "first", { original_filename: "true" });
    expect(first.json?.data.used_original_filename).toBe(true);
    const row = await s.t.db.fileShare.findUniqueOrThrow({ where: { id: first.json?.data.id } });
    expect(row.storagePath.split("/").pop()).toBe(name);
    const second = await putDirect(name, "second", { original_filename: "true" });
    expect(second.json?.data.used_original_filename).toBe(false);
    expect(await (await api("GET", `/file-download/${first.json?.data.slug}`)).text).toBe("first");
  });

  test("file-download, file-view and office-preview keep the share page's password, expiry and view rules", async () => {
    const slug = `rules-${storageKind}-${provider}`;
    expect(
      (await putDirect("page.html", HTML, { slug, password: "open", max_views: "3" }, { "content-type": "text/html" }))
        .status,
    ).toBe(201);
    expect((await api("GET", `/file-download/${slug}`)).status).toBe(401);
    expect((await api("GET", `/file-download/${slug}?password=nope`)).status).toBe(401);
    expect(await viewsOf(slug)).toBe(0);
    // HEAD answers without counting.
    expect((await api("HEAD", `/file-view/${slug}?password=open`)).status).toBe(200);
    expect(await viewsOf(slug)).toBe(0);
    const view = await api("GET", `/file-view/${slug}?password=open`);
    expect(view.status).toBe(200);
    expect(view.headers.get("content-disposition")).toStartWith("inline");
    // HTML is shown as its text, sandboxed, never sniffed.
    expect(view.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(view.headers.get("content-security-policy")).toStartWith("sandbox");
    expect(view.headers.get("x-content-type-options")).toBe("nosniff");
    expect(view.text).toBe(HTML);
    const office = await api("GET", `/office-preview/${slug}?password=open`);
    expect(office.status).toBe(200);
    expect(office.json?.data).toMatchObject({ filename: "page.html", mimetype: "text/html", is_temporary: true });
    expect(await (await fetchLink(office.json?.data.url)).text()).toBe(HTML);
    expect((await api("GET", `/file-download/${slug}?password=open`)).status).toBe(200);
    expect(await viewsOf(slug)).toBe(3);
    const exhausted = await api("GET", `/file-download/${slug}?password=open`);
    expect(exhausted.status).toBe(410);
    expect(exhausted.json?.message).toBe("The view limit has been reached");

    const expiring = await putDirect("old.txt", "old", { slug: `${slug}-exp` });
    await s.t.db.fileShare.update({
      where: { id: expiring.json?.data.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await api("GET", `/file-view/${slug}-exp`)).status).toBe(410);
    expect((await api("GET", "/file-download/no-such-share")).status).toBe(404);
    expect((await api("GET", "/office-preview/no-such-share")).status).toBe(404);
  });

  test("the routes are in the OpenAPI document", async () => {
    const document = JSON.parse((await api("GET", "/openapi.json")).text);
    expect(document.paths["/upload-direct/{filename}"]?.put).toBeDefined();
    for (const path of ["/file-download/{slug}", "/file-view/{slug}", "/office-preview/{slug}"]) {
      expect(document.paths[path]?.get).toBeDefined();
    }
  });

  test("RFC 9110 preconditions and ranges hold on every download path", async () => {
    const content = "0123456789abcdef";
    const slug = `cond-${storageKind}-${provider}`;
    expect((await putDirect("cond.txt", content, { slug })).status).toBe(201);
    expect(
      (
        await api("POST", "/admin/fs/update", {
          body: JSON.stringify({ path: "/docs/cond.txt", content }),
          headers: { authorization: s.admin, "content-type": "application/json" },
        })
      ).status,
    ).toBe(200);
    const view = await api("GET", `/public/files/${slug}`);
    const paths: [string, (headers: Record<string, string>, method?: string) => Promise<Response>][] = [
      [
        "GET /file-download",
        (headers, method = "GET") =>
          s.t.app.fetch(new Request(`http://localhost/api/file-download/${slug}`, { method, headers }), "127.0.0.1"),
      ],
      [
        "GET /admin/fs/download",
        (headers, method = "GET") =>
          s.t.app.fetch(
            new Request("http://localhost/api/admin/fs/download?path=/docs/cond.txt", {
              method,
              headers: { ...headers, authorization: s.admin },
            }),
            "127.0.0.1",
          ),
      ],
      ["WebDAV", (headers, method = "GET") => s.request(method, "/dav/docs/cond.txt", { headers })],
    ];
    // The share page's links are the app's own for local storage (S3 answers its own links itself).
    if (storageKind === "local")
      paths.push([
        "share link",
        (headers, method = "GET") => fetchLink(view.json?.data.download_url, { method, headers }),
      ]);

    for (const [name, get] of paths) {
      const plain = await get({});
      expect(`${name}: ${plain.status}`).toBe(`${name}: 200`);
      expect(await plain.text()).toBe(content);
      const etag = plain.headers.get("etag") ?? "";
      const lastModified = plain.headers.get("last-modified") ?? "";
      expect(etag).toMatch(/^".+"$/);
      // Each body is cancelled, as a client that only wanted the status closes it: an unread body holds
      // one of the address's open downloads (http/downloads/open-downloads.ts).
      const status = async (headers: Record<string, string>, method?: string) => {
        const answer = await get(headers, method);
        await answer.body?.cancel();
        return `${name}: ${answer.status}`;
      };

      // If-Range: a current validator serves the range, a stale one the whole (never two versions spliced).
      const fresh = await get({ range: "bytes=2-5", "if-range": etag });
      expect(`${name}: ${fresh.status} ${await fresh.text()}`).toBe(`${name}: 206 2345`);
      const stale = await get({ range: "bytes=2-5", "if-range": '"stale"' });
      expect(`${name}: ${stale.status} ${await stale.text()}`).toBe(`${name}: 200 ${content}`);
      const staleDate = await get({
        range: "bytes=2-5",
        "if-range": new Date(Date.parse(lastModified) - 60_000).toUTCString(),
      });
      expect(`${name}: ${staleDate.status}`).toBe(`${name}: 200`);
      await staleDate.body?.cancel();
      expect(await status({ range: "bytes=2-5", "if-range": lastModified })).toBe(`${name}: 206`);
      expect(await status({ range: "bytes=2-5", "if-range": `W/${etag}` })).toBe(`${name}: 200`);

      expect(await status({ "if-match": '"wrong"' })).toBe(`${name}: 412`);
      expect(await status({ "if-match": `W/${etag}` })).toBe(`${name}: 412`);
      expect(await status({ "if-match": `"x", ${etag}` })).toBe(`${name}: 200`);
      expect(await status({ "if-match": "*" })).toBe(`${name}: 200`);
      expect(await status({ "if-none-match": "*" })).toBe(`${name}: 304`);
      expect(await status({ "if-none-match": `W/${etag}` })).toBe(`${name}: 304`);
      expect(await status({ "if-none-match": etag }, "HEAD")).toBe(`${name}: 304`);
      expect(await status({ "if-none-match": '"other"' })).toBe(`${name}: 200`);
      expect(await status({ "if-modified-since": lastModified })).toBe(`${name}: 304`);
      expect(await status({ "if-modified-since": new Date(Date.parse(lastModified) - 60_000).toUTCString() })).toBe(
        `${name}: 200`,
      );
      expect(await status({ "if-unmodified-since": "Sat, 01 Jan 2000 00:00:00 GMT" })).toBe(`${name}: 412`);
      expect(await status({ "if-unmodified-since": lastModified })).toBe(`${name}: 200`);
      expect(await status({ range: "bytes=99-" })).toBe(`${name}: 416`);
      expect(await status({ range: "bytes=0-1,4-5" })).toBe(`${name}: 200`);
    }
  });

  /** A multipart upload whose file part states `partType` in its own Content-Type header. */
  function partTypedForm(path: string, partType: string, order: "fields-first" | "file-first") {
    const boundary = "pastebox-part-type";
    const field = path === "/upload" ? ["s3_config_id", s.storageConfigId] : ["path", "/docs/"];
    const fieldPart = `--${boundary}\r\nContent-Disposition: form-data; name="${field[0]}"\r\n\r\n${field[1]}\r\n`;
    const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="part.html"\r\nContent-Type: ${partType}\r\n\r\n<p>x</p>\r\n`;
    const body = `${order === "fields-first" ? fieldPart + filePart : filePart + fieldPart}--${boundary}--\r\n`;
    const headers = { authorization: s.admin, "content-type": `multipart/form-data; boundary=${boundary}` };
    return api("POST", path, { body, headers });
  }

  test("a malformed content type is refused with 400 wherever a client states one, and nothing is stored", async () => {
    const filesBefore = await s.t.db.fileShare.count();
    const admin = { authorization: s.admin, "content-type": "application/json" };
    for (const hostile of HOSTILE_TYPES) {
      const form = new FormData();
      form.set("s3_config_id", s.storageConfigId);
      form.set("mimetype", hostile);
      form.set("file", new File(["<p>x</p>"], "x.html"));
      const label = JSON.stringify(hostile);
      const answers = {
        form: await api("POST", "/upload", { body: form, headers: { authorization: s.admin } }),
        direct: await putDirect("x.html", "<p>x</p>", {}, { "content-type": hostile.replace(/[\r\n]/g, " ") }),
        presign: await api("POST", "/s3/presign", {
          body: JSON.stringify({ s3_config_id: s.storageConfigId, filename: "x.html", mimetype: hostile, size: 8 }),
          headers: admin,
        }),
        fsPresign: await api("POST", "/admin/fs/presign", {
          body: JSON.stringify({ path: "/docs/x.html", contentType: hostile, fileSize: 8 }),
          headers: admin,
        }),
        fsMultipart: await api("POST", "/admin/fs/multipart/init", {
          body: JSON.stringify({ path: "/docs/x.html", contentType: hostile, fileSize: 8 }),
          headers: admin,
        }),
      };
      for (const [entry, answer] of Object.entries(answers)) {
        if (entry === "direct" && /[\r\n]/.test(hostile)) continue;
        expect(`${label} ${entry}: ${answer.status}`).toBe(`${label} ${entry}: 400`);
        expect(answer.json?.success).toBe(false);
      }
      expect(answers.form.json?.message).toContain("content type");
      const fsForm = new FormData();
      fsForm.set("path", "/docs/");
      fsForm.set("contentType", hostile);
      fsForm.set("file", new File(["<p>x</p>"], "x.html"));
      const fsUpload = await api("POST", "/admin/fs/upload", { body: fsForm, headers: { authorization: s.admin } });
      expect(`${label} fs upload: ${fsUpload.status}`).toBe(`${label} fs upload: 400`);
      // The same type on the file part's own header (a CR/LF there only starts another header line).
      if (!/[\r\n]/.test(hostile)) {
        const parts = {
          "form, fields first": partTypedForm("/upload", hostile, "fields-first"),
          "form, file first": partTypedForm("/upload", hostile, "file-first"),
          "fs upload": partTypedForm("/admin/fs/upload", hostile, "fields-first"),
        };
        for (const [entry, sent] of Object.entries(parts)) {
          const answer = await sent;
          expect(`${label} part type, ${entry}: ${answer.status}`).toBe(`${label} part type, ${entry}: 400`);
          expect(answer.json?.message).toContain("content type");
        }
      }
      if (!/[\r\n]/.test(hostile)) {
        const davPut = await s.request("PUT", "/dav/docs/hostile.html", {
          body: "<p>x</p>",
          headers: { "content-type": hostile },
        });
        expect(`${label} WebDAV PUT: ${davPut.status}`).toBe(`${label} WebDAV PUT: 400`);
      }
    }
    expect(await s.t.db.fileShare.count()).toBe(filesBefore);
    expect((await s.request("GET", "/dav/docs/hostile.html")).status).toBe(404);
    expect((await s.request("GET", "/dav/docs/part.html")).status).toBe(404);
    // A well-formed part type is kept, normalised, with its charset.
    const typedPart = await partTypedForm("/upload", "Text/Plain; Charset=UTF-8", "file-first");
    expect(typedPart.json?.data.mimetype).toBe("text/plain; charset=utf-8");
    // A well-formed type is stored normalised.
    const fine = await putDirect("fine.txt", "ok", {}, { "content-type": "Text/Plain; Charset=UTF-8; x=1" });
    expect(fine.json?.data.mimetype).toBe("text/plain; charset=utf-8");
  });

  test("a record or an object that already holds a bad type is delivered safely: never 500, never rendered", async () => {
    for (const hostile of [...HOSTILE_TYPES, "text/html\r\n\r\n<script>"]) {
      const uploaded = await putDirect("stored.html", HTML, {}, { "content-type": "text/html" });
      const { id, slug } = (uploaded.json?.data ?? {}) as { id: string; slug: string };
      // As written by a version before the check, or straight into the database.
      await s.t.db.fileShare.update({ where: { id }, data: { mimetype: hostile } });
      const label = JSON.stringify(hostile);
      const details = await api("GET", `/public/files/${slug}`);
      expect(`${label} details: ${details.status}`).toBe(`${label} details: 200`);
      expect(details.json?.data.mimetype).toBe("application/octet-stream");
      for (const url of [details.json?.data.preview_url, `${s.t.config.publicUrl}/api/file-view/${slug}`]) {
        if (!url.startsWith(s.t.config.publicUrl)) continue;
        const preview = await fetchLink(url);
        expect(`${label} preview: ${preview.status}`).toBe(`${label} preview: 200`);
        expect(preview.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(preview.headers.get("content-security-policy")).toStartWith("sandbox");
        expect(await preview.text()).toBe(HTML);
      }
      const download = await api("GET", `/file-download/${slug}`);
      expect(`${label} download: ${download.status}`).toBe(`${label} download: 200`);
      expect(download.headers.get("content-type")).toBe("application/octet-stream");
    }
    if (storageKind === "s3") {
      // An object another tool wrote into the bucket with such a type, seen through a mount.
      const driver = await s.t.storage.driverFor(s.storageConfigId);
      const seed = `seed-${crypto.randomUUID()}.txt`;
      const seeded = await api("POST", "/admin/fs/update", {
        body: JSON.stringify({ path: `/docs/${seed}`, content: "seed" }),
        headers: { authorization: s.admin, "content-type": "application/json" },
      });
      expect(seeded.status).toBe(200);
      // Listed under the mount's own folder: the whole bucket holds other tests' objects, past one page.
      const mount = await s.t.db.mount.findUniqueOrThrow({ where: { id: s.mounts["/docs"] } });
      const key = (await driver.list(mountKeyPrefix(mount))).objects.find((object) =>
        object.key.endsWith(`/${seed}`),
      )?.key;
      expect(key).toBeDefined();
      await driver.put(key?.replace(seed, "foreign.html") ?? "", HTML, {
        contentType: "application/pdf, text/html",
      });
      const inline = await api("GET", "/admin/fs/download?path=/docs/foreign.html&inline=true", {
        headers: { authorization: s.admin },
      });
      expect(inline.status).toBe(200);
      expect(inline.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(inline.headers.get("content-security-policy")).toStartWith("sandbox");
      const dav = await s.request("GET", "/dav/docs/foreign.html");
      expect(dav.status).toBe(200);
      expect(dav.headers.get("content-type")).toBe("application/octet-stream");
    }
  });
});
