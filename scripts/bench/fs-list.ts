// Benchmark: listing a folder of 10,000 files through the mount explorer's API. A mount over an S3
// prefix (s3rver) holding 10,000 objects, and a mount over a local-storage folder of 10,000 files.
// Prints the first (cold) GET /api/admin/fs/list, cached listings, listings from the storage forced
// with refresh=true, a raw ListObjectsV2 walk of the same prefix from this process in the same run
// (before the first listing, then alternating with the forced ones), and a search over the names.
// Run: bun run bench fs-list   (BENCH_FILES sets the count)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { startS3Server } from "../test/services";

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const REPEATS = 5;
const name = (i: number) => `file-${String(i).padStart(5, "0")}.txt`;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dir = mkdtempSync(join(tmpdir(), "pastebox-bench-fs-"));
const s3 = await startS3Server();
const password = "bench-admin-password";
const app = await startServerProcess({ env: { ADMIN_PASSWORD: password } });

try {
  const base = app.baseUrl;
  const json = { "content-type": "application/json" };
  const auth = { authorization: await adminAuthorization(base, password) };
  async function post(path: string, body: unknown) {
    const response = await fetch(`${base}/api${path}`, {
      method: "POST",
      headers: { ...json, ...auth },
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

  // S3: a mount /s3big over the prefix "bench/s3big/" (the config's default folder + the mount path).
  const s3Config = await post("/s3-configs", {
    name: "bench s3",
    provider_type: "Other S3 Compatible",
    endpoint_url: s3.endpoint,
    bucket_name: s3.bucket,
    region: s3.region,
    access_key_id: s3.accessKeyId,
    secret_access_key: s3.secretAccessKey,
    path_style: true,
    default_folder: "bench",
  });
  const s3Mount = await post("/admin/mounts", { name: "S3 big", mount_path: "/s3big", storage_config_id: s3Config.id });
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
  const prefix = "bench/s3big/";
  const seeding = await timed(async () => {
    let next = 0;
    const worker = async () => {
      while (next < FILES) {
        const i = next++;
        await client.send(
          new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}${name(i)}`, Body: `object ${i}\n` }),
        );
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
  });

  // Local: a mount /localbig over a local storage config whose folder holds the files.
  const localRoot = join(dir, "local-storage");
  mkdirSync(join(localRoot, "localbig"), { recursive: true });
  for (let i = 0; i < FILES; i++) writeFileSync(join(localRoot, "localbig", name(i)), `file ${i}\n`);
  const localConfig = await post("/s3-configs", { name: "bench local", provider_type: "local", root_path: localRoot });
  const localMount = await post("/admin/mounts", {
    name: "Local big",
    mount_path: "/localbig",
    storage_config_id: localConfig.id,
  });

  // The baseline: the same prefix walked with ListObjectsV2 (delimiter "/") from this process.
  async function rawWalk() {
    const walk = await timed(async () => {
      let token: string | undefined;
      let count = 0;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix, Delimiter: "/", ContinuationToken: token }),
        );
        count += page.Contents?.length ?? 0;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return count;
    });
    if (walk.result !== FILES) throw new Error(`raw walk found ${walk.result}`);
    return walk.ms;
  }

  async function measure(mountPath: string, mountId: string, rawWalks: number[] | null) {
    const list = (extra = "") => get(`/admin/fs/list?path=${encodeURIComponent(mountPath)}${extra}`);
    const cold = await timed(() => list());
    if (cold.result.total !== FILES || cold.result.cached) throw new Error(`${mountPath}: cold listing is wrong`);
    // Unmeasured cached calls first, so that the server's JIT has settled on this path.
    for (let i = 0; i < 3; i++) await list();
    const cached: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const run = await timed(() => list());
      if (!run.result.cached || run.result.total !== FILES) throw new Error(`${mountPath}: not served from the cache`);
      cached.push(run.ms);
    }
    // Listings from the storage (refresh=true), each next to a raw walk so that both see the same
    // conditions (s3rver's own caches, other load on the machine).
    const refreshed: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      refreshed.push((await timed(() => list("&refresh=true"))).ms);
      if (rawWalks) rawWalks.push(await rawWalk());
    }
    const search = await timed(() => get(`/admin/fs/search?q=file-0999&scope=mount&mount_id=${mountId}&limit=50`));
    // file-09990 .. file-09999 match when there are 10,000 files.
    if (FILES >= 10_000 && search.result.total !== 10)
      throw new Error(`${mountPath}: search found ${search.result.total}`);
    return {
      cold: cold.ms,
      cached: median(cached),
      refreshed: median(refreshed),
      search: search.ms,
      hits: search.result.total,
    };
  }

  const rawFirst = await rawWalk();
  const rawWalks: number[] = [];
  const s3Result = await measure("/s3big", s3Mount.id, rawWalks);
  const localResult = await measure("/localbig", localMount.id, null);
  const raw = median(rawWalks);

  const ms = (value: number) => value.toFixed(1);
  console.log(`\nListing a folder of ${FILES} files through GET /api/admin/fs/list, same machine, same run`);
  console.log(`(S3 objects seeded in ${(seeding.ms / 1000).toFixed(1)} s; medians of ${REPEATS} where repeated)\n`);
  console.log(
    `| storage | first list (cold) | cached list | list with refresh=true | raw ListObjectsV2 walk | search (${FILES.toLocaleString("en")} names) |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  console.log(
    `| S3 (s3rver) | ${ms(s3Result.cold)} ms | ${ms(s3Result.cached)} ms | ${ms(s3Result.refreshed)} ms | ${ms(rawFirst)} ms first, ${ms(raw)} ms median | ${ms(s3Result.search)} ms (${s3Result.hits} hits) |`,
  );
  console.log(
    `| local disk | ${ms(localResult.cold)} ms | ${ms(localResult.cached)} ms | ${ms(localResult.refreshed)} ms | n/a | ${ms(localResult.search)} ms (${localResult.hits} hits) |`,
  );
  console.log(
    `\nS3 listing from storage vs the raw walk: first ${(s3Result.cold / rawFirst).toFixed(2)}x, ` +
      `median ${(s3Result.refreshed / raw).toFixed(2)}x (overhead ${ms(s3Result.refreshed - raw)} ms for ${FILES} entries)`,
  );
} finally {
  await app.stop();
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
}
