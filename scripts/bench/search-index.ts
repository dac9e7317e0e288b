// Benchmark `bun run bench index`: the explorer's search index (docs/search-index.md) on SQLite and on
// Postgres. A local storage of 100,000 real files (folder-000/file-000000.txt .. folder-099/file-099999.txt,
// in /dev/shm) is mounted and crawled through `POST /api/admin/fs/index/rebuild` (the crawl rate); then
// name searches through `GET /api/admin/fs/search` give p50/p95/p99 for a substring of one name, a
// substring found in 100 names, and the beginning of 10 or 100 names, each asked many times with
// different names, beside the live walk of the same tree (`source=live`). Then 900,000 more rows of
// the same layout (folder-100 .. folder-999) are written into the index straight through its store,
// as a crawl would write them (the files themselves are not created: 1,000,000 files cost minutes
// to create and to crawl), and the searches are measured again at 1,000,000. The live walk at
// 1,000,000 is not run: it is estimated as ten times (TOTAL / FILES) the walk of 100,000 (it reads every key once).
// Run: bun run bench index   (BENCH_INDEX_FILES, BENCH_INDEX_TOTAL, BENCH_INDEX_QUERIES, BENCH_INDEX_DATABASES=sqlite,postgres)

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createDatabase } from "../../server/db/client";
import { createIndexStore, type IndexRow } from "../../server/services/search-index/store";
import { rowsOf } from "../../server/services/search-index/writes";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { startPostgres } from "../test/services";

const FILES = Number(process.env.BENCH_INDEX_FILES ?? 100_000);
const TOTAL = Number(process.env.BENCH_INDEX_TOTAL ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_INDEX_QUERIES ?? 200);
const LIVE_SAMPLES = 3;
const DATABASES = (process.env.BENCH_INDEX_DATABASES ?? "sqlite,postgres").split(",");
const FOLDER_FILES = 1000;
const CRAWL_BUDGET_MS = 60_000;
const SEARCH_BUDGET_MS = 50;

const digits = (i: number) => String(i).padStart(6, "0");
const keyOf = (i: number) => `folder-${String(Math.floor(i / FOLDER_FILES)).padStart(3, "0")}/file-${digits(i)}.txt`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);
const count = (value: number) => value.toLocaleString("en");
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");

const scratch = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
const dir = mkdtempSync(join(scratch, "pastebox-bench-index-"));
const localRoot = join(dir, "storage");
const loadAtStart = load();

/** Search kinds: how a query's name is made from a random file number, and how many names it matches. */
const KINDS = [
  { label: "substring of one name", needle: (i: number) => `le-${digits(i)}`, matches: 1 },
  { label: "substring in 100 names", needle: (i: number) => `-${digits(i).slice(0, 4)}`, matches: 100 },
  { label: "beginning of 10 names", needle: (i: number) => `file-${digits(i).slice(0, 5)}`, matches: 10 },
  { label: "beginning of 100 names", needle: (i: number) => `file-${digits(i).slice(0, 4)}`, matches: 100 },
] as const;

type Figures = { p50: number; p95: number; p99: number };
type Row = { database: string; objects: number; kind: string; figures: Figures; live: string };

function seedFiles() {
  const started = performance.now();
  for (let i = 0; i < FILES; i++) {
    const file = join(localRoot, "tree", keyOf(i));
    if (i % FOLDER_FILES === 0) mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `file ${i}\n`);
  }
  return performance.now() - started;
}

