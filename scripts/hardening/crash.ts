// Crash consistency (issue "Hardening", item 6): 50 concurrent clients upload through the server
// (POST /api/upload), upload multipart (/api/s3/multipart/*, parts PUT to the signed part URLs) and
// write pastes; the server is killed with SIGKILL in the middle, restarted on the same data, and the
// sweep is run as it will run a day later (when unfinished uploads count as stale). Then:
// - every upload and paste that was answered 201 is there, byte-identical;
// - no database record points at a missing object (and no record is left "uploading");
// - every multipart upload that was not completed is gone from the storage (parts removed);
// - the database passes its integrity check (SQLite: integrity_check and foreign_key_check;
//   Postgres: the foreign-key and uniqueness consistency queries below).
// SQLite runs on the default local storage, Postgres on an S3 default storage: both drivers are covered.
//   bun scripts/hardening/crash.ts [sqlite|postgres]
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../server/config";
import { createDatabase, type Database } from "../../server/db/client";
import { createReadConnection } from "../../server/db/read-connection";
import { createLogger } from "../../server/logger";
import { createMemoryListingCache } from "../../server/services/explorer/listing-cache";
import { sweepOnce } from "../../server/services/system/sweeper";
import { STALE_UPLOAD_MS } from "../../server/services/uploads/upload-limits";
import { createStorageService } from "../../server/storage";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../test/server-process";
import {
  callApi,
  callOk,
  createS3Storage,
  createScratchDatabase,
  patternBytes,
  type Services,
  sameBytes,
  uploadFile,
} from "./kit";

const PASSWORD = "crash-admin-password";
const CLIENTS = 50;
const PART_SIZE = 5 * 1024 * 1024;

type Committed =
  | { kind: "upload" | "multipart"; slug: string; seed: number; size: number }
  | { kind: "paste"; slug: string; content: string };

export type CrashReport = {
  provider: "sqlite" | "postgres";
  started: { upload: number; multipart: number; paste: number };
  committed: { upload: number; multipart: number; paste: number };
  clientErrors: number;
  /** Committed items read back byte-identical after the restart, and the ones that were not. */
  readBack: number;
  lost: string[];
  /** File records (after the sweep) whose object is missing or of another size. */
  danglingRecords: string[];
  uploadingLeft: number;
  /** Multipart uploads begun and not completed, and those still present in the storage after the sweep. */
  unfinishedMultipart: number;
  multipartLeft: string[];
  integrity: string[];
  /** Files under the local storage's temp folder after the sweep (interrupted streams), for the record. */
  tempLeftovers: number;
  requests: number;
};

