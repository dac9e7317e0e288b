// Server tasks through a kill -9 of the real server process (docs/tasks.md): a folder copied from local
// storage to S3 and another from S3 to local storage, the process killed mid-copy with SIGKILL and
// started again; every object is then at the target exactly once with its own bytes and both tasks read
// finished. On Postgres a second server races the first for the files all along and keeps going while
// the first is dead. SQLite is one process by design (a second cannot migrate a file another holds).
import { afterAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { createScratchDatabase } from "../../../scripts/hardening/kit";
import { type ServerProcess, startServerProcess } from "../../../scripts/test/server-process";
import { createDatabase } from "../../db/client";
import { createApiClient, createMount, createS3Storage, loginAdmin, readTask, startTask } from "../../test/api-client";
import { DATABASE_PROVIDERS, requirePostgresUrl, s3Env, TEST_ADMIN_PASSWORD, tempDir } from "../../test/harness";
import { testS3Client } from "../../test/s3-client";

/** Enough files, each big enough, that a copy is still under way when the process is killed. */
const FILE_COUNT = 40;
const FILE_BYTES = 1024 * 1024;
/** Short leases, so a dead process's files are taken up within seconds (TASK_LEASE_SECONDS). */
const LEASE_SECONDS = 5;

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const fileName = (index: number) => `f${String(index).padStart(2, "0")}.bin`;

const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.allSettled(servers.map((server) => server.stop()));
  for (const cleanup of cleanups) await cleanup();
});

