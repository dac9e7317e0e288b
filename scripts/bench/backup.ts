// Benchmark: a backup of an install holding BENCH_BACKUP_MB of local objects (docs/backup.md), three
// ways, each beside reading the same objects straight from disk in the same run: the admin's "create
// now" in the running server (POST /api/admin/backups, followed through GET /api/admin/backups/status),
// `bun run pastebox backup` beside it, and `bun run pastebox restore` of that archive into an empty data
// directory. Prints MiB/s and the peak RSS of the process doing the work (the server's growth for the
// first): a backup streams, so memory stays flat whatever the objects weigh.
// Run: bun run bench backup
//   BENCH_BACKUP_MB     the local objects' total size (default 1024)
//   BENCH_BACKUP_FILES  how many files they are cut into (default 64)
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminAuthorization, REPO_ROOT, startServerProcess } from "../test/server-process";
import { mib, rssOf, sampleRss } from "./kit/helpers";

const SIZE_MB = Number(process.env.BENCH_BACKUP_MB ?? 1024);
const FILES = Number(process.env.BENCH_BACKUP_FILES ?? 64);
const FILE_SIZE = Math.floor((SIZE_MB * 1024 * 1024) / FILES);
const CHUNK = 4 * 1024 * 1024;
const PASSPHRASE = "bench backup passphrase";
const password = "bench-admin-password";

const server = await startServerProcess({ env: { ADMIN_PASSWORD: password } });
const scratch = mkdtempSync(join(tmpdir(), "pastebox-bench-backup-"));
try {
  const base = server.baseUrl;
  const auth = { authorization: await adminAuthorization(base, password) };
  const json = { ...auth, "content-type": "application/json" };
  for (let index = 0; index < 20; index++) {
    await fetch(`${base}/api/paste`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ content: `bench paste ${index}\n`.repeat(50) }),
    });
  }

  // The objects, written chunk by chunk into the default local storage's folder.
  const folder = join(server.dataDir, "storage", "bench");
  mkdirSync(folder, { recursive: true });
  const chunk = crypto.getRandomValues(new Uint8Array(CHUNK));
  const paths: string[] = [];
  for (let index = 0; index < FILES; index++) {
    const path = join(folder, `file-${String(index).padStart(3, "0")}.bin`);
    const writer = Bun.file(path).writer();
    for (let written = 0; written < FILE_SIZE; written += CHUNK)
      writer.write(chunk.subarray(0, Math.min(CHUNK, FILE_SIZE - written)));
    await writer.end();
    paths.push(path);
  }

  const rows: string[] = [];
  const row = (label: string, bytes: number, seconds: number, memory: string) =>
    rows.push(`| ${label} | ${mib(bytes)} | ${(bytes / 1024 / 1024 / seconds).toFixed(1)} | ${memory} |`);

  // The floor: every object read straight from disk in this process.
  {
    const started = performance.now();
    let bytes = 0;
    for (const path of paths) {
      const reader = Bun.file(path).stream().getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.length;
    }
    row("objects read straight from disk", bytes, (performance.now() - started) / 1000, "-");
  }

  // 1. "Create now" in the running server.
  {
    const before = await (await fetch(`${base}/api/admin/backups/status`, { headers: auth })).json();
    const previous = before.data.last_run?.id ?? null;
    Bun.gc(true);
    const rss = sampleRss(server.pid);
    const started = performance.now();
    const created = await fetch(`${base}/api/admin/backups`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ passphrase: PASSPHRASE, include_objects: true }),
    });
    if (created.status !== 202) throw new Error(`create: ${created.status} ${await created.text()}`);
    let lastRun: { id: string; status: string; result: string | null } | null = null;
    while (!lastRun || lastRun.id === previous) {
      await Bun.sleep(200);
      lastRun = (await (await fetch(`${base}/api/admin/backups/status`, { headers: auth })).json()).data.last_run;
    }
    const seconds = (performance.now() - started) / 1000;
    const memory = rss.stop();
    if (lastRun.status !== "succeeded") throw new Error(`backup ${lastRun.status}: ${lastRun.result}`);
    const { bytes } = JSON.parse(lastRun.result ?? "{}") as { bytes: number };
    row(
      "server: POST /api/admin/backups",
      bytes,
      seconds,
      `server RSS ${mib(memory.baseline)} -> peak ${mib(memory.peak)} (+${mib(memory.growth)})`,
    );
  }

  /** Runs the CLI with the server's environment, sampling its RSS; answers its time and peak. */
  async function cli(args: string[], env: Record<string, string>) {
    const started = performance.now();
    const child = Bun.spawn([process.execPath, "run", "server/app/cli.ts", ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, PASTEBOX_BACKUP_PASSPHRASE: PASSPHRASE, ...env },
      stdout: "pipe",
      stderr: "pipe",
    });
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssOf(child.pid));
    }, 100);
    const code = await child.exited;
    clearInterval(timer);
    if (code !== 0) throw new Error(`pastebox ${args.join(" ")}: ${await new Response(child.stderr).text()}`);
    return { seconds: (performance.now() - started) / 1000, peak };
  }

  // 2. The CLI beside the running server, on the same install.
  const archive = join(scratch, "bench.tar");
  const backup = await cli(["backup", "--out", archive], { DATA_DIR: server.dataDir });
  const archiveBytes = statSync(archive).size;
  row("CLI: pastebox backup", archiveBytes, backup.seconds, `CLI peak RSS ${mib(backup.peak)}`);

  // 3. The CLI's restore into an empty data directory.
  const target = join(scratch, "restored");
  mkdirSync(target);
  const restore = await cli(["restore", archive], { DATA_DIR: target });
  row("CLI: pastebox restore (empty install)", archiveBytes, restore.seconds, `CLI peak RSS ${mib(restore.peak)}`);

  const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
  console.log(`An install with ${FILES} local objects, ${mib(FILE_SIZE * FILES)}, 20 pastes; load ${load}`);
  console.log("| run | archive bytes | MiB/s | memory |");
  console.log("|---|---:|---:|---|");
  for (const line of rows) console.log(line);
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
