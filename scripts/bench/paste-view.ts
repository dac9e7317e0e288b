// Benchmark: counted paste views. Measures requests per second and p50/p99 latency of
// GET /api/raw/{slug} and GET /api/paste/{slug} (unlimited views, so each request writes a view) at
// 64 connections with wrk, side by side with a bare Bun + bun:sqlite server doing the same work
// (scripts/bench/bare-paste-server.ts), in rounds, and prints the ratios and the idle RSS beside their
// budgets (docs/performance.md). A second app process with METRICS_TOKEN set serves the raw route in
// the same rounds: its ratio to the app without metrics is the cost of /metrics' counting (budget:
// under 5%, docs/deploy.md "Metrics"). Run: bun run bench paste-view   (BENCH_DURATION=10s BENCH_ROUNDS=3; BENCH_CPU_PROF=dir
// writes the app's CPU profile there, with a Markdown summary)
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { findFreePort } from "../test/services";
import { mib, rssOf, waitFor } from "./helpers";
import { runWrk, WRK_CONNECTIONS, type WrkResult } from "./wrk";

const DURATION = process.env.BENCH_DURATION ?? "10s";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_RSS_BUDGET = 80 * 1024 * 1024;
const CONTENT = "# Benchmark paste\n\nSome *Markdown* text of a typical size.\n".repeat(20);

const dir = mkdtempSync(join(tmpdir(), "pastebox-bench-"));
const barePort = await findFreePort();
const password = "bench-admin-password";
const app = await startServerProcess({
  env: { ADMIN_PASSWORD: password },
  bunArgs: process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [],
});
const METRICS_TOKEN = "bench-metrics-token-0123456789";
const METRICS_COST_BUDGET = 0.05;
const measuredApp = await startServerProcess({ env: { ADMIN_PASSWORD: password, METRICS_TOKEN } });
const bare = Bun.spawn(
  [process.execPath, "scripts/bench/bare-paste-server.ts", join(dir, "bare.db"), String(barePort)],
  {
    env: { ...process.env, BENCH_CONTENT: CONTENT },
    stdout: "ignore",
    stderr: "inherit",
  },
);

try {
  const base = app.baseUrl;
  await waitFor(`http://127.0.0.1:${barePort}/raw/bench`);
  // Idle: started, nothing asked of it yet but the health check.
  await Bun.sleep(2_000);
  const idleRss = { app: rssOf(app.pid), bare: rssOf(bare.pid) };
  for (const server of [base, measuredApp.baseUrl]) {
    const created = await fetch(`${server}/api/paste`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: await adminAuthorization(server, password) },
      body: JSON.stringify({ content: CONTENT, slug: "bench", max_views: 0 }),
    });
    if (created.status !== 201) throw new Error(`could not create the paste: ${await created.text()}`);
  }

  // Warm-up so that JIT and caches settle before measuring.
  const measuredRaw = `${measuredApp.baseUrl}/api/raw/bench`;
  for (const url of [`${base}/api/raw/bench`, measuredRaw, `http://127.0.0.1:${barePort}/raw/bench`]) {
    await Promise.all(Array.from({ length: 200 }, () => fetch(url).then((r) => r.arrayBuffer())));
  }
  // Rounds of bare, raw, JSON back to back: on a shared machine the load moves between rounds, and a
  // ratio is only meaningful between runs that met the same load.
  const targets = [
    { name: "bare Bun + bun:sqlite /raw/{slug}", short: "bare", url: `http://127.0.0.1:${barePort}/raw/bench` },
    { name: "app GET /api/raw/{slug}", short: "raw", url: `${base}/api/raw/bench`, minRatio: 0.7, maxP99Ms: 20 },
    { name: "app GET /api/paste/{slug}", short: "JSON", url: `${base}/api/paste/bench`, minRatio: 0.6 },
    { name: "app with METRICS_TOKEN, GET /api/raw/{slug}", short: "raw+metrics", url: measuredRaw },
  ];
  const rounds = targets.map(() => [] as (WrkResult & { ratio: number })[]);
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(" ");
  console.log(`\nload average at start: ${load()}`);
  for (let round = 0; round < ROUNDS; round++) {
    const results = targets.map((target) => runWrk(target.url, DURATION));
    const bareRps = results[0]?.rps || 1;
    results.forEach((result, i) => {
      rounds[i]?.push({ ...result, ratio: result.rps / bareRps });
    });
    // Every round, so that a reader sees the spread and not only the medians.
    console.log(
      `round ${round + 1}: ${results.map((r, i) => `${targets[i]?.short} ${r.rps.toFixed(0)}/s p99 ${r.p99}${i === 0 ? "" : ` (${(r.rps / bareRps).toFixed(2)}x)`}`).join(", ")}; load ${load()}`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(
    `\nCounted paste views, ${WRK_CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} per server (wrk), same machine, same run:\n`,
  );
  console.log("| server | req/s (median) | p99 (median) | errors | vs bare (median, range) | budget |");
  console.log("|---|---:|---:|---:|---:|---|");
  targets.forEach((target, i) => {
    const runs = rounds[i] ?? [];
    const ratios = runs.map((r) => r.ratio);
    const p99 = median(runs.map((r) => r.p99Ms));
    const budget =
      target.minRatio === undefined
        ? ""
        : `>= ${target.minRatio}x${target.maxP99Ms ? `, p99 < ${target.maxP99Ms} ms` : ""}: ${
            median(ratios) >= target.minRatio && (!target.maxP99Ms || p99 < target.maxP99Ms) ? "met" : "NOT met"
          }`;
    console.log(
      `| ${target.name} | ${median(runs.map((r) => r.rps)).toFixed(0)} | ${p99.toFixed(1)} ms | ${runs.reduce((sum, r) => sum + r.errors, 0)} | ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}) | ${budget} |`,
    );
  });
  // Per round, the app with metrics against the app without, measured minutes apart at most.
  const costs = (rounds[3] ?? []).map((run, i) => 1 - run.rps / (rounds[1]?.[i]?.rps || 1));
  const cost = median(costs);
  const scraped = await fetch(`${measuredApp.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const countedViews = /^pastebox_counted_views_total (\d+)/m.exec(await scraped.text())?.[1];
  console.log(
    `\nMetrics on (METRICS_TOKEN set) cost on the raw counted-view route: ${(cost * 100).toFixed(1)}% of throughput, median of ${costs.length} rounds (${costs.map((c) => `${(c * 100).toFixed(1)}%`).join(", ")}; budget < ${METRICS_COST_BUDGET * 100}%: ${cost < METRICS_COST_BUDGET ? "met" : "NOT met"}); /metrics counted ${countedViews ?? "no"} views`,
  );
  console.log(
    `\nIdle RSS after start: app ${mib(idleRss.app)}, bare ${mib(idleRss.bare)} (budget for the app <= ${mib(IDLE_RSS_BUDGET)}: ${idleRss.app <= IDLE_RSS_BUDGET ? "met" : "NOT met"})`,
  );
  const views = await (await fetch(`${base}/api/raw/bench`)).text();
  if (views !== CONTENT) throw new Error("the app answered different content after the run");
} finally {
  bare.kill();
  await Promise.all([app.stop(), measuredApp.stop(), bare.exited]);
  rmSync(dir, { recursive: true, force: true });
}
