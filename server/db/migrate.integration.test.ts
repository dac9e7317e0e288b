// migrateDatabase against real databases: a fresh SQLite file always, and Postgres when
// TEST_POSTGRES_URL is set (scripts/test/run.ts sets it after startPostgres()). Checks that every
// migration is applied and recorded, that a second run applies nothing, that processes starting at
// once do not trip over each other, and that the generated Prisma clients work on the result.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaBunSqlite } from "prisma-adapter-bun-sqlite";
import { diffSchemas, readSnapshot } from "../../scripts/db/make-migration.ts";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { type MigrationProvider, migrateDatabase, migrationsDirFor } from "./migrate.ts";

const repoRoot = path.resolve(import.meta.dir, "../..");
const postgresUrl = process.env.TEST_POSTGRES_URL;

function migrationNames(provider: MigrationProvider): string[] {
  return readdirSync(migrationsDirFor(provider), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Runs `bun run db:migrate` in child processes at the same time; returns their exit codes and output. */
async function migrateInParallel(count: number, databaseUrl: string, extraArgs: string[] = []) {
  const children = Array.from({ length: count }, () =>
    Bun.spawn([process.execPath, path.join(repoRoot, "scripts/db/migrate.ts"), ...extraArgs], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdout: "pipe",
      stderr: "pipe",
    }),
  );
  return Promise.all(
    children.map(async (child) => ({
      code: await child.exited,
      output: (await new Response(child.stdout).text()) + (await new Response(child.stderr).text()),
    })),
  );
}

/** Writes rows through a generated client and reads them back, relations and BigInt included. */
async function exerciseClient(db: SqliteClient) {
  const admin = await db.admin.create({
    data: { username: `admin-${crypto.randomUUID()}`, passwordHash: "x" },
  });
  await db.adminSession.create({
    data: { id: crypto.randomUUID(), adminId: admin.id, expiresAt: new Date(Date.now() + 60_000) },
  });
  const storage = await db.storageConfig.create({
    data: { name: "local", providerType: "local", rootPath: "/tmp", createdBy: `admin:${admin.id}` },
  });
  await db.fileShare.create({
    data: {
      slug: `s-${crypto.randomUUID()}`,
      filename: "a.bin",
      mimetype: "application/octet-stream",
      size: 5_000_000_000n,
      storageConfigId: storage.id,
      storagePath: "a.bin",
      createdBy: `admin:${admin.id}`,
    },
  });
  const found = await db.admin.findUnique({
    where: { id: admin.id },
    select: { username: true, sessions: { select: { adminId: true } } },
  });
  expect(found?.username).toBe(admin.username);
  expect(found?.sessions).toEqual([{ adminId: admin.id }]);
  const file = await db.fileShare.findFirst({ where: { storageConfigId: storage.id }, select: { size: true } });
  expect(file?.size).toBe(5_000_000_000n);
  // uuid(7) ids come from the client and sort by creation time.
  expect(admin.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
}

describe("migrateDatabase on SQLite", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "pastebox-migrate-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test("applies every migration to a fresh file, then nothing", async () => {
    const file = path.join(dir, "nested/dir/fresh.db");
    const url = `file:${file}`;
    const first = await migrateDatabase(url);
    expect(first.applied).toEqual(migrationNames("sqlite"));
    expect(first.applied.length).toBeGreaterThan(0);
    const second = await migrateDatabase(url);
    expect(second.applied).toEqual([]);

    const { Database } = await import("bun:sqlite");
    const sqlite = new Database(file, { readonly: true });
    const rows = sqlite
      .query("SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name")
      .all() as { migration_name: string; finished_at: string | null; rolled_back_at: string | null }[];
    sqlite.close();
    expect(rows.map((row) => row.migration_name)).toEqual(migrationNames("sqlite"));
    expect(rows.every((row) => row.finished_at !== null && row.rolled_back_at === null)).toBe(true);
  });

  test("concurrent calls in one process apply each migration once", async () => {
    const url = `file:${path.join(dir, "same-process.db")}`;
    const results = await Promise.all([migrateDatabase(url), migrateDatabase(url), migrateDatabase(url)]);
    expect(results.flatMap((result) => result.applied)).toEqual(migrationNames("sqlite"));
  });

  test("processes starting at once apply each migration once", async () => {
    const url = `file:${path.join(dir, "racing.db")}`;
    const results = await migrateInParallel(3, url);
    for (const result of results) expect(result.code, result.output).toBe(0);
    expect(results.filter((result) => result.output.includes("applied")).length).toBe(1);
    expect((await migrateDatabase(url)).applied).toEqual([]);
  }, 30_000);

  test("the generated client works on the migrated database", async () => {
    const url = `file:${path.join(dir, "client.db")}`;
    await migrateDatabase(url);
    const db = new SqliteClient({ adapter: new PrismaBunSqlite({ url }) });
    try {
      await exerciseClient(db);
    } finally {
      await db.$disconnect();
    }
  });
});

