// Starts the real server as a child process on a free loopback port with a fresh data directory,
// waits until /api/health answers, and stops it (SIGTERM, then SIGKILL). Used by the end-to-end
// harness, the benchmarks and the hardening scripts: one way to run "the app, for real".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { findFreePort } from "./services";

export const REPO_ROOT = resolve(import.meta.dir, "../..");
const STARTUP_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export type ServerProcess = {
  baseUrl: string;
  port: number;
  dataDir: string;
  pid: number;
  /** Everything the server printed so far. */
  output(): string;
  /** Whether the process is still running. */
  isAlive(): boolean;
  /** SIGTERM (SIGKILL after 5 s), then removes the data directory unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** SIGKILL at once: a crash, for the crash-consistency checks. The data directory stays. */
  kill(): Promise<void>;
  /** Sends a signal and nothing else (the shutdown checks); the data directory stays. */
  signal(name: NodeJS.Signals): void;
  /** The exit code once the process has ended. */
  exited: Promise<number>;
};

async function collect(stream: ReadableStream<Uint8Array> | null | undefined, into: string[]) {
  if (!stream) return;
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    into.push(decoder.decode(chunk.value, { stream: true }));
  }
}

export type ServerProcessOptions = {
  /** Variables on top of this process's environment (DATABASE_URL is dropped unless given here). */
  env?: Record<string, string>;
  /** Reuse a data directory (a restart); a fresh temporary one otherwise. */
  dataDir?: string;
  port?: number;
  /** Extra arguments for bun before the entry file (e.g. --cpu-prof). */
  bunArgs?: string[];
  /** Another checkout to run the server from (a benchmark comparing two versions); this one by default. */
  root?: string;
  /** How long to wait for /api/health (default 30 s); a benchmark on a loaded machine may wait longer. */
  startupTimeoutMs?: number;
};

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "pastebox-server-"));
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...options.env,
  };
  // The child uses its own SQLite file, whatever database the calling shell points at.
  if (!options.env || !("DATABASE_URL" in options.env)) delete env.DATABASE_URL;
  if (!options.env || !("PUBLIC_URL" in options.env)) delete env.PUBLIC_URL;

  const output: string[] = [];
  const child = Bun.spawn([process.execPath, ...(options.bunArgs ?? []), "run", "server/main.ts"], {
    cwd: options.root ?? REPO_ROOT,
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  void collect(child.stdout, output);
  void collect(child.stderr, output);
  const isAlive = () => child.exitCode === null && child.signalCode === null;
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async ({ keepData = false } = {}) => {
    if (isAlive()) {
      child.kill("SIGTERM");
      const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(STOP_TIMEOUT_MS).then(() => false)]);
      if (!exited) {
        child.kill("SIGKILL");
        await child.exited;
      }
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (isAlive()) child.kill("SIGKILL");
    await child.exited;
  };
  const server: ServerProcess = {
    baseUrl,
    port,
    dataDir,
    pid: child.pid,
    output: () => output.join(""),
    isAlive,
    stop,
    kill,
    signal: (name) => child.kill(name),
    exited: child.exited,
  };

  const startupTimeoutMs = options.startupTimeoutMs ?? STARTUP_TIMEOUT_MS;
  const deadline = Date.now() + startupTimeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) {
      await stop({ keepData: Boolean(options.dataDir) });
      throw new Error(
        `server exited with ${child.exitCode ?? child.signalCode} before it was healthy:\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(100);
  }
  await stop({ keepData: Boolean(options.dataDir) });
  throw new Error(`server was not healthy within ${startupTimeoutMs} ms:\n${server.output()}`);
}

/** Logs in as the admin over REST and returns the Authorization header value. */
export async function adminAuthorization(baseUrl: string, password: string, username = "admin"): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`admin login failed with ${response.status}: ${await response.text()}`);
  return `Bearer ${((await response.json()) as { data: { token: string } }).data.token}`;
}
