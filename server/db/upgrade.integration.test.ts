// Upgrades proven: a database left at every earlier migration step (SQLite and Postgres), holding a
// paste and a file share written with that step's schema, is opened by today's server process, which
// migrates it at start, serves both intact and reports the newest schema level (docs/deploy.md).
import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { callOk, createScratchDatabase, patternBytes, sameBytes } from "../../scripts/hardening/kit";
import { adminAuthorization, startServerProcess } from "../../scripts/test/server-process";
import { pasteSummaryColumns } from "../services/pastes/paste-summary";
import { tempDir } from "../test/harness";
import { type MigrationProvider, migrateDatabase, migrationsDirFor, schemaLevelOf } from "./migrate";

const postgresUrl = process.env.TEST_POSTGRES_URL;
const providers: MigrationProvider[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
const PASSWORD = "upgrade-test-password";
const cleanups: (() => Promise<void> | void)[] = [];

// One scratch database and folder per migration step and provider (about 50): dropping them took over
// 30 s on a loaded 2-core machine.
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
}, 120_000);

/** Every migration of the provider, oldest first. */
function migrationNames(provider: MigrationProvider): string[] {
  return readdirSync(migrationsDirFor(provider), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A migrations folder holding the provider's first `count` migrations. */
function firstMigrations(provider: MigrationProvider, count: number): string {
  const source = migrationsDirFor(provider);
  const target = tempDir(`upgrade-migrations-${provider}`);
  mkdirSync(target, { recursive: true });
  cpSync(join(source, "migration_lock.toml"), join(target, "migration_lock.toml"));
  for (const name of migrationNames(provider).slice(0, count))
    cpSync(join(source, name), join(target, name), { recursive: true });
  cleanups.push(() => rmSync(target, { recursive: true, force: true }));
  return target;
}

type Sql = (text: string, values?: unknown[]) => Promise<void>;

/** An empty database of the provider: its URL for the server and a way to write rows with SQL. */
async function emptyDatabase(provider: MigrationProvider, dataDir: string): Promise<{ url: string; sql: Sql }> {
  if (provider === "sqlite") {
    const file = join(dataDir, "pastebox.db");
    const sql: Sql = async (text, values = []) => {
      const { Database } = await import("bun:sqlite");
      const db = new Database(file);
      try {
        db.query(text.replace(/\$(\d+)/g, "?$1")).run(...(values as never[]));
      } finally {
        db.close();
      }
    };
    return { url: `file:${file}`, sql };
  }
  // A database of its own: a server process takes a plain DATABASE_URL (scripts/hardening/kit.ts).
  const scratch = await createScratchDatabase(postgresUrl as string, "upgrade");
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  cleanups.push(async () => {
    await client.end();
    await scratch.drop();
  });
  const sql: Sql = async (text, values = []) => {
    await client.query(text, values);
  };
  return { url: scratch.url, sql };
}

/** The migration from which a paste row carries its list preview and length. */
const PASTE_SUMMARY_MIGRATION = "20261130020000_paste_list_summary";

describe.each(providers)("upgrading a %s database", (provider) => {
  const names = migrationNames(provider);
  // Every earlier step: a database migrated to the first 1, 2, ... N-1 migrations.
  const steps = names.slice(0, -1).map((name, index) => ({ name, count: index + 1 }));

  test.each(steps)(
    "from step $count ($name) keeps its paste and file share",
    async ({ count }) => {
      const dataDir = tempDir(`upgrade-${provider}`);
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const database = await emptyDatabase(provider, dataDir);
      await migrateDatabase(database.url, { migrationsDir: firstMigrations(provider, count) });

      // Rows as that step's schema had them: only columns of the first migration, later ones take defaults.
      const now = new Date().toISOString();
      // Longer than a list's preview, with characters beyond U+FFFF (two UTF-16 units each) and, on
      // SQLite, NULs (its text functions stop at one): the migration that stores the list's preview and
      // length must count them as the app does.
      const filler = provider === "sqlite" ? "😀é\u0000" : "😀é";
      const content = `written at step ${count} ${filler.repeat(150)}`;
      // From the step that stores the list's preview and length on, a row is written with them, as the
      // app writes it (services/pastes/paste-summary.ts); before it, the migration fills them.
      const summarised = count > names.indexOf(PASTE_SUMMARY_MIGRATION);
      await database.sql(
        summarised
          ? `INSERT INTO "Paste" ("id", "slug", "content", "createdBy", "updatedAt", "preview", "contentLength") VALUES ($1, $2, $3, 'admin:old', $4, $5, $6)`
          : `INSERT INTO "Paste" ("id", "slug", "content", "createdBy", "updatedAt") VALUES ($1, $2, $3, 'admin:old', $4)`,
        [
          crypto.randomUUID(),
          "kept-paste",
          content,
          now,
          ...(summarised ? [pasteSummaryColumns(content, false).preview, content.length] : []),
        ],
      );
      const storageRoot = join(dataDir, "storage");
      await database.sql(
        `INSERT INTO "StorageConfig" ("id", "name", "providerType", "rootPath", "isDefault", "isPublic", "createdBy", "updatedAt") VALUES ($1, 'Local storage', 'local', $2, true, true, 'system', $3)`,
        ["old-local", storageRoot, now],
      );
      const bytes = patternBytes(50_000, count);
      mkdirSync(join(storageRoot, "shares"), { recursive: true });
      writeFileSync(join(storageRoot, "shares", "kept.bin"), bytes);
      await database.sql(
        `INSERT INTO "FileShare" ("id", "slug", "filename", "mimetype", "size", "storageConfigId", "storagePath", "createdBy", "updatedAt") VALUES ($1, 'kept-file', 'kept.bin', 'application/octet-stream', $2, 'old-local', 'shares/kept.bin', 'admin:old', $3)`,
        [crypto.randomUUID(), bytes.length, now],
      );

      const server = await startServerProcess({
        env: { DATABASE_URL: database.url, ADMIN_PASSWORD: PASSWORD },
        dataDir,
      });
      try {
        const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { schema_level: string };
        expect(health.schema_level).toBe(schemaLevelOf(provider));
        expect((await callOk(server.baseUrl, "GET", "/paste/kept-paste")).content).toBe(content);
        // The admin's list finds it by its content (the search index survived) and shows what the app
        // would have stored for it (docs/admin-lists.md "Rows without their content").
        const auth = await adminAuthorization(server.baseUrl, PASSWORD);
        const listed = await callOk(
          server.baseUrl,
          "GET",
          `/admin/pastes?search=${encodeURIComponent(`step ${count} `)}`,
          {
            auth,
          },
        );
        expect(listed).toEqual([
          expect.objectContaining({
            slug: "kept-paste",
            preview: content.slice(0, 200),
            content_length: content.length,
          }),
        ]);
        const details = await callOk(server.baseUrl, "GET", "/public/files/kept-file");
        const download = await fetch(details.download_url as string);
        expect(download.status).toBe(200);
        expect(sameBytes(new Uint8Array(await download.arrayBuffer()), bytes)).toBe(true);
      } finally {
        await server.stop({ keepData: true });
      }
    },
    90_000,
  );
});
