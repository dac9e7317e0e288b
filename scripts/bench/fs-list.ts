// Benchmark: large folders in the mount explorer (docs/decisions/0010-paged-listings.md).
// 1. A folder of 10,000 files, on S3 (s3rver) and on local disk: time to the first page of
//    GET /api/admin/fs/list?limit=200 (cold: no listing cached), the whole folder in one answer (cold
//    and cached), beside the raw ListObjectsV2 calls from this process: one page of 200, and the walk
//    of the whole prefix (delimiter "/").
// 2. A mount of 100,000 objects in folders of 1,000 (S3 and local): search (cold; searches use no
//    cache) for a name common enough to fill the first page (the walk stops early), and for a rare
//    one (a walk of everything), beside the raw ListObjectsV2 walk of the whole prefix (no delimiter).
//    Folders, not one flat folder: s3rver reads and sorts a whole directory again for every page of
//    1,000 keys, so walking 100,000 keys in one directory costs it minutes (S3 itself pages from an
//    index); in folders of 1,000 its pages cost what a page costs.
// Both storages live in a RAM-backed folder (/dev/shm) where there is one: seeding writes 330,000
// files for s3rver (object, MD5, metadata) and 110,000 for local storage, and on a shared disk each
// file takes about a millisecond to create.
// Run: bun run bench fs-list   (BENCH_FILES and BENCH_SEARCH_FILES set the counts)

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { testS3Client } from "../../server/test/s3-client";
import { s3StorageBody } from "../test/s3-storage";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { seedS3rverObjects, startS3Server } from "../test/services";

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const SEARCH_FILES = Number(process.env.BENCH_SEARCH_FILES ?? 100_000);
const PAGE = 200;
const REPEATS = 3;
const FOLDER_FILES = 1000;
const name = (i: number) => `file-${String(i).padStart(6, "0")}.txt`;
/** The search mount's layout: folder-000/file-000000.txt .. folder-099/file-099999.txt. */
const nestedName = (i: number) => `folder-${String(Math.floor(i / FOLDER_FILES)).padStart(3, "0")}/${name(i)}`;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const scratch = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
const loadAtStart = loadavg();
const dir = mkdtempSync(join(scratch, "pastebox-bench-fs-"));
const s3 = await startS3Server({ parentDirectory: scratch });
const password = "bench-admin-password";
const app = await startServerProcess({ env: { ADMIN_PASSWORD: password } });

