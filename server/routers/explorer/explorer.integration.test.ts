// Mounts and the mount explorer's file system over REST, on SQLite and Postgres, against local storage
// and a real S3 server (s3rver): every operation, folders renamed, removed and copied whole, copies
// within a storage and across storages (the client-side copy answer and its commit), multipart and
// presigned uploads with their cleanup, search, the listing cache, base-path confinement against a
// traversal corpus, read-only keys, and the mount rules with their messages in English and Chinese.
import { beforeAll, describe, expect, test } from "bun:test";
import { traversalForms } from "@shared/test/traversal-corpus";
import { sweepOnce } from "../../services/system/sweeper";
import {
  type ApiAnswer,
  createApiClient,
  createApiKey,
  createMount as createMountRow,
  createS3Storage,
  defaultStorageId,
  loginAdmin,
  type OutputOf,
  present,
  type UploadedEntry,
  type UploadedPart,
} from "../../test/api-client";
import { DATABASE_PROVIDERS, STORAGE_CASES, type TestApp, useTestApp } from "../../test/harness";
import { patternedBytes as bytes } from "../../test/payloads";

const PART = 5 * 1024 * 1024;

/** REST calls to an in-process app, and the links it hands out. */
function clientOf(getApp: () => TestApp) {
  const api = createApiClient(() => getApp().app);
  const { call } = api;

  /** The app's own signed URLs in-process, S3 URLs over HTTP. */
  function fetchLink(url: string, init: RequestInit = {}): Promise<Response> {
    const t = getApp();
    if (url.startsWith(t.config.publicUrl)) {
      return t.app.fetch(new Request(`http://localhost${url.slice(t.config.publicUrl.length)}`, init), "127.0.0.1");
    }
    return fetch(url, init);
  }

  return { api, call, fetchLink };
}

const query = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]))).toString();

