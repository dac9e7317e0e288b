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
import { runWrk, WRK_CONNECTIONS } from "./wrk";

const DURATION = process.env.BENCH_DURATION ?? "10s";
const CONTENT = "# Benchmark paste\n\nSome *Markdown* text of a typical size.\n".repeat(20);

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
    { name: "bare Bun + bun:sqlite /raw/{slug}", ...runWrk(`http://127.0.0.1:${barePort}/raw/bench`, DURATION) },
    { name: "app GET /api/raw/{slug}", ...runWrk(`${base}/api/raw/bench`, DURATION) },
    { name: "app GET /api/paste/{slug}", ...runWrk(`${base}/api/paste/bench`, DURATION) },
  ];
  const baseline = results[0]?.rps ?? 1;
  console.log(
    `\nCounted paste views, ${WRK_CONNECTIONS} connections, ${DURATION} each (wrk), same machine, same run:\n`,
  );
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
