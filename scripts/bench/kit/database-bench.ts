// What the benchmarks that fill a database and time the API share (search-index.ts, admin-lists.ts):
// a real server process on SQLite or on a throwaway Postgres, migrated before it starts, an admin
// session to call its JSON API, timing of repeated calls as percentiles, and the machine line that
// says how loaded the run was.

import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase } from "../../../server/db/migrate";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../../test/server-process";
import { startPostgres } from "../../test/services";

export type Figures = { p50: number; p95: number; p99: number };

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
export const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);
export const count = (value: number) => value.toLocaleString("en");
export const loadNow = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");

const clockTicks = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;

/**
 * CPU time (user and system) a process has used so far, in ms, from /proc: what its work cost, which
 * the load of a shared machine stretches much less than it stretches wall time.
 */
export function cpuMsOf(pid: number): number {
  const stat = Bun.spawnSync(["cat", `/proc/${pid}/stat`]).stdout.toString();
  // The fields after the command name, which may hold spaces, closed by its last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}

/** The closing line of a bench's output: the machine, the load at its start and end, the time. */
export function machineLine(loadAtStart: string): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}; load average ${loadAtStart} at the start, ${loadNow()} at the end; ${new Date().toISOString()}.`;
}

/** Runs `call` `times` times in a row; the percentiles of how long each took, and the last answer. */
export async function timeRuns<T>(times: number, call: (run: number) => Promise<T>): Promise<Figures & { last: T }> {
  const taken: number[] = [];
  let last: T | undefined;
  for (let run = 0; run < times; run++) {
    const at = performance.now();
    last = await call(run);
    taken.push(performance.now() - at);
  }
  taken.sort((a, b) => a - b);
  return {
    p50: percentile(taken, 0.5),
    p95: percentile(taken, 0.95),
    p99: percentile(taken, 0.99),
    last: last as T,
  };
}

export type BenchServer = {
  app: ServerProcess;
  databaseUrl: string;
  /** A JSON API call as the admin; throws on an error answer. Answers the whole envelope. */
  call<T = { data: unknown }>(method: string, path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
};

/**
 * A server process on `database` ("sqlite" or "postgres"), its database migrated first (on a loaded
 * machine a fresh server's migrations alone can outlast its start timeout), signed in as the admin.
 */
export async function startBenchServer(database: string): Promise<BenchServer> {
  const postgres = database === "postgres" ? await startPostgres() : null;
  const password = "bench-admin-password";
  const env: Record<string, string> = { ADMIN_PASSWORD: password };
  if (postgres) env.DATABASE_URL = postgres.url;
  const dataDir = mkdtempSync(join(tmpdir(), "pastebox-bench-"));
  const databaseUrl = postgres ? postgres.url : `file:${join(dataDir, "pastebox.db")}`;
  await migrateDatabase(databaseUrl);
  const app = await startServerProcess({ env, dataDir, startupTimeoutMs: 180_000 });
  const authorization = await adminAuthorization(app.baseUrl, password);
  return {
    app,
    databaseUrl,
    async call(method, path, body) {
      const response = await fetch(`${app.baseUrl}/api${path}`, {
        method,
        headers: { "content-type": "application/json", authorization },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok || answer.success === false) throw new Error(`${method} ${path}: ${answer.message}`);
      return answer;
    },
    async stop() {
      await app.stop();
      await postgres?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