try {
  const base = app.baseUrl;
  const auth = { authorization: await adminAuthorization(base, password) };
  async function post(path: string, body: unknown) {
    const response = await fetch(`${base}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!answer.success) throw new Error(`${path}: ${answer.message}`);
    return answer.data;
  }
  async function get(path: string) {
    const response = await fetch(`${base}/api${path}`, { headers: auth });
    const answer = await response.json();
    if (!answer.success) throw new Error(`${path}: ${answer.message}`);
    return answer.data;
  }
  const client = testS3Client(s3, { requestChecksumCalculation: "WHEN_REQUIRED" });

  // Seeded in s3rver's own layout on disk (scripts/test/services.ts says why); one object read back.
  async function seedS3(prefix: string, count: number, keyOf: (i: number) => string) {
    const ms = seedS3rverObjects(
      s3,
      s3.bucket,
      Array.from({ length: count }, (_, i): [string, string] => [`${prefix}${keyOf(i)}`, `object ${i}\n`]),
    );
    const check = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${prefix}${keyOf(count - 1)}` }));
    if ((await check.Body?.transformToString()) !== `object ${count - 1}\n`) throw new Error("seeding failed");
    return ms;
  }
  function seedLocal(folder: string, count: number, keyOf: (i: number) => string) {
    for (let i = 0; i < count; i++) {
      const file = join(folder, keyOf(i));
      if (i % FOLDER_FILES === 0) mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `file ${i}\n`);
    }
  }

  // Both storages hold the seeded folders "big/" (10,000) and "huge/" (100,000); each gets a mount
  // on each folder, as an admin would mount a bucket that already holds files.
  const s3Config = await post("/s3-configs", s3StorageBody("bench s3", s3));
  const localRoot = join(dir, "local-storage");
  const localConfig = await post("/s3-configs", { name: "bench local", provider_type: "local", root_path: localRoot });
  console.log(`Seeding ${FILES} + ${SEARCH_FILES} objects into each storage (in ${scratch}) ...`);
  const seedS3Big = await seedS3("big/", FILES, name);
  const seedS3Huge = await seedS3("huge/", SEARCH_FILES, nestedName);
  seedLocal(join(localRoot, "big"), FILES, name);
  seedLocal(join(localRoot, "huge"), SEARCH_FILES, nestedName);
  const mount = (mountPath: string, storage: string, folder: string) =>
    post("/admin/mounts", {
      name: mountPath,
      mount_path: mountPath,
      storage_config_id: storage,
      folder,
      cache_ttl: 300,
    });
  const mounts = {
    s3Big: await mount("/s3big", s3Config.id, "big"),
    s3Huge: await mount("/s3huge", s3Config.id, "huge"),
    localBig: await mount("/localbig", localConfig.id, "big"),
    localHuge: await mount("/localhuge", localConfig.id, "huge"),
  };

  /** ListObjectsV2 from this process: one page, or every page of the prefix. */
  async function rawList(prefix: string, options: { delimiter?: "/"; pageOnly?: number }) {
    let token: string | undefined;
    let count = 0;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: s3.bucket,
          Prefix: prefix,
          Delimiter: options.delimiter,
          ContinuationToken: token,
          MaxKeys: options.pageOnly,
        }),
      );
      count += page.Contents?.length ?? 0;
      token = page.IsTruncated && !options.pageOnly ? page.NextContinuationToken : undefined;
    } while (token);
    return count;
  }

  const clearCache = (mountId: string) => post("/admin/cache/clear", { mount_id: mountId });
  const list = (path: string, extra: Record<string, string> = {}) =>
    get(`/admin/fs/list?${new URLSearchParams({ path, ...extra })}`);

  async function measureListing(path: string, mountId: string, rawPrefix: string | null) {
    const firstPage: number[] = [];
    const whole: number[] = [];
    const rawPage: number[] = [];
    const rawWalk: number[] = [];
    for (let round = 0; round < REPEATS; round++) {
      await clearCache(mountId);
      const page = await timed(() => list(path, { limit: String(PAGE) }));
      if (page.result.items.length !== PAGE || !page.result.has_more || page.result.cached) {
        throw new Error(`${path}: the first page is wrong`);
      }
      firstPage.push(page.ms);
      await clearCache(mountId);
      const all = await timed(() => list(path));
      if (all.result.items.length !== FILES) throw new Error(`${path}: the whole listing has ${all.result.total}`);
      whole.push(all.ms);
      if (rawPrefix !== null) {
        rawPage.push((await timed(() => rawList(rawPrefix, { delimiter: "/", pageOnly: PAGE }))).ms);
        const walk = await timed(() => rawList(rawPrefix, { delimiter: "/" }));
        if (walk.result !== FILES) throw new Error(`raw walk found ${walk.result}`);
        rawWalk.push(walk.ms);
      }
    }
    await list(path);
    const cached = await timed(() => list(path));
    if (!cached.result.cached) throw new Error(`${path}: not served from the cache`);
    return {
      firstPage: median(firstPage),
      whole: median(whole),
      cached: cached.ms,
      rawPage: median(rawPage),
      rawWalk: median(rawWalk),
    };
  }

  // "file-0" is in every name (file-000000 .. file-099999): the first page of 50 comes from the first
  // keys. The rare name is the last key: only a walk of everything finds it.
  const common = "file-0";
  const rare = name(SEARCH_FILES - 1).replace(/\.txt$/, "");
  async function measureSearch(mountId: string, rawPrefix: string | null) {
    const search = (q: string) =>
      get(`/admin/fs/search?${new URLSearchParams({ q, scope: "mount", mount_id: mountId, limit: "50" })}`);
    const broad = await timed(() => search(common));
    if (broad.result.results.length !== 50 || !broad.result.truncated) throw new Error("the broad search is wrong");
    const narrow = await timed(() => search(rare));
    if (narrow.result.total !== 1 || narrow.result.truncated) throw new Error("the narrow search is wrong");
    let rawPage = 0;
    let rawWalk = 0;
    if (rawPrefix !== null) {
      // The search walks in pages of 1,000 keys: the broad search needs the first one.
      rawPage = (await timed(() => rawList(rawPrefix, { pageOnly: 1000 }))).ms;
      const walk = await timed(() => rawList(rawPrefix, {}));
      if (walk.result !== SEARCH_FILES) throw new Error(`raw walk found ${walk.result}`);
      rawWalk = walk.ms;
    }
    return { broad: broad.ms, narrow: narrow.ms, rawPage, rawWalk };
  }

  console.log(`Listing the folders of ${FILES} ...`);
  const s3List = await measureListing("/s3big", mounts.s3Big.id, "big/");
  const localList = await measureListing("/localbig", mounts.localBig.id, null);
  console.log(`Searching the mounts of ${SEARCH_FILES} ...`);
  const s3Search = await measureSearch(mounts.s3Huge.id, "huge/");
  const localSearch = await measureSearch(mounts.localHuge.id, null);
  const loadAtEnd = loadavg();

  const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);
  const count = (value: number) => value.toLocaleString("en");
  console.log(
    `\nS3 objects seeded in ${ms(seedS3Big)} (${count(FILES)}) and ${ms(seedS3Huge)} (${count(SEARCH_FILES)}).`,
  );
  console.log(
    `\nA folder of ${count(FILES)} files, GET /api/admin/fs/list (medians of ${REPEATS}, listing cache cleared)\n`,
  );
  console.log(
    `| storage | first page of ${PAGE} (cold) | whole folder (cold) | whole folder (cached) | raw ListObjectsV2: one page of ${PAGE} | raw ListObjectsV2: whole walk |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  console.log(
    `| S3 (s3rver) | ${ms(s3List.firstPage)} | ${ms(s3List.whole)} | ${ms(s3List.cached)} | ${ms(s3List.rawPage)} | ${ms(s3List.rawWalk)} |`,
  );
  console.log(
    `| local storage | ${ms(localList.firstPage)} | ${ms(localList.whole)} | ${ms(localList.cached)} | n/a | n/a |`,
  );
  console.log(`\nSearch in a mount of ${count(SEARCH_FILES)} objects, GET /api/admin/fs/search (cold, limit 50)\n`);
  console.log(
    `| storage | "${common}": first 50 of many (stops early) | "${rare}": one match (walks everything) | raw ListObjectsV2: first page of 1,000 | raw ListObjectsV2: walk of the ${count(SEARCH_FILES)} |`,
  );
  console.log("|---|---:|---:|---:|---:|");
  console.log(
    `| S3 (s3rver) | ${ms(s3Search.broad)} | ${ms(s3Search.narrow)} | ${ms(s3Search.rawPage)} | ${ms(s3Search.rawWalk)} |`,
  );
  console.log(`| local storage | ${ms(localSearch.broad)} | ${ms(localSearch.narrow)} | n/a | n/a |`);
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
  console.log(
    `\n${cpus().length} × ${cpus()[0]?.model ?? "CPU"}; load average ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end.`,
  );
} finally {
  await app.stop();
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
}