async function benchDatabase(database: string, rows: Row[], crawls: string[]) {
  const postgres = database === "postgres" ? await startPostgres() : null;
  const password = "bench-admin-password";
  const env: Record<string, string> = { ADMIN_PASSWORD: password };
  if (postgres) env.DATABASE_URL = postgres.url;
  const app = await startServerProcess({ env });
  try {
    const base = app.baseUrl;
    const auth = { authorization: await adminAuthorization(base, password) };
    async function call(method: string, path: string, body?: unknown) {
      const response = await fetch(`${base}/api${path}`, {
        method,
        headers: { "content-type": "application/json", ...auth },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = await response.json();
      if (!answer.success) throw new Error(`${path}: ${answer.message}`);
      return answer.data;
    }
    const config = await call("POST", "/s3-configs", {
      name: "bench local",
      provider_type: "local",
      root_path: localRoot,
    });
    const mount = await call("POST", "/admin/mounts", {
      name: "tree",
      mount_path: "/tree",
      storage_config_id: config.id,
      folder: "tree",
      cache_ttl: 300,
    });

    // The crawl, timed from the request to the state "ready".
    const crawlStarted = performance.now();
    await call("POST", "/admin/fs/index/rebuild", {});
    let status: { state: string; objects: number };
    do {
      await Bun.sleep(200);
      status = await call("GET", "/admin/fs/index");
      if (status.state === "failed") throw new Error(`${database}: the crawl failed`);
    } while (status.state !== "ready");
    const crawlMs = performance.now() - crawlStarted;
    if (status.objects !== FILES) throw new Error(`${database}: the crawl indexed ${status.objects} of ${FILES}`);
    crawls.push(
      `| ${database} | ${count(FILES)} | ${ms(crawlMs)} | ${count(Math.round(FILES / (crawlMs / 1000)))}/s | ${
        crawlMs < CRAWL_BUDGET_MS ? "met" : "NOT met"
      } |`,
    );
    console.log(`${database}: crawl of ${count(FILES)} files ${ms(crawlMs)}`);

    const search = (q: string, source: "auto" | "live" = "auto") =>
      call(
        "GET",
        `/admin/fs/search?${new URLSearchParams({ q, scope: "mount", mount_id: mount.id, limit: "50", source })}`,
      );

    async function measure(objects: number, liveFor: (kind: (typeof KINDS)[number]) => Promise<string>) {
      for (const kind of KINDS) {
        const times: number[] = [];
        for (let q = 0; q < QUERIES; q++) {
          const i = Math.floor(Math.random() * objects);
          const started = performance.now();
          const answer = await search(kind.needle(i));
          times.push(performance.now() - started);
          if (answer.source !== "index") throw new Error(`${database}: answered by ${answer.source}`);
          if (answer.total !== kind.matches && !answer.truncated) {
            throw new Error(`${database}: "${kind.needle(i)}" found ${answer.total}, not ${kind.matches}`);
          }
        }
        times.sort((a, b) => a - b);
        const figures = { p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99) };
        rows.push({ database, objects, kind: kind.label, figures, live: await liveFor(kind) });
        console.log(`${database} ${count(objects)} ${kind.label}: p95 ${ms(figures.p95)}`);
      }
    }

    // The live walk reads every key whatever the name: one figure per size, its median of a few.
    const liveTimes: number[] = [];
    for (let s = 0; s < LIVE_SAMPLES; s++) {
      const started = performance.now();
      const answer = await search(KINDS[0].needle(FILES - 1 - s), "live");
      liveTimes.push(performance.now() - started);
      if (answer.source !== "live" || answer.total !== 1) throw new Error(`${database}: the live walk is wrong`);
    }
    const liveMedian = liveTimes.sort((a, b) => a - b)[Math.floor(LIVE_SAMPLES / 2)] ?? 0;
    await measure(FILES, async () => `${ms(liveMedian)} (median of ${LIVE_SAMPLES})`);

    // Up to TOTAL: the rest of the layout written as a crawl writes its pages.
    const databaseUrl = postgres ? postgres.url : `file:${join(app.dataDir, "pastebox.db")}`;
    const db = createDatabase(databaseUrl);
    try {
      const store = createIndexStore(db, databaseUrl);
      const filled = performance.now();
      const seenMs = Date.now();
      for (let start = FILES; start < TOTAL; start += FOLDER_FILES) {
        const page: IndexRow[] = [];
        for (let i = start; i < Math.min(TOTAL, start + FOLDER_FILES); i++) {
          page.push(...rowsOf({ key: `tree/${keyOf(i)}`, size: 12, lastModified: new Date(seenMs) }, "local"));
        }
        await store.upsert(config.id, page, seenMs);
      }
      console.log(`${database}: ${count(TOTAL - FILES)} rows written in ${ms(performance.now() - filled)}`);
    } finally {
      await db.$disconnect();
    }
    const indexed = await call("GET", "/admin/fs/index");
    if (indexed.objects !== TOTAL) throw new Error(`${database}: the index holds ${indexed.objects}, not ${TOTAL}`);
    await measure(
      TOTAL,
      async () => `~${ms((liveMedian * TOTAL) / FILES)} (estimated: ${TOTAL / FILES} × the walk of ${count(FILES)})`,
    );
  } finally {
    await app.stop();
    await postgres?.stop();
  }
}

try {
  console.log(`Seeding ${count(FILES)} files in ${localRoot} ...`);
  console.log(`seeded in ${ms(seedFiles())}`);
  const rows: Row[] = [];
  const crawls: string[] = [];
  for (const database of DATABASES) await benchDatabase(database, rows, crawls);

  console.log(`\nCrawl of a local storage (POST /api/admin/fs/index/rebuild until "ready")\n`);
  console.log("| database | files | crawl | rate | budget < 60 s |");
  console.log("|---|---:|---:|---:|---|");
  for (const line of crawls) console.log(line);
  console.log(`\nGET /api/admin/fs/search (limit 50, one mount), ${QUERIES} names per line, each a different file's\n`);
  console.log(
    "| database | objects indexed | search | p50 | p95 | p99 | live walk, same tree | budget p95 < 50 ms at 1M |",
  );
  console.log("|---|---:|---|---:|---:|---:|---:|---|");
  for (const row of rows) {
    const verdict = row.objects >= 1_000_000 ? (row.figures.p95 < SEARCH_BUDGET_MS ? "met" : "NOT met") : "";
    console.log(
      `| ${row.database} | ${count(row.objects)} | ${row.kind} | ${ms(row.figures.p50)} | ${ms(row.figures.p95)} | ${ms(
        row.figures.p99,
      )} | ${row.live} | ${verdict} |`,
    );
  }
  console.log(
    `\n${cpus().length} × ${cpus()[0]?.model ?? "CPU"}; load average ${loadAtStart} at the start, ${load()} at the end; ${new Date().toISOString()}.`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
