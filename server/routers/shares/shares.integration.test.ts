// File sharing over REST, on SQLite and Postgres, against local storage and a real S3 server
// (s3rver): storage configs, every upload flow, the limits, views, passwords, signed links, the
// safety of user content, management and cleanup.
import { beforeAll, describe, expect, test } from "bun:test";
import {
  decryptBytes,
  ENCRYPTED_FILE_NAME,
  ENCRYPTED_FILE_TYPE,
  encryptBlob,
  RECORD_BYTES,
} from "@shared/encryption/encrypted-file";
import { generateLinkKey } from "@shared/encryption/encrypted-share";
import { s3StorageBody } from "../../../scripts/test/s3-storage";
import { sweepOnce } from "../../services/system/sweeper";
import {
  type ApiAnswer,
  callAs,
  createApiKey,
  createLocalStorage,
  loginAdmin,
  present,
  type SharedFile,
  shareUploadForm,
  storageOfKind,
} from "../../test/api-client";
import { DATABASE_PROVIDERS, freshIps, STORAGE_CASES, s3Env, useTestApp } from "../../test/harness";
import { patternedBytes as bytes } from "../../test/payloads";

describe.each(STORAGE_CASES)("files on %s with %s storage", (provider, storageKind) => {
  let admin: string;
  let storageId: string;
  const freshIp = freshIps(7, provider);

  const { t, api, call } = useTestApp(provider);

  /** Follows a link the server handed out: the app's own signed URLs in-process, S3 URLs over HTTP. */
  function fetchLink(url: string, init: RequestInit = {}): Promise<Response> {
    if (url.startsWith(t.config.publicUrl)) {
      return t.app.fetch(new Request(`http://localhost${url.slice(t.config.publicUrl.length)}`, init), "127.0.0.1");
    }
    return fetch(url, init);
  }

  async function uploadForm(
    fields: Record<string, string>,
    content: Uint8Array<ArrayBuffer> | string,
    filename = "data.bin",
    auth = admin,
  ) {
    return call<SharedFile>("POST", "/upload", {
      auth,
      body: shareUploadForm({ s3_config_id: storageId, ...fields }, content, filename),
    });
  }

  async function setMaxUploadMb(megabytes: number) {
    expect(
      (
        await call("PUT", "/admin/system-settings", {
          auth: admin,
          body: { max_upload_size: megabytes },
          procedure: "settings.update",
        })
      ).status,
    ).toBe(200);
  }

  beforeAll(async () => {
    admin = await loginAdmin(api);
    // Keys upload here too, and keys only use public storage (the S3 factory's default).
    storageId = await storageOfKind(storageKind, api, t.db, admin, {
      name: "s3rver",
      default_folder: `files-${provider}-${Date.now()}`,
    });
  });

  test("extending an expired file share through PUT expires_in opens it to visitors again (docs/admin-lists.md)", async () => {
    const uploaded = await uploadForm({ expires_in: "1" }, "late bytes", "late.txt");
    const { id, slug } = uploaded.body.data;
    await t.db.fileShare.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    // As the owner's list shows it until a visit or the sweep purges it (docs/rules.md).
    expect(
      (await call("GET", `/admin/files/${id}`, { auth: admin, procedure: "files.get" })).body.data.is_expired,
    ).toBe(true);
    const extended = await call("PUT", `/admin/files/${id}`, {
      auth: admin,
      body: { expires_in: 24 * 7 },
      procedure: "files.update",
    });
    expect(extended.status).toBe(200);
    expect(extended.body.data).toMatchObject({ is_expired: false, filename: "late.txt" });
    const expiresAt = new Date(present(extended.body.data.expires_at, "the new expiry")).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 7 * 24 * 3_600_000 - 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * 24 * 3_600_000);
    const view = await call("GET", `/public/files/${slug}`, { procedure: "files.public.get" });
    expect(view.status).toBe(200);
    const download = await fetchLink(present(view.body.data.download_url, "the download link"));
    expect(await download.text()).toBe("late bytes");
    // 0 is never: the share no longer expires.
    const forever = await call("PUT", `/admin/files/${id}`, {
      auth: admin,
      body: { expires_in: 0 },
      procedure: "files.update",
    });
    expect(forever.body.data.expires_at).toBeNull();
  });

  test("the storage test writes, reads, lists and deletes a probe and reports CORS", async () => {
    const result = await call("POST", `/s3-configs/${storageId}/test`, { auth: admin, procedure: "storage.test" });
    expect(result.body.data.success).toBe(true);
    expect(result.body.data.result.steps.map((s: { step: string; ok: boolean }) => `${s.step}:${s.ok}`)).toEqual([
      "write:true",
      "read:true",
      "list:true",
      "delete:true",
    ]);
    if (storageKind === "s3") {
      expect(result.body.data.result.cors).toMatchObject({ applicable: true, allows_browser_upload: true });
    } else {
      expect(result.body.data.result.cors.applicable).toBe(false);
    }
  });

  test("upload through the server: streamed, shared, readable byte-identical through the signed link", async () => {
    const content = bytes(300_000);
    const uploaded = await uploadForm({ remark: "via form", max_views: "0" }, content, "report 2026.bin");
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({
      filename: "report 2026.bin",
      size: 300_000,
      remark: "via form",
      status: "ready",
    });
    expect(uploaded.body.data.slug).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(uploaded.body.data.url).toBe(`http://localhost:8787/file/${uploaded.body.data.slug}`);
    const view = await call("GET", `/public/files/${uploaded.body.data.slug}`, { procedure: "files.public.get" });
    expect(view.body.data).toMatchObject({
      filename: "report 2026.bin",
      size: 300_000,
      views: 1,
      requires_password: false,
    });
    const download = await fetchLink(present(view.body.data.download_url, "the download link"));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(content);
  });

  test("presigned direct upload: presign, PUT the bytes to the URL, commit", async () => {
    const content = bytes(70_000, 3);
    const presign = await call("POST", "/s3/presign", {
      auth: admin,
      body: {
        s3_config_id: storageId,
        filename: "photo.png",
        mimetype: "image/png",
        size: content.length,
        path: "/albums/2026",
      },
      procedure: "files.upload.presign",
    });
    expect(presign.status).toBe(200);
    const { upload_url, file_id, contentType, storage_path } = presign.body.data;
    expect(contentType).toBe("image/png");
    expect(storage_path).toContain("albums/2026/photo-");
    const put = await fetchLink(upload_url, { method: "PUT", body: content, headers: { "Content-Type": contentType } });
    expect(put.status).toBe(200);
    const etag = put.headers.get("etag")?.replaceAll('"', "");
    const committed = await call("POST", "/s3/commit", {
      auth: admin,
      body: { file_id, etag, size: content.length, max_views: 3 },
      procedure: "files.upload.commit",
    });
    expect(committed.body.data).toMatchObject({
      status: "ready",
      size: content.length,
      max_views: 3,
      mimetype: "image/png",
    });
    const view = await call("GET", `/public/files/${committed.body.data.slug}`, { procedure: "files.public.get" });
    const preview = await fetchLink(present(view.body.data.preview_url, "the preview link"));
    expect(preview.headers.get("content-type")).toStartWith("image/png");
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(content);
  });

  test("multipart: parts uploaded through presigned part URLs, listed for resume, completed in order", async () => {
    const partSize = 5 * 1024 * 1024;
    const content = bytes(partSize * 2 + 1234, 11);
    const init = await call("POST", "/s3/multipart/init", {
      auth: admin,
      body: { s3_config_id: storageId, filename: "big.bin", size: content.length, part_size: partSize },
      procedure: "files.upload.multipartInit",
    });
    expect(init.body.data.part_count).toBe(3);
    const { file_id } = init.body.data;
    const urls = await call("POST", "/s3/multipart/part-urls", {
      auth: admin,
      body: { file_id, part_numbers: [1, 2, 3] },
      procedure: "files.upload.partUrls",
    });
    const parts: { part_number: number; etag: string }[] = [];
    // Upload parts 1 and 3 first: a reload would then resume with part 2 only.
    for (const number of [1, 3]) {
      const url = present(urls.body.data.urls.find((u) => u.part_number === number)?.url, `part ${number}`);
      const put = await fetchLink(url, {
        method: "PUT",
        body: content.slice((number - 1) * partSize, number * partSize),
      });
      expect(put.status).toBe(200);
      parts.push({ part_number: number, etag: (put.headers.get("etag") ?? "").replaceAll('"', "") });
    }
    const stored = await call("POST", "/s3/multipart/parts", {
      auth: admin,
      body: { file_id },
      procedure: "files.upload.uploadedParts",
    });
    expect(stored.body.data.parts.map((p: { part_number: number }) => p.part_number)).toEqual([1, 3]);
    const second = present(urls.body.data.urls.find((u) => u.part_number === 2)?.url, "part 2");
    const put = await fetchLink(second, { method: "PUT", body: content.slice(partSize, 2 * partSize) });
    parts.push({ part_number: 2, etag: (put.headers.get("etag") ?? "").replaceAll('"', "") });
    const completed = await call("POST", "/s3/multipart/complete", {
      auth: admin,
      body: { file_id, parts },
      procedure: "files.upload.multipartComplete",
    });
    expect(completed.body.data).toMatchObject({ status: "ready", size: content.length });
    const view = await call("GET", `/public/files/${completed.body.data.slug}`, { procedure: "files.public.get" });
    const download = await fetchLink(present(view.body.data.download_url, "the download link"));
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(content);
  });

  test("cancel removes the record and the upload; cancelling again is success false, not an error", async () => {
    const init = await call("POST", "/s3/multipart/init", {
      auth: admin,
      body: { s3_config_id: storageId, filename: "gone.bin", size: 6 * 1024 * 1024 },
      procedure: "files.upload.multipartInit",
    });
    const { file_id, upload_id } = init.body.data;
    const first = await call("POST", "/s3/multipart/abort", {
      auth: admin,
      body: { file_id, upload_id },
      procedure: "files.upload.multipartAbort",
    });
    expect(first.body).toMatchObject({ code: 200, success: true, data: { cancelled: true } });
    expect(await t.db.fileShare.findUnique({ where: { id: file_id } })).toBeNull();
    const again = await call("POST", "/s3/multipart/abort", {
      auth: admin,
      body: { file_id, upload_id },
      procedure: "files.upload.multipartAbort",
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      code: 200,
      success: false,
      data: null,
      message: "There is no upload in progress to cancel",
    });
  });

  test("the max upload size is enforced at presign, while streaming, and at commit; nothing is left behind", async () => {
    await setMaxUploadMb(1);
    try {
      const presign = await call("POST", "/s3/presign", {
        auth: admin,
        body: { s3_config_id: storageId, filename: "x.bin", size: 2 * 1024 * 1024 },
      });
      expect(presign.status).toBe(413);
      expect(presign.body.message).toContain("max upload size");
      const before = await t.db.fileShare.count();
      const big = await uploadForm({}, bytes(1024 * 1024 + 10), "too-big.bin");
      expect(big.status).toBe(413);
      expect(await t.db.fileShare.count()).toBe(before);
      // A presign that lies about the size is caught at commit, and its object removed.
      const liar = await call("POST", "/s3/presign", {
        auth: admin,
        body: { s3_config_id: storageId, filename: "liar.bin", size: 10 },
        procedure: "files.upload.presign",
      });
      if (storageKind === "s3") {
        await fetchLink(liar.body.data.upload_url, { method: "PUT", body: bytes(1024 * 1024 + 10) });
        const commit = await call("POST", "/s3/commit", { auth: admin, body: { file_id: liar.body.data.file_id } });
        expect(commit.status).toBe(413);
      } else {
        // The app receives local uploads itself and cuts the body off at the limit; the client then
        // cancels the upload it started (docs/product.md §4).
        const put = await fetchLink(liar.body.data.upload_url, { method: "PUT", body: bytes(1024 * 1024 + 10) });
        expect(put.status).toBe(413);
        expect(await (await t.storage.driverFor(storageId)).head(liar.body.data.storage_path)).toBeNull();
        const cancel = await call("POST", "/s3/cancel", {
          auth: admin,
          body: { file_id: liar.body.data.file_id },
          procedure: "files.upload.cancel",
        });
        expect(cancel.body.data).toEqual({ cancelled: true });
      }
      expect(
        await t.db.fileShare.findUnique({ where: { id: liar.body.data.file_id }, select: { status: true } }),
      ).toBeNull();
    } finally {
      await setMaxUploadMb(100);
    }
  });

  test("storage capacity: 'insufficient storage space' with the server's figures", async () => {
    const tinyId = (
      await createLocalStorage(api, admin, {
        root_path: `${t.config.dataDir}/tiny-${storageKind}`,
        total_storage_bytes: 1000,
      })
    ).id;
    const form = new FormData();
    form.set("s3_config_id", tinyId);
    form.set("file", new File([bytes(2000)], "x.bin"));
    const result = await call<SharedFile>("POST", "/upload", { auth: admin, body: form });
    expect(result.status).toBe(507);
    expect(result.body.message).toStartWith("Insufficient storage space");
    const small = new FormData();
    small.set("s3_config_id", tinyId);
    small.set("file", new File([bytes(600)], "ok.bin"));
    expect((await call<SharedFile>("POST", "/upload", { auth: admin, body: small })).status).toBe(201);
    const presign = await call("POST", "/s3/presign", {
      auth: admin,
      body: { s3_config_id: tinyId, filename: "y", size: 600 },
    });
    expect(presign.status).toBe(507);
  });

  test("views: max_views 2 gives two deliveries then 410; passwords gate the links", async () => {
    const limited = await uploadForm({ max_views: "2" }, "hello");
    const slug = limited.body.data.slug;
    expect((await call("GET", `/public/files/${slug}`, { procedure: "files.public.get" })).status).toBe(200);
    expect((await call("GET", `/public/files/${slug}`, { procedure: "files.public.get" })).status).toBe(200);
    const third = await call("GET", `/public/files/${slug}`, {});
    expect(third.status).toBe(410);
    expect(third.body.message).toBe("The view limit has been reached");
    const locked = await uploadForm({ password: "open-sesame" }, "secret bytes", "secret.txt");
    const lockedSlug = locked.body.data.slug;
    const details = await call("GET", `/public/files/${lockedSlug}`, { procedure: "files.public.get" });
    expect(details.body.data).toMatchObject({
      requires_password: true,
      preview_url: null,
      download_url: null,
      views: 0,
    });
    const wrong = await call("POST", `/public/files/${lockedSlug}/verify`, {
      body: { password: "nope" },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Wrong password");
    const right = await call("POST", `/public/files/${lockedSlug}/verify`, {
      body: { password: "open-sesame" },
      procedure: "files.public.verify",
    });
    expect(right.body.data.views).toBe(1);
    expect(await (await fetchLink(present(right.body.data.download_url, "the download link"))).text()).toBe(
      "secret bytes",
    );
  });

  test("encrypted: the server records a neutral name and type, stores and delivers the ciphertext as sent, counts the view when it hands out the links", async () => {
    const key = generateLinkKey();
    const plain = bytes(RECORD_BYTES + 4321, 5);
    const ciphertext = new Uint8Array(
      await (
        await encryptBlob(
          new Blob([plain]),
          { name: "payroll 2026.xlsx", type: "application/vnd.ms-excel", size: 0 },
          key,
        )
      ).arrayBuffer(),
    );
    // Multipart, as the upload screen sends a large file: the parts are slices of the ciphertext.
    const init = await call("POST", "/s3/multipart/init", {
      auth: admin,
      body: {
        s3_config_id: storageId,
        filename: ENCRYPTED_FILE_NAME,
        size: ciphertext.length,
        part_size: RECORD_BYTES,
        encrypted: true,
        max_views: 1,
      },
      procedure: "files.upload.multipartInit",
    });
    expect(init.status).toBe(200);
    expect(init.body.data).toMatchObject({ contentType: ENCRYPTED_FILE_TYPE, part_count: 2 });
    expect(init.body.data.storage_path).toContain("encrypted-");
    const { file_id } = init.body.data;
    const urls = await call("POST", "/s3/multipart/part-urls", {
      auth: admin,
      body: { file_id, part_numbers: [1, 2] },
      procedure: "files.upload.partUrls",
    });
    const parts = [];
    for (const { part_number, url } of urls.body.data.urls) {
      const body = ciphertext.slice((part_number - 1) * RECORD_BYTES, part_number * RECORD_BYTES);
      const put = await fetchLink(url, { method: "PUT", body });
      parts.push({ part_number, etag: (put.headers.get("etag") ?? "").replaceAll('"', "") });
    }
    const completed = await call("POST", "/s3/multipart/complete", {
      auth: admin,
      body: { file_id, parts },
      procedure: "files.upload.multipartComplete",
    });
    expect(completed.body.data).toMatchObject({
      encrypted: true,
      filename: ENCRYPTED_FILE_NAME,
      mimetype: ENCRYPTED_FILE_TYPE,
      size: ciphertext.length,
      has_password: false,
    });
    const slug = completed.body.data.slug;
    const listed = await call("GET", `/admin/files?search=${slug}`, { auth: admin, procedure: "files.list" });
    expect(listed.body.data.files[0]).toMatchObject({ slug, encrypted: true, filename: ENCRYPTED_FILE_NAME });

    const view = await call("GET", `/public/files/${slug}`, { procedure: "files.public.get" });
    expect(view.body.data).toMatchObject({ encrypted: true, filename: ENCRYPTED_FILE_NAME, views: 1 });
    const delivered = new Uint8Array(
      await (await fetchLink(present(view.body.data.download_url, "the download link"))).arrayBuffer(),
    );
    expect(Buffer.from(delivered).equals(Buffer.from(ciphertext))).toBe(true);
    const opened = await decryptBytes(delivered, key);
    expect(opened.metadata).toEqual({
      name: "payroll 2026.xlsx",
      type: "application/vnd.ms-excel",
      size: plain.length,
    });
    expect(Buffer.from(opened.bytes).equals(Buffer.from(plain))).toBe(true);
    // Burn after reading: the one delivery was the view.
    expect((await call("GET", `/public/files/${slug}`, { procedure: "files.public.get" })).status).toBe(410);
  });

  test("encrypted: a password is refused at every step (it belongs in the key); the name given is never stored", async () => {
    const presign = await call("POST", "/s3/presign", {
      auth: admin,
      body: { s3_config_id: storageId, filename: "secret-plan.pdf", size: 100, encrypted: true, password: "pw" },
    });
    expect(presign.status).toBe(400);
    expect(presign.body.message).toContain("password stays in the browser");
    const form = await uploadForm({ encrypted: "true", password: "pw" }, bytes(100), "secret-plan.pdf");
    expect(form.status).toBe(400);

    const stored = await uploadForm({ encrypted: "true" }, bytes(100), "secret-plan.pdf");
    expect(stored.status).toBe(201);
    expect(stored.body.data).toMatchObject({ encrypted: true, filename: ENCRYPTED_FILE_NAME });
    expect(JSON.stringify(stored.body.data)).not.toContain("secret-plan");
    const update = await call("PUT", `/admin/files/${stored.body.data.id}`, { auth: admin, body: { password: "pw" } });
    expect(update.status).toBe(400);
    expect(update.body.message).toContain("password stays in the browser");
    const raw = await t.app.fetch(
      new Request(`http://localhost/api/upload-direct/secret-plan.pdf?encrypted=1&s3_config_id=${storageId}`, {
        method: "PUT",
        headers: { authorization: admin },
        body: bytes(64),
      }),
      "127.0.0.1",
    );
    const rawBody = (await raw.json()) as ApiAnswer["body"];
    expect(rawBody.data).toMatchObject({ filename: ENCRYPTED_FILE_NAME, mimetype: ENCRYPTED_FILE_TYPE });
  });

  test("signed links expire, cannot be altered, and honour Range", async () => {
    const uploaded = await uploadForm({}, "0123456789", "digits.txt");
    const view = await call("GET", `/public/files/${uploaded.body.data.slug}`, { procedure: "files.public.get" });
    const url = present(view.body.data.download_url, "the download link");
    const ranged = await fetchLink(url, { headers: { Range: "bytes=2-5" } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe("2345");
    if (storageKind === "local") {
      const tampered = url.replace(/key=[^&]+/, "key=..%2Fsecret.key");
      expect((await fetchLink(tampered)).status).toBe(403);
      const expired = new URL(url);
      expired.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 10));
      const answer = await fetchLink(expired.toString());
      expect(answer.status).toBe(403);
    } else {
      const expired = new URL(url);
      expired.searchParams.set("X-Amz-Expires", "1");
      expired.searchParams.set("X-Amz-Date", "20200101T000000Z");
      expect((await fetch(expired)).status).toBe(403);
    }
  });

  test("an uploaded HTML or SVG file cannot run script on the app's origin", async () => {
    for (const [name, type, content] of [
      ["evil.html", "text/html", "<script>alert(document.cookie)</script>"],
      ["evil.svg", "image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ]) {
      const uploaded = await uploadForm({ mimetype: type as string }, content as string, name as string);
      const view = await call("GET", `/public/files/${uploaded.body.data.slug}`, { procedure: "files.public.get" });
      const preview = await fetchLink(present(view.body.data.preview_url, "the preview link"));
      if (storageKind === "local") {
        // Served by the app itself: shown as text, sandboxed, never sniffed.
        expect(preview.headers.get("content-type")).toStartWith("text/plain");
        expect(preview.headers.get("content-security-policy")).toStartWith("sandbox");
        expect(preview.headers.get("x-content-type-options")).toBe("nosniff");
      } else {
        // Served by the object store: another origin than the app's.
        expect(new URL(present(view.body.data.preview_url, "the preview link")).origin).not.toBe(
          new URL(t.config.publicUrl).origin,
        );
      }
      const download = await fetchLink(present(view.body.data.download_url, "the download link"));
      expect(download.headers.get("content-disposition")).toStartWith("attachment");
    }
  });

  test("management: list, search, edit (slug, remark, password, expiry, max views), delete with the object", async () => {
    const uploaded = await uploadForm({ remark: `findme-${storageKind}` }, "manage me", "manage.txt");
    const id = uploaded.body.data.id;
    const list = await call("GET", `/admin/files?search=findme-${storageKind}`, {
      auth: admin,
      procedure: "files.list",
    });
    expect(list.body.data.files.map((f: { id: string }) => f.id)).toEqual([id]);
    // Wildcards are taken literally: "_" is not any character, "%" not anything.
    const literal = await uploadForm({}, "literal", `findme_${storageKind}_100%.txt`);
    const search = async (term: string) =>
      (
        await call("GET", `/admin/files?search=${encodeURIComponent(term)}`, { auth: admin, procedure: "files.list" })
      ).body.data.files.map((f: { id: string }) => f.id);
    expect(await search(`findme_${storageKind}`)).toEqual([literal.body.data.id]);
    expect(await search(`FINDME_${storageKind.toUpperCase()}_100%`)).toEqual([literal.body.data.id]);
    expect(await search(`findme%${storageKind}`)).toEqual([]);
    const other = await uploadForm({}, "other", "other.txt");
    const clash = await call("PUT", `/admin/files/${id}`, { auth: admin, body: { slug: other.body.data.slug } });
    expect(clash.status).toBe(409);
    const newSlug = `renamed-${provider}-${storageKind}`;
    const updated = await call("PUT", `/admin/files/${id}`, {
      auth: admin,
      body: { slug: newSlug, remark: "edited", password: "pw-123456", expires_in: 24, max_views: 9 },
      procedure: "files.update",
    });
    expect(updated.body.data).toMatchObject({ slug: newSlug, remark: "edited", has_password: true, max_views: 9 });
    expect(new Date(present(updated.body.data.expires_at, "the expiry")).getTime()).toBeGreaterThan(
      Date.now() + 23 * 3_600_000,
    );
    const storagePath = updated.body.data.storage_path;
    const driver = await t.storage.driverFor(storageId);
    expect(await driver.head(storagePath)).not.toBeNull();
    expect((await call("DELETE", `/admin/files/${id}`, { auth: admin, procedure: "files.delete" })).body.data).toEqual({
      deleted: 1,
    });
    expect(await driver.head(storagePath)).toBeNull();
    expect((await call("GET", `/public/files/${newSlug}`, { procedure: "files.public.get" })).status).toBe(404);
  });

  test("API keys with file permission see and change only their own files", async () => {
    const key = await createApiKey(api, admin, { name: "uploader", file_permission: true });
    const { auth } = key;
    const mine = await uploadForm({}, "mine", "mine.txt", auth);
    expect(mine.body.data.created_by).toBe(`apikey:${key.id}`);
    const theirs = await uploadForm({}, "theirs", "theirs.txt");
    const list = await call("GET", "/user/files", { auth, procedure: "files.list" });
    expect(list.body.data.files.map((f: { id: string }) => f.id)).toEqual([mine.body.data.id]);
    expect((await call("GET", `/user/files/${theirs.body.data.id}`, { auth, procedure: "files.get" })).status).toBe(
      404,
    );
    expect(
      (await call("DELETE", `/user/files/${theirs.body.data.id}`, { auth, procedure: "files.delete" })).status,
    ).toBe(404);
    expect(
      (
        await call("POST", "/s3/commit", {
          auth,
          body: { file_id: theirs.body.data.id },
          procedure: "files.upload.commit",
        })
      ).status,
    ).toBe(404);
    const noFiles = await createApiKey(api, admin, { name: "text only", text_permission: true });
    const refused = await uploadForm({}, "x", "x.txt", noFiles.auth);
    expect(refused.status).toBe(403);
  });

  test("an API key uploads only to storage marked public, and is told so in its language", async () => {
    const { auth } = await createApiKey(api, admin, { name: "public only", file_permission: true });
    const privateConfig = await createLocalStorage(api, admin, {
      name: "private local",
      root_path: `${t.config.dataDir}/private-${storageKind}`,
    });
    expect(privateConfig.is_public).toBe(false);
    const privateId = privateConfig.id;
    const form = () => {
      const body = new FormData();
      body.set("s3_config_id", privateId);
      body.set("file", new File(["secret plans"], "plans.txt"));
      return body;
    };
    const refused = await call<SharedFile>("POST", "/upload", { auth, body: form() });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("private local");
    const presign = await call("POST", "/s3/presign", {
      auth,
      body: { s3_config_id: privateId, filename: "plans.txt", size: 12 },
    });
    expect(presign.status).toBe(403);
    const multipart = await call("POST", "/s3/multipart/init", {
      auth,
      body: { s3_config_id: privateId, filename: "plans.bin", size: 6 * 1024 * 1024 },
    });
    expect(multipart.status).toBe(403);
    const headers = { authorization: auth, "accept-language": "zh-CN" };
    const chinese = await t.app.fetch(
      new Request("http://localhost/api/upload", { method: "POST", headers, body: form() }),
      "127.0.0.1",
    );
    expect(chinese.status).toBe(403);
    expect(((await chinese.json()) as ApiAnswer["body"]).message).toContain("未向 API 密钥开放");
    expect(await t.db.fileShare.count({ where: { storageConfigId: privateId } })).toBe(0);
    // The admin uses every config; a public one takes the key's upload.
    expect((await call<SharedFile>("POST", "/upload", { auth: admin, body: form() })).status).toBe(201);
    expect((await uploadForm({}, "fine", "fine.txt", auth)).status).toBe(201);
  });

  test("the sweep removes stale unfinished uploads and expired shares with their objects", async () => {
    const stale = await call("POST", "/s3/presign", {
      auth: admin,
      body: { s3_config_id: storageId, filename: "stale.bin", size: 5 },
      procedure: "files.upload.presign",
    });
    await fetchLink(stale.body.data.upload_url, { method: "PUT", body: "stale" });
    await t.db.fileShare.update({
      where: { id: stale.body.data.file_id },
      data: { createdAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    const expired = await uploadForm({ expires_in: "1" }, "bye", "bye.txt");
    await t.db.fileShare.update({
      where: { id: expired.body.data.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await sweepOnce(t);
    const driver = await t.storage.driverFor(storageId);
    expect(await t.db.fileShare.findUnique({ where: { id: stale.body.data.file_id } })).toBeNull();
    expect(await driver.head(stale.body.data.storage_path)).toBeNull();
    expect(await t.db.fileShare.findUnique({ where: { id: expired.body.data.id } })).toBeNull();
    expect(await driver.head(expired.body.data.storage_path)).toBeNull();
  });
});

describe.each(DATABASE_PROVIDERS)("storage configs on %s", (provider) => {
  let admin: string;
  const { t, api } = useTestApp(provider);
  const call = callAs(api, () => admin);
  /** An S3 config (private unless `fields` say) whose endpoint, bucket and keys are named after `label`. */
  const postS3Config = (label: string, fields: Record<string, unknown> = {}) =>
    call(
      "POST",
      "/s3-configs",
      {
        name: `${label} s3`,
        provider_type: "AWS S3",
        endpoint_url: `https://s3.${label}.example`,
        bucket_name: `${label}-bucket`,
        access_key_id: `AKIA${label.toUpperCase()}`,
        secret_access_key: `${label}-secret`,
        ...fields,
      },
      "storage.create",
    );
  beforeAll(async () => {
    admin = await loginAdmin(api);
  });

  test("secrets are encrypted at rest and masked in every answer; absent or masked keeps them", async () => {
    const created = await postS3Config("r2", {
      provider_type: "Cloudflare R2",
      secret_access_key: "super-secret-value",
    });
    expect(created.status).toBe(201);
    expect(created.text).not.toContain("super-secret-value");
    expect(created.body.data).toMatchObject({ secret_access_key: "••••••••", has_secret: true, is_default: false });
    const stored = await t.db.storageConfig.findUniqueOrThrow({
      where: { id: created.body.data.id },
      select: { secretAccessKeyEnc: true },
    });
    expect(stored.secretAccessKeyEnc).not.toContain("super-secret-value");
    const updated = await call(
      "PUT",
      `/s3-configs/${created.body.data.id}`,
      {
        name: "r2 renamed",
        secret_access_key: "••••••••",
      },
      "storage.update",
    );
    expect(updated.body.data.name).toBe("r2 renamed");
    const after = await t.db.storageConfig.findUniqueOrThrow({
      where: { id: created.body.data.id },
      select: { secretAccessKeyEnc: true },
    });
    expect(after.secretAccessKeyEnc).toBe(stored.secretAccessKeyEnc);
    const list = await call("GET", "/s3-configs", undefined, "storage.list");
    expect(list.text).not.toContain("super-secret-value");
  });

  test("an API key sees only public configs, without endpoint, access key id or local path; the admin sees all", async () => {
    const hidden = await postS3Config("private");
    const shown = await postS3Config("public", { is_public: true });
    const local = await call(
      "POST",
      "/s3-configs",
      {
        name: "public local",
        provider_type: "local",
        root_path: "/srv/pastebox-local-root",
        is_public: true,
      },
      "storage.create",
    );
    const { auth: keyAuth } = await createApiKey(api, admin, { name: "storage lister", file_permission: true });
    const response = await t.app.fetch(
      new Request("http://localhost/api/s3-configs", { headers: { authorization: keyAuth } }),
      "127.0.0.1",
    );
    const text = await response.text();
    expect(response.status).toBe(200);
    const seen = (JSON.parse(text) as ApiAnswer["body"]).data as { id: string; [field: string]: unknown }[];
    const seenIds = seen.map((config) => config.id);
    expect(seenIds).toContain(shown.body.data.id);
    expect(seenIds).toContain(local.body.data.id);
    expect(seenIds).not.toContain(hidden.body.data.id);
    const privateIds = (await t.db.storageConfig.findMany({ where: { isPublic: false }, select: { id: true } })).map(
      (row) => row.id,
    );
    expect(seenIds.filter((id) => privateIds.includes(id))).toEqual([]);
    for (const secret of [
      "s3.private.example",
      "AKIAPRIVATE",
      "s3.public.example",
      "AKIAPUBLIC",
      "/srv/pastebox-local-root",
      "private-bucket",
      hidden.body.data.id,
      t.config.dataDir,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(seen.find((config) => config.id === shown.body.data.id)).toMatchObject({
      name: "public s3",
      provider_type: "AWS S3",
      bucket_name: "public-bucket",
      endpoint_url: null,
      access_key_id: null,
      root_path: null,
    });
    // The admin's list is unchanged: every config, whole.
    const all = await call("GET", "/s3-configs", undefined, "storage.list");
    expect(all.text).toContain("AKIAPRIVATE");
    expect(all.text).toContain("/srv/pastebox-local-root");
    expect(all.body.data.map((config: { id: string }) => config.id)).toContain(hidden.body.data.id);
  });

  test("validation names the missing fields", async () => {
    const missing = await call("POST", "/s3-configs", { name: "x", provider_type: "AWS S3" }, "storage.create");
    expect(missing.status).toBe(400);
    for (const field of ["bucket_name", "access_key_id", "secret_access_key"])
      expect(missing.body.message).toContain(field);
    const local = await call(
      "POST",
      "/s3-configs",
      { name: "x", provider_type: "local", root_path: "relative/dir" },
      "storage.create",
    );
    expect(local.body.message).toContain("root_path");
  });

  test("one default; delete is refused while files use a config", async () => {
    const { id } = await createLocalStorage(api, admin, { root_path: `${t.config.dataDir}/second` });
    expect(
      (await call("PUT", `/s3-configs/${id}/set-default`, undefined, "storage.setDefault")).body.data.is_default,
    ).toBe(true);
    const defaults = await t.db.storageConfig.count({ where: { isDefault: true } });
    expect(defaults).toBe(1);
    const form = new FormData();
    form.set("file", new File(["x"], "x.txt"));
    const upload = await t.app.fetch(
      new Request("http://localhost/api/upload", { method: "POST", headers: { authorization: admin }, body: form }),
    );
    expect(upload.status).toBe(201);
    const refused = await call("DELETE", `/s3-configs/${id}`, undefined, "storage.delete");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("still in use (file shares: 1, mounts: 0)");
    const unused = await createLocalStorage(api, admin, { root_path: `${t.config.dataDir}/unused` });
    expect((await call("DELETE", `/s3-configs/${unused.id}`, undefined, "storage.delete")).status).toBe(200);
  });

  test("an unfinished upload does not keep a config in use: it is removed with the config", async () => {
    const { id } = await createLocalStorage(api, admin, { root_path: `${t.config.dataDir}/abandoned` });
    const presigned = await call(
      "POST",
      "/s3/presign",
      { s3_config_id: id, filename: "never.bin", size: 3 },
      "files.upload.presign",
    );
    expect(presigned.status).toBe(200);
    expect(await t.db.fileShare.count({ where: { storageConfigId: id, status: "uploading" } })).toBe(1);
    expect((await call("DELETE", `/s3-configs/${id}`, undefined, "storage.delete")).status).toBe(200);
    expect(await t.db.fileShare.count({ where: { storageConfigId: id } })).toBe(0);
  });

  test("the page's CSP lets the browser reach each S3 config's endpoint and custom host, and no more", async () => {
    const cspOf = async () =>
      (await t.app.fetch(new Request("http://localhost/api/health"))).headers.get("content-security-policy") ?? "";
    const directive = (csp: string, name: string) =>
      csp
        .split(";")
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? "";
    const before = directive(await cspOf(), "connect-src");
    const s3 = s3Env();
    const endpointOrigin = new URL(s3.endpoint).origin;
    expect(before).not.toContain(endpointOrigin);
    const created = await call(
      "POST",
      "/s3-configs",
      s3StorageBody("bucket for the browser", s3, { custom_host: "https://cdn.example.com/files" }),
      "storage.create",
    );
    expect(created.status).toBe(201);
    const connect = directive(await cspOf(), "connect-src");
    expect(connect).toContain(endpointOrigin);
    expect(connect).toContain("https://cdn.example.com");
    const frame = directive(await cspOf(), "frame-src");
    expect(frame).toContain(endpointOrigin);
    expect(frame).toContain("https://view.officeapps.live.com");
    expect((await call("DELETE", `/s3-configs/${created.body.data.id}`, undefined, "storage.delete")).status).toBe(200);
    expect(directive(await cspOf(), "connect-src")).toBe(before);
  });

  test("the settings: max upload size above 0, read publicly", async () => {
    expect((await call("PUT", "/admin/system-settings", { max_upload_size: 0 }, "settings.update")).status).toBe(400);
    expect(
      (await call("PUT", "/admin/system-settings", { max_upload_size: 250 }, "settings.update")).body.data
        .max_upload_size,
    ).toBe(250);
    const publicRead = await t.app.fetch(new Request("http://localhost/api/system/max-upload-size"));
    expect((await publicRead.json()).data.max_upload_size).toBe(250);
  });
});
