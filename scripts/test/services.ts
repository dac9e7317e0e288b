// Real services for tests and manual runs, started on demand and torn down afterwards:
//
// - startPostgres(): a private PostgreSQL cluster in a temp dir, on a free loopback port, with trust
//   auth and a database `pastebox_test`. It uses Debian's server binaries (apt-get install postgresql);
//   no system service is touched. As root it runs them as the `postgres` user, which initdb requires.
// - startS3Server(): @20minutes/s3rver in this process (patched, see patches/), which verifies SigV4
//   signatures like S3, with credentials S3RVER/S3RVER and one bucket, over a temp directory.
//
// `bun scripts/test/services.ts` starts both, prints their URLs and environment lines, and stops them
// on Ctrl-C: handy for running the server or a client by hand against them.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import pg from "pg";

export type PostgresService = { url: string; stop(): Promise<void> };

export type S3Service = {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  region: string;
  /** Where s3rver keeps the objects, in its own layout (benches seed large buckets there directly); unset for an outside server. */
  directory?: string;
  stop(): Promise<void>;
};

const TEST_DATABASE = "pastebox_test";

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** Whether startPostgres() can find the server binaries (to skip, not fail, where they are absent). */
export function hasPostgresBinaries(): boolean {
  try {
    findPostgresBin();
    return true;
  } catch {
    return false;
  }
}

/** The directory holding initdb/pg_ctl: $PG_BIN, else the newest /usr/lib/postgresql/<v>/bin, else PATH. */
function findPostgresBin(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debianRoot = "/usr/lib/postgresql";
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(path.join(debianRoot, version, "bin"));
  }
  const initdbOnPath = Bun.which("initdb");
  if (initdbOnPath) candidates.push(path.dirname(initdbOnPath));
  const found = candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
  if (!found) {
    throw new Error(
      "startPostgres: PostgreSQL server binaries (initdb, pg_ctl) not found. Install them with " +
        "`sudo apt-get install -y postgresql` (Debian/Ubuntu), or set PG_BIN to the directory holding them.",
    );
  }
  return found;
}

