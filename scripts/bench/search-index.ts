// Benchmark `bun run bench index`: the explorer's search index (docs/search-index.md) on SQLite and on
// Postgres. A local storage of 100,000 real files, named as a shared drive's are (file-tree.ts: camera
// photos, documents, code and music, with words, dates and extensions), in /dev/shm, is mounted and
// crawled through `POST /api/admin/fs/index/rebuild` (the crawl rate); then name searches through
// `GET /api/admin/fs/search` give p50/p95/p99 for each kind of search (file-tree.ts SEARCH_KINDS),
// each asked many times with different names, beside the live walk of the same tree (`source=live`),
// and one search of each kind is checked against the live walk's answer. Then 900,000 more rows of the
// same tree are written into the index straight through its store, as a crawl writes them (the files
// themselves are not created: 1,000,000 files cost minutes to create and to crawl), and the searches
// are measured again at 1,000,000. Every answer's count is checked against the names themselves. The
// live walk at 1,000,000 is not run: it is estimated as ten times (TOTAL / FILES) the walk of 100,000.
// Beside wall times it prints the server process's CPU time for the crawl and per search (on Postgres
// the database's own processes are not counted): on a shared machine the load stretches wall times
// many times over, CPU time much less.
// Run: bun run bench index   (BENCH_INDEX_FILES, BENCH_INDEX_TOTAL, BENCH_INDEX_QUERIES, BENCH_INDEX_DATABASES=sqlite,postgres)

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { SEARCH_COUNT_MAX } from "@shared/schemas/explorer/explorer";
import { createDatabase } from "../../server/db/client";
import { createIndexStore, type IndexRow } from "../../server/services/search-index/store";
import { rowsOf } from "../../server/services/search-index/writes";
import {
  count,
  cpuMsOf,
  type Figures,
  loadNow,
  machineLine,
  ms,
  startBenchServer,
  timeRuns,
} from "./kit/database-bench";
import { benchKeyOf, keysOf, namesOf, SEARCH_KINDS } from "./kit/file-tree";

const FILES = Number(process.env.BENCH_INDEX_FILES ?? 100_000);
const TOTAL = Number(process.env.BENCH_INDEX_TOTAL ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_INDEX_QUERIES ?? 200);
const LIVE_SAMPLES = 3;
const DATABASES = (process.env.BENCH_INDEX_DATABASES ?? "sqlite,postgres").split(",");
/** Rows per upsert when filling up to TOTAL: a crawl's page. */
const PAGE_ROWS = 1000;
const CRAWL_BUDGET_MS = 60_000;
const SEARCH_BUDGET_MS = 50;
const LIMIT = 50;

const scratch = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
const dir = mkdtempSync(join(scratch, "pastebox-bench-index-"));
const localRoot = join(dir, "storage");
const loadAtStart = loadNow();

type SearchAnswer = {
  data: { results: { path: string }[]; total: number; truncated: boolean; source: string };
};
/** `cpuMs`: the app process's CPU time per search, the mean over the line's searches. */
type Row = { database: string; objects: number; kind: string; figures: Figures; cpuMs: number; live: string };

function seedFiles() {
  const started = performance.now();
  const made = new Set<string>();
  for (let i = 0; i < FILES; i++) {
    const file = join(localRoot, "tree", benchKeyOf(i));
    const folder = dirname(file);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(file, `file ${i}\n`);
  }
  return performance.now() - started;
}

/** How many names of the tree hold the needle (trimmed, as the API takes it): what a search that is not truncated must count. */
const expectedOf = (names: string[], needle: string) => {
  const wanted = needle.trim().toLowerCase();
  return names.filter((name) => name.includes(wanted)).length;
};

