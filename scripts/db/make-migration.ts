// `bun run db:migration <name>`: writes the next migration for BOTH providers from a change to
// prisma/sqlite/schema.prisma, offline.
//
// `prisma migrate dev` needs the native schema engine (a download) and a shadow database. Instead we
// ask Prisma's WebAssembly schema engine (see server/db/migrate.ts) for the diff between two schema
// texts: the schema as of the last migration -> the schema now. That snapshot is kept in
//
//     prisma/schema.migrated.prisma   (the SQLite schema text at the last migration; do not edit)
//
// and replaced after each migration. The Postgres side is derived from the same text, exactly as
// db:generate derives prisma/postgres/schema.prisma. Output, in Prisma's standard layout so that the
// ordinary Prisma CLI can use it too:
//
//     prisma/sqlite/migrations/<UTC yyyymmddHHMMSS>_<name>/migration.sql     + migration_lock.toml
//     prisma/postgres/migrations/<same folder name>/migration.sql            + migration_lock.toml
//
// Steps: db:generate (both schemas and clients), diff, refuse when nothing changed, write, update
// the snapshot. Without a snapshot and without migrations it writes the initial migration.
//
// Review the SQL before committing: the engine cannot warn about data loss without a database
// (e.g. a new required column without a default fails on a table with rows; SQLite "RedefineTables"
// copies the table). Edit migration.sql by hand if needed, before anyone has applied it.

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaBunSqlite } from "prisma-adapter-bun-sqlite";
import { type MigrationProvider, migrationsDirFor, withSchemaEngine } from "../../server/db/migrate.ts";
import { generateClients, repoRoot, toPostgresSchema } from "./generate.ts";

export const snapshotPath = path.join(repoRoot, "prisma/schema.migrated.prisma");

const SNAPSHOT_HEADER =
  "// The SQLite schema as of the last migration, kept by `bun run db:migration` to diff the next one; do not edit.\n\n";

/** The SQLite schema text as of the last migration, or null before the first one. */
export function readSnapshot(): string | null {
  return existsSync(snapshotPath) ? readFileSync(snapshotPath, "utf8").replace(SNAPSHOT_HEADER, "") : null;
}

const CONNECTOR: Record<MigrationProvider, "sqlite" | "postgresql"> = { sqlite: "sqlite", postgres: "postgresql" };

/** What `prisma migrate dev` accepts as a name, folded the same way: lower-case words joined by `_`. */
export function normaliseMigrationName(raw: string): string {
  const name = raw
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
  if (!name) throw new Error(`invalid migration name ${JSON.stringify(raw)}: use letters, digits and _`);
  return name;
}

/** yyyymmddHHMMSS in UTC (Prisma's format), moved past the newest existing migration if needed. */
function nextTimestamp(existing: string[]): string {
  const format = (date: Date) => date.toISOString().replace(/\D/g, "").slice(0, 14);
  let date = new Date();
  const newest = existing
    .map((name) => name.slice(0, 14))
    .sort()
    .at(-1);
  while (newest && format(date) <= newest) date = new Date(date.getTime() + 1000);
  return format(date);
}

function listMigrations(provider: MigrationProvider): string[] {
  const dir = migrationsDirFor(provider);
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
}

/**
 * The Postgres engine connects at start-up and asks the server's version; a diff between two schema
 * texts needs nothing else. This adapter answers that one question so no server is needed; anything
 * else fails loudly (an engine upgrade that needs more would show here first).
 */
function offlinePostgresFactory(): SqlMigrationAwareDriverAdapterFactory {
  const refuse = (what: string) => Promise.reject(new Error(`offline Postgres adapter: unexpected ${what}`));
  const adapter: SqlDriverAdapter = {
    provider: "postgres",
    adapterName: "pastebox-offline-postgres",
    async queryRaw(query) {
      if (query.sql.includes("pg_namespace") && query.sql.includes("server_version_num")) {
        return {
          columnNames: ["exists", "version", "numeric_version"],
          // Boolean, Text, Int32 (ColumnTypeEnum)
          columnTypes: [5, 7, 0],
          rows: [[true, "PostgreSQL 15.0 (offline)", 150000]],
        };
      }
      return refuse(`query ${query.sql}`);
    },
    executeRaw: (query) => refuse(`statement ${query.sql}`),
    executeScript: () => refuse("script"),
    startTransaction: () => refuse("transaction"),
    async dispose() {},
  };
  return {
    provider: "postgres",
    adapterName: "pastebox-offline-postgres",
    connect: async () => adapter,
    connectToShadowDb: async () => adapter,
  };
}

function offlineFactory(provider: MigrationProvider): SqlMigrationAwareDriverAdapterFactory {
  return provider === "sqlite" ? new PrismaBunSqlite({ url: ":memory:" }) : offlinePostgresFactory();
}

