// The `pastebox` CLI as a user runs it: a separate process on the install the environment names.
// A backup with a passphrase, restored into a fresh data directory, carries the secret and the data.
import { afterAll, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createDatabase } from "../db/client";
import { createApiClient, createApiKey, createPaste, loginAdmin } from "../test/api-client";
import { createTestApp, tempDir } from "../test/harness";

const root = join(import.meta.dir, "../..");

function pastebox(args: string[], env: Record<string, string>) {
  const result = Bun.spawnSync(["bun", "run", "server/app/cli.ts", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "silent", ...env },
  });
  return { code: result.exitCode, out: result.stdout.toString(), err: result.stderr.toString() };
}

const source = await createTestApp("sqlite");
afterAll(() => source.cleanup());

test("--help names every command", () => {
  const help = pastebox(["--help"], {});
  expect(help.code).toBe(0);
  for (const command of ["backup --out FILE", "restore FILE", "import-cloudpaste FILE"])
    expect(help.out).toContain(command);
});

test("backup and restore from the CLI move data and secret to a new install", async () => {
  const api = createApiClient(() => source.app);
  const admin = await loginAdmin(api);
  const key = await createApiKey(api, admin, { text_permission: true });
  await createPaste(api, admin, { content: "from the cli", slug: "cli-paste" });
  const dir = tempDir("cli");
  const archive = join(dir, "site.tar");
  const passphraseFile = join(dir, "pass");
  writeFileSync(passphraseFile, "a long passphrase\n");

  const backup = pastebox(["backup", "--out", archive, "--passphrase-file", passphraseFile], {
    DATA_DIR: source.config.dataDir,
    DATABASE_URL: source.config.databaseUrl,
    SECRET: source.config.secret,
  });
  expect(backup.out).toContain("Backup written");
  expect(backup.code).toBe(0);
  expect(existsSync(archive)).toBe(true);
  expect(existsSync(`${archive}.partial`)).toBe(false);

  const target = join(dir, "new-install");
  const refused = pastebox(["restore", archive], { DATA_DIR: target });
  expect(refused.code).toBe(1);
  expect(refused.err).toContain("passphrase");
  const restored = pastebox(["restore", archive, "--passphrase-file", passphraseFile], { DATA_DIR: target });
  expect(restored.code).toBe(0);
  expect(readFileSync(join(target, "secret.key"), "utf8").trim()).toBe(source.config.secret);
  expect(existsSync(join(target, "restore-in-progress.json"))).toBe(false);

  const again = pastebox(["restore", archive, "--passphrase-file", passphraseFile], { DATA_DIR: target });
  expect(again.code).toBe(1);
  expect(again.err).toContain("already has data");

  const db = createDatabase(`file:${join(target, "pastebox.db")}`);
  try {
    expect((await db.paste.findUnique({ where: { slug: "cli-paste" }, select: { content: true } }))?.content).toBe(
      "from the cli",
    );
    expect(await db.apiKey.count({ where: { id: key.id } })).toBe(1);
  } finally {
    await db.$disconnect();
  }
});

test("import-cloudpaste --dry-run prints what it would do and writes nothing", async () => {
  const fixture = join(import.meta.dir, "../services/backup/cloudpaste/fixtures/cloudpaste-1.9.1-modules.json");
  const env = {
    DATA_DIR: source.config.dataDir,
    DATABASE_URL: source.config.databaseUrl,
    SECRET: source.config.secret,
  };
  const dry = pastebox(["import-cloudpaste", fixture, "--dry-run"], env);
  expect(dry.code).toBe(0);
  expect(dry.out).toContain("would import: paste team-notes");
  expect(dry.out).toContain("would skip: apiKey guest");
  expect(dry.out).toContain("Dry run: nothing was written.");
  expect(await source.db.paste.count({ where: { slug: "team-notes" } })).toBe(0);
  const bad = pastebox(["import-cloudpaste", join(import.meta.dir, "../..", "package.json")], env);
  expect(bad.code).toBe(1);
  expect(bad.err).toContain("not a CloudPaste backup");
});