describe.each(STORAGE_CASES)("file system on %s with %s storage", (provider, storageKind) => {
  const { t } = useTestApp(provider);
  const { api, call, fetchLink } = clientOf(() => t);
  let admin: string;
  /** The storage under test (mounts /docs, /secret, /docsecret, /archive, /team/shared). */
  let mainStorage: string;
  /** Another storage config of the other kind (mount /other, nested mount /docs/inner). */
  let otherStorage: string;
  let mainFolder = "";
  const mounts: Record<string, string> = {};
  let keyDocs: string;
  let keyReadOnly: string;

  const fsOf = (auth: string) => (auth === admin ? "/admin/fs" : "/user/fs");
  const list = (path: string, auth = admin, extra: Record<string, string> = {}) =>
    call("GET", `${fsOf(auth)}/list?${query({ path, ...extra })}`, { auth, procedure: "fs.list" });
  const names = async (path: string, auth = admin) => {
    const answer = await list(path, auth);
    expect(answer.status).toBe(200);
    return answer.body.data.items.map((entry: { name: string }) => entry.name);
  };
  const get = (path: string, auth = admin) =>
    call("GET", `${fsOf(auth)}/get?${query({ path })}`, { auth, procedure: "fs.get" });
  const download = (path: string, auth = admin, headers: Record<string, string> = {}) =>
    call("GET", `${fsOf(auth)}/download?${query({ path })}`, { auth, headers });
  async function upload(path: string, content: string | Uint8Array<ArrayBuffer>, filename: string, auth = admin) {
    const form = new FormData();
    form.set("path", path);
    form.set("file", new File([content], filename));
    return call<UploadedEntry>("POST", `${fsOf(auth)}/upload`, { auth, body: form });
  }
  const write = (path: string, content: string, auth = admin) =>
    call("POST", `${fsOf(auth)}/update`, { auth, body: { path, content }, procedure: "fs.update" });
  const rename = (oldPath: string, newPath: string, auth = admin) =>
    call("POST", `${fsOf(auth)}/rename`, { auth, body: { oldPath, newPath }, procedure: "fs.rename" });
  const mainKey = (relative: string) => `${mainFolder ? `${mainFolder}/` : ""}${relative}`;

  /** A mount showing its own folder, <storage default folder>/<mount path>, unless `extra` says otherwise. */
  async function createMount(name: string, mountPath: string, storageConfigId: string, extra: object = {}) {
    const storage = await t.db.storageConfig.findUniqueOrThrow({ where: { id: storageConfigId } });
    const folder = [storage.defaultFolder, mountPath.slice(1)].filter(Boolean).join("/");
    const created = await createMountRow(api, admin, {
      name,
      mount_path: mountPath,
      storage_config_id: storageConfigId,
      folder,
      ...extra,
    });
    mounts[mountPath] = created.id;
    return created;
  }

  async function createS3Config(folder: string) {
    // Only the admin uses it (keys reach it through mounts): not public.
    return (await createS3Storage(api, admin, { name: `s3rver ${folder}`, default_folder: folder, is_public: false }))
      .id;
  }

  async function createKey(name: string, basicPath: string, readOnly = false) {
    const fields = { name, mount_permission: true, mount_read_only: readOnly, basic_path: basicPath };
    return (await createApiKey(api, admin, fields)).auth;
  }

  async function setMaxUploadMb(megabytes: number) {
    const answer = await call("PUT", "/admin/system-settings", { auth: admin, body: { max_upload_size: megabytes } });
    expect(answer.status).toBe(200);
  }

  beforeAll(async () => {
    admin = await loginAdmin(api);
    const localId = await defaultStorageId(t.db);
    const folder = `fs-${provider}-${Date.now()}`;
    if (storageKind === "local") {
      mainStorage = localId;
      otherStorage = await createS3Config(`${folder}-other`);
    } else {
      mainStorage = await createS3Config(folder);
      mainFolder = folder;
      otherStorage = localId;
    }
    await createMount("Docs", "/docs", mainStorage, { sort_order: 1 });
    await createMount("Secret", "/secret", mainStorage);
    await createMount("Docsecret", "/docsecret", mainStorage);
    await createMount("Archive", "/archive", mainStorage);
    await createMount("Shared", "/team/shared", mainStorage);
    await createMount("Other", "/other", otherStorage);
    await createMount("Inner", "/docs/inner", otherStorage);
    for (const path of ["/docs/keep.txt", "/secret/keep.txt", "/docsecret/keep.txt"]) {
      expect((await write(path, `sentinel ${path}`)).status).toBe(200);
    }
    keyDocs = await createKey("docs", "/docs");
    keyReadOnly = await createKey("reader", "/docs", true);
  });

  test("the root lists mount points, and folders on the way to nested mounts", async () => {
    const root = await list("/");
    expect(root.body.data).toMatchObject({ path: "/", is_virtual: true, mount_id: null });
    const entries = Object.fromEntries(root.body.data.items.map((e: { name: string }) => [e.name, e]));
    expect(Object.keys(entries).sort()).toEqual(["archive", "docs", "docsecret", "other", "secret", "team"]);
    expect(entries.docs).toMatchObject({ type: "directory", is_mount: true, mount_id: mounts["/docs"], path: "/docs" });
    expect(entries.team).toMatchObject({ type: "directory", is_mount: false, mount_id: null });
    const team = await list("/team");
    expect(team.body.data.is_virtual).toBe(true);
    expect(team.body.data.items).toEqual([expect.objectContaining({ name: "shared", is_mount: true })]);
    const docs = await list("/docs");
    expect(docs.body.data.mount_id).toBe(present(mounts["/docs"], "the /docs mount"));
    expect(docs.body.data.items.find((e: { name: string }) => e.name === "inner")).toMatchObject({
      is_mount: true,
      mount_id: mounts["/docs/inner"],
    });
    expect((await list("/nowhere")).status).toBe(404);
    expect((await list("/docs/nowhere")).status).toBe(404);
    const team404 = await get("/team/none");
    expect(team404.status).toBe(404);
  });

  test("mkdir, upload into a folder or to a full path, get, list, download with Range, signed links", async () => {
    expect(
      (await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: "/docs/work" }, procedure: "fs.mkdir" }))
        .status,
    ).toBe(201);
    const again = await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: "/docs/work" } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("/docs/work already exists");
    expect(
      (await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: "/docs" }, procedure: "fs.mkdir" })).status,
    ).toBe(409);
    expect((await names("/docs/work")).length).toBe(0);

    const intoSlash = await upload("/docs/work/", "alpha", "a.txt");
    expect(intoSlash.status).toBe(201);
    expect(intoSlash.body.data).toMatchObject({
      path: "/docs/work/a.txt",
      size: 5,
      type: "file",
      mimetype: "text/plain",
    });
    expect((await upload("/docs/work", "bravo", "b.txt")).body.data.path).toBe("/docs/work/b.txt");
    expect((await upload("/docs/work/c.md", "# charlie", "ignored.bin")).body.data.path).toBe("/docs/work/c.md");
    expect((await upload("/docs/work/", "中文内容", "报告 2026.txt")).body.data.path).toBe("/docs/work/报告 2026.txt");
    expect(await names("/docs/work")).toEqual(["a.txt", "b.txt", "c.md", "报告 2026.txt"]);

    const file = await get("/docs/work/a.txt");
    expect(file.body.data).toMatchObject({
      name: "a.txt",
      type: "file",
      size: 5,
      mount_id: mounts["/docs"],
      mount_path: "/docs",
      readonly: false,
    });
    expect(file.body.data.etag).toBeTruthy();
    const folder = await get("/docs/work");
    expect(folder.body.data).toMatchObject({ type: "directory", is_mount: false });
    const mount = await get("/docs");
    expect(mount.body.data).toMatchObject({
      type: "directory",
      is_mount: true,
      storage_type: storageKind === "s3" ? "S3" : "local",
    });

    const whole = await download("/docs/work/a.txt");
    expect(whole.status).toBe(200);
    expect(whole.text).toBe("alpha");
    expect(whole.headers.get("content-disposition")).toStartWith("attachment");
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    const ranged = await download("/docs/work/a.txt", admin, { Range: "bytes=1-3" });
    expect(ranged.status).toBe(206);
    expect(ranged.text).toBe("lph");
    expect((await download("/docs/work/报告 2026.txt")).text).toBe("中文内容");
    expect((await download("/docs/work")).status).toBe(404);

    const link = await call("GET", `/admin/fs/file-link?${query({ path: "/docs/work/b.txt", force_download: true })}`, {
      auth: admin,
      procedure: "fs.fileLink",
    });
    expect(link.body.data).toMatchObject({ filename: "b.txt" });
    const linked = await fetchLink(link.body.data.presignedUrl);
    expect(linked.status).toBe(200);
    expect(linked.headers.get("content-disposition")).toContain("attachment");
    expect(await linked.text()).toBe("bravo");

    expect((await upload("/team/", "x", "x.txt")).status).toBe(400);
    expect((await upload("/", "x", "x.txt")).status).toBe(400);
    const onFolder = await upload("/docs/work", "x", "");
    expect(onFolder.status).toBe(201);
  });

  test("update writes text files up to 10 MB and refuses folders", async () => {
    const written = await write("/docs/notes/readme.md", "# Title\n\nbody");
    expect(written.body.data).toMatchObject({ path: "/docs/notes/readme.md", mimetype: "text/markdown" });
    expect((await download("/docs/notes/readme.md")).text).toBe("# Title\n\nbody");
    expect((await write("/docs/notes/readme.md", "changed")).status).toBe(200);
    expect((await download("/docs/notes/readme.md")).text).toBe("changed");
    const tooLarge = await write("/docs/notes/big.txt", "x".repeat(10 * 1024 * 1024 + 1));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toContain("larger than 10 MB");
    const folder = await write("/docs/notes", "x");
    expect(folder.status).toBe(400);
    expect(folder.body.message).toBe("/docs/notes is a folder, not a file");
    expect((await write("/docs", "x")).status).toBe(400);
  });

  test("rename files and whole folders, within a storage and across storages", async () => {
    await write("/docs/tree/x.txt", "x");
    await write("/docs/tree/sub/y.txt", "y");
    await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: "/docs/tree/empty" }, procedure: "fs.mkdir" });
    const renameFile = await rename("/docs/tree/x.txt", "/docs/tree/x2.txt");
    expect(renameFile.body.data).toEqual({ oldPath: "/docs/tree/x.txt", newPath: "/docs/tree/x2.txt", type: "file" });
    const renameFolder = await rename("/docs/tree", "/docs/moved");
    expect(renameFolder.body.data.type).toBe("directory");
    expect(await names("/docs/moved")).toEqual(["empty", "sub", "x2.txt"]);
    expect(await names("/docs/moved/sub")).toEqual(["y.txt"]);
    expect(await names("/docs/moved/empty")).toEqual([]);
    expect((await list("/docs/tree")).status).toBe(404);
    const driver = await t.storage.driverFor(mainStorage);
    expect((await driver.list(mainKey("docs/tree/"))).objects).toEqual([]);
    expect((await download("/docs/moved/sub/y.txt")).text).toBe("y");

    const intoItself = await rename("/docs/moved", "/docs/moved/deeper");
    expect(intoItself.status).toBe(400);
    expect(intoItself.body.message).toBe("A folder cannot be moved or copied into itself");
    await write("/docs/clash.txt", "c");
    const clash = await rename("/docs/moved/x2.txt", "/docs/clash.txt");
    expect(clash.status).toBe(409);
    const mountRoot = await rename("/docs", "/d2");
    expect(mountRoot.status).toBe(400);
    const missing = await rename("/docs/none.txt", "/docs/n.txt");
    expect(missing.status).toBe(404);

    // Across storage configs: streamed through the server.
    const acrossFile = await rename("/docs/moved/x2.txt", "/other/x2.txt");
    expect(acrossFile.status).toBe(200);
    expect((await download("/other/x2.txt")).text).toBe("x");
    const acrossFolder = await rename("/docs/moved", "/other/moved");
    expect(acrossFolder.status).toBe(200);
    expect(await names("/other/moved")).toEqual(["empty", "sub"]);
    expect((await download("/other/moved/sub/y.txt")).text).toBe("y");
    expect((await list("/docs/moved")).status).toBe(404);
  });

  test("remove and batch-remove files and whole folders, leaving nothing in the storage", async () => {
    await write("/docs/rm/a.txt", "a");
    await write("/docs/rm/deep/er/b.txt", "b");
    await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: "/docs/rm/empty" }, procedure: "fs.mkdir" });
    const one = await call("DELETE", `/admin/fs/remove?${query({ path: "/docs/rm/a.txt" })}`, {
      auth: admin,
      procedure: "fs.remove",
    });
    expect(one.body.data).toEqual({ deleted: 1, failed: [] });
    expect(await names("/docs/rm")).toEqual(["deep", "empty"]);
    const folder = await call("DELETE", `/admin/fs/remove?${query({ path: "/docs/rm" })}`, { auth: admin });
    expect(folder.status).toBe(200);
    expect((await list("/docs/rm")).status).toBe(404);
    const driver = await t.storage.driverFor(mainStorage);
    expect((await driver.list(mainKey("docs/rm/"))).objects).toEqual([]);
    expect(await driver.head(mainKey("docs/rm/"))).toBeNull();
    expect(await names("/docs")).not.toContain("rm");

    await write("/docs/b1.txt", "1");
    await write("/docs/bdir/x.txt", "x");
    const batch = await call("POST", "/admin/fs/batch-remove", {
      auth: admin,
      body: { paths: ["/docs/b1.txt", "/docs/missing.txt", "/docs/bdir"] },
      procedure: "fs.batchRemove",
    });
    expect(batch.body.data.deleted).toBe(2);
    expect(batch.body.data.failed).toEqual([
      { path: "/docs/missing.txt", message: "The file or folder does not exist" },
    ]);
    expect(
      (await call("DELETE", `/admin/fs/remove?${query({ path: "/docs" })}`, { auth: admin, procedure: "fs.remove" }))
        .status,
    ).toBe(400);
    const empty = await call("POST", "/admin/fs/batch-remove", { auth: admin, body: { paths: [] } });
    expect(empty.status).toBe(400);
  });

  test("multipart: init, 5 MB parts streamed through the server, complete; abort leaves no part", async () => {
    const content = bytes(PART * 2 + 1000, 5);
    const init = await call("POST", "/admin/fs/multipart/init", {
      auth: admin,
      body: { path: "/docs/big/", filename: "big.bin", fileSize: content.length, contentType: "application/x-test" },
      procedure: "fs.multipartInit",
    });
    expect(init.status).toBe(200);
    expect(init.body.data).toMatchObject({ path: "/docs/big/big.bin", partSize: PART, partCount: 3 });
    const { uploadId, key } = init.body.data;
    expect(key).toBe(mainKey("docs/big/big.bin"));
    const parts: { partNumber: number; etag: string }[] = [];
    for (let number = 1; number <= 3; number++) {
      const chunk = content.slice((number - 1) * PART, number * PART);
      const partQuery = query({
        path: "/docs/big/big.bin",
        uploadId,
        partNumber: number,
        isLastPart: number === 3,
        key,
      });
      const answer = await call<UploadedPart>("POST", `/admin/fs/multipart/part?${partQuery}`, {
        auth: admin,
        body: chunk,
        // One part with its length stated (streamed), the others without (gathered, bounded).
        headers: number === 1 ? { "content-length": String(chunk.length) } : {},
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.partNumber).toBe(number);
      parts.push(answer.body.data);
    }
    const wrongKey = await call<UploadedPart>(
      "POST",
      `/admin/fs/multipart/part?${query({ uploadId, partNumber: 1, key: mainKey("secret/x") })}`,
      { auth: admin, body: bytes(10) },
    );
    expect(wrongKey.status).toBe(400);
    const complete = await call("POST", "/admin/fs/multipart/complete", {
      auth: admin,
      body: {
        path: "/docs/big/big.bin",
        uploadId,
        key,
        parts,
        contentType: "application/x-test",
        fileSize: content.length,
      },
      procedure: "fs.multipartComplete",
    });
    expect(complete.status).toBe(200);
    expect(complete.body.data).toMatchObject({ path: "/docs/big/big.bin", size: content.length });
    const downloaded = await t.app.fetch(
      new Request(`http://localhost/api/admin/fs/download?${query({ path: "/docs/big/big.bin" })}`, {
        headers: { authorization: admin },
      }),
    );
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(content);
    expect(await t.db.multipartUpload.count({ where: { uploadId } })).toBe(0);

    // Abort: the parts go with it.
    const second = await call("POST", "/admin/fs/multipart/init", {
      auth: admin,
      body: { path: "/docs/big/aborted.bin", fileSize: PART * 2 },
      procedure: "fs.multipartInit",
    });
    const aborted = second.body.data;
    await call<UploadedPart>(
      "POST",
      `/admin/fs/multipart/part?${query({ uploadId: aborted.uploadId, partNumber: 1 })}`,
      {
        auth: admin,
        body: bytes(PART),
      },
    );
    const driver = await t.storage.driverFor(mainStorage);
    expect((await driver.listParts(aborted.key, aborted.uploadId)).length).toBe(1);
    const abort = await call("POST", "/admin/fs/multipart/abort", {
      auth: admin,
      body: { path: "/docs/big/aborted.bin", uploadId: aborted.uploadId, key: aborted.key },
      procedure: "fs.multipartAbort",
    });
    expect(abort.body).toMatchObject({ code: 200, success: true, data: { cancelled: true } });
    await expect(driver.listParts(aborted.key, aborted.uploadId)).rejects.toThrow();
    expect(await driver.head(aborted.key)).toBeNull();
    expect(await t.db.multipartUpload.count({ where: { uploadId: aborted.uploadId } })).toBe(0);
    const again = await call("POST", "/admin/fs/multipart/abort", {
      auth: admin,
      body: { uploadId: aborted.uploadId, key: aborted.key },
      procedure: "fs.multipartAbort",
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      success: false,
      data: null,
      message: "There is no upload in progress to cancel",
    });
    const partAfter = await call<UploadedPart>(
      "POST",
      `/admin/fs/multipart/part?${query({ uploadId: aborted.uploadId, partNumber: 2 })}`,
      {
        auth: admin,
        body: bytes(10),
      },
    );
    expect(partAfter.status).toBe(404);

    // The sweep aborts uploads left for a day.
    const stale = await call("POST", "/admin/fs/multipart/init", {
      auth: admin,
      body: { path: "/docs/big/stale.bin", fileSize: PART * 2 },
      procedure: "fs.multipartInit",
    });
    await call<UploadedPart>(
      "POST",
      `/admin/fs/multipart/part?${query({ uploadId: stale.body.data.uploadId, partNumber: 1 })}`,
      {
        auth: admin,
        body: bytes(PART),
      },
    );
    await t.db.multipartUpload.updateMany({
      where: { uploadId: stale.body.data.uploadId },
      data: { createdAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    await sweepOnce(t);
    expect(await t.db.multipartUpload.count({ where: { uploadId: stale.body.data.uploadId } })).toBe(0);
    await expect(driver.listParts(stale.body.data.key, stale.body.data.uploadId)).rejects.toThrow();
  });

  test("presigned upload: presign, PUT, commit; the max upload size holds on every way in", async () => {
    const content = bytes(50_000, 9);
    const presign = await call("POST", "/admin/fs/presign", {
      auth: admin,
      body: { path: "/docs/direct/", fileName: "photo.png", contentType: "image/png", fileSize: content.length },
      procedure: "fs.presign",
    });
    expect(presign.status).toBe(200);
    expect(presign.body.data).toMatchObject({
      contentType: "image/png",
      path: "/docs/direct/photo.png",
      key: mainKey("docs/direct/photo.png"),
      mountId: mounts["/docs"],
    });
    const put = await fetchLink(presign.body.data.presignedUrl, {
      method: "PUT",
      body: content,
      headers: { "Content-Type": "image/png" },
    });
    expect(put.status).toBe(200);
    const etag = put.headers.get("etag")?.replaceAll('"', "");
    const commit = await call("POST", "/admin/fs/presign/commit", {
      auth: admin,
      body: { path: "/docs/direct/", fileName: "photo.png", etag, contentType: "image/png", fileSize: content.length },
      procedure: "fs.presignCommit",
    });
    expect(commit.status).toBe(200);
    expect(commit.body.data).toMatchObject({ path: "/docs/direct/photo.png", size: content.length });
    const missing = await call("POST", "/admin/fs/presign/commit", {
      auth: admin,
      body: { path: "/docs/direct/never.bin", fileSize: 3 },
    });
    expect(missing.status).toBe(400);

    await setMaxUploadMb(1);
    try {
      const big = 2 * 1024 * 1024;
      const refusedPresign = await call("POST", "/admin/fs/presign", {
        auth: admin,
        body: { path: "/docs/direct/", fileName: "big.bin", fileSize: big },
      });
      expect(refusedPresign.status).toBe(413);
      expect(refusedPresign.body.message).toContain("max upload size");
      const refusedInit = await call("POST", "/admin/fs/multipart/init", {
        auth: admin,
        body: { path: "/docs/direct/big.bin", fileSize: big },
      });
      expect(refusedInit.status).toBe(413);
      const refusedForm = await upload("/docs/direct/", bytes(1024 * 1024 + 10), "streamed.bin");
      expect(refusedForm.status).toBe(413);
      expect((await get("/docs/direct/streamed.bin")).status).toBe(404);
      // A presign that understated the size is caught at commit, and the object removed.
      const liar = await call("POST", "/admin/fs/presign", {
        auth: admin,
        body: { path: "/docs/direct/", fileName: "liar.bin", fileSize: 10 },
        procedure: "fs.presign",
      });
      const liarPut = await fetchLink(liar.body.data.presignedUrl, {
        method: "PUT",
        body: bytes(1024 * 1024 + 10),
        headers: { "Content-Type": liar.body.data.contentType },
      });
      if (storageKind === "s3") {
        expect(liarPut.status).toBe(200);
        const liarCommit = await call("POST", "/admin/fs/presign/commit", {
          auth: admin,
          body: { path: "/docs/direct/", fileName: "liar.bin" },
        });
        expect(liarCommit.status).toBe(413);
      } else {
        // Local storage is received by the app itself, which cuts the body off at the limit.
        expect(liarPut.status).toBe(413);
      }
      expect((await get("/docs/direct/liar.bin")).status).toBe(404);
    } finally {
      await setMaxUploadMb(100);
    }
  });

  test("batch copy within one storage: files, whole folders, skip existing, no files to copy", async () => {
    await write("/docs/src/a.txt", "a");
    await write("/docs/src/sub/b.txt", "b");
    await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: "/docs/src/empty" }, procedure: "fs.mkdir" });
    const copy = (items: object[], skipExisting?: boolean) =>
      call("POST", "/admin/fs/batch-copy", { auth: admin, body: { items, skipExisting }, procedure: "fs.batchCopy" });

    const file = await copy([{ sourcePath: "/docs/src/a.txt", targetPath: "/docs/dst/" }]);
    expect(file.body.data).toMatchObject({ success: 1, skipped: 0, failed: [], requiresClientSideCopy: false });
    expect((await download("/docs/dst/a.txt")).text).toBe("a");
    expect((await copy([{ sourcePath: "/docs/src/a.txt", targetPath: "/docs/dst/" }])).body.data).toMatchObject({
      success: 0,
      skipped: 1,
    });
    await write("/docs/src/a.txt", "a2");
    expect(
      (await copy([{ sourcePath: "/docs/src/a.txt", targetPath: "/docs/dst/a.txt" }], false)).body.data.success,
    ).toBe(1);
    expect((await download("/docs/dst/a.txt")).text).toBe("a2");

    const folder = await copy([{ sourcePath: "/docs/src", targetPath: "/docs/dst/src" }]);
    expect(folder.status).toBe(200);
    expect(folder.body.data.failed).toEqual([]);
    expect(await names("/docs/dst/src")).toEqual(["empty", "sub", "a.txt"]);
    expect(await names("/docs/dst/src/sub")).toEqual(["b.txt"]);
    // Another mount on the same storage config: still copied by the server. A mount point as the
    // target of a folder is where the folder goes.
    const otherMount = await copy([{ sourcePath: "/docs/src", targetPath: "/archive" }]);
    expect(otherMount.body.data.requiresClientSideCopy).toBe(false);
    expect((await download("/archive/src/sub/b.txt")).text).toBe("b");

    const intoItself = await copy([{ sourcePath: "/docs/src", targetPath: "/docs/src/again" }]);
    expect(intoItself.status).toBe(200);
    expect(intoItself.body.data.failed[0]?.message).toBe("A folder cannot be moved or copied into itself");
    const nothing = await copy([{ sourcePath: "/docs/nope", targetPath: "/docs/x" }]);
    expect(nothing.status).toBe(404);
    expect(nothing.body.message).toBe("No files found to copy");
    const nothingZh = await call("POST", "/admin/fs/batch-copy", {
      auth: admin,
      lang: "zh-CN",
      body: { items: [{ sourcePath: "/docs/nope", targetPath: "/docs/x" }] },
    });
    expect(nothingZh.body.message).toBe("没有找到要复制的文件");
  });

  test("batch copy across storages: the client-side copy answer, the copy itself, and its commit", async () => {
    await write("/docs/xs/one.txt", "one");
    await write("/docs/xs/sub/two.md", "# two");
    await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: "/docs/xs/empty" }, procedure: "fs.mkdir" });
    const answer = await call("POST", "/admin/fs/batch-copy", {
      auth: admin,
      body: {
        items: [
          { sourcePath: "/docs/xs", targetPath: "/other/fromdocs" },
          { sourcePath: "/docs/xs/one.txt", targetPath: "/other/" },
        ],
      },
      procedure: "fs.batchCopy",
    });
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.requiresClientSideCopy).toBe(true);
    expect(data.isDirectory).toBe(true);
    expect(data.targetMount).toMatchObject({
      id: mounts["/other"],
      mount_path: "/other",
      storage_config_id: otherStorage,
    });
    expect(
      data.crossStorageResults.map((r: { targetPath: string; isDirectory: boolean }) => [r.targetPath, r.isDirectory]),
    ).toEqual([
      ["/other/fromdocs", true],
      ["/other/one.txt", false],
    ]);
    expect(data.items.map((item: { targetPath: string }) => item.targetPath).sort()).toEqual([
      "/other/fromdocs/one.txt",
      "/other/fromdocs/sub/two.md",
      "/other/one.txt",
    ]);
    for (const item of data.items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          "contentType",
          "downloadUrl",
          "fileName",
          "fileSize",
          "sourceKey",
          "sourcePath",
          "targetKey",
          "targetMountId",
          "targetPath",
          "targetS3Path",
          "uploadUrl",
        ].sort(),
      );
    }
    // The empty folder is made on the target by the server.
    expect(await names("/other/fromdocs")).toEqual(["empty"]);

    const files = [];
    for (const item of data.items) {
      const source = await fetchLink(item.downloadUrl);
      expect(source.status).toBe(200);
      const put = await fetchLink(item.uploadUrl, {
        method: "PUT",
        body: new Uint8Array(await source.arrayBuffer()),
        headers: { "Content-Type": item.contentType },
      });
      expect(put.status).toBe(200);
      files.push({
        targetPath: item.targetPath,
        s3Path: item.targetS3Path,
        contentType: item.contentType,
        fileSize: item.fileSize,
        etag: put.headers.get("etag"),
      });
    }
    const commit = await call("POST", "/admin/fs/batch-copy-commit", {
      auth: admin,
      body: { targetMountId: mounts["/other"], files: [...files, { targetPath: "/other/never.txt" }] },
      procedure: "fs.batchCopyCommit",
    });
    expect(commit.body.data.committed).toBe(3);
    expect(commit.body.data.failed).toEqual([
      { targetPath: "/other/never.txt", message: "/other/never.txt was not found in the target storage" },
    ]);
    const wrongMount = await call("POST", "/admin/fs/batch-copy-commit", {
      auth: admin,
      body: { targetMountId: mounts["/other"], files: [{ targetPath: "/docs/xs/one.txt" }] },
      procedure: "fs.batchCopyCommit",
    });
    expect(wrongMount.body.data.failed[0]?.message).toBe("/docs/xs/one.txt is not in the target mount");
    expect(await names("/other/fromdocs")).toEqual(["empty", "sub", "one.txt"]);
    expect((await download("/other/fromdocs/sub/two.md")).text).toBe("# two");
    expect((await download("/other/one.txt")).text).toBe("one");
    // Copying again skips what is there.
    const again = await call("POST", "/admin/fs/batch-copy", {
      auth: admin,
      body: { items: [{ sourcePath: "/docs/xs", targetPath: "/other/fromdocs" }] },
      procedure: "fs.batchCopy",
    });
    expect(again.body.data).toMatchObject({ requiresClientSideCopy: false, skipped: 2, items: [] });
  });

  test("search by name: global, one mount, a folder and below; paging; at least 2 characters", async () => {
    await write("/docs/s/Report-2026.txt", "r");
    await write("/docs/s/reports/q1.txt", "q1");
    await write("/docs/s/other.txt", "o");
    await write("/archive/report.md", "a");
    const search = (params: Record<string, string | number>, auth = admin, language?: string) =>
      call("GET", `${fsOf(auth)}/search?${query(params)}`, { auth, lang: language, procedure: "fs.search" });
    // The same answers, access rules included, from the live walk and from the search index.
    await expectSearchAnswers(search, "live");
    await crawlAll();
    await expectSearchAnswers(search, "index");
    // Forced live, the index being ready.
    expect((await search({ q: "report", source: "live" })).body.data.source).toBe("live");
  });

  async function crawlAll() {
    const rebuilt = await call("POST", "/admin/fs/index/rebuild", { auth: admin, body: {} });
    expect(rebuilt.status).toBe(202);
    for (let attempt = 0; ; attempt++) {
      const status = await call("GET", "/admin/fs/index", { auth: admin, procedure: "fsIndex.status" });
      if (status.body.data.state === "ready") return status.body.data;
      if (attempt > 300) throw new Error(`the crawl did not finish: ${JSON.stringify(status.body.data)}`);
      await Bun.sleep(50);
    }
  }

  async function expectSearchAnswers(
    search: (
      params: Record<string, string | number>,
      auth?: string,
      language?: string,
    ) => Promise<ApiAnswer<OutputOf<"fs.search">>>,
    source: "live" | "index",
  ) {
    const global = await search({ q: "REPORT" });
    expect(global.body.data.source).toBe(source);
    expect(global.status).toBe(200);
    const paths = global.body.data.results.map((item: { path: string }) => item.path);
    expect(paths).toEqual(["/archive/report.md", "/docs/s/Report-2026.txt", "/docs/s/reports"]);
    expect(global.body.data).toMatchObject({
      total: 3,
      hasMore: false,
      searchParams: { query: "REPORT", scope: "global", limit: 50, offset: 0 },
      truncated: false,
    });
    expect(global.body.data.results[2]).toMatchObject({ type: "directory", mount_id: mounts["/docs"] });
    const paged = await search({ q: "report", limit: 1, offset: 1 });
    expect(paged.body.data.results.map((item: { path: string }) => item.path)).toEqual(["/docs/s/Report-2026.txt"]);
    expect(paged.body.data.total).toBe(3);
    const inMount = await search({ q: "report", scope: "mount", mount_id: mounts["/archive"] as string });
    expect(inMount.body.data.results.map((item: { path: string }) => item.path)).toEqual(["/archive/report.md"]);
    const inFolder = await search({ q: "q1", scope: "directory", path: "/docs/s" });
    expect(inFolder.body.data.results.map((item: { path: string }) => item.path)).toEqual(["/docs/s/reports/q1.txt"]);
    const mountByName = await search({ q: "archiv" });
    expect(mountByName.body.data.results[0]).toMatchObject({ path: "/archive", is_mount: true });

    const short = await search({ q: "r" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("q: Enter at least 2 characters to search");
    expect((await search({ q: "r" }, admin, "zh-CN")).body.message).toBe("q: 搜索至少需要 2 个字符");
    expect((await search({ q: "report", scope: "mount" })).status).toBe(400);
    // A key finds only what lies under its base path.
    const keyed = await search({ q: "report" }, keyDocs);
    expect(keyed.body.data.results.map((item: { path: string }) => item.path)).toEqual([
      "/docs/s/Report-2026.txt",
      "/docs/s/reports",
    ]);
    expect(
      (await search({ q: "report", scope: "mount", mount_id: mounts["/archive"] as string }, keyDocs)).status,
    ).toBe(403);
  }

  test("the listing cache: hits counted, every write seen at once, cleared on demand", async () => {
    await write("/docs/cache/one.txt", "1");
    const first = await list("/docs/cache");
    expect(first.body.data.cached).toBe(false);
    const second = await list("/docs/cache");
    expect(second.body.data.cached).toBe(true);
    const stats = await call("GET", "/admin/cache/stats", { auth: admin, procedure: "cache.stats" });
    const docsStats = present(
      stats.body.data.mounts.find((m) => m.mount_id === mounts["/docs"]),
      "the /docs stats",
    );
    expect(docsStats.hits).toBeGreaterThanOrEqual(1);
    expect(docsStats.entries).toBeGreaterThanOrEqual(1);
    expect(docsStats.hit_rate).toBeGreaterThan(0);
    expect(stats.body.data.hits).toBeGreaterThanOrEqual(docsStats.hits);

    await upload("/docs/cache/", "2", "two.txt");
    expect(await names("/docs/cache")).toEqual(["one.txt", "two.txt"]);
    await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: "/docs/cache/dir" }, procedure: "fs.mkdir" });
    expect(await names("/docs/cache")).toEqual(["dir", "one.txt", "two.txt"]);
    await rename("/docs/cache/two.txt", "/docs/cache/three.txt");
    expect(await names("/docs/cache")).toEqual(["dir", "one.txt", "three.txt"]);
    await call("DELETE", `/admin/fs/remove?${query({ path: "/docs/cache/one.txt" })}`, {
      auth: admin,
      procedure: "fs.remove",
    });
    expect(await names("/docs/cache")).toEqual(["dir", "three.txt"]);
    await write("/docs/cache/four.txt", "4");
    expect(await names("/docs/cache")).toEqual(["dir", "four.txt", "three.txt"]);
    // A write through another mount on the same storage config also invalidates.
    await call("POST", "/admin/fs/batch-copy", {
      auth: admin,
      body: { items: [{ sourcePath: "/archive/report.md", targetPath: "/docs/cache/" }] },
      procedure: "fs.batchCopy",
    });
    expect(await names("/docs/cache")).toContain("report.md");

    // A write outside the app stays unseen until the TTL, a refresh or a clear.
    expect((await list("/docs/cache")).body.data.cached).toBe(true);
    const driver = await t.storage.driverFor(mainStorage);
    await driver.put(mainKey("docs/cache/outside.txt"), "o");
    expect(await names("/docs/cache")).not.toContain("outside.txt");
    const refreshed = await list("/docs/cache", admin, { refresh: "true" });
    expect(refreshed.body.data.items.map((e: { name: string }) => e.name)).toContain("outside.txt");
    await driver.delete(mainKey("docs/cache/outside.txt"));
    const cleared = await call("POST", "/admin/cache/clear", { auth: admin, procedure: "cache.clear" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.clearedCount).toBeGreaterThanOrEqual(1);
    expect((await list("/docs/cache")).body.data.cached).toBe(false);
    expect(await names("/docs/cache")).not.toContain("outside.txt");
    const mount = await call("GET", `/admin/mounts/${mounts["/docs"]}`, { auth: admin, procedure: "mounts.get" });
    expect(mount.body.data.last_refresh).not.toBeNull();
    expect(mount.body.data.last_used).not.toBeNull();

    const userClear = await call("POST", "/user/cache/clear", { auth: keyDocs, procedure: "cache.clear" });
    expect(userClear.body.data.mounts).toBe(2);
    expect((await call("POST", "/admin/cache/clear", { auth: keyDocs, procedure: "cache.clear" })).status).toBe(403);
    expect((await call("GET", "/admin/cache/stats", { auth: keyDocs, procedure: "cache.stats" })).status).toBe(403);

    // A TTL of 0 turns caching off for a mount.
    await call("PUT", `/admin/mounts/${mounts["/archive"]}`, {
      auth: admin,
      body: { cache_ttl: 0 },
      procedure: "mounts.update",
    });
    await list("/archive");
    expect((await list("/archive")).body.data.cached).toBe(false);
  });

  // 1,010 objects written, listed, searched and removed: over 30 s on a loaded 2-core machine.
  test("a folder larger than one storage page is listed, searched and removed whole", async () => {
    const driver = await t.storage.driverFor(mainStorage);
    const count = 1010;
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const i = next++;
        await driver.put(mainKey(`docs/pages/item-${String(i).padStart(4, "0")}.txt`), `item ${i}`);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const listed = await list("/docs/pages", admin, { refresh: "true" });
    expect(listed.body.data.total).toBe(count);
    expect(listed.body.data.items.at(-1)?.name).toBe("item-1009.txt");
    const found = await call(
      "GET",
      `/admin/fs/search?${query({ q: "item-100", scope: "directory", path: "/docs/pages" })}`,
      {
        auth: admin,
        procedure: "fs.search",
      },
    );
    expect(found.body.data.total).toBe(10);
    const removed = await call("DELETE", `/admin/fs/remove?${query({ path: "/docs/pages" })}`, { auth: admin });
    expect(removed.status).toBe(200);
    expect((await driver.list(mainKey("docs/pages/"))).objects).toEqual([]);
  }, 120_000);

  test("a key is confined to its base path; the folders above it show only the way down", async () => {
    const root = await list("/", keyDocs);
    expect(root.body.data.items.map((e: { name: string }) => e.name)).toEqual(["docs"]);
    expect((await list("/secret", keyDocs)).status).toBe(403);
    expect((await list("/docsecret", keyDocs)).status).toBe(403);
    expect((await download("/secret/keep.txt", keyDocs)).status).toBe(403);
    expect((await download("/docs/keep.txt", keyDocs)).text).toBe("sentinel /docs/keep.txt");
    const mine = await call("GET", "/user/mounts", { auth: keyDocs, procedure: "mounts.list" });
    expect(mine.body.data.map((m: { mount_path: string }) => m.mount_path).sort()).toEqual(["/docs", "/docs/inner"]);
    expect(
      (await call("GET", `/user/mounts/${mounts["/secret"]}`, { auth: keyDocs, procedure: "mounts.get" })).status,
    ).toBe(404);
    expect(
      (await call("GET", `/user/mounts/${mounts["/docs"]}`, { auth: keyDocs, procedure: "mounts.get" })).status,
    ).toBe(200);
    expect((await call("GET", "/admin/fs/list?path=/docs", { auth: keyDocs, procedure: "fs.list" })).status).toBe(403);

    // A base path deeper than what exists: the way down is shown, and the base folder starts empty.
    const deep = await createKey("deep", "/docs/deep/er");
    expect(await names("/", deep)).toEqual(["docs"]);
    expect(await names("/docs", deep)).toEqual(["deep"]);
    expect(await names("/docs/deep", deep)).toEqual(["er"]);
    expect(await names("/docs/deep/er", deep)).toEqual([]);
    expect((await upload("/docs/deep/er/", "mine", "mine.txt", deep)).status).toBe(201);
    expect(await names("/docs/deep/er", deep)).toEqual(["mine.txt"]);
    expect((await download("/docs/keep.txt", deep)).status).toBe(403);
    expect((await upload("/docs/", "x", "x.txt", deep)).status).toBe(403);

    const { auth: textOnly } = await createApiKey(api, admin, { name: "t", text_permission: true });
    expect((await list("/docs", textOnly)).status).toBe(403);
    expect((await download("/docs/keep.txt", textOnly)).status).toBe(403);
  });

  test("every /admin/fs route refuses a key that may use /user/fs, before doing anything; the admin may use both", async () => {
    // One procedure serves both paths (docs/architecture.md, "One procedure per operation"): the
    // admin's path is refused to keys by the REST adapter, whatever the operation.
    const document = await (await t.request("GET", "/api/openapi.json")).json();
    const adminRoutes = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith("/admin/fs/"))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => [method.toUpperCase(), path] as const));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(16);
    // Inputs the key's own routes would carry out: each refusal stops a real change.
    const target = "/docs/refused";
    const bodies: Record<string, object> = {
      "/admin/fs/mkdir": { path: target },
      "/admin/fs/update": { path: target, content: "x" },
      "/admin/fs/rename": { oldPath: "/docs/keep.txt", newPath: target },
      "/admin/fs/batch-remove": { paths: ["/docs/keep.txt"] },
      "/admin/fs/batch-copy": { items: [{ sourcePath: "/docs/keep.txt", targetPath: target }] },
    };
    const before = await names("/docs");
    expect(before).toContain("keep.txt");
    for (const [method, path] of adminRoutes) {
      // The query carries what the binary part upload reads; the procedures ignore what they do not know.
      const search = query({ path: "/docs/keep.txt", uploadId: "u1", partNumber: 1, key: "docs/keep.txt" });
      const answer = await call(method, `${path}?${search}`, {
        auth: keyDocs,
        body: method === "GET" || method === "DELETE" ? undefined : (bodies[path] ?? {}),
      });
      expect([method, path, answer.status]).toEqual([method, path, 403]);
    }
    expect(await names("/docs")).toEqual(before);
    const asAdminOnKeyPath = await call("GET", `/user/fs/list?${query({ path: "/docs" })}`, {
      auth: admin,
      procedure: "fs.list",
    });
    expect(asAdminOnKeyPath.body.data.items.map((entry: { name: string }) => entry.name)).toEqual(await names("/docs"));
    expect(
      (await call("GET", `/user/fs/list?${query({ path: "/docs" })}`, { auth: keyDocs, procedure: "fs.list" })).status,
    ).toBe(200);
  });

  // Every traversal form through every operation: over 30 s on a loaded 2-core machine.
  test("the traversal corpus cannot reach outside the base path through any operation", async () => {
    await write("/docs/victim.txt", "v");
    const outsideBefore = { secret: await names("/secret"), docsecret: await names("/docsecret") };
    const confined = (path: unknown) => typeof path === "string" && /^\/docs(\/|$)/.test(path);
    for (const attempt of traversalForms()) {
      const answers: [string, ApiAnswer][] = [
        ["list", await list(attempt, keyDocs)],
        ["get", await get(attempt, keyDocs)],
        ["download", await download(attempt, keyDocs)],
        [
          "mkdir",
          await call("POST", "/user/fs/mkdir", { auth: keyDocs, body: { path: attempt }, procedure: "fs.mkdir" }),
        ],
        ["upload", await upload(attempt, "evil", "evil.txt", keyDocs)],
        ["update", await write(attempt, "evil", keyDocs)],
        [
          "rename-from",
          await call("POST", "/user/fs/rename", {
            auth: keyDocs,
            body: { oldPath: attempt, newPath: "/docs/moved-x" },
            procedure: "fs.rename",
          }),
        ],
        [
          "rename-to",
          await call("POST", "/user/fs/rename", {
            auth: keyDocs,
            body: { oldPath: "/docs/victim.txt", newPath: attempt },
            procedure: "fs.rename",
          }),
        ],
        [
          "remove",
          await call("DELETE", `/user/fs/remove?${query({ path: attempt })}`, {
            auth: keyDocs,
            procedure: "fs.remove",
          }),
        ],
        [
          "copy-from",
          await call("POST", "/user/fs/batch-copy", {
            auth: keyDocs,
            body: { items: [{ sourcePath: attempt, targetPath: "/docs/copied/" }] },
            procedure: "fs.batchCopy",
          }),
        ],
        [
          "copy-to",
          await call("POST", "/user/fs/batch-copy", {
            auth: keyDocs,
            body: { items: [{ sourcePath: "/docs/keep.txt", targetPath: attempt }] },
            procedure: "fs.batchCopy",
          }),
        ],
      ];
      for (const [operation, answer] of answers) {
        const context = `${operation} ${JSON.stringify(attempt)}`;
        expect(answer.status, context).toBeLessThan(500);
        if (answer.status >= 300) continue;
        // What succeeded named a path under /docs, and only such paths; browsing the root (the way
        // down to /docs) answers "/" listing /docs alone.
        // Answers of several operations, read by the path fields they may carry.
        const data = answer.body?.data as { path?: string; newPath?: string; items?: { path: string }[] } | undefined;
        const browsedRoot = (operation === "list" || operation === "get") && data?.path === "/";
        for (const path of [data?.path, data?.newPath, ...(data?.items ?? []).map((e) => e.path)]) {
          if (path !== undefined && !(browsedRoot && path === "/")) {
            expect(confined(path), `${context} -> ${path}`).toBe(true);
          }
        }
      }
      // Put the victim back when a rename inside /docs moved it.
      if ((await download("/docs/victim.txt")).status === 404) await write("/docs/victim.txt", "v");
    }
    expect({ secret: await names("/secret"), docsecret: await names("/docsecret") }).toEqual(outsideBefore);
    expect((await download("/secret/keep.txt")).text).toBe("sentinel /secret/keep.txt");
    expect((await download("/docsecret/keep.txt")).text).toBe("sentinel /docsecret/keep.txt");
  }, 120_000);

  test("a read-only key reads but every write is refused", async () => {
    expect((await list("/docs", keyReadOnly)).body.data.readonly).toBe(true);
    expect((await download("/docs/keep.txt", keyReadOnly)).status).toBe(200);
    const search = await call("GET", `/user/fs/search?${query({ q: "keep" })}`, { auth: keyReadOnly });
    expect(search.status).toBe(200);
    const link = await call("GET", `/user/fs/file-link?${query({ path: "/docs/keep.txt" })}`, { auth: keyReadOnly });
    expect(link.status).toBe(200);
    const init = await call("POST", "/admin/fs/multipart/init", {
      auth: admin,
      body: { path: "/docs/ro.bin", fileSize: 10 },
      procedure: "fs.multipartInit",
    });
    const { uploadId, key } = init.body.data;
    const refused: ApiAnswer[] = [
      await call("POST", "/user/fs/mkdir", { auth: keyReadOnly, body: { path: "/docs/ro" }, procedure: "fs.mkdir" }),
      await upload("/docs/", "x", "ro.txt", keyReadOnly),
      await write("/docs/ro.txt", "x", keyReadOnly),
      await call("POST", "/user/fs/rename", {
        auth: keyReadOnly,
        body: { oldPath: "/docs/keep.txt", newPath: "/docs/k2.txt" },
        procedure: "fs.rename",
      }),
      await call("DELETE", `/user/fs/remove?${query({ path: "/docs/keep.txt" })}`, {
        auth: keyReadOnly,
        procedure: "fs.remove",
      }),
      await call("POST", "/user/fs/batch-remove", {
        auth: keyReadOnly,
        body: { paths: ["/docs/keep.txt"] },
        procedure: "fs.batchRemove",
      }),
      await call("POST", "/user/fs/multipart/init", {
        auth: keyReadOnly,
        body: { path: "/docs/ro.bin", fileSize: 10 },
        procedure: "fs.multipartInit",
      }),
      await call("POST", "/user/fs/presign", {
        auth: keyReadOnly,
        body: { path: "/docs/", fileName: "ro.bin", fileSize: 1 },
        procedure: "fs.presign",
      }),
      await call("POST", "/user/fs/presign/commit", {
        auth: keyReadOnly,
        body: { path: "/docs/keep.txt" },
        procedure: "fs.presignCommit",
      }),
      await call("POST", "/user/fs/batch-copy", {
        auth: keyReadOnly,
        body: { items: [{ sourcePath: "/docs/keep.txt", targetPath: "/docs/k3.txt" }] },
        procedure: "fs.batchCopy",
      }),
      await call("POST", "/user/fs/batch-copy-commit", {
        auth: keyReadOnly,
        body: { targetMountId: mounts["/docs"], files: [{ targetPath: "/docs/keep.txt" }] },
        procedure: "fs.batchCopyCommit",
      }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe("Your key can only read the mounts");
    }
    // Its own uploads only: the admin's upload is unknown to the key.
    const part = await call<UploadedPart>(
      "POST",
      `/user/fs/multipart/part?${query({ uploadId, partNumber: 1, key })}`,
      {
        auth: keyReadOnly,
        body: bytes(10),
      },
    );
    expect(part.status).toBe(404);
    const zh = await call("POST", "/user/fs/mkdir", { auth: keyReadOnly, lang: "zh", body: { path: "/docs/ro" } });
    expect(zh.body.message).toBe("您的密钥只能读取挂载点");
    expect((await download("/docs/keep.txt")).text).toBe("sentinel /docs/keep.txt");
  });

  test("a nested mount of another storage shows inside its parent and stores in its own storage", async () => {
    const stored = await upload("/docs/inner/", "inner", "in.txt");
    expect(stored.body.data.path).toBe("/docs/inner/in.txt");
    expect(await names("/docs/inner")).toEqual(["in.txt"]);
    const other = await t.storage.driverFor(otherStorage);
    const otherFolder =
      storageKind === "local"
        ? (await t.db.storageConfig.findUniqueOrThrow({ where: { id: otherStorage } })).defaultFolder
        : "";
    expect(await other.head(`${otherFolder ? `${otherFolder}/` : ""}docs/inner/in.txt`)).not.toBeNull();
    const main = await t.storage.driverFor(mainStorage);
    expect(await main.head(mainKey("docs/inner/in.txt"))).toBeNull();
    // The mount point itself cannot be removed or replaced through the file system.
    expect(
      (
        await call("DELETE", `/admin/fs/remove?${query({ path: "/docs/inner" })}`, {
          auth: admin,
          procedure: "fs.remove",
        })
      ).status,
    ).toBe(400);
    expect(
      (await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: "/docs/inner" }, procedure: "fs.mkdir" }))
        .status,
    ).toBe(409);
    // Deactivated, it disappears from the tree.
    await call("PUT", `/admin/mounts/${mounts["/docs/inner"]}`, {
      auth: admin,
      body: { is_active: false },
      procedure: "mounts.update",
    });
    expect(await names("/docs")).not.toContain("inner");
    await call("PUT", `/admin/mounts/${mounts["/docs/inner"]}`, {
      auth: admin,
      body: { is_active: true },
      procedure: "mounts.update",
    });
  });
});

