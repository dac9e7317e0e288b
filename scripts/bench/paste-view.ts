// Benchmark: counted paste views. Measures requests per second and p50/p99 latency of
// GET /api/raw/{slug} and GET /api/paste/{slug} (unlimited views, so each request writes a view) at
// 64 connections with wrk, side by side with a bare Bun + bun:sqlite server doing the same work
// (scripts/bench/kit/bare-paste-server.ts), in rounds, and prints the ratios and the idle RSS beside their
// budgets (docs/performance.md). The cost of /metrics' counting (budget: under 5%, docs/deploy.md
// "Metrics") is measured in pairs: in each round the app and a second app process with METRICS_TOKEN
// set are loaded AT THE SAME MOMENT, so that whatever else the shared machine does falls on both, and
// the pair is read two ways: throughput, and the server's CPU time per view (every thread, from /proc). Run: bun run bench paste-view   (BENCH_DURATION=10s BENCH_ROUNDS=3; BENCH_CPU_PROF=dir
// writes the app's CPU profile there, with a Markdown summary)
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { CountedPaste } from "../../server/db/view-counter/view-counter";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { findFreePort } from "../test/services";
import { cpuSecondsOf, mib, rssOf, waitFor } from "./kit/helpers";
import { runWrk, runWrkAsync, WRK_CONNECTIONS, type WrkResult } from "./kit/wrk";

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
  [process.execPath, "scripts/bench/kit/bare-paste-server.ts", join(dir, "bare.db"), String(barePort)],
  {
    env: { ...process.env, BENCH_CONTENT: CONTENT },
    stdout: "ignore",
    stderr: "inherit",
  },
);

type Loaded = WrkResult & { cpuPerView: number };

/** One wrk run against a server process, with the CPU time the process spent on it per request. */
async function loadedAtOnce(url: string, pid: number): Promise<Loaded> {
  const before = cpuSecondsOf(pid);
  const result = await runWrkAsync(url, DURATION);
  return { ...result, cpuPerView: (cpuSecondsOf(pid) - before) / (result.requests || 1) };
}

/** CPU per view of the metrics' request hook and view tally, over many calls in this process. */
async function metricsWorkPerView(): Promise<number> {
  const { createMetrics } = await import("../../server/services/system/metrics");
  const metrics = await createMetrics(METRICS_TOKEN, {
    clipboardConnections: () => 0,
    reads: { taskCounts: async () => [] },
  });
  const counted = { slug: "bench" } as unknown as CountedPaste;
  const counter = metrics.countingViews({
    count: async () => counted,
    settled: async () => {},
    close: async () => {},
  });
  const request = new Request("http://127.0.0.1/api/raw/bench");
  const calls = 200_000;
  const costs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i++) {
      const answered = metrics.startRequest(request, "/api/raw/bench");
      await counter.count("bench", new Date());
      answered(200);
    }
    const used = process.cpuUsage(before);
    costs.push((used.user + used.system) / 1e6 / calls);
  }
  return Math.min(...costs);
}

/** CPU seconds a process uses per second while nobody asks anything of it. */
async function cpuPerSecondAtRest(pid: number): Promise<number> {
  const before = cpuSecondsOf(pid);
  await Bun.sleep(5_000);
  return (cpuSecondsOf(pid) - before) / 5;
}

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
    {
      name: "app GET /api/raw/{slug}",
      short: "raw",
      url: `${base}/api/raw/bench`,
      pid: app.pid,
      minRatio: 0.7,
      maxP99Ms: 20,
    },
    { name: "app GET /api/paste/{slug}", short: "JSON", url: `${base}/api/paste/bench`, minRatio: 0.6 },
  ];
  const rounds = targets.map(() => [] as (WrkResult & { ratio: number })[]);
  const pairs: { without: Loaded; with: Loaded }[] = [];
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
    const [without, withMetrics] = await Promise.all([
      loadedAtOnce(`${base}/api/raw/bench`, app.pid),
      loadedAtOnce(measuredRaw, measuredApp.pid),
    ]);
    pairs.push({ without, with: withMetrics });
    // Every round, so that a reader sees the spread and not only the medians.
    console.log(
      `round ${round + 1}: ${results.map((r, i) => `${targets[i]?.short} ${r.rps.toFixed(0)}/s p99 ${r.p99}${i === 0 ? "" : ` (${(r.rps / bareRps).toFixed(2)}x)`}`).join(", ")}; side by side: raw ${without.rps.toFixed(0)}/s, raw+metrics ${withMetrics.rps.toFixed(0)}/s; load ${load()}`,
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
  // Per round, the app with metrics against the app without, loaded side by side.
  const costs = pairs.map((pair) => 1 - pair.with.rps / (pair.without.rps || 1));
  const cpuCosts = pairs.map((pair) => pair.with.cpuPerView / (pair.without.cpuPerView || 1) - 1);
  const scraped = await fetch(`${measuredApp.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const countedViews = /^pastebox_counted_views_total (\d+)/m.exec(await scraped.text())?.[1];
  const percents = (values: number[]) => values.map((c) => `${(c * 100).toFixed(1)}%`).join(", ");
  const verdict = (value: number) => (value < METRICS_COST_BUDGET ? "met" : "NOT met");
  const us = (seconds: number) => `${(seconds * 1e6).toFixed(1)} us`;
  console.log(
    `\nMetrics on (METRICS_TOKEN set), the raw counted-view route, both apps loaded at once (${ROUNDS} rounds; budget < ${METRICS_COST_BUDGET * 100}%):`,
  );
  console.log(
    `- throughput: ${(median(costs) * 100).toFixed(1)}% less, median (${percents(costs)}): ${verdict(median(costs))}`,
  );
  console.log(
    `- server CPU per view: without ${us(median(pairs.map((p) => p.without.cpuPerView)))}, with ${us(median(pairs.map((p) => p.with.cpuPerView)))}: ${(median(cpuCosts) * 100).toFixed(1)}% more, median (${percents(cpuCosts)}): ${verdict(median(cpuCosts))}`,
  );
  console.log(`- /metrics counted ${countedViews ?? "no"} views`);
  // The same cost measured where load cannot blur it: metrics' own work per view in this process (the
  // request hook and the view tally, with a counter that does nothing else), and each process's CPU at
  // rest (the timers prom-client's defaults keep), set beside the CPU a counted view takes.
  const perView = await metricsWorkPerView();
  const idle = await Promise.all([app.pid, measuredApp.pid].map((pid) => cpuPerSecondAtRest(pid)));
  const viewCpu = median(pairs.map((p) => p.without.cpuPerView));
  console.log(
    `- metrics' own work per view, in process: ${us(perView)} = ${((perView / viewCpu) * 100).toFixed(1)}% of a view's ${us(viewCpu)}; at rest the app uses ${((idle[0] ?? 0) * 1000).toFixed(1)} ms of CPU a second without metrics and ${((idle[1] ?? 0) * 1000).toFixed(1)} ms with`,
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
