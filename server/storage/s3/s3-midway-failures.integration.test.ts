// S3 failing in the middle of an upload, on SQLite and Postgres, over real sockets: a proxy in front
// of the test S3 server (server/test/flaky-s3-proxy.ts) lets the first megabyte of a body through,
// then cuts the connection or answers 500/503. On every upload path (POST /api/upload with and
// without a stated size and with the file before the fields, the explorer's upload, WebDAV PUT of
// known and unknown length, the explorer's multipart part and complete) the answer is a 503 naming
// the storage, every multipart upload the server started is aborted on the store, no object and no
// record is left, no temporary file stays behind, and the same request works once the store is back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { basicAuth } from "../../dav/dav-test-kit";
import { spoolDirectory } from "../../http/bodies/upload-form";
import { createMount, createS3Storage } from "../../test/api-client";
import { type Fault, type FlakyS3Proxy, startFlakyS3Proxy } from "../../test/flaky-s3-proxy";
import {
  DATABASE_PROVIDERS,
  type ServedTestApp,
  s3Env,
  serveTestApp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from "../../test/harness";
import { patternedBytes as bytes, chunkedBody } from "../../test/payloads";
import { multipartUploadExists, testS3Client } from "../../test/s3-client";

const MiB = 1024 * 1024;
/** Larger than one 5 MiB part, so the paths that stream in parts start a multipart upload. */
const FILE_BYTES = 12 * MiB;
/** A hung request fails the test with a clear message instead of running into the test's timeout. */
const ANSWER_WITHIN_MS = 25_000;

const FAULTS: [string, Fault, string][] = [
  ["goes away", { kind: "cut", after: MiB }, "cannot be reached"],
  ["answers 503", { kind: "answer", after: MiB, status: 503 }, "is unavailable right now"],
  ["answers 500", { kind: "answer", after: MiB, status: 500 }, "is unavailable right now"],
];

describe.each(DATABASE_PROVIDERS)("S3 failing mid-upload on %s", (provider) => {
  let served: ServedTestApp;
  let t: TestApp;
  let origin: string;
  let admin: string;
  let proxy: FlakyS3Proxy;
  let s3: S3Client;
  let configId = "";
  const bucket = `flaky-${provider}-${Date.now()}`;

  /** As the admin, over HTTP; a hung answer fails the call. */
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    served.api.call(method, path, { auth: admin, body, headers, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  const send = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    call("POST", path, body, headers);
  /** The form with its fields first (as our client sends it) or the file first (as `curl -F file=@x -F ...`). */
  const form = (fields: Record<string, string>, data: Uint8Array<ArrayBuffer>, fileFirst = false) => {
    const body = new FormData();
    if (fileFirst) body.append("file", new Blob([data]), "big.bin");
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    if (!fileFirst) body.append("file", new Blob([data]), "big.bin");
    return body;
  };
  const davPut = async (path: string, body: BodyInit) => {
    const response = await fetch(`${origin}${path}`, {
      method: "PUT",
      body,
      headers: { authorization: basicAuth("admin", TEST_ADMIN_PASSWORD) },
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    return { status: response.status, text: await response.text() };
  };

  const objectsInBucket = async () =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key);
  const uploadExists = (key: string, uploadId: string) => multipartUploadExists(s3, bucket, uploadId, key);
  /** Every multipart upload the store handed out since the last check was aborted. */
  const expectUploadsAborted = async () => {
    const ids = proxy.takeUploadIds();
    for (const id of ids) expect(await uploadExists("any", id)).toBe(false);
    return ids.length;
  };
  const expectNothingLeft = async () => {
    expect(await objectsInBucket()).toEqual([]);
    expect(await t.db.fileShare.count({ where: { storageConfigId: configId } })).toBe(0);
    expect(await t.db.multipartUpload.count({ where: { storageConfigId: configId } })).toBe(0);
    const spool = spoolDirectory(t.config.dataDir);
    expect(existsSync(spool) ? readdirSync(spool) : []).toEqual([]);
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  };
  const expectStorageFailure = (answer: { status: number; message: string }, phrase: string) => {
    expect(answer.status).toBe(503);
    expect(answer.message).toContain("Flaky S3");
    expect(answer.message).toContain(phrase);
  };

  beforeAll(async () => {
    served = await serveTestApp(provider);
    ({ t, origin, admin } = served);
    const env = s3Env();
    s3 = testS3Client(env);
    // A bucket of its own, so that "nothing left" means nothing at all.
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    proxy = await startFlakyS3Proxy(env.endpoint);
    // At the bucket's root (no default folder): the checks name objects and uploads by their keys there.
    const storage = { name: "Flaky S3", endpoint_url: proxy.endpoint, bucket_name: bucket, default_folder: undefined };
    configId = (await createS3Storage(served.api, admin, storage)).id;
    await createMount(served.api, admin, { name: "flaky", mount_path: "/flaky", storage_config_id: configId });
  });
  afterAll(async () => {
    await proxy?.close();
    await served?.stop();
  });

  describe.each(FAULTS)("when S3 %s", (_label, fault, phrase) => {
    test("POST /api/upload: stated size (one streamed PUT), no size (parts), file first (spooled)", async () => {
      const cases: [string, FormData][] = [
        ["stated size", form({ s3_config_id: configId, size: String(FILE_BYTES) }, bytes(FILE_BYTES))],
        ["no size", form({ s3_config_id: configId }, bytes(FILE_BYTES))],
        ["file first", form({ s3_config_id: configId }, bytes(FILE_BYTES), true)],
      ];
      for (const [label, body] of cases) {
        proxy.arm(fault);
        const answer = await send("/upload", body);
        expect({ label, status: answer.status }).toEqual({ label, status: 503 });
        expectStorageFailure({ status: answer.status, message: answer.body.message }, phrase);
        proxy.heal();
        const aborted = await expectUploadsAborted();
        if (label === "no size") expect(aborted).toBeGreaterThan(0);
        await expectNothingLeft();
      }
      // The store is back: the same upload works.
      const again = await send("/upload", form({ s3_config_id: configId }, bytes(FILE_BYTES), true));
      expect(again.status).toBe(201);
      expect((await call("DELETE", `/admin/files/${(again.body.data as { id: string }).id}`)).status).toBe(200);
      proxy.takeUploadIds();
    });

    test("the explorer's upload and WebDAV PUT, of known and unknown length", async () => {
      const cases: [string, () => Promise<{ status: number; message: string }>][] = [
        [
          "explorer, stated size",
          async () => {
            const answer = await send(
              "/admin/fs/upload",
              form({ path: "/flaky/", size: String(FILE_BYTES) }, bytes(FILE_BYTES)),
            );
            return { status: answer.status, message: answer.body.message };
          },
        ],
        [
          "explorer, no size",
          async () => {
            const answer = await send("/admin/fs/upload", form({ path: "/flaky/" }, bytes(FILE_BYTES)));
            return { status: answer.status, message: answer.body.message };
          },
        ],
        [
          "WebDAV PUT with a length",
          async () => {
            const answer = await davPut("/dav/flaky/big.bin", bytes(FILE_BYTES));
            return { status: answer.status, message: answer.text };
          },
        ],
        [
          "WebDAV PUT straight to a presigned URL (direct mode)",
          async () => {
            expect((await call("PUT", "/admin/system-settings", { webdav_upload_mode: "direct" })).status).toBe(200);
            try {
              const answer = await davPut("/dav/flaky/big.bin", bytes(FILE_BYTES));
              return { status: answer.status, message: answer.text };
            } finally {
              await call("PUT", "/admin/system-settings", { webdav_upload_mode: "auto" });
            }
          },
        ],
        [
          "WebDAV PUT chunked",
          async () => {
            const answer = await davPut("/dav/flaky/big.bin", chunkedBody(bytes(FILE_BYTES)));
            return { status: answer.status, message: answer.text };
          },
        ],
      ];
      for (const [label, attempt] of cases) {
        proxy.arm(fault);
        const answer = await attempt();
        expect({ label, status: answer.status }).toEqual({ label, status: 503 });
        expectStorageFailure(answer, phrase);
        proxy.heal();
        const aborted = await expectUploadsAborted();
        if (label.endsWith("no size") || label.endsWith("chunked")) expect(aborted).toBeGreaterThan(0);
        await expectNothingLeft();
        // The store is back: the same request works.
        expect((await attempt()).status).toBeLessThan(300);
        const listed = await call("GET", "/admin/fs/list?path=%2Fflaky");
        expect(listed.status).toBe(200);
        expect(await objectsInBucket()).toEqual(["big.bin"]);
        expect((await call("DELETE", "/admin/fs/remove?path=%2Fflaky%2Fbig.bin")).status).toBeLessThan(300);
        proxy.takeUploadIds();
      }
    });

    test("the explorer's multipart upload: a part and the completion fail with 503, the upload can be retried or aborted", async () => {
      const part = bytes(5 * MiB);
      const init = await call("POST", "/admin/fs/multipart/init", {
        path: "/flaky/",
        filename: "parts.bin",
        fileSize: part.length,
        contentType: "application/octet-stream",
      });
      expect(init.status).toBe(200);
      const { uploadId, key } = init.body.data as { uploadId: string; key: string };
      const partPath = `/admin/fs/multipart/part?${new URLSearchParams({ uploadId, key, partNumber: "1" })}`;

      proxy.arm(fault);
      const failedPart = await send(partPath, part, { "content-length": String(part.length) });
      expectStorageFailure({ status: failedPart.status, message: failedPart.body.message }, phrase);
      proxy.heal();
      expect((await fetch(`${origin}/api/health`)).status).toBe(200);
      // The client retries the part once the store is back.
      const storedPart = await send(partPath, part, { "content-length": String(part.length) });
      expect(storedPart.status).toBe(200);

      // The completion itself is a small request: fail it from its first byte.
      proxy.arm({ ...fault, after: 0 });
      const complete = () =>
        call("POST", "/admin/fs/multipart/complete", {
          uploadId,
          key,
          parts: [storedPart.body.data],
          contentType: "application/octet-stream",
        });
      const failedComplete = await complete();
      expectStorageFailure({ status: failedComplete.status, message: failedComplete.body.message }, phrase);
      proxy.heal();
      // No file appeared, and the upload is still there to be completed or aborted.
      expect(await objectsInBucket()).toEqual([]);
      await expect(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).rejects.toThrow();
      expect(await uploadExists(key, uploadId)).toBe(true);
      const aborted = await call("POST", "/admin/fs/multipart/abort", { uploadId, key });
      expect(aborted.body.data).toEqual({ cancelled: true });
      expect(await uploadExists(key, uploadId)).toBe(false);
      proxy.takeUploadIds();
      await expectNothingLeft();
    });
  });
});