async function benchDatabase(database: string, rows: Row[], crawls: string[], recrawls: string[]) {
  const server = await startBenchServer(database);
  try {
    const { call } = server;
    const config = (
      await call<{ data: { id: string } }>("POST", "/s3-configs", {
        name: "bench local",
        provider_type: "local",
        root_path: localRoot,
      })
    ).data;
    const mount = (
      await call<{ data: { id: string } }>("POST", "/admin/mounts", {
        name: "tree",
        mount_path: "/tree",
        storage_config_id: config.id,
        folder: "tree",
        cache_ttl: 300,
      })
    ).data;
    const indexStatus = async () =>
      (await call<{ data: { state: string; objects: number } }>("GET", "/admin/fs/index")).data;

    // The crawl, timed from the request to the state "ready".
    const crawlStarted = performance.now();
    const crawlCpuStarted = cpuMsOf(server.app.pid);
    await call("POST", "/admin/fs/index/rebuild", {});
    let status: { state: string; objects: number };
    do {
      await Bun.sleep(200);
      status = await indexStatus();
      if (status.state === "failed") throw new Error(`${database}: the crawl failed`);
    } while (status.state !== "ready");
    const crawlMs = performance.now() - crawlStarted;
    const crawlCpuMs = cpuMsOf(server.app.pid) - crawlCpuStarted;
    crawls.push(
      `| ${database} | ${count(FILES)} | ${ms(crawlMs)} | ${count(Math.round(FILES / (crawlMs / 1000)))}/s | ${ms(
        crawlCpuMs,
      )} | ${crawlMs < CRAWL_BUDGET_MS ? "met" : "NOT met"} | ${loadNow()} |`,
    );
    console.log(`${database}: crawl of ${count(FILES)} files ${ms(crawlMs)} (load ${loadNow()})`);
    const files = keysOf(FILES).size;
    if (status.objects !== files) throw new Error(`${database}: the crawl indexed ${status.objects} of ${files}`);

    const search = (q: string, source: "auto" | "live" = "auto") =>
      call<SearchAnswer>(
        "GET",
        `/admin/fs/search?${new URLSearchParams({ q, scope: "mount", mount_id: mount.id, limit: String(LIMIT), source })}`,
      );

    async function measure(objects: number, liveFor: (kind: (typeof SEARCH_KINDS)[number]) => Promise<string>) {
      // What any request costs on this machine now: the floor under the figures below.
      const floorCpu = cpuMsOf(server.app.pid);
      const floor = await timeRuns(QUERIES, () => fetch(`${server.app.baseUrl}/api/health`).then((r) => r.text()));
      const cpuMs = (cpuMsOf(server.app.pid) - floorCpu) / QUERIES;
      rows.push({ database, objects, kind: "GET /api/health (the floor)", figures: floor, cpuMs, live: "" });
      const names = namesOf(objects);
      for (const kind of SEARCH_KINDS) {
        const needles = Array.from({ length: QUERIES }, () => kind.needle(Math.floor(Math.random() * objects)));
        const answers: SearchAnswer[] = [];
        const cpuStarted = cpuMsOf(server.app.pid);
        const figures = await timeRuns(QUERIES, async (run) => {
          answers.push(await search(needles[run] as string));
        });
        const cpuMs = (cpuMsOf(server.app.pid) - cpuStarted) / QUERIES;
        // Checked after the timing, so the counting costs nothing of it.
        for (const [run, answer] of answers.entries()) {
          const needle = needles[run] as string;
          if (answer.data.source !== "index") throw new Error(`${database}: answered by ${answer.data.source}`);
          const expected = expectedOf(names, needle);
          // Exact up to the count cap; past it "more than" the cap (docs/search-index.md).
          const isRight = answer.data.truncated
            ? expected > SEARCH_COUNT_MAX && answer.data.total === SEARCH_COUNT_MAX
            : answer.data.total === expected;
          if (!isRight) throw new Error(`${database}: "${needle}" found ${answer.data.total}, not ${expected}`);
        }
        rows.push({ database, objects, kind: kind.label, figures, cpuMs, live: await liveFor(kind) });
        console.log(
          `${database} ${count(objects)} ${kind.label}: p95 ${ms(figures.p95)}, app CPU ${ms(cpuMs)} a search (load ${loadNow()})`,
        );
      }
    }

    // The live walk reads every key whatever the name: one figure per size, its median of a few. The
    // index must answer the very page the walk answers.
    const liveTimes: number[] = [];
    for (let s = 0; s < LIVE_SAMPLES; s++) {
      const kind = SEARCH_KINDS[s % SEARCH_KINDS.length] ?? SEARCH_KINDS[0];
      const needle = kind.needle(FILES - 1 - s);
      const started = performance.now();
      const live = await search(needle, "live");
      liveTimes.push(performance.now() - started);
      const indexed = await search(needle);
      const pathsOf = (answer: SearchAnswer) => answer.data.results.map((result) => result.path).join("\n");
      if (live.data.source !== "live" || pathsOf(live) !== pathsOf(indexed)) {
        throw new Error(`${database}: the index and the live walk answer "${needle}" differently`);
      }
    }
    const liveMedian = liveTimes.sort((a, b) => a - b)[Math.floor(LIVE_SAMPLES / 2)] ?? 0;
    await measure(FILES, async () => `${ms(liveMedian)} (median of ${LIVE_SAMPLES})`);

    // Up to TOTAL: the rest of the tree written as a crawl writes its pages.
    const db = createDatabase(server.databaseUrl);
    const store = createIndexStore(db, server.databaseUrl);
    /** Rows [from, TOTAL) written as a crawl writes its pages, all seen at `seenMs`. */
    async function writeTree(from: number, seenMs: number) {
      for (let start = from; start < TOTAL; start += PAGE_ROWS) {
        const page: IndexRow[] = [];
        for (let i = start; i < Math.min(TOTAL, start + PAGE_ROWS); i++) {
          page.push(...rowsOf({ key: `tree/${benchKeyOf(i)}`, size: 12, lastModified: new Date(seenMs) }, "local"));
        }
        await store.upsert(config.id, page, seenMs);
      }
    }
    try {
      const filled = performance.now();
      // Seen a day ahead: the server's hourly crawl (the job `fs-index`, at minute 17) drops every row
      // seen before it started that the storage does not hold, and these rows have no files. A run
      // across that minute lost the 900,000 rows (or, mid-measure, answered a date with 8 of its 71).
      const seenMs = Date.now() + 24 * 3_600_000;
      await writeTree(FILES, seenMs);
      // As a crawl ends (crawl.ts): Postgres analyzes the table and merges the trigram index's pending list.
      await store.settle();
      console.log(`${database}: ${count(TOTAL - FILES)} rows written in ${ms(performance.now() - filled)}`);
    } catch (error) {
      await db.$disconnect();
      throw error;
    }
    const indexed = await indexStatus();
    const total = keysOf(TOTAL).size;
    if (indexed.objects !== total) throw new Error(`${database}: the index holds ${indexed.objects}, not ${total}`);
    await measure(
      TOTAL,
      async () => `~${ms((liveMedian * TOTAL) / FILES)} (estimated: ${TOTAL / FILES} × the walk of ${count(FILES)})`,
    );
    // What the hourly crawl costs the database at this size when nothing changed: every row is seen
    // again (written with the new time, as the crawl's pages are), then the crawl's settle (Postgres:
    // VACUUM (ANALYZE), which clears the versions those writes left). The listing itself is not in it.
    try {
      const seenAgain = performance.now();
      await writeTree(0, Date.now() + 25 * 3_600_000);
      const written = performance.now() - seenAgain;
      const settled = performance.now();
      await store.settle();
      recrawls.push(
        `| ${database} | ${count(TOTAL)} | ${ms(written)} | ${ms(performance.now() - settled)} | ${loadNow()} |`,
      );
    } finally {
      await db.$disconnect();
    }
  } finally {
    await server.stop();
  }
}