/** A port that was free a moment ago; the caller retries if another process takes it first. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

const isRoot = process.getuid?.() === 0;

/** Runs a Postgres binary; as root through `su postgres`, since initdb and postgres refuse to run as root. */
function runPg(argv: string[], label: string): { ok: boolean; output: string } {
  const result = isRoot
    ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", argv.map(shellQuote).join(" ")], { encoding: "utf8" })
    : spawnSync(argv[0] as string, argv.slice(1), { encoding: "utf8" });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`;
  if (result.status !== 0 && label) {
    return { ok: false, output: `${label} failed (exit ${result.status}):\n${output}` };
  }
  return { ok: result.status === 0, output };
}

/**
 * Starts a throwaway PostgreSQL cluster. `url` points at the database `pastebox_test` as the
 * superuser `postgres` (trust auth, loopback only). `stop()` shuts it down and deletes its files.
 */
export async function startPostgres(): Promise<PostgresService> {
  const bin = findPostgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), "pastebox-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  if (isRoot) {
    const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    if (!Number.isInteger(uid) || uid <= 0) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        "startPostgres: running as root but there is no `postgres` user (apt-get install postgresql creates it)",
      );
    }
    chownSync(dir, uid, gid);
  }

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(path.join(dataDir, "postmaster.pid"))) {
      // "fast" rolls back open transactions and disconnects clients instead of waiting for them.
      runPg([path.join(bin, "pg_ctl"), "-D", dataDir, "-m", "fast", "-w", "stop"], "");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A test run that dies or is interrupted must not leave a postgres process behind.
  process.once("exit", stopSync);

  try {
    // -N (no fsync) and the settings below trade durability for speed: the cluster is thrown away.
    const init = runPg(
      [path.join(bin, "initdb"), "-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "-N"],
      "initdb",
    );
    if (!init.ok) throw new Error(`startPostgres: ${init.output}`);

    let port = 0;
    let lastError = "";
    // The free port can be taken between the probe and the server's bind: try a few.
    for (let attempt = 0; attempt < 3 && port === 0; attempt++) {
      const candidate = await findFreePort();
      const options = [
        "-c listen_addresses=127.0.0.1",
        `-p ${candidate}`,
        `-k ${dir}`,
        "-c fsync=off",
        "-c synchronous_commit=off",
        "-c full_page_writes=off",
        "-c max_connections=300",
      ].join(" ");
      const start = runPg(
        [path.join(bin, "pg_ctl"), "-D", dataDir, "-o", options, "-l", logFile, "-w", "-t", "60", "start"],
        "pg_ctl start",
      );
      if (start.ok) port = candidate;
      else lastError = `${start.output}\n${existsSync(logFile) ? readFileSync(logFile, "utf8") : ""}`;
    }
    if (port === 0) throw new Error(`startPostgres: ${lastError}`);

    const admin = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${TEST_DATABASE}`);
    } finally {
      await admin.end();
    }

    return {
      url: `postgresql://postgres@127.0.0.1:${port}/${TEST_DATABASE}`,
      async stop() {
        process.removeListener("exit", stopSync);
        stopSync();
      },
    };
  } catch (error) {
    process.removeListener("exit", stopSync);
    stopSync();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// S3

// Browsers (the client's direct uploads in e2e tests) need CORS on the bucket; a test server can allow all.
const PERMISSIVE_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>DELETE</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * Starts an S3-compatible server on a free loopback port, in this process. Clients need
 * `forcePathStyle: true` and region `us-east-1`. `stop()` closes it and deletes its files.
 * `parentDirectory` is where its files go (default: the system's temporary folder).
 */
export async function startS3Server(
  options: { bucket?: string; cors?: boolean; parentDirectory?: string } = {},
): Promise<S3Service> {
  const bucket = options.bucket ?? "pastebox-test";
  const directory = mkdtempSync(path.join(options.parentDirectory ?? tmpdir(), "pastebox-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    // Buckets are addressed by path (http://127.0.0.1:port/bucket/key), never by host name.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: options.cors === false ? [] : [PERMISSIVE_CORS] }],
  });
  let address: { port: number };
  try {
    address = await server.run();
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    bucket,
    region: "us-east-1",
    directory,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Puts objects into an in-process S3 server by writing its files in s3rver's own layout (the content,
 * its MD5 and its metadata, as its putObject writes them): PutObject manages a few hundred objects a
 * second at best on a shared machine, too slow for the 10,000- and 100,000-object buckets of the
 * benches and the paging tests. Reads and listings are then s3rver's own. Returns the time it took.
 */
export function seedS3rverObjects(
  s3: S3Service,
  bucket: string,
  objects: Iterable<[key: string, body: string]>,
): number {
  if (!s3.directory) throw new Error("only an in-process S3 server can be seeded on disk");
  const started = performance.now();
  const made = new Set<string>();
  for (const [key, body] of objects) {
    const file = path.join(s3.directory, bucket, `${key}._S3rver_`);
    const folder = path.dirname(file);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(`${file}object`, body);
    writeFileSync(`${file}object.md5`, createHash("md5").update(body).digest("hex"));
    writeFileSync(`${file}metadata.json`, '{"content-type":"text/plain"}');
  }
  return performance.now() - started;
}

// ---------------------------------------------------------------------------------------------
// CLI

if (import.meta.main) {
  const [postgres, s3] = await Promise.all([startPostgres(), startS3Server()]);
  console.log(`Postgres:  ${postgres.url}`);
  console.log(
    `S3:        ${s3.endpoint}  bucket ${s3.bucket}  key ${s3.accessKeyId} / ${s3.secretAccessKey}  region ${s3.region} (path style)`,
  );
  // The variables scripts/test/run.ts gives the suites, so `bun test <file>` can run against these.
  console.log("\nFor a shell:");
  console.log(`  export TEST_POSTGRES_URL='${postgres.url}'`);
  console.log(
    `  export TEST_S3_ENDPOINT='${s3.endpoint}' TEST_S3_BUCKET='${s3.bucket}' TEST_S3_ACCESS_KEY_ID='${s3.accessKeyId}' TEST_S3_SECRET_ACCESS_KEY='${s3.secretAccessKey}'`,
  );
  console.log("\nRunning; Ctrl-C stops both and deletes their data.");
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([postgres.stop(), s3.stop()]);
    console.log("\nStopped.");
    process.exit(0);
  };
  process.on("SIGINT", stopAll);
  process.on("SIGTERM", stopAll);
  // Keep the process alive until a signal arrives.
  setInterval(() => {}, 1 << 30);
}
