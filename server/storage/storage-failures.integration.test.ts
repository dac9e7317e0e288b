// When the storage fails, on SQLite and Postgres, over a real socket: an S3 endpoint nobody answers
// on gives 503 with a message naming the storage (uploads, listings, WebDAV), never a 500; a local
// storage on a full file system (a small tmpfs) gives 507 as soon as the write fails, on every upload
// path (POST /api/upload, the explorer's upload, WebDAV PUT, a multipart part, and a form whose file
// comes before its fields), leaving no partial file and no record, and the server keeps answering
// afterwards; the server's own disk filling while such a file waits there gives 507 too, saying so.
// S3 failing in the middle of an upload is in s3-midway-failures.integration.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { s3StorageBody } from "../../scripts/test/s3-storage";
import { basicAuth } from "../dav/dav-test-kit";
import { spoolDirectory } from "../http/bodies/upload-form";
import { type ApiAnswer, createApiClient, createLocalStorage, createS3Storage, loginAdmin } from "../test/api-client";
import {
  createTestApp,
  DATABASE_PROVIDERS,
  freePort,
  type ServedTestApp,
  serveTestApp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  tempDir,
} from "../test/harness";
import { patternedBytes as bytes } from "../test/payloads";

/** Every file below `dir`, temp folders included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const isRoot = process.getuid?.() === 0;

describe.each(DATABASE_PROVIDERS)("storage failures on %s", (provider) => {
  let served: ServedTestApp;
  let t: TestApp;
  let origin: string;
  let admin: string;

  /** As the admin, over HTTP. */
  const call = (method: string, path: string, body?: unknown) => served.api.call(method, path, { auth: admin, body });
  /** Fields first (as our client sends them), or the file first (as `curl -F file=@x -F path=...` does). */
  const form = (fields: Record<string, string>, data: Uint8Array<ArrayBuffer>, name = "big.bin", fileFirst = false) => {
    const body = new FormData();
    if (fileFirst) body.append("file", new Blob([data]), name);
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    if (!fileFirst) body.append("file", new Blob([data]), name);
    return body;
  };
  const upload = (path: string, body: FormData) => call("POST", path, body);
  const dav = (method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) =>
    fetch(`${origin}${path}`, {
      method,
      body: init.body,
      headers: { authorization: basicAuth("admin", TEST_ADMIN_PASSWORD), ...init.headers },
    });
  const healthy = async () => (await fetch(`${origin}/api/health`)).status;

  beforeAll(async () => {
    served = await serveTestApp(provider);
    ({ t, origin, admin } = served);
  });
  afterAll(async () => {
    await served.stop();
  });

  test("an S3 endpoint that refuses connections: 503 naming the storage on upload, listing and WebDAV; no record", async () => {
    const offline = {
      endpoint: `http://127.0.0.1:${freePort()}`,
      bucket: "nowhere",
      accessKeyId: "id",
      secretAccessKey: "secret",
    };
    const created = await call("POST", "/s3-configs", s3StorageBody("Offline S3", offline));
    expect(created.status).toBe(201);
    const configId = (created.body.data as { id: string }).id;
    await call("POST", "/admin/mounts", { name: "offline", mount_path: "/offline", storage_config_id: configId });

    const uploaded = await upload("/upload", form({ s3_config_id: configId, size: "1000" }, bytes(1000)));
    expect(uploaded.status).toBe(503);
    expect(uploaded.body.message).toContain("Offline S3");
    expect(await t.db.fileShare.count({ where: { storageConfigId: configId } })).toBe(0);

    const listed = await call("GET", "/admin/fs/list?path=%2Foffline");
    expect(listed.status).toBe(503);
    expect(listed.body.message).toContain("Offline S3");
    const explorerUpload = await upload("/admin/fs/upload", form({ path: "/offline" }, bytes(1000), "a.bin"));
    expect(explorerUpload.status).toBe(503);

    const put = await dav("PUT", "/dav/offline/a.txt", { body: "hello" });
    expect(put.status).toBe(503);
    expect(await put.text()).toContain("Offline S3");
    const propfind = await dav("PROPFIND", "/dav/offline/", { headers: { Depth: "1" } });
    expect(propfind.status).toBe(503);
    const get = await dav("GET", "/dav/offline/a.txt");
    expect(get.status).toBe(503);
    // In the caller's language.
    const chinese = await fetch(`${origin}/api/admin/fs/list?path=%2Foffline`, {
      headers: { authorization: admin, "accept-language": "zh-CN" },
    });
    expect(((await chinese.json()) as ApiAnswer["body"]).message).toContain("无法连接存储");
    expect(await healthy()).toBe(200);
  });

  describe("a local storage on a full file system", () => {
    const dir = tempDir(`full-disk-${provider}`);
    let mounted = false;
    let configId = "";

    beforeAll(async () => {
      if (!isRoot) {
        console.warn("SKIPPED full-disk tests: mounting a tmpfs needs root (CI runs as root)");
        return;
      }
      mkdirSync(dir, { recursive: true });
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", dir]);
      mounted = true;
      configId = (await createLocalStorage(served.api, admin, { name: "Small disk", root_path: dir })).id;
      await call("POST", "/admin/mounts", { name: "small", mount_path: "/small", storage_config_id: configId });
    });
    afterAll(() => {
      if (mounted) execFileSync("umount", ["-l", dir]);
      rmSync(dir, { recursive: true, force: true });
    });

    const expectNothingLeft = async () => {
      expect(filesUnder(dir)).toEqual([]);
      expect(await t.db.fileShare.count({ where: { storageConfigId: configId } })).toBe(0);
      expect(await healthy()).toBe(200);
    };

    test.skipIf(!isRoot)(
      "POST /api/upload larger than the free space: 507 at once, no partial file, no record",
      async () => {
        const started = performance.now();
        const answer = await upload("/upload", form({ s3_config_id: configId }, bytes(12 * 1024 * 1024)));
        expect(answer.status).toBe(507);
        expect(answer.body.message).toContain("Small disk");
        expect(performance.now() - started).toBeLessThan(10_000);
        await expectNothingLeft();
        // The disk still takes what fits.
        const small = await upload("/upload", form({ s3_config_id: configId }, bytes(1000), "small.bin"));
        expect(small.status).toBe(201);
        await call("DELETE", `/admin/files/${(small.body.data as { id: string }).id}`);
      },
    );

    test.skipIf(!isRoot)(
      "the file before the fields (spooled, then stored): 507, no spooled or partial file, no record",
      async () => {
        const spool = spoolDirectory(t.config.dataDir);
        const shared = await upload(
          "/upload",
          form({ s3_config_id: configId }, bytes(12 * 1024 * 1024), "a.bin", true),
        );
        expect(shared.status).toBe(507);
        expect(shared.body.message).toContain("Small disk");
        expect(existsSync(spool) ? readdirSync(spool) : []).toEqual([]);
        await expectNothingLeft();
        const explorer = await upload(
          "/admin/fs/upload",
          form({ path: "/small/" }, bytes(12 * 1024 * 1024), "b.bin", true),
        );
        expect(explorer.status).toBe(507);
        expect(explorer.body.message).toContain("Small disk");
        expect(existsSync(spool) ? readdirSync(spool) : []).toEqual([]);
        await expectNothingLeft();
      },
    );

    test.skipIf(!isRoot)("the explorer's upload and WebDAV PUT: 507, nothing left", async () => {
      const explorer = await upload("/admin/fs/upload", form({ path: "/small" }, bytes(12 * 1024 * 1024)));
      expect(explorer.status).toBe(507);
      expect(explorer.body.message).toContain("Small disk");
      await expectNothingLeft();
      const put = await dav("PUT", "/dav/small/big.bin", { body: bytes(12 * 1024 * 1024) });
      expect(put.status).toBe(507);
      expect(await put.text()).toContain("Small disk");
      await expectNothingLeft();
    });

    test.skipIf(!isRoot)("a multipart part larger than the free space: 507, the part is not kept", async () => {
      const size = 12 * 1024 * 1024;
      const init = await call("POST", "/s3/multipart/init", {
        filename: "parts.bin",
        size,
        part_size: size,
        s3_config_id: configId,
      });
      expect(init.status).toBe(200);
      const { file_id } = init.body.data as { file_id: string };
      const urls = await call("POST", "/s3/multipart/part-urls", { file_id, part_numbers: [1] });
      const [part] = (urls.body.data as { urls: { url: string }[] }).urls;
      // The signed URL names the served app's public URL: its own origin.
      const put = await fetch(part?.url ?? "", { method: "PUT", body: bytes(size) });
      expect(put.status).toBe(507);
      expect(filesUnder(dir)).toEqual([]);
      expect((await call("POST", "/s3/multipart/abort", { file_id })).status).toBeLessThan(300);
      await expectNothingLeft();
    });
  });
  describe("the server's own disk full while a file sent before the fields waits there", () => {
    const dataDir = tempDir(`full-data-${provider}`);
    let mounted = false;
    let small: TestApp;
    let token = "";
    let s3ConfigId = "";

    beforeAll(async () => {
      if (!isRoot) return;
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", dataDir]);
      mounted = true;
      small = await createTestApp(provider, { dataDir });
      const smallApi = createApiClient(() => small.app);
      token = await loginAdmin(smallApi);
      s3ConfigId = (await createS3Storage(smallApi, token, { name: "Roomy S3" })).id;
    });
    afterAll(async () => {
      // The mount point itself cannot be removed while mounted.
      if (mounted) execFileSync("umount", ["-l", dataDir]);
      await small?.cleanup();
    });

    test.skipIf(!isRoot)(
      "POST /api/upload: 507 saying the server's disk is full, nothing spooled or stored",
      async () => {
        const post = (lang: string) =>
          small.app.fetch(
            new Request("http://localhost/api/upload", {
              method: "POST",
              headers: { authorization: token, "accept-language": lang },
              body: form({ s3_config_id: s3ConfigId }, bytes(8 * 1024 * 1024), "spooled.bin", true),
            }),
            "127.0.0.1",
          );
        const answer = await post("en");
        expect(answer.status).toBe(507);
        expect(((await answer.json()) as ApiAnswer["body"]).message).toBe(
          "The server's disk is full: the upload could not be received, nothing was saved",
        );
        const spool = spoolDirectory(dataDir);
        expect(existsSync(spool) ? readdirSync(spool) : []).toEqual([]);
        expect(await small.db.fileShare.count({ where: { storageConfigId: s3ConfigId } })).toBe(0);
        const chinese = await post("zh-CN");
        expect(chinese.status).toBe(507);
        expect(((await chinese.json()) as ApiAnswer["body"]).message).toBe(
          "服务器磁盘已满，无法接收上传，未保存任何内容",
        );
        expect((await small.request("GET", "/api/health")).status).toBe(200);
      },
    );
  });
});
