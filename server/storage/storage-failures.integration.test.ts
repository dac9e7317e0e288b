// When the storage fails, on SQLite and Postgres, over a real socket: an S3 endpoint nobody answers
// on gives 503 with a message naming the storage (uploads, listings, WebDAV), never a 500; a local
// storage on a full file system (a small tmpfs) gives 507 as soon as the write fails, on every upload
// path (POST /api/upload, the explorer's upload, WebDAV PUT, a multipart part), leaving no partial
// file and no record, and the server keeps answering afterwards.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { basicAuth } from "../dav/dav-test-kit";
import { createTestApp, DATABASE_PROVIDERS, TEST_ADMIN_PASSWORD, type TestApp, tempDir } from "../test/harness";

type Envelope = { code: number; message: string; data: Record<string, unknown> | null };

/** A port nothing listens on: taken, then let go. */
function closedPort(): number {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = server.port as number;
  server.stop(true);
  return port;
}

/** Every file below `dir`, temp folders included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function bytes(size: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i += 4096) data[i] = i & 0xff;
  return data;
}

const isRoot = process.getuid?.() === 0;

describe.each(DATABASE_PROVIDERS)("storage failures on %s", (provider) => {
  let t: TestApp;
  let server: ReturnType<typeof Bun.serve>;
  let origin: string;
  let admin: string;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}/api${path}`, {
      method,
      headers: { authorization: admin, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Envelope };
  };
  const form = (fields: Record<string, string>, data: Uint8Array<ArrayBuffer>, name = "big.bin") => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append("file", new Blob([data]), name);
    return body;
  };
  const upload = async (path: string, body: FormData) => {
    const response = await fetch(`${origin}/api${path}`, { method: "POST", headers: { authorization: admin }, body });
    return { status: response.status, body: (await response.json()) as Envelope };
  };
  const dav = (method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) =>
    fetch(`${origin}${path}`, {
      method,
      body: init.body,
      headers: { authorization: basicAuth("admin", TEST_ADMIN_PASSWORD), ...init.headers },
    });
  const healthy = async () => (await fetch(`${origin}/api/health`)).status;

  beforeAll(async () => {
    t = await createTestApp(provider);
    server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      maxRequestBodySize: 1024 ** 3,
      fetch: (request, bunServer) => t.app.fetch(request, bunServer.requestIP(request)?.address),
    });
    origin = `http://127.0.0.1:${server.port}`;
    const login = await call("POST", "/admin/login", { username: "admin", password: TEST_ADMIN_PASSWORD });
    admin = `Bearer ${(login.body.data as { token: string }).token}`;
  });
  afterAll(async () => {
    await server.stop(true);
    await t.cleanup();
  });

  test("an S3 endpoint that refuses connections: 503 naming the storage on upload, listing and WebDAV; no record", async () => {
    const created = await call("POST", "/s3-configs", {
      name: "Offline S3",
      provider_type: "Other S3 Compatible",
      endpoint_url: `http://127.0.0.1:${closedPort()}`,
      bucket_name: "nowhere",
      region: "us-east-1",
      access_key_id: "id",
      secret_access_key: "secret",
      path_style: true,
    });
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
    expect(((await chinese.json()) as Envelope).message).toContain("无法连接存储");
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
      const created = await call("POST", "/s3-configs", { name: "Small disk", provider_type: "local", root_path: dir });
      expect(created.status).toBe(201);
      configId = (created.body.data as { id: string }).id;
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
      // The signed URL names PUBLIC_URL; this server listens elsewhere.
      const signed = new URL(part?.url ?? "", origin);
      const put = await fetch(`${origin}${signed.pathname}${signed.search}`, { method: "PUT", body: bytes(size) });
      expect(put.status).toBe(507);
      expect(filesUnder(dir)).toEqual([]);
      expect((await call("POST", "/s3/multipart/abort", { file_id })).status).toBeLessThan(300);
      await expectNothingLeft();
    });
  });
});
