// The migration that gave mounts a stored folder and storage configs a share folder
// (docs/decisions/0007-share-folder-and-mount-folders.md): existing mounts must keep showing what they
// showed, <default folder>/<mount path>, and existing configs keep new shares under their default
// folder. Rows are written before the migration, on SQLite and on Postgres, then read back after it.
import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { tempDir } from "../test/harness";
import { type MigrationProvider, migrateDatabase, migrationsDirFor } from "./migrate";

const MIGRATION = "20261124190807_mount_folder_share_folder";
const postgresUrl = process.env.TEST_POSTGRES_URL;
const providers: MigrationProvider[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** The provider's migrations that came before this one. */
function migrationsBefore(provider: MigrationProvider): string {
  const source = migrationsDirFor(provider);
  const target = tempDir(`migrations-${provider}`);
  mkdirSync(target, { recursive: true });
  cpSync(join(source, "migration_lock.toml"), join(target, "migration_lock.toml"));
  for (const name of readdirSync(source)) {
    if (name < MIGRATION && name !== "migration_lock.toml")
      cpSync(join(source, name), join(target, name), { recursive: true });
  }
  cleanups.push(() => rmSync(target, { recursive: true, force: true }));
  return target;
}

type Sql = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

async function openDatabase(provider: MigrationProvider) {
  if (provider === "sqlite") {
    const dir = tempDir("mount-folder-migration");
    const file = join(dir, "db.sqlite");
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const sql: Sql = async (text, values = []) => {
      const { Database } = await import("bun:sqlite");
      const db = new Database(file);
      try {
        return db.query(text.replace(/\$(\d+)/g, "?$1")).all(...(values as never[])) as Record<string, unknown>[];
      } finally {
        db.close();
      }
    };
    return { url: `file:${file}`, options: {}, sql };
  }
  const pgSchema = `mount_folder_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  cleanups.push(async () => {
    await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
    await client.end();
  });
  const sql: Sql = async (text, values = []) => {
    await client.query(`SET search_path TO "${pgSchema}"`);
    return (await client.query(text, values)).rows;
  };
  return { url: postgresUrl as string, options: { pgSchema }, sql };
}

describe.each(providers)("the mount-folder migration on %s", (provider) => {
  test("existing mounts keep their folder; existing configs keep shares under their default folder", async () => {
    const database = await openDatabase(provider);
    await migrateDatabase(database.url, { ...database.options, migrationsDir: migrationsBefore(provider) });
    const now = new Date().toISOString();
    const insertConfig = `INSERT INTO "StorageConfig" ("id", "name", "providerType", "defaultFolder", "createdBy", "updatedAt") VALUES ($1, $2, 'local', $3, 'test', $4)`;
    await database.sql(insertConfig, ["plain", "Plain", "", now]);
    await database.sql(insertConfig, ["nested", "Nested", "team/files", now]);
    const insertMount = `INSERT INTO "Mount" ("id", "name", "mountPath", "storageType", "storageConfigId", "createdBy", "updatedAt") VALUES ($1, $1, $2, 'local', $3, 'test', $4)`;
    await database.sql(insertMount, ["docs", "/docs", "plain", now]);
    await database.sql(insertMount, ["deep", "/team/a", "plain", now]);
    await database.sql(insertMount, ["inner", "/docs/inner", "nested", now]);

    const { applied } = await migrateDatabase(database.url, database.options);
    expect(applied).toContain(MIGRATION);

    const mounts = await database.sql(`SELECT "id", "folder" FROM "Mount" ORDER BY "id"`);
    expect(mounts).toEqual([
      { id: "deep", folder: "team/a" },
      { id: "docs", folder: "docs" },
      { id: "inner", folder: "team/files/docs/inner" },
    ]);
    const configs = await database.sql(`SELECT "id", "shareFolder" FROM "StorageConfig" ORDER BY "id"`);
    expect(configs).toEqual([
      { id: "nested", shareFolder: "team/files/shares" },
      { id: "plain", shareFolder: "shares" },
    ]);
  });
});
