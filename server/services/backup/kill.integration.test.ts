// A backup or a restore killed with SIGKILL, as a crash or an impatient operator would (docs/backup.md):
// a killed backup leaves no file that looks like a finished archive, only its `.partial`, which a restore
// refuses; a killed restore leaves its marker, a server started on that install says the restore did not
// finish, and running the restore again with --force completes it. Both databases; the CLI runs as the
// separate process a user starts.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startServerProcess } from "../../../scripts/test/server-process";
import { createApiClient, createPaste, loginAdmin } from "../../test/api-client";
import { createTestApp, DATABASE_PROVIDERS, processDatabaseUrl, type TestApp, tempDir } from "../../test/harness";
import { RESTORE_MARKER } from "./restore-marker";

const ROOT = join(import.meta.dir, "../../..");
const PASSPHRASE = "a long kill passphrase";
/** Enough local objects that the backup and the restore each take a while to write. */
const OBJECT_COUNT = 24;
const OBJECT_BYTES = 8 * 1024 * 1024;

function startCli(args: string[], env: Record<string, string>) {
  return Bun.spawn(["bun", "run", "server/app/cli.ts", ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      LOG_LEVEL: "silent",
      PASTEBOX_BACKUP_PASSPHRASE: PASSPHRASE,
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
}

/** Waits for `condition` while `child` runs; an exit before it is a failure with what the child said. */
async function waitWhileRunning(child: ReturnType<typeof startCli>, condition: () => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (child.exitCode !== null) {
      const said = `${await new Response(child.stdout).text()}${await new Response(child.stderr).text()}`;
      throw new Error(`the CLI exited (${child.exitCode}) before ${what}: ${said}`);
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.cleanup();
});

describe.each(DATABASE_PROVIDERS)("a backup or a restore killed on %s", (provider) => {
  test("a killed backup looks unfinished; a killed restore is reported on start and finished by --force", async () => {
    const source = await createTestApp(provider);
    apps.push(source);
    const api = createApiClient(() => source.app);
    const admin = await loginAdmin(api);
    await createPaste(api, admin, { content: "kept through a crash", slug: "crash-paste" });
    const folder = join(source.config.dataDir, "storage", "bulk");
    mkdirSync(folder, { recursive: true });
    const body = crypto.getRandomValues(new Uint8Array(OBJECT_BYTES));
    for (let index = 0; index < OBJECT_COUNT; index++) writeFileSync(join(folder, `object-${index}.bin`), body);
    const sourceEnv = {
      DATA_DIR: source.config.dataDir,
      DATABASE_URL: processDatabaseUrl(source),
      SECRET: source.config.secret,
    };
    const dir = tempDir("kill");
    const archive = join(dir, "site.tar");

    // 1. Killed while it writes: only the `.partial` is there, and it is not a backup a restore takes.
    const killedBackup = startCli(["backup", "--out", archive], sourceEnv);
    await waitWhileRunning(
      killedBackup,
      () => existsSync(`${archive}.partial`) && statSync(`${archive}.partial`).size > OBJECT_BYTES,
      "the backup to be under way",
    );
    killedBackup.kill("SIGKILL");
    await killedBackup.exited;
    expect(existsSync(archive)).toBe(false);
    expect(readdirSync(dir)).toEqual(["site.tar.partial"]);
    const emptyInstall = join(dir, "never-restored");
    const refused = startCli(["restore", `${archive}.partial`], { DATA_DIR: emptyInstall });
    expect(await refused.exited).toBe(1);
    expect(await new Response(refused.stderr).text()).toContain("incomplete");

    // A backup run to the end is whole.
    const finished = startCli(["backup", "--out", archive], sourceEnv);
    expect(await finished.exited).toBe(0);
    expect(existsSync(archive)).toBe(true);

    // 2. A restore killed half-way into an empty install: on SQLite a data directory of its own (the
    // CLI makes the database file), on Postgres an empty schema.
    const targetDir = tempDir("kill-target");
    const targetEnv: Record<string, string> = { DATA_DIR: targetDir };
    if (provider === "postgres") {
      const target = await createTestApp(provider);
      apps.push(target);
      targetEnv.DATABASE_URL = processDatabaseUrl(target);
    }
    const killedRestore = startCli(["restore", archive], targetEnv);
    await waitWhileRunning(killedRestore, () => existsSync(join(targetDir, RESTORE_MARKER)), "the restore to start");
    killedRestore.kill("SIGKILL");
    await killedRestore.exited;
    expect(existsSync(join(targetDir, RESTORE_MARKER))).toBe(true);

    // The install starts and says so.
    const server = await startServerProcess({
      dataDir: targetDir,
      env: targetEnv,
    });
    try {
      expect(server.output()).toContain("A restore did not finish");
    } finally {
      await server.stop({ keepData: true });
    }

    // Running it again finishes it: every row and object is there, and the marker is gone.
    const again = startCli(["restore", archive, "--force"], targetEnv);
    const code = await again.exited;
    expect({ code, err: await new Response(again.stderr).text() }).toEqual({ code: 0, err: "" });
    expect(existsSync(join(targetDir, RESTORE_MARKER))).toBe(false);
    const restoredFolder = join(targetDir, "storage", "bulk");
    expect(readdirSync(restoredFolder)).toHaveLength(OBJECT_COUNT);
    for (const name of readdirSync(restoredFolder))
      expect(statSync(join(restoredFolder, name)).size).toBe(OBJECT_BYTES);
    const restored = await startServerProcess({
      dataDir: targetDir,
      env: targetEnv,
    });
    try {
      expect(restored.output()).not.toContain("A restore did not finish");
      const paste = await fetch(`${restored.baseUrl}/api/raw/crash-paste`);
      expect(await paste.text()).toBe("kept through a crash");
    } finally {
      await restored.stop({ keepData: true });
    }
  }, 240_000);
});