describe.skipIf(!postgresUrl)("migrateDatabase on Postgres (TEST_POSTGRES_URL)", () => {
  const url = postgresUrl as string;
  // Each test gets its own schema, as each test file will in the app's suites; dropped afterwards.
  async function withSchema(label: string, work: (pgSchema: string) => Promise<void>) {
    const pgSchema = `migrate_${label}_${crypto.randomUUID().slice(0, 8)}`;
    try {
      await work(pgSchema);
    } finally {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
      await client.end();
    }
  }

  test(
    "applies every migration to a fresh schema, then nothing",
    () =>
      withSchema("fresh", async (pgSchema) => {
        const first = await migrateDatabase(url, { pgSchema });
        expect(first.applied).toEqual(migrationNames("postgres"));
        expect((await migrateDatabase(url, { pgSchema })).applied).toEqual([]);

        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const { rows } = await client.query(
            `SELECT migration_name, finished_at, rolled_back_at FROM "${pgSchema}"._prisma_migrations ORDER BY migration_name`,
          );
          expect(rows.map((row) => row.migration_name)).toEqual(migrationNames("postgres"));
          expect(rows.every((row) => row.finished_at !== null && row.rolled_back_at === null)).toBe(true);
          // Everything landed in the requested schema.
          const tables = await client.query(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'Paste'",
            [pgSchema],
          );
          expect(tables.rowCount).toBe(1);
        } finally {
          await client.end();
        }
      }),
    30_000,
  );

  test(
    "processes starting at once apply each migration once",
    () =>
      withSchema("race", async (pgSchema) => {
        const results = await migrateInParallel(3, url, ["--schema", pgSchema]);
        for (const result of results) expect(result.code, result.output).toBe(0);
        expect(results.filter((result) => result.output.includes("applied")).length).toBe(1);
        expect((await migrateDatabase(url, { pgSchema })).applied).toEqual([]);
      }),
    30_000,
  );

  test(
    "the generated client works on the migrated schema",
    () =>
      withSchema("client", async (pgSchema) => {
        await migrateDatabase(url, { pgSchema });
        const db = new PostgresClient({ adapter: new PrismaPg({ connectionString: url }, { schema: pgSchema }) });
        try {
          await exerciseClient(db as unknown as SqliteClient);
        } finally {
          await db.$disconnect();
        }
      }),
    30_000,
  );
});

describe("migrations match the schema", () => {
  test("prisma/sqlite/schema.prisma has no change without a migration (run `bun run db:migration <name>`)", async () => {
    const snapshot = readSnapshot();
    expect(snapshot).not.toBeNull();
    const current = readFileSync(path.join(repoRoot, "prisma/sqlite/schema.prisma"), "utf8");
    expect(await diffSchemas("sqlite", snapshot ?? "", current)).toBeNull();
  });

  test("both providers have the same migrations", () => {
    expect(migrationNames("postgres")).toEqual(migrationNames("sqlite"));
  });
});
