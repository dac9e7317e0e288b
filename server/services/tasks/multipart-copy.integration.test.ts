// Server tasks copying large files in parts (docs/tasks.md), on SQLite and Postgres against a real S3
// server (s3rver) behind a proxy that notes every multipart upload the store hands out. The size above
// which a task goes in parts is lowered to 5 MiB, so a 12 MiB file is a "large" one: copied from disk
// to S3 as a multipart upload, inside one S3 store with UploadPartCopy, and redone after a process died
// while copying it, its dangling upload aborted. Each time the target holds the source's bytes and no
// multipart upload is left on the store or in the database.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { CreateMultipartUploadCommand, GetObjectCommand, type S3Client, UploadPartCommand } from "@aws-sdk/client-s3";
import { createMount, createS3Storage, defaultStorageId, loginAdmin, readTask, startTask } from "../../test/api-client";
import { type FlakyS3Proxy, startFlakyS3Proxy } from "../../test/flaky-s3-proxy";
import { DATABASE_PROVIDERS, s3Env, useTestApp } from "../../test/harness";
import { multipartUploadExists, testS3Client } from "../../test/s3-client";
import { taskUploadRecorder } from "./worker";

const MiB = 1024 * 1024;
const PARTS_ABOVE = 5 * MiB;
const BIG_BYTES = 12 * MiB;

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(DATABASE_PROVIDERS)("server tasks copying large files in parts on %s", (provider) => {
  const { t, api } = useTestApp(provider, { taskPartsAboveBytes: PARTS_ABOVE });
  let admin: string;
  let proxy: FlakyS3Proxy;
  let s3: S3Client;
  let folder: string;
  const { bucket } = s3Env();
  const big = crypto.getRandomValues(new Uint8Array(BIG_BYTES));

  const start = (sourcePath: string, targetPath: string) =>
    startTask(api, admin, { type: "copy", items: [{ sourcePath, targetPath }] });
  const finished = async (id: string) => {
    await t.tasks.drain();
    return readTask(api, admin, id);
  };
  const bytesAt = async (key: string) => {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `${folder}/${key}` }));
    return (await object.Body?.transformToByteArray()) ?? new Uint8Array(0);
  };
  const uploadExists = (uploadId: string) => multipartUploadExists(s3, bucket, uploadId);
  /** The multipart uploads the store handed out since the last call, each checked gone (completed or aborted). */
  const uploadsSinceLastCheck = async () => {
    const ids = proxy.takeUploadIds();
    for (const id of ids) expect(await uploadExists(id)).toBe(false);
    expect(await t.db.multipartUpload.count()).toBe(0);
    return ids.length;
  };

  beforeAll(async () => {
    admin = await loginAdmin(api);
    s3 = testS3Client(s3Env());
    proxy = await startFlakyS3Proxy(s3Env().endpoint);
    const storage = await createS3Storage(api, admin, { endpoint_url: proxy.endpoint, is_public: false });
    folder = storage.default_folder;
    const localId = await defaultStorageId(t.db);
    await createMount(api, admin, { mount_path: "/local", storage_config_id: localId, folder: `parts-${provider}` });
    await createMount(api, admin, { mount_path: "/s3", storage_config_id: storage.id });
    for (const [name, bytes] of [
      ["big.bin", big],
      ["small.txt", new TextEncoder().encode("a small file goes in one request")],
    ] as const) {
      const form = new FormData();
      form.set("path", "/local/album/");
      form.set("file", new File([bytes], name));
      expect((await api.call("POST", "/admin/fs/upload", { auth: admin, body: form })).status).toBeLessThan(300);
    }
  });
  afterAll(async () => {
    await proxy?.close();
  });

  test("a large file copied from disk to S3 goes as one multipart upload, with its bytes", async () => {
    proxy.takeUploadIds();
    const task = await finished(await start("/local/album", "/s3/"));
    expect({ status: task.status, done: task.done }).toEqual({ status: "completed", done: 2 });
    expect(sha(await bytesAt("album/big.bin"))).toBe(sha(big));
    expect(new TextDecoder().decode(await bytesAt("album/small.txt"))).toBe("a small file goes in one request");
    // One upload, the large file's; the small one went in one request.
    expect(await uploadsSinceLastCheck()).toBe(1);
  });

  test("a large file copied inside one S3 store is copied by the store in parts", async () => {
    proxy.takeUploadIds();
    const task = await finished(await start("/s3/album/big.bin", "/s3/again/"));
    expect(task.status).toBe("completed");
    expect(sha(await bytesAt("again/big.bin"))).toBe(sha(big));
    // CopyObject starts no upload: one was started, so the store copied the parts (UploadPartCopy).
    expect(await uploadsSinceLastCheck()).toBe(1);
  });

  test("a large file whose process died mid-copy is redone whole and its dangling upload aborted", async () => {
    const id = await start("/local/album/big.bin", "/s3/redo/");
    expect((await finished(id)).status).toBe("completed");
    // The state a kill -9 leaves: the file claimed by a dead process whose lease has ended, nothing at
    // the target yet, and the multipart upload it had started (one part stored) recorded as its own.
    const [row] = await t.db.fsTaskFile.findMany({ where: { taskId: id }, select: { id: true } });
    if (!row) throw new Error("the task has no file");
    await t.db.fsTask.updateMany({ where: { id }, data: { status: "running", finishedAt: null } });
    await t.db.fsTaskFile.updateMany({
      where: { id: row.id },
      data: { status: "running", owner: "dead", leaseUntil: new Date(Date.now() - 1000) },
    });
    const key = `${folder}/redo/big.bin`;
    await api.call("DELETE", "/admin/fs/remove?path=/s3/redo/big.bin", { auth: admin, procedure: "fs.remove" });
    const dangling = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const danglingId = dangling.UploadId ?? "";
    await s3.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId: danglingId,
        PartNumber: 1,
        Body: big.subarray(0, PARTS_ABOVE),
      }),
    );
    const storageConfigId = (await t.db.mount.findFirstOrThrow({ where: { mountPath: "/s3" } })).storageConfigId;
    await t.db.multipartUpload.create({
      data: {
        storageConfigId,
        objectKey: key,
        uploadId: danglingId,
        virtualPath: "/s3/redo/big.bin",
        createdBy: taskUploadRecorder(row.id),
      },
    });
    expect(await uploadExists(danglingId)).toBe(true);
    proxy.takeUploadIds();

    const redone = await finished(id);
    expect({ status: redone.status, done: redone.done, failed: redone.failed }).toEqual({
      status: "completed",
      done: 1,
      failed: 0,
    });
    expect(sha(await bytesAt("redo/big.bin"))).toBe(sha(big));
    expect(await uploadExists(danglingId)).toBe(false);
    // The redo went in parts again, and that upload is finished too.
    expect(await uploadsSinceLastCheck()).toBe(1);
  });
});