try {
  console.log(`Seeding ${count(FILES)} files in ${localRoot} ...`);
  console.log(`seeded in ${ms(seedFiles())}`);
  const rows: Row[] = [];
  const crawls: string[] = [];
  const recrawls: string[] = [];
  for (const database of DATABASES) await benchDatabase(database, rows, crawls, recrawls);

  console.log(`\nCrawl of a local storage (POST /api/admin/fs/index/rebuild until "ready")\n`);
  console.log("| database | files | crawl | rate | app CPU | budget < 60 s | load after |");
  console.log("|---|---:|---:|---:|---:|---|---|");
  for (const line of crawls) console.log(line);
  console.log(`\nAn hourly crawl that finds nothing changed, in the database: every row seen again, then settled\n`);
  console.log("| database | rows | rows written again | settle (Postgres: VACUUM (ANALYZE)) | load after |");
  console.log("|---|---:|---:|---:|---|");
  for (const line of recrawls) console.log(line);
  console.log(
    `\nGET /api/admin/fs/search (limit ${LIMIT}, one mount), ${QUERIES} names per line, each from a different file\n`,
  );
  console.log(
    "| database | objects indexed | search | p50 | p95 | p99 | app CPU a search | live walk, same tree | budget p95 < 50 ms at 1M |",
  );
  console.log("|---|---:|---|---:|---:|---:|---:|---:|---|");
  for (const row of rows) {
    const verdict =
      row.objects >= 1_000_000 && row.live ? (row.figures.p95 < SEARCH_BUDGET_MS ? "met" : "NOT met") : "";
    console.log(
      `| ${row.database} | ${count(row.objects)} | ${row.kind} | ${ms(row.figures.p50)} | ${ms(row.figures.p95)} | ${ms(
        row.figures.p99,
      )} | ${ms(row.cpuMs)} | ${row.live} | ${verdict} |`,
    );
  }
  console.log(`\n${machineLine(loadAtStart)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