describe.each(DATABASE_PROVIDERS)("mounts on %s", (provider) => {
  const { t } = useTestApp(provider);
  const { api, call } = clientOf(() => t);
  let admin: string;
  let storageId: string;

  beforeAll(async () => {
    admin = await loginAdmin(api);
    storageId = await defaultStorageId(t.db);
  });

  const create = (body: object, language?: string) =>
    call("POST", "/admin/mounts", { auth: admin, body, lang: language, procedure: "mounts.create" });

  test("create, list in order, get, update, delete", async () => {
    const created = await create({
      name: "Team files",
      mount_path: "/团队//files/",
      storage_config_id: storageId,
      remark: "  shared  ",
      sort_order: 2,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Team files",
      mount_path: "/团队/files",
      storage_type: "local",
      storage_config_id: storageId,
      remark: "shared",
      is_active: true,
      sort_order: 2,
      cache_ttl: 300,
      last_used: null,
      last_refresh: null,
    });
    expect(created.body.data.created_by).toStartWith("admin:");
    const first = await create({ name: "First", mount_path: "/first", storage_config_id: storageId, sort_order: 1 });
    const listed = await call("GET", "/admin/mounts", { auth: admin, procedure: "mounts.list" });
    expect(listed.body.data.map((m: { name: string }) => m.name)).toEqual(["First", "Team files"]);
    const id = created.body.data.id;
    expect((await call("GET", `/admin/mounts/${id}`, { auth: admin, procedure: "mounts.get" })).body.data.name).toBe(
      "Team files",
    );
    const updated = await call("PUT", `/admin/mounts/${id}`, {
      auth: admin,
      body: { name: "Renamed", cache_ttl: 60, is_active: false, remark: null },
      procedure: "mounts.update",
    });
    expect(updated.body.data).toMatchObject({ name: "Renamed", cache_ttl: 60, is_active: false, remark: null });
    expect(updated.body.data.mount_path).toBe("/团队/files");
    const clash = await call("PUT", `/admin/mounts/${id}`, { auth: admin, body: { mount_path: "/first" } });
    expect(clash.status).toBe(409);
    expect(
      (await call("DELETE", `/admin/mounts/${first.body.data.id}`, { auth: admin, procedure: "mounts.delete" })).body
        .data,
    ).toEqual({
      deleted: 1,
    });
    expect(
      (await call("GET", `/admin/mounts/${first.body.data.id}`, { auth: admin, procedure: "mounts.get" })).status,
    ).toBe(404);
    expect(
      (await call("DELETE", `/admin/mounts/${first.body.data.id}`, { auth: admin, procedure: "mounts.delete" })).status,
    ).toBe(404);
    // A storage config in use by a mount cannot be deleted.
    const inUse = await call("DELETE", `/s3-configs/${storageId}`, { auth: admin });
    expect(inUse.status).toBe(409);
  });

  test("validation names each broken rule, in English and in Chinese", async () => {
    // Each rule's message in English and Chinese, then the fields that break it (some rules twice).
    const messages = {
      nameMissing: ["name: Enter a name for the mount", "name: 请输入挂载点名称"],
      nameTooLong: ["name: The mount name can have at most 50 characters", "name: 挂载点名称最多 50 个字符"],
      pathMissing: ["mount_path: Enter the mount path", "mount_path: 请输入挂载路径"],
      pathNotAbsolute: ["mount_path: The mount path must start with /", "mount_path: 挂载路径必须以 / 开头"],
      pathCharacters: [
        "mount_path: The mount path may only contain letters, digits, underscores, hyphens, Chinese characters and /",
        "mount_path: 挂载路径只能包含字母、数字、下划线、连字符、中文和 /",
      ],
      pathRoot: [
        "mount_path: The root / cannot be a mount path; choose a path such as /docs",
        "mount_path: 根目录 / 不能作为挂载路径，请使用如 /docs 的路径",
      ],
      pathReserved: [
        "mount_path: This path is reserved by the system; choose another",
        "mount_path: 该路径为系统保留路径，请换一个",
      ],
      cacheTtl: [
        "cache_ttl: The cache TTL must be a whole number of seconds from 0 to 86400",
        "cache_ttl: 缓存时间必须是 0 到 86400 之间的整数秒",
      ],
      sortOrder: ["sort_order: The sort order must be a whole number", "sort_order: 排序必须是整数"],
    } as const;
    const cases: [object, keyof typeof messages][] = [
      [{ mount_path: "/a" }, "nameMissing"],
      [{ name: "x".repeat(51), mount_path: "/a" }, "nameTooLong"],
      [{ name: "n" }, "pathMissing"],
      [{ name: "n", mount_path: "docs" }, "pathNotAbsolute"],
      [{ name: "n", mount_path: "/a b" }, "pathCharacters"],
      [{ name: "n", mount_path: "/a/../b" }, "pathCharacters"],
      [{ name: "n", mount_path: "/" }, "pathRoot"],
      [{ name: "n", mount_path: "/API/x" }, "pathReserved"],
      [{ name: "n", mount_path: "/a", cache_ttl: 86_401 }, "cacheTtl"],
      [{ name: "n", mount_path: "/a", cache_ttl: -1 }, "cacheTtl"],
      [{ name: "n", mount_path: "/a", cache_ttl: 1.5 }, "cacheTtl"],
      [{ name: "n", mount_path: "/a", sort_order: "first" }, "sortOrder"],
    ];
    for (const [fields, rule] of cases) {
      const [english, chinese] = messages[rule];
      const body = { storage_config_id: storageId, ...fields };
      const en = await create(body, "en");
      expect(en.status).toBe(400);
      expect(en.body.message).toBe(english);
      expect((await create(body, "zh-CN,zh;q=0.9")).body.message).toBe(chinese);
    }
    const noStorage = await create({ name: "n", mount_path: "/a" }, "zh");
    expect(noStorage.body.message).toBe("storage_config_id: 请选择存储配置");
    const unknownStorage = await create({ name: "n", mount_path: "/a", storage_config_id: "nope" });
    expect(unknownStorage.status).toBe(400);
    expect(unknownStorage.body.message).toBe("Storage configuration not found");
    const mismatch = await create({ name: "n", mount_path: "/a", storage_config_id: storageId, storage_type: "S3" });
    expect(mismatch.body.message).toBe("The storage type does not match the chosen storage configuration");
    await create({ name: "n", mount_path: "/taken", storage_config_id: storageId });
    const taken = await create({ name: "n2", mount_path: "/taken/", storage_config_id: storageId }, "zh");
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("已有其他挂载点使用该路径");
  });

  test("keys see the active mounts their base path reaches, and cannot manage mounts", async () => {
    for (const [name, path] of [
      ["projects", "/projects"],
      ["alpha", "/projects/alpha"],
      ["projectsx", "/projectsx"],
    ] as const) {
      expect((await create({ name, mount_path: path, storage_config_id: storageId })).status).toBe(201);
    }
    const inactive = await create({
      name: "off",
      mount_path: "/projects/off",
      storage_config_id: storageId,
      is_active: false,
    });
    const { auth } = await createApiKey(api, admin, {
      name: "k",
      mount_permission: true,
      basic_path: "/projects/alpha/x",
    });
    const seen = await call("GET", "/user/mounts", { auth, procedure: "mounts.list" });
    expect(seen.body.data.map((m: { mount_path: string }) => m.mount_path).sort()).toEqual([
      "/projects",
      "/projects/alpha",
    ]);
    expect((await call("GET", `/user/mounts/${inactive.body.data.id}`, { auth, procedure: "mounts.get" })).status).toBe(
      404,
    );
    expect((await call("GET", "/admin/mounts", { auth, procedure: "mounts.list" })).status).toBe(403);
    expect(
      (
        await call("POST", "/admin/mounts", {
          auth,
          body: { name: "x", mount_path: "/x", storage_config_id: storageId },
          procedure: "mounts.create",
        })
      ).status,
    ).toBe(403);
    expect(
      (await call("DELETE", `/admin/mounts/${inactive.body.data.id}`, { auth, procedure: "mounts.delete" })).status,
    ).toBe(403);
    const noMount = await createApiKey(api, admin, { name: "f", file_permission: true });
    expect((await call("GET", "/user/mounts", { auth: noMount.auth, procedure: "mounts.list" })).status).toBe(403);
    expect((await call("GET", "/user/mounts", { procedure: "mounts.list" })).status).toBe(401);
  });

  test("the routes are in the OpenAPI document", async () => {
    const document = t.app.openApiDocument() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ["/admin/mounts", "post"],
      ["/user/mounts/{id}", "get"],
      ["/admin/fs/list", "get"],
      ["/user/fs/download", "get"],
      ["/user/fs/upload", "post"],
      ["/admin/fs/multipart/part", "post"],
      ["/user/fs/batch-copy-commit", "post"],
      ["/admin/cache/stats", "get"],
      ["/user/cache/clear", "post"],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
