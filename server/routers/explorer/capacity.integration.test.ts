// A storage config's capacity holds for uploads into mounts as it does for /upload (docs/rules.md:
// "insufficient storage space" with the server's message): the form upload (declared size, and a body
// cut off while streaming), multipart (init, and the stored size at completion) and presigned uploads
// (presign, and the stored size at commit). Nothing refused stays in the storage. SQLite and Postgres,
// local storage and a real S3 server.
import { beforeAll, describe, expect, test } from "bun:test";
import {
  type ApiAnswer,
  callAs,
  createMount,
  loginAdmin,
  storageOfKind,
  type UploadedPart,
} from "../../test/api-client";
import { STORAGE_CASES, useTestApp } from "../../test/harness";

const CAPACITY = 1000;
const SHARED = 600;

describe.each(STORAGE_CASES)("mount uploads against the storage capacity on %s with %s storage", (provider, kind) => {
  const { t, api } = useTestApp(provider);
  let admin: string;
  let storageId: string;

  /** A call as the admin; naming the procedure types the answer (test/api-client.ts). */
  const call = callAs(api, () => admin);

  /** The app's own signed links in-process, S3's over HTTP. */
  function fetchLink(url: string, init: RequestInit) {
    if (url.startsWith(t.config.publicUrl)) {
      return t.app.fetch(new Request(`http://localhost${url.slice(t.config.publicUrl.length)}`, init), "127.0.0.1");
    }
    return fetch(url, init);
  }

  const bytes = (size: number) => new Uint8Array(size).fill(97);
  const exists = async (path: string) =>
    (await call("GET", `/admin/fs/get?${new URLSearchParams({ path })}`)).status === 200;
  function form(fields: Record<string, string>, size: number, name = "f.bin") {
    const data = new FormData();
    for (const [field, value] of Object.entries(fields)) data.set(field, value);
    data.set("file", new File([bytes(size)], name));
    return data;
  }
  function expectInsufficient(answer: ApiAnswer) {
    expect(answer.status).toBe(507);
    expect(answer.body.message).toContain("Insufficient storage space");
  }

  beforeAll(async () => {
    admin = await loginAdmin(api);
    storageId = await storageOfKind(kind, api, t.db, admin, {
      name: "capacity bucket",
      default_folder: `capacity-${provider}-${crypto.randomUUID().slice(0, 8)}`,
    });
    expect((await call("PUT", `/s3-configs/${storageId}`, { total_storage_bytes: CAPACITY })).status).toBe(200);
    // A file share takes 600 of the 1000 bytes: 400 are left for the mount.
    const share = await call("POST", "/upload", form({ s3_config_id: storageId }, SHARED, "share.bin"));
    expect(share.status).toBe(201);
    await createMount(api, admin, { name: "Cap", mount_path: "/cap", storage_config_id: storageId });
  });

  test("form upload: a declared size over the room is refused before any byte is stored", async () => {
    expectInsufficient(await call("POST", "/admin/fs/upload", form({ path: "/cap/", size: "500" }, 500, "big.bin")));
    expect(await exists("/cap/big.bin")).toBe(false);
  });

  test("form upload without a size: the body is cut off at the room left and removed", async () => {
    expectInsufficient(await call("POST", "/admin/fs/upload", form({ path: "/cap/" }, 500, "streamed.bin")));
    expect(await exists("/cap/streamed.bin")).toBe(false);
  });

  test("a file that fits is stored, and the message is in the caller's language", async () => {
    const fits = await call("POST", "/admin/fs/upload", form({ path: "/cap/", size: "300" }, 300, "small.bin"));
    expect(fits.status).toBe(201);
    expect(await exists("/cap/small.bin")).toBe(true);
    const zh = await api.call("POST", "/admin/fs/upload", {
      auth: admin,
      body: form({ path: "/cap/", size: "500" }, 500, "zh.bin"),
      lang: "zh-CN",
    });
    expect(zh.status).toBe(507);
    expect(zh.body.message).toContain("存储空间不足");
  });

  test("multipart: init refuses a declared size over the room", async () => {
    const init = await call("POST", "/admin/fs/multipart/init", {
      path: "/cap/",
      filename: "parts.bin",
      fileSize: 500,
      contentType: "application/octet-stream",
    });
    expectInsufficient(init);
  });

  test("multipart: more bytes than declared are refused at completion and removed", async () => {
    const init = await api.procedure(
      "fs.multipartInit",
      { path: "/cap/", filename: "liar.bin", fileSize: 100 },
      { auth: admin, variant: "admin" },
    );
    expect(init.status).toBe(200);
    const { uploadId, key, path } = init.body.data;
    const query = new URLSearchParams({ path, uploadId, key, partNumber: "1", isLastPart: "true" });
    const part = await api.call<UploadedPart>("POST", `/admin/fs/multipart/part?${query}`, {
      auth: admin,
      body: bytes(500),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(part.status).toBe(200);
    const complete = await call("POST", "/admin/fs/multipart/complete", {
      path,
      uploadId,
      key,
      parts: [{ partNumber: 1, etag: part.body.data.etag }],
    });
    expectInsufficient(complete);
    expect(await exists("/cap/liar.bin")).toBe(false);
  });

  test("presigned: presign refuses a declared size over the room; a larger PUT is removed at commit", async () => {
    expectInsufficient(
      await call("POST", "/admin/fs/presign", { path: "/cap/", fileName: "direct.bin", fileSize: 500 }),
    );
    const presign = await api.procedure(
      "fs.presign",
      { path: "/cap/", fileName: "direct.bin", fileSize: 100 },
      { auth: admin, variant: "admin" },
    );
    expect(presign.status).toBe(200);
    const put = await fetchLink(presign.body.data.presignedUrl, {
      method: "PUT",
      headers: presign.body.data.headers,
      body: bytes(500),
    });
    expect(put.status).toBeLessThan(300);
    const commit = await call("POST", "/admin/fs/presign/commit", {
      path: "/cap/direct.bin",
      etag: put.headers.get("etag"),
      fileSize: 100,
    });
    expectInsufficient(commit);
    expect(await exists("/cap/direct.bin")).toBe(false);
  });
});
