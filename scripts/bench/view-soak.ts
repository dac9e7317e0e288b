// Soak of counted views (docs/security.md, the WAL row): GET /api/paste/{slug} at full speed (wrk, 64 connections)
// until SOAK_VIEWS views (2 million) have been counted, in windows of SOAK_WINDOW seconds (60). After each
// window it prints the views so far, the window's requests per second and p99, the SQLite WAL's size
// and the server's RSS. Fails if the WAL ever reaches 64 MiB or the last window's throughput falls
// below 70 % of the first's (an unbounded WAL used to cut it 2.5x). Not in the test command.
//   bun run bench view-soak     (SOAK_VIEWS=2000000 SOAK_WINDOW=60)
import { statSync } from "node:fs";
import { join } from "node:path";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { mib, rssOf } from "./kit/helpers";
import { runWrk } from "./kit/wrk";

const VIEWS = Number(process.env.SOAK_VIEWS ?? 2_000_000);
const WINDOW_SECONDS = Number(process.env.SOAK_WINDOW ?? 60);
const WAL_BUDGET_BYTES = 64 * 1024 * 1024;
const FLAT_THROUGHPUT = 0.7;
const PASSWORD = "view-soak-admin-password";

const server = await startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD } });
let failed = false;
try {
  const base = server.baseUrl;
  const created = await fetch(`${base}/api/paste`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: await adminAuthorization(base, PASSWORD) },
    body: JSON.stringify({ content: "# Soak\n\nSome *Markdown* text.\n".repeat(40), slug: "soak", max_views: 0 }),
  });
  if (created.status !== 201) throw new Error(`could not create the paste: ${await created.text()}`);
  const walPath = join(server.dataDir, "pastebox.db-wal");
  const walSize = () => {
    try {
      return statSync(walPath).size;
    } catch {
      return 0;
    }
  };

  console.log(
    `Counted views of GET /api/paste/{slug} until ${VIEWS.toLocaleString("en")}, ${WINDOW_SECONDS} s windows:\n`,
  );
  console.log("| after | views so far | req/s | p99 | errors | WAL | RSS |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  const windows: { rps: number; wal: number }[] = [];
  let views = 0;
  while (views < VIEWS) {
    const result = runWrk(`${base}/api/paste/soak`, `${WINDOW_SECONDS}s`);
    views += result.requests;
    const wal = walSize();
    windows.push({ rps: result.rps, wal });
    console.log(
      `| ${windows.length * WINDOW_SECONDS} s | ${views.toLocaleString("en")} | ${result.rps.toFixed(0)} | ${result.p99} | ${result.errors} | ${mib(wal)} | ${mib(rssOf(server.pid))} |`,
    );
    if (result.errors > 0) {
      console.error(`FAIL ${result.errors} requests failed`);
      failed = true;
    }
  }
  const answer = (await (await fetch(`${base}/api/paste/soak`)).json()) as { data: { views: number } };
  const largestWal = Math.max(...windows.map((w) => w.wal));
  const first = windows[0]?.rps ?? 0;
  const last = windows[windows.length - 1]?.rps ?? 0;
  console.log(
    `\n${answer.data.views.toLocaleString("en")} views counted; largest WAL ${mib(largestWal)} (budget ${mib(WAL_BUDGET_BYTES)}); ` +
      `last window ${((last / first) * 100).toFixed(0)} % of the first's throughput (budget >= ${FLAT_THROUGHPUT * 100} %)`,
  );
  if (largestWal >= WAL_BUDGET_BYTES) {
    console.error(`FAIL the WAL reached ${mib(largestWal)}`);
    failed = true;
  }
  if (windows.length > 1 && last < first * FLAT_THROUGHPUT) {
    console.error(`FAIL throughput fell from ${first.toFixed(0)} to ${last.toFixed(0)} req/s`);
    failed = true;
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
