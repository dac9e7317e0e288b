// The test services of scripts/test/services.ts. The S3 server is driven by the AWS SDK as the app's
// storage driver will: a round trip of the operations the app uses, and the behaviours our s3rver
// patch fixes or adds (bucket-level signatures, continuation tokens, key order, common prefixes,
// AbortMultipartUpload). The Postgres cluster is started, used and stopped once.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import pg from "pg";
import { testS3Client } from "../../server/test/s3-client";
import { hasPostgresBinaries, type S3Service, startPostgres, startS3Server } from "./services.ts";

let s3: S3Service;
let client: S3Client;

const clientWith = (secretAccessKey: string): S3Client => testS3Client({ ...s3, secretAccessKey });

beforeAll(async () => {
  s3 = await startS3Server();
  client = clientWith(s3.secretAccessKey);
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

describe("startS3Server", () => {
  test("put, head, get, delete an object", async () => {
    const Key = "round/trip.txt";
    const put = await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key, Body: "hello s3", ContentType: "text/plain" }),
    );
    expect(put.ETag).toBeTruthy();
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key }));
    expect(head.ContentLength).toBe(8);
    expect(head.ContentType).toBe("text/plain");
    const got = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }));
    expect(await got.Body?.transformToString()).toBe("hello s3");
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key }));
    await expect(client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });

  test("creates buckets (signed with the path's trailing slash)", async () => {
    await client.send(new CreateBucketCommand({ Bucket: "another-bucket" }));
    const listed = await client.send(new ListObjectsV2Command({ Bucket: "another-bucket" }));
    expect(listed.KeyCount).toBe(0);
  });

  test("lists keys in S3 order, with prefixes, delimiters and continuation", async () => {
    // Chosen so that directory order differs from key order: "a-b" < "a/b" < "a0" as bytes.
    const keys = ["list/a/b", "list/a-b", "list/a0", "list/a", "list/z", "list/b/c/d"];
    for (const Key of keys) await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: Key }));

    const all = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "list/" }));
    expect(all.Contents?.map((object) => object.Key)).toEqual([...keys].sort());

    const shallow = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "list/", Delimiter: "/" }));
    expect(shallow.Contents?.map((object) => object.Key)).toEqual(["list/a", "list/a-b", "list/a0", "list/z"]);
    expect(shallow.CommonPrefixes?.map((prefix) => prefix.Prefix)).toEqual(["list/a/", "list/b/"]);

    const paged: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "list/", MaxKeys: 2, ContinuationToken }),
      );
      paged.push(...(page.Contents ?? []).map((object) => object.Key ?? ""));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    expect(paged).toEqual([...keys].sort());
  });

  test("accepts a presigned PUT from fetch, and presigned GET", async () => {
    const Key = "presigned/upload.bin";
    const putUrl = await getSignedUrl(client, new PutObjectCommand({ Bucket: s3.bucket, Key }), { expiresIn: 60 });
    const body = new Uint8Array([1, 2, 3, 4, 5]);
    const response = await fetch(putUrl, { method: "PUT", body });
    expect(response.status).toBe(200);
    const getUrl = await getSignedUrl(client, new GetObjectCommand({ Bucket: s3.bucket, Key }), { expiresIn: 60 });
    const downloaded = await fetch(getUrl);
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(body);
  });

  test("rejects a wrong secret, signed or presigned", async () => {
    const impostor = clientWith("not-the-secret");
    try {
      await expect(
        impostor.send(new PutObjectCommand({ Bucket: s3.bucket, Key: "nope.txt", Body: "x" })),
      ).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
      const url = await getSignedUrl(impostor, new PutObjectCommand({ Bucket: s3.bucket, Key: "nope.txt" }), {
        expiresIn: 60,
      });
      const response = await fetch(url, { method: "PUT", body: "x" });
      expect(response.status).toBe(403);
      await expect(client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: "nope.txt" }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 404 },
      });
    } finally {
      impostor.destroy();
    }
  });

  test("completes a multipart upload, and aborts one (patched in)", async () => {
    const Key = "multipart/big.bin";
    const part = new Uint8Array(5 * 1024 * 1024).fill(7);
    const started = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }));
    const uploadId = started.UploadId as string;
    const one = await client.send(
      new UploadPartCommand({ Bucket: s3.bucket, Key, UploadId: uploadId, PartNumber: 1, Body: part }),
    );
    const two = await client.send(
      new UploadPartCommand({ Bucket: s3.bucket, Key, UploadId: uploadId, PartNumber: 2, Body: "tail" }),
    );
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: s3.bucket,
        Key,
        UploadId: uploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: one.ETag },
            { PartNumber: 2, ETag: two.ETag },
          ],
        },
      }),
    );
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key }));
    expect(head.ContentLength).toBe(part.length + 4);

    const aborted = await client.send(
      new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: "multipart/gone.bin" }),
    );
    await client.send(
      new UploadPartCommand({
        Bucket: s3.bucket,
        Key: "multipart/gone.bin",
        UploadId: aborted.UploadId,
        PartNumber: 1,
        Body: "part",
      }),
    );
    const abort = await client.send(
      new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key: "multipart/gone.bin", UploadId: aborted.UploadId }),
    );
    expect(abort.$metadata.httpStatusCode).toBe(204);
    // The upload is gone: more parts, a second abort or completion are refused.
    await expect(
      client.send(
        new UploadPartCommand({
          Bucket: s3.bucket,
          Key: "multipart/gone.bin",
          UploadId: aborted.UploadId,
          PartNumber: 2,
          Body: "late",
        }),
      ),
    ).rejects.toMatchObject({ name: "NoSuchUpload" });
    await expect(
      client.send(
        new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key: "multipart/gone.bin", UploadId: aborted.UploadId }),
      ),
    ).rejects.toMatchObject({ name: "NoSuchUpload" });
    await expect(
      client.send(
        new CompleteMultipartUploadCommand({
          Bucket: s3.bucket,
          Key: "multipart/gone.bin",
          UploadId: aborted.UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"x"' }] },
        }),
      ),
    ).rejects.toMatchObject({ name: "NoSuchUpload" });
  }, 30_000);

  test("allows browsers to upload directly (CORS)", async () => {
    const response = await fetch(`${s3.endpoint}/${s3.bucket}/cors/check.txt`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeTruthy();
  });
});

describe.skipIf(!hasPostgresBinaries())("startPostgres", () => {
  test("starts a private cluster with pastebox_test, and stop() removes it", async () => {
    const postgres = await startPostgres();
    const client = new pg.Client({ connectionString: postgres.url });
    let dataDir = "";
    try {
      await client.connect();
      const { rows } = await client.query("SELECT current_database() AS db, current_setting('data_directory') AS dir");
      expect(rows[0].db).toBe("pastebox_test");
      dataDir = rows[0].dir;
      expect(existsSync(dataDir)).toBe(true);
    } finally {
      await client.end();
      await postgres.stop();
    }
    expect(existsSync(dataDir)).toBe(false);
    const late = new pg.Client({ connectionString: postgres.url, connectionTimeoutMillis: 2000 });
    await expect(late.connect()).rejects.toThrow();
    await postgres.stop(); // a second stop is harmless
  }, 60_000);
});
