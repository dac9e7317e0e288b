// Benchmark `bun run bench admin-lists`: the admin's flat lists of pastes and file shares and the
// dashboard's figures (docs/admin-lists.md) at 10,000, 100,000 and 1,000,000 rows of each, on SQLite
// and on Postgres, through the real server process over HTTP. Rows are written straight into the
// server's database by SQL in batches, created over the last 30 days; then, at
// each size: the first page (limit 20), a deep page (the middle of the list) by cursor and by offset,
// a search for a word found in one row in 1,000 (row i has it when i % 1000 = 7), and the dashboard's stats, each asked many times.
// Run: bun run bench admin-lists   (BENCH_LISTS_SIZES=10000,100000,1000000, BENCH_LISTS_QUERIES,
// BENCH_LISTS_DATABASES=sqlite,postgres)

import { settleAfterBulkWrite } from "../../server/db/after-bulk-write";
import { createDatabase } from "../../server/db/client";
import { encodeListCursor } from "../../server/db/list-cursor";
import { count, cpuMsOf, loadNow, machineLine, ms, startBenchServer, timeRuns } from "./kit/database-bench";

const SIZES = (process.env.BENCH_LISTS_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const QUERIES = Number(process.env.BENCH_LISTS_QUERIES ?? 40);
const SLOW_QUERIES = 5;
const DATABASES = (process.env.BENCH_LISTS_DATABASES ?? "sqlite,postgres").split(",");
const BATCH = 50_000;
const SPAN_MS = 30 * 86_400_000;
const BUDGET_MS = 20;

const loadAtStart = loadNow();
const started = Date.now();
/** Row i's creation time: spread evenly over the 30 days before the run, row 0 the oldest. */
const createdAtOf = (i: number, total: number) => new Date(started - SPAN_MS + Math.floor((i * SPAN_MS) / total));

/** `cpuMs`: the server process's CPU time per call, the mean over the line's calls (Postgres' own not counted). */
type Line = {
  database: string;
  rows: number;
  list: string;
  what: string;
  p50: number;
  p95: number;
  cpuMs: number;
  budget: boolean;
};

async function benchDatabase(database: string, lines: Line[]) {
  const server = await startBenchServer(database);
  const postgres = database === "postgres";
  const db = createDatabase(server.databaseUrl);
  try {
    async function timed(path: string, times: number) {
      // The pastes' REST answer carries the pagination beside the list, the files' inside it.
      const cpuStarted = cpuMsOf(server.app.pid);
      const figures = await timeRuns(times, () =>
        server.call<{ data: { pagination?: { total: number } }; pagination?: { total: number } }>("GET", path),
      );
      const cpuMs = (cpuMsOf(server.app.pid) - cpuStarted) / times;
      return { ...figures, cpuMs, total: figures.last.pagination?.total ?? figures.last.data?.pagination?.total };
    }
    const admin = await db.admin.findFirstOrThrow({ select: { id: true } });
    const storage = await db.storageConfig.findFirstOrThrow({ select: { id: true } });
    const createdBy = `admin:${admin.id}`;

    let seeded = 0;
    for (const size of SIZES) {
      const seedStarted = performance.now();
      // Written oldest first by the database itself, in statements of BATCH rows (the triggers that keep
      // the counts run for each row, as they do for a restore); row i's id is made from its number, so
      // the deep page's cursor is known without reading it back.
      const total = SIZES.at(-1) ?? size;
      for (; seeded < size; seeded = Math.min(size, seeded + BATCH)) {
        const upTo = Math.min(size, seeded + BATCH);
        if (postgres) {
          const at = `(to_timestamp(($3::bigint + (i::bigint * $4::bigint) / $5::bigint) / 1000.0) AT TIME ZONE 'UTC')`;
          const word = `CASE WHEN i % 1000 = 7 THEN 'needleword' ELSE 'plain' END`;
          const range = "generate_series($1::int, $2::int - 1) AS i";
          const params = [seeded, upTo, started - SPAN_MS, SPAN_MS, total, createdBy];
          // ASCII under 200 characters: the list's stored preview is the whole text, its length the length.
          const text = `'Paste ' || i || ': ' || ${word} || ' text of a few words, as pastes are.'`;
          await db.$executeRawUnsafe(
            `INSERT INTO "Paste" ("id", "slug", "content", "preview", "contentLength", "createdBy", "createdAt", "updatedAt")
             SELECT 'bench-paste-' || lpad(i::text, 8, '0'), 'bp' || i,
               ${text}, ${text}, length(${text}), $6, ${at}, ${at} FROM ${range}`,
            ...params,
          );
          await db.$executeRawUnsafe(
            `INSERT INTO "FileShare" ("id", "slug", "filename", "mimetype", "size", "storageConfigId", "storagePath", "createdBy", "createdAt", "updatedAt")
             SELECT 'bench-file-' || lpad(i::text, 8, '0'), 'bf' || i, ${word} || '-' || i || '.txt', 'text/plain',
               1000 + i, $7, 'bench/' || i || '.txt', $6, ${at}, ${at} FROM ${range}`,
            ...params,
            storage.id,
          );
        } else {
          // Prisma keeps SQLite's DateTime as ISO text with "+00:00".
          const at = `strftime('%Y-%m-%dT%H:%M:%f', (?3 + (i * ?4) / ?5) / 1000.0, 'unixepoch') || '+00:00'`;
          const word = `CASE WHEN i % 1000 = 7 THEN 'needleword' ELSE 'plain' END`;
          const range = "WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?2)";
          const params = [seeded, upTo, started - SPAN_MS, SPAN_MS, total, createdBy];
          const text = `'Paste ' || i || ': ' || ${word} || ' text of a few words, as pastes are.'`;
          await db.$executeRawUnsafe(
            `${range} INSERT INTO "Paste" ("id", "slug", "content", "preview", "contentLength", "createdBy", "createdAt", "updatedAt")
             SELECT printf('bench-paste-%08d', i), 'bp' || i,
               ${text}, ${text}, length(${text}), ?6, ${at}, ${at} FROM n`,
            ...params,
          );
          await db.$executeRawUnsafe(
            `${range} INSERT INTO "FileShare" ("id", "slug", "filename", "mimetype", "size", "storageConfigId", "storagePath", "createdBy", "createdAt", "updatedAt")
             SELECT printf('bench-file-%08d', i), 'bf' || i, ${word} || '-' || i || '.txt', 'text/plain',
               1000 + i, ?7, 'bench/' || i || '.txt', ?6, ${at}, ${at} FROM n`,
            ...params,
            storage.id,
          );
        }
      }
      // The seed is one bulk write, as a restore or an import is: settled the way they are (statistics
      // taken), so that the lists are planned as on a server that grew to this size, where autovacuum
      // has taken them; straight after the seed Postgres counted the files in sets by reading them all.
      await settleAfterBulkWrite(db);
      console.log(
        `${database}: ${count(size)} pastes and file shares (seeded in ${ms(performance.now() - seedStarted)})`,
      );
      const middle = Math.floor(size / 2);
      for (const list of ["pastes", "files"] as const) {
        const idOf = (i: number) => `bench-${list === "pastes" ? "paste" : "file"}-${String(i).padStart(8, "0")}`;
        const cursor = encodeListCursor({ createdAt: createdAtOf(middle, total), id: idOf(middle) });
        const first = await timed(`/admin/${list}?limit=20`, QUERIES);
        if (first.total !== size) {
          throw new Error(`${database} ${list}: total ${first.total}, not ${size}`);
        }
        const deep = await timed(`/admin/${list}?limit=20&cursor=${cursor}`, QUERIES);
        const offsetPath =
          list === "pastes"
            ? `/admin/pastes?limit=20&page=${Math.floor(middle / 20) + 1}`
            : `/admin/files?limit=20&offset=${middle}`;
        const deepOffset = await timed(offsetPath, SLOW_QUERIES);
        const search = await timed(`/admin/${list}?limit=20&search=needleword`, SLOW_QUERIES);
        if (search.total !== Math.floor((size - 8) / 1000) + 1) {
          throw new Error(`${database} ${list}: the search found ${search.total}`);
        }
        const row = (what: string, figures: { p50: number; p95: number; cpuMs: number }, budget = false) => {
          lines.push({ database, rows: size, list, what, ...figures, budget });
          console.log(
            `${database} ${count(size)} ${list} ${what}: p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, app CPU ${ms(figures.cpuMs)}`,
          );
        };
        row("first page (limit 20)", first, true);
        row("deep page by cursor (the middle)", deep, true);
        row(`deep page by offset (the middle), ${SLOW_QUERIES} runs`, deepOffset);
        row(`search, 1 row in 1,000 matches, ${SLOW_QUERIES} runs`, search);
      }
      // What any request costs on this machine now: the floor under the figures above.
      const health = await timed("/health", QUERIES);
      lines.push({
        database,
        rows: size,
        list: "baseline",
        what: "GET /api/health, same run",
        ...health,
        budget: false,
      });
      const stats = await timed("/admin/dashboard/stats", QUERIES);
      lines.push({ database, rows: size, list: "dashboard", what: "stats", ...stats, budget: true });
      console.log(
        `${database} ${count(size)} stats: p50 ${ms(stats.p50)}, p95 ${ms(stats.p95)}; health p95 ${ms(health.p95)}`,
      );
    }
  } finally {
    await db.$disconnect();
    await server.stop();
  }
}

const lines: Line[] = [];
for (const database of DATABASES) await benchDatabase(database, lines);
console.log(`\nGET /api/admin/{pastes,files} and /api/admin/dashboard/stats, ${QUERIES} runs unless noted\n`);
console.log("| database | rows of each | list | what | p50 | p95 | app CPU a call | budget p95 < 20 ms |");
console.log("|---|---:|---|---|---:|---:|---:|---|");
for (const line of lines) {
  const verdict = line.budget ? (line.p95 < BUDGET_MS ? "met" : "NOT met") : "";
  console.log(
    `| ${line.database} | ${count(line.rows)} | ${line.list} | ${line.what} | ${ms(line.p50)} | ${ms(line.p95)} | ${ms(line.cpuMs)} | ${verdict} |`,
  );
}
console.log(`\n${machineLine(loadAtStart)}`);
