// Upgrading a database that holds API keys from before keyed hashes and unique names, on SQLite and
// Postgres: the migration marks the old rows legacy and renames repeated names, and every old key keeps
// working (docs/decisions/0005-api-key-hashes.md).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createDatabase, type Database, type DatabaseProvider } from "../../db/client";
import { migrateDatabase, migrateDatabaseInChildProcess, migrationsDirFor } from "../../db/migrate";
import { DATABASE_PROVIDERS, requirePostgresUrl, tempDir } from "../../test/harness";
import { hashApiKey, hashSecret, resolveAuth } from "./sessions";

const SECRET = "an-app-secret-that-is-long-enough-for-tests";
const KEYED_HASH_MIGRATION = "20261124190633_api_key_hmac_unique_name";

/** The provider's migrations as they were before keyed hashes, in a directory of their own. */
function migrationsBeforeKeyedHashes(provider: DatabaseProvider): string {
  const source = migrationsDirFor(provider);
  const target = tempDir(`migrations-${provider}`);
  copyFileSync(join(source, "migration_lock.toml"), join(target, "migration_lock.toml"));
  for (const name of readdirSync(source)) {
    if (name.includes("_") && name < KEYED_HASH_MIGRATION) {
      mkdirSync(join(target, name));
      cpSync(join(source, name), join(target, name), { recursive: true });
    }
  }
  return target;
}

/**
 * The SQLite upgrade in a child process, tried again while the child's engine finds the file locked
 * before it has applied anything (`initialize`, where it creates its table of migrations): in a full
 * test run the lock of this process's closed client was once still there 5 s later (the engine's busy
 * timeout). Nothing is half-applied at that step, so another try is the same upgrade.
 */
async function migrateInChildUntilUnlocked(url: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateDatabaseInChildProcess(url);
    } catch (error) {
      const busyAtStart =
        /SocketTimeout|SQLITE_BUSY|database is locked/.test(String(error)) && /initialize/.test(String(error));
      if (!busyAtStart || attempt >= 3) throw error;
      Bun.gc(true);
      await Bun.sleep(500);
    }
  }
}

describe.each(DATABASE_PROVIDERS)("API keys from before keyed hashes on %s", (provider) => {
  let db: Database;
  let url: string;
  let pgSchema: string | undefined;
  let dir: string;
  const ids: string[] = [];

  beforeAll(async () => {
    dir = tempDir("upgrade");
    url = provider === "sqlite" ? `file:${join(dir, "old.db")}` : requirePostgresUrl();
    pgSchema = provider === "postgres" ? `upgrade_${crypto.randomUUID().slice(0, 8)}` : undefined;
    const oldMigrations = migrationsBeforeKeyedHashes(provider);
    await migrateDatabase(url, { pgSchema, migrationsDir: oldMigrations });
    rmSync(oldMigrations, { recursive: true, force: true });
    db = createDatabase(url, { pgSchema });
    // Rows as the old code wrote them: plain SHA-256, and a name used twice. Raw SQL, because the
    // generated client knows the new columns.
    const now = new Date();
    for (const [index, [name, key]] of [
      ["backup", "pb_first_backup_key_0001"],
      ["backup", "pb_second_backup_key_002"],
      ["deploy", "deploy-key-16chars"],
    ].entries()) {
      const id = `0190a000-0000-7000-8000-00000000000${index}`;
      const table = pgSchema ? `"${pgSchema}"."ApiKey"` : `"ApiKey"`;
      const values = [id, name, hashSecret(key as string), (key as string).slice(0, 4), now, now];
      const slots = values.map((_, i) => (pgSchema ? `$${i + 1}` : "?")).join(", ");
      await db.$executeRawUnsafe(
        `INSERT INTO ${table} ("id", "name", "keyHash", "keyPrefix", "createdAt", "updatedAt") VALUES (${slots})`,
        ...values,
      );
      ids.push(id);
    }
    // The upgrade happens at the next start, with no connection open: on SQLite in a process of its
    // own, as the server runs it (in this process, right after writing through the adapter, the
    // wasm engine waited out its busy timeout on a lock this process still held, 3 runs in 5).
    await db.$disconnect();
    if (pgSchema) await migrateDatabase(url, { pgSchema });
    else await migrateInChildUntilUnlocked(url);
    db = createDatabase(url, { pgSchema });
  });
  afterAll(async () => {
    if (pgSchema) await db.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
    await db.$disconnect();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the migration keeps the oldest name, renames repeats, and marks the old hashes legacy", async () => {
    const rows = await db.apiKey.findMany({
      select: { id: true, name: true, legacyHash: true },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => row.legacyHash)).toEqual([true, true, true]);
    expect(rows.map((row) => row.name)).toEqual(["backup", `backup #${ids[1]?.slice(-8)}`, "deploy"]);
  });

  test("each old key still signs in, and its row then holds the keyed hash", async () => {
    for (const [index, key] of [
      "pb_first_backup_key_0001",
      "pb_second_backup_key_002",
      "deploy-key-16chars",
    ].entries()) {
      const { auth } = await resolveAuth(db, SECRET, `ApiKey ${key}`);
      expect(auth).toMatchObject({ type: "apikey", keyId: ids[index] });
      const row = await db.apiKey.findUniqueOrThrow({
        where: { id: ids[index] },
        select: { keyHash: true, legacyHash: true },
      });
      expect(row).toEqual({ keyHash: hashApiKey(SECRET, key), legacyHash: false });
    }
  });
});