/** SQL that turns schema `from` into schema `to`, or null when they describe the same database. */
export async function diffSchemas(provider: MigrationProvider, from: string, to: string): Promise<string | null> {
  return withSchemaEngine(offlineFactory(provider), async (engine) => {
    const result = await engine.diff({
      from: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: from }] },
      to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: to }] },
      script: true,
      // exitCode 2 means "not empty", as with `prisma migrate diff --exit-code`.
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.exitCode === 2 ? (result.stdout ?? "") : null;
  });
}

/**
 * A schema with the datasource only: the "before" of the first migration. Diffing from it rather than
 * from nothing keeps `CREATE SCHEMA "public"` out of the Postgres init migration, as `migrate dev`
 * does (that statement needs CREATE rights on the database, which hosted Postgres users may lack).
 */
function emptySchema(provider: MigrationProvider): string {
  return `datasource db {\n  provider = "${CONNECTOR[provider]}"\n}\n`;
}

export type MadeMigration = { folder: string; files: string[] } | null;

export async function makeMigration(rawName: string): Promise<MadeMigration> {
  const name = normaliseMigrationName(rawName);
  await generateClients();

  const current = readFileSync(path.join(repoRoot, "prisma/sqlite/schema.prisma"), "utf8");
  const existing = { sqlite: listMigrations("sqlite"), postgres: listMigrations("postgres") };
  if (existing.sqlite.join() !== existing.postgres.join()) {
    throw new Error(
      "prisma/sqlite/migrations and prisma/postgres/migrations hold different migrations; make them match first",
    );
  }
  const snapshot = readSnapshot();
  const previous = snapshot === null ? null : { sqlite: snapshot, postgres: toPostgresSchema(snapshot) };
  if (snapshot === null && existing.sqlite.length > 0) {
    throw new Error(
      `${path.relative(repoRoot, snapshotPath)} is missing, so the schema of the last migration is unknown. ` +
        "Restore it from git, or recreate it from the schema at the last migration's commit.",
    );
  }

  const target = { sqlite: current, postgres: toPostgresSchema(current) };
  const providers: MigrationProvider[] = ["sqlite", "postgres"];
  const scripts = await Promise.all(
    providers.map((provider) => diffSchemas(provider, previous?.[provider] ?? emptySchema(provider), target[provider])),
  );
  if (scripts.every((script) => script === null)) return null;

  const folder = `${nextTimestamp(existing.sqlite)}_${name}`;
  const files: string[] = [];
  providers.forEach((provider, index) => {
    const dir = migrationsDirFor(provider);
    mkdirSync(path.join(dir, folder), { recursive: true });
    // Both sets keep the same folders even if one provider has nothing to do (kept as a comment).
    const sql = scripts[index] ?? "-- This is an empty migration.\n";
    writeFileSync(path.join(dir, folder, "migration.sql"), sql);
    writeFileSync(
      path.join(dir, "migration_lock.toml"),
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${CONNECTOR[provider]}"\n`,
    );
    files.push(path.relative(repoRoot, path.join(dir, folder, "migration.sql")));
  });
  writeFileSync(snapshotPath, SNAPSHOT_HEADER + current);
  return { folder, files };
}

if (import.meta.main) {
  const rawName = process.argv.slice(2).find((arg) => !arg.startsWith("-"));
  if (!rawName) {
    console.error("usage: bun run db:migration <name>   e.g. bun run db:migration add_paste_language");
    process.exit(2);
  }
  try {
    const made = await makeMigration(rawName);
    if (!made) {
      console.error(
        "db:migration: prisma/sqlite/schema.prisma has not changed since the last migration; nothing written",
      );
      process.exit(1);
    }
    console.log(`db:migration: wrote ${made.folder}`);
    for (const file of made.files) {
      const steps = readFileSync(path.join(repoRoot, file), "utf8").match(/^-- [A-Z]\w+/gm) ?? [];
      console.log(`  ${file}  (${[...new Set(steps.map((step) => step.slice(3)))].join(", ")})`);
    }
    console.log(`  ${path.relative(repoRoot, snapshotPath)} updated`);
    // The Postgres script names every drop explicitly (SQLite hides a dropped column in RedefineTables).
    const postgresFile = made.files.find((file) => file.includes("/postgres/")) ?? "";
    const drops = readFileSync(path.join(repoRoot, postgresFile), "utf8").match(/DROP (COLUMN|TABLE) "[^"]+"/g) ?? [];
    if (drops.length > 0) console.warn(`Warning: this migration deletes data: ${drops.join(", ")}`);
    console.log("Review the SQL (data loss, defaults for new required columns), then `bun run db:migrate`.");
  } catch (error) {
    console.error(`db:migration: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
