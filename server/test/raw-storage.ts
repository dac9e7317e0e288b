// Storage seen from outside the app, for tests that seed a folder or a bucket directly (not through
// the app) and check it the same way afterwards: a temp folder on disk, or a fresh bucket on the
// test S3 server.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from "@aws-sdk/client-s3";
import { s3StorageBody } from "../../scripts/test/s3-storage";
import { s3Env, tempDir } from "./harness";
import { testS3Client } from "./s3-client";

/** The storage seen from outside the app: a folder on disk or a bucket of its own. */
export type RawStorage = {
  put(key: string, body: string): Promise<void>;
  read(key: string): Promise<string | null>;
  remove(key: string): Promise<void>;
  /** Every object key (files only). */
  keys(): Promise<string[]>;
  /** The bytes of every object, as the storage itself says. */
  totalBytes(): Promise<number>;
  /** The fields of POST /s3-configs. */
  config: Record<string, unknown>;
};

export function localStorage(): RawStorage {
  const root = tempDir("seeded-local");
  const walk = (dir: string, prefix = ""): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path, `${prefix}${name}/`) : [`${prefix}${name}`];
    });
  return {
    async put(key, body) {
      mkdirSync(join(root, key, ".."), { recursive: true });
      writeFileSync(join(root, key), body);
    },
    async read(key) {
      try {
        return readFileSync(join(root, key), "utf8");
      } catch {
        return null;
      }
    },
    async remove(key) {
      await Bun.file(join(root, key)).delete();
    },
    // The driver's temp folder is its own business.
    keys: async () => walk(root).filter((key) => !key.startsWith(".")),
    totalBytes: async () =>
      walk(root)
        .filter((key) => !key.startsWith("."))
        .reduce((sum, key) => sum + statSync(join(root, key)).size, 0),
    config: { name: "Seeded disk", provider_type: "local", root_path: root },
  };
}

export async function s3Storage(): Promise<RawStorage> {
  const env = s3Env();
  const bucket = `seeded-${crypto.randomUUID().slice(0, 8)}`;
  const client = testS3Client(env);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return (await answer.Body?.transformToString()) ?? null;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key && !object.Key.endsWith("/")) keys.push(object.Key);
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    async totalBytes() {
      let total = 0;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) total += object.Size ?? 0;
        token = page.NextContinuationToken;
      } while (token);
      return total;
    },
    config: s3StorageBody("Seeded bucket", { ...env, bucket }),
  };
}
