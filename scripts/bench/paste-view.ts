// Benchmark: counted paste views. Measures requests per second and p50/p99 latency of
// GET /api/raw/{slug} and GET /api/paste/{slug} (unlimited views, so each request writes a view) at
// 64 connections with wrk, side by side with a bare Bun + bun:sqlite server doing the same work
// (scripts/bench/bare-paste-server.ts), and prints the ratio. Run: bun run bench paste-view
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { findFreePort } from "../test/services";
import { waitFor } from "./helpers";

const DURATION = process.env.BENCH_DURATION ?? "10s";
const CONNECTIONS = 64;
const CONTENT = "# Benchmark paste\n\nSome *Markdown* text of a typical size.\n".repeat(20);

type Result = { name: string; rps: number; p50: string; p99: string; errors: number };

function runWrk(name: string, url: string): Result {
  const out = Bun.spawnSync(["wrk", "-t2", `-c${CONNECTIONS}`, `-d${DURATION}`, "--latency", url]);
  const text = out.stdout.toString();
  if (out.exitCode !== 0) throw new Error(`wrk failed: ${out.stderr.toString()}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0);
  const p50 = /\s50%\s+(\S+)/.exec(text)?.[1] ?? "?";
  const p99 = /\s99%\s+(\S+)/.exec(text)?.[1] ?? "?";
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { name, rps, p50, p99, errors };
}

if (!Bun.which("wrk")) throw new Error("wrk is needed: apt-get install -y wrk");
const dir = mkdtempSync(join(tmpdir(), "pastebox-bench-"));
const barePort = await findFreePort();
const password = "bench-admin-password";
const app = await startServerProcess({ env: { ADMIN_PASSWORD: password } });
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
  const created = await fetch(`${base}/api/paste`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: await adminAuthorization(base, password) },
    body: JSON.stringify({ content: CONTENT, slug: "bench", max_views: 0 }),
  });
  if (created.status !== 201) throw new Error(`could not create the paste: ${await created.text()}`);

  // Warm-up so that JIT and caches settle before measuring.
  for (const url of [`${base}/api/raw/bench`, `http://127.0.0.1:${barePort}/raw/bench`]) {
    await Promise.all(Array.from({ length: 200 }, () => fetch(url).then((r) => r.arrayBuffer())));
  }
  const results = [
    runWrk("bare Bun + bun:sqlite /raw/{slug}", `http://127.0.0.1:${barePort}/raw/bench`),
    runWrk("app GET /api/raw/{slug}", `${base}/api/raw/bench`),
    runWrk("app GET /api/paste/{slug}", `${base}/api/paste/bench`),
  ];
  const baseline = results[0]?.rps ?? 1;
  console.log(`\nCounted paste views, ${CONNECTIONS} connections, ${DURATION} each (wrk), same machine, same run:\n`);
  console.log("| server | req/s | p50 | p99 | errors | vs bare |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.rps / baseline).toFixed(2)} |`,
    );
  }
  const views = await (await fetch(`${base}/api/raw/bench`)).text();
  if (views !== CONTENT) throw new Error("the app answered different content after the run");
} finally {
  bare.kill();
  await Promise.all([app.stop(), bare.exited]);
  rmSync(dir, { recursive: true, force: true });
}