describe.each(DATABASE_PROVIDERS)("server tasks through a kill -9 on %s", (provider) => {
  test("every object lands exactly once with its bytes and both tasks finish", async () => {
    const dataDir = tempDir("task-kill");
    const env: Record<string, string> = {
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SECRET: "a task kill test secret of at least 32 chars",
      TASK_LEASE_SECONDS: String(LEASE_SECONDS),
      // The S3 server listens on loopback.
      ALLOW_PRIVATE_URLS: "true",
    };
    if (provider === "postgres") {
      const database = await createScratchDatabase(requirePostgresUrl(), "taskkill");
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const start = async () => {
      const server = await startServerProcess({ dataDir, env });
      servers.push(server);
      return server;
    };
    let first = await start();
    // On Postgres a second process with its own data folder (the database and the storages are shared).
    const second = provider === "postgres" ? await startServerProcess({ env }) : null;
    if (second) servers.push(second);

    let api = createApiClient(() => first.baseUrl);
    const admin = await loginAdmin(api);
    const s3 = await createS3Storage(api, admin, { is_public: false });
    const local = (await api.procedure("storage.list", undefined, { auth: admin })).body.data.find(
      (config) => config.is_default,
    );
    if (!local) throw new Error("no default local storage");
    await createMount(api, admin, { mount_path: "/local", storage_config_id: local.id });
    await createMount(api, admin, { mount_path: "/s3", storage_config_id: s3.id });

    // The sources, written behind the app's back: random bytes, so a file written from the wrong
    // source or cut short shows.
    const localRoot = join(dataDir, "storage");
    const s3Client = testS3Client(s3Env());
    const { bucket } = s3Env();
    const s3Folder = s3.default_folder;
    const expected = new Map<string, string>();
    mkdirSync(join(localRoot, "from-disk"), { recursive: true });
    for (let index = 0; index < FILE_COUNT; index++) {
      const onDisk = crypto.getRandomValues(new Uint8Array(FILE_BYTES));
      writeFileSync(join(localRoot, "from-disk", fileName(index)), onDisk);
      expected.set(`s3:${fileName(index)}`, sha(onDisk));
      const inBucket = crypto.getRandomValues(new Uint8Array(FILE_BYTES));
      await s3Client.send(
        new PutObjectCommand({ Bucket: bucket, Key: `${s3Folder}/from-bucket/${fileName(index)}`, Body: inBucket }),
      );
      expected.set(`disk:${fileName(index)}`, sha(inBucket));
    }

    const startCopy = (server: ServerProcess, sourcePath: string, targetPath: string) =>
      startTask(
        createApiClient(() => server.baseUrl),
        admin,
        { type: "copy", items: [{ sourcePath, targetPath }] },
      );
    const toS3 = await startCopy(first, "/local/from-disk", "/s3/copied");
    let toDisk = "";
    const taskOf = (id: string) => readTask(api, admin, id);

    // Killed twice: once while the copy to S3 is under way, again (the restarted process) while the
    // copy to disk is. Tasks are worked oldest first, so the second starts once the first is shared out.
    const killedPids: number[] = [];
    for (const copy of ["to S3", "to disk"] as const) {
      // The copy to disk starts once the restarted process is up: on Postgres the second process, never
      // killed, would otherwise finish it alone while the first one restarts, and no kill would land in it.
      if (copy === "to disk") toDisk = await startCopy(second ?? first, "/s3/from-bucket", "/local/copied");
      const id = copy === "to S3" ? toS3 : toDisk;
      const deadline = Date.now() + 60_000;
      let underWay = await taskOf(id);
      for (; underWay.done < 2; underWay = await taskOf(id)) {
        if (underWay.status !== "running" && underWay.status !== "pending" && underWay.status !== "planning")
          throw new Error(`the task ended (${underWay.status}) before the kill`);
        if (Date.now() > deadline) throw new Error(`the copy did not start: ${underWay.status}`);
        await Bun.sleep(20);
      }
      expect(underWay.done).toBeLessThan(FILE_COUNT);
      killedPids.push(first.pid);
      await first.kill();
      // Started again on the same data folder (and database).
      first = await start();
      api = createApiClient(() => first.baseUrl);
    }

    const finishBy = Date.now() + 120_000;
    let finished = [await taskOf(toS3), await taskOf(toDisk)];
    while (finished.some((task) => !["completed", "partial", "failed", "cancelled"].includes(task.status))) {
      if (Date.now() > finishBy) throw new Error(`not finished: ${finished.map((task) => task.status).join(", ")}`);
      await Bun.sleep(200);
      finished = [await taskOf(toS3), await taskOf(toDisk)];
    }
    for (const task of finished) {
      expect({ status: task.status, done: task.done, failed: task.failed, total: task.total }).toEqual({
        status: "completed",
        done: FILE_COUNT,
        failed: 0,
        total: FILE_COUNT,
      });
      expect(task.files.every((file) => file.status === "done")).toBe(true);
    }

    // S3: exactly the forty keys under the target folder, each with its source's bytes.
    const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${s3Folder}/copied/` }));
    const keys = (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
    expect(keys).toEqual(Array.from({ length: FILE_COUNT }, (_, index) => `${s3Folder}/copied/${fileName(index)}`));
    for (const key of keys) {
      const object = await s3Client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const bytes = await object.Body?.transformToByteArray();
      expect(bytes && sha(bytes)).toBe(expected.get(`s3:${key.slice(key.lastIndexOf("/") + 1)}`) ?? "missing");
    }
    // Disk: exactly the forty files in the target folder, each with its source's bytes.
    const copied = join(localRoot, "copied");
    expect(readdirSync(copied).sort()).toEqual(Array.from({ length: FILE_COUNT }, (_, index) => fileName(index)));
    for (const name of readdirSync(copied)) {
      expect(sha(readFileSync(join(copied, name)))).toBe(expected.get(`disk:${name}`) ?? "missing");
    }

    if (second && env.DATABASE_URL) {
      // The second process raced the first for the files, and the killed one had its share before it died.
      const owners = await ownersOf(env.DATABASE_URL, [toS3, toDisk]);
      expect(owners.has(second.pid)).toBe(true);
      expect([first.pid, ...killedPids].some((pid) => owners.has(pid))).toBe(true);
    }
  }, 240_000);
});

/** The process ids that finished the tasks' files (a file row's owner is "host:pid:random"). */
async function ownersOf(databaseUrl: string, taskIds: string[]): Promise<Set<number>> {
  const db = createDatabase(databaseUrl);
  try {
    const rows = await db.fsTaskFile.findMany({ where: { taskId: { in: taskIds } }, select: { owner: true } });
    return new Set(rows.map((row) => Number(row.owner.split(":")[1])));
  } finally {
    await db.$disconnect();
  }
}