async function integrityProblems(db: Database, provider: "sqlite" | "postgres"): Promise<string[]> {
  const problems: string[] = [];
  if (provider === "sqlite") {
    const check = await db.$queryRawUnsafe<{ integrity_check: string }[]>("PRAGMA integrity_check");
    if (check.map((row) => row.integrity_check).join() !== "ok")
      problems.push(`integrity_check: ${JSON.stringify(check)}`);
    const foreign = await db.$queryRawUnsafe<unknown[]>("PRAGMA foreign_key_check");
    if (foreign.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(foreign).slice(0, 500)}`);
    return problems;
  }
  const queries: Record<string, string> = {
    "file shares without their storage config": `SELECT f.id FROM "FileShare" f LEFT JOIN "StorageConfig" s ON s.id = f."storageConfigId" WHERE s.id IS NULL`,
    "mounts without their storage config": `SELECT m.id FROM "Mount" m LEFT JOIN "StorageConfig" s ON s.id = m."storageConfigId" WHERE s.id IS NULL`,
    "sessions without their admin": `SELECT x.id FROM "AdminSession" x LEFT JOIN "Admin" a ON a.id = x."adminId" WHERE a.id IS NULL`,
    "duplicate paste slugs": `SELECT slug FROM "Paste" GROUP BY slug HAVING count(*) > 1`,
    "duplicate file slugs": `SELECT slug FROM "FileShare" GROUP BY slug HAVING count(*) > 1`,
    "more than one default storage": `SELECT 1 FROM "StorageConfig" WHERE "isDefault" HAVING count(*) > 1`,
    "invalid indexes": `SELECT indexrelid::regclass::text FROM pg_index WHERE NOT indisvalid`,
  };
  for (const [name, sql] of Object.entries(queries)) {
    const rows = await db.$queryRawUnsafe<unknown[]>(sql);
    if (rows.length > 0) problems.push(`${name}: ${JSON.stringify(rows).slice(0, 300)}`);
  }
  return problems;
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    count += statSync(path).isDirectory() ? countFiles(path) : 1;
  }
  return count;
}

export async function runCrash(
  provider: "sqlite" | "postgres",
  services: Omit<Services, "stop">,
  options: { killAfterCommits?: number } = {},
): Promise<CrashReport> {
  const database = provider === "postgres" ? await createScratchDatabase(services.postgresUrl, "crash") : null;
  const env: Record<string, string> = { ADMIN_PASSWORD: PASSWORD, SECRET: "crash-test-shared-secret-0123456789abcd" };
  if (database) env.DATABASE_URL = database.url;
  let server: ServerProcess | null = await startServerProcess({ env });
  const dataDir = server.dataDir;
  const databaseUrl = database?.url ?? `file:${dataDir}/pastebox.db`;
  let requests = 0;
  try {
    const admin = await adminAuthorization(server.baseUrl, PASSWORD);
    if (provider === "postgres") {
      await createS3Storage(server.baseUrl, admin, services.s3, {
        folder: `crash-${crypto.randomUUID().slice(0, 8)}`,
        makeDefault: true,
      });
    }
    const baseUrl = server.baseUrl;

    const started = { upload: 0, multipart: 0, paste: 0 };
    const committed: Committed[] = [];
    const multipartBegun: { fileId: string; uploadId: string; storagePath: string; completed: boolean }[] = [];
    let clientErrors = 0;
    let crashed = false;

    const uploadOnce = async (seed: number) => {
      started.upload++;
      const size = 32 * 1024 + (seed % 16) * 61_000;
      const answer = await uploadFile(baseUrl, admin, patternBytes(size, seed), {}, `crash-${seed}.bin`);
      requests++;
      if (answer.status === 201) committed.push({ kind: "upload", slug: answer.body.data.slug, seed, size });
    };
    const multipartOnce = async (seed: number) => {
      started.multipart++;
      const size = PART_SIZE + 10_000 + seed;
      const bytes = patternBytes(size, seed);
      const init = await callOk(baseUrl, "POST", "/s3/multipart/init", {
        auth: admin,
        body: { filename: `multi-${seed}.bin`, size, part_size: PART_SIZE },
      });
      const record = {
        fileId: init.file_id,
        uploadId: init.upload_id,
        storagePath: init.storage_path,
        completed: false,
      };
      multipartBegun.push(record);
      const urls = await callOk(baseUrl, "POST", "/s3/multipart/part-urls", {
        auth: admin,
        body: { file_id: init.file_id, part_numbers: [1, 2] },
      });
      const parts = [];
      for (const { part_number, url } of urls.urls as { part_number: number; url: string }[]) {
        const chunk = bytes.subarray((part_number - 1) * PART_SIZE, Math.min(size, part_number * PART_SIZE));
        const put = await fetch(url, { method: "PUT", body: chunk });
        requests++;
        if (put.status !== 200) throw new Error(`part ${part_number} answered ${put.status}`);
        parts.push({ part_number, etag: put.headers.get("etag") ?? "" });
      }
      const done = await callApi(baseUrl, "POST", "/s3/multipart/complete", {
        auth: admin,
        body: { file_id: init.file_id, parts },
      });
      requests += 3;
      if (done.status === 200 || done.status === 201) {
        record.completed = true;
        committed.push({ kind: "multipart", slug: done.body.data.slug, seed, size });
      }
    };
    const pasteOnce = async (seed: number) => {
      started.paste++;
      const content = `crash paste ${seed} ${"x".repeat(seed % 5000)}`;
      const answer = await callApi(baseUrl, "POST", "/paste", { auth: admin, body: { content } });
      requests++;
      if (answer.status === 201) committed.push({ kind: "paste", slug: answer.body.data.slug, content });
    };

    let seed = 1;
    const client = async (index: number) => {
      const work = index < 10 ? multipartOnce : index < 35 ? uploadOnce : pasteOnce;
      while (!crashed) {
        try {
          await work(seed++);
        } catch (error) {
          if (!crashed) {
            clientErrors++;
            if (process.env.CRASH_DEBUG) console.error(String(error).slice(0, 300));
          }
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
    // Kill once a fair share of work is committed and plenty more is in flight.
    const killAfter = options.killAfterCommits ?? 30;
    const deadline = Date.now() + 60_000;
    const count = (kind: Committed["kind"]) => committed.filter((item) => item.kind === kind).length;
    const enough = () =>
      committed.length >= killAfter && count("upload") >= 5 && count("multipart") >= 2 && count("paste") >= 5;
    while (!enough() && Date.now() < deadline) await Bun.sleep(20);
    crashed = true;
    await server.kill();
    await Promise.all(clients);
    const committedAtCrash = [...committed];

    server = await startServerProcess({ env, dataDir });
    const restarted = server.baseUrl;

    // The sweep as it will run a day later: unfinished uploads are stale by then.
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SECRET: env.SECRET,
      LOG_LEVEL: "silent",
    });
    const db = createDatabase(databaseUrl);
    const reads = createReadConnection(databaseUrl, db);
    const storage = createStorageService(db, reads, {
      appSecret: config.secret,
      publicUrl: restarted,
      databaseUrl,
    });
    try {
      await sweepOnce(
        { db, storage, config, logger: createLogger("silent"), listingCache: createMemoryListingCache() },
        new Date(Date.now() + STALE_UPLOAD_MS + 60_000),
      );

      // Committed work, read back through the restarted server.
      const lost: string[] = [];
      let readBack = 0;
      for (const item of committedAtCrash) {
        if (item.kind === "paste") {
          const answer = await callApi(restarted, "GET", `/paste/${item.slug}`);
          requests++;
          if (answer.status === 200 && answer.body.data.content === item.content) readBack++;
          else lost.push(`paste ${item.slug}: ${answer.status}`);
          continue;
        }
        const details = await callApi(restarted, "GET", `/public/files/${item.slug}`);
        requests++;
        const url = details.body.data?.download_url as string | undefined;
        const download = url ? await fetch(url) : null;
        requests++;
        const bytes = download?.status === 200 ? new Uint8Array(await download.arrayBuffer()) : null;
        if (bytes && sameBytes(bytes, patternBytes(item.size, item.seed))) readBack++;
        else lost.push(`${item.kind} ${item.slug}: ${details.status}/${download?.status}`);
      }

      // Every record's object, as the storage sees it.
      const danglingRecords: string[] = [];
      const rows = await db.fileShare.findMany({
        select: { slug: true, storageConfigId: true, storagePath: true, size: true, status: true },
      });
      for (const row of rows) {
        const driver = await storage.driverFor(row.storageConfigId);
        const object = await driver.head(row.storagePath);
        if (!object || object.size !== Number(row.size)) {
          danglingRecords.push(`${row.slug} (${row.status}): ${object ? `size ${object.size}` : "missing"}`);
        }
      }
      const uploadingLeft = await db.fileShare.count({ where: { status: "uploading" } });

      // Multipart uploads that never completed must be gone from the storage.
      const defaultStorage = await db.storageConfig.findFirstOrThrow({
        where: { isDefault: true },
        select: { id: true },
      });
      const driver = await storage.driverFor(defaultStorage.id);
      const multipartLeft: string[] = [];
      const unfinished = multipartBegun.filter((upload) => !upload.completed);
      for (const upload of unfinished) {
        const parts = await driver.listParts(upload.storagePath, upload.uploadId).catch(() => null);
        if (parts) multipartLeft.push(`${upload.uploadId}: ${parts.length} parts`);
      }
      const localRoot = join(dataDir, "storage");
      const report: CrashReport = {
        provider,
        started,
        committed: {
          upload: committedAtCrash.filter((item) => item.kind === "upload").length,
          multipart: committedAtCrash.filter((item) => item.kind === "multipart").length,
          paste: committedAtCrash.filter((item) => item.kind === "paste").length,
        },
        clientErrors,
        readBack,
        lost,
        danglingRecords,
        uploadingLeft,
        unfinishedMultipart: unfinished.length,
        multipartLeft,
        integrity: await integrityProblems(db, provider),
        tempLeftovers: provider === "sqlite" ? countFiles(join(localRoot, ".pastebox-tmp")) : 0,
        requests,
      };
      return report;
    } finally {
      reads.close();
      await db.$disconnect();
    }
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

export function crashProblems(report: CrashReport): string[] {
  const problems: string[] = [];
  const committed = report.committed.upload + report.committed.multipart + report.committed.paste;
  if (committed === 0) problems.push("nothing was committed before the crash");
  if (report.lost.length > 0) problems.push(`lost after the restart: ${report.lost.join("; ")}`);
  if (report.readBack !== committed) problems.push(`read back ${report.readBack} of ${committed}`);
  if (report.danglingRecords.length > 0)
    problems.push(`records without their object: ${report.danglingRecords.join("; ")}`);
  if (report.uploadingLeft > 0) problems.push(`${report.uploadingLeft} records still uploading after the sweep`);
  if (report.multipartLeft.length > 0) problems.push(`multipart uploads left: ${report.multipartLeft.join("; ")}`);
  if (report.integrity.length > 0) problems.push(`integrity: ${report.integrity.join("; ")}`);
  if (report.tempLeftovers > 0) problems.push(`${report.tempLeftovers} temp files left in local storage`);
  return problems;
}

export function printCrash(report: CrashReport) {
  console.log(
    `crash (${report.provider}): started ${JSON.stringify(report.started)}, committed before the kill ` +
      `${JSON.stringify(report.committed)}, read back ${report.readBack}, lost ${report.lost.length}, ` +
      `dangling records ${report.danglingRecords.length}, uploading left ${report.uploadingLeft}, ` +
      `unfinished multipart ${report.unfinishedMultipart} (left ${report.multipartLeft.length}), ` +
      `integrity ${report.integrity.length === 0 ? "ok" : report.integrity.join("; ")}, temp leftovers ` +
      `${report.tempLeftovers}, client errors ${report.clientErrors}, requests ${report.requests}`,
  );
}

if (import.meta.main) {
  const { startHardeningServices } = await import("./kit");
  const providers = (process.argv[2] ? [process.argv[2]] : ["sqlite", "postgres"]) as ("sqlite" | "postgres")[];
  const services = await startHardeningServices();
  let failed = false;
  try {
    for (const provider of providers) {
      const report = await runCrash(provider, services);
      printCrash(report);
      const problems = crashProblems(report);
      for (const problem of problems) console.error(`FAIL ${problem}`);
      failed ||= problems.length > 0;
    }
  } finally {
    await services.stop();
  }
  process.exitCode = failed ? 1 : 0;
}
