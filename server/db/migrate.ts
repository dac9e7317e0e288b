// Applies pending migrations at run time, like `prisma migrate deploy`, without the native schema
// engine (which Prisma downloads, and which cannot be had offline): Prisma's own WebAssembly schema
// engine (@prisma/schema-engine-wasm, the build matching our Prisma version) talks to the database
// through the same JS driver adapters the app uses. It records each migration in
// `_prisma_migrations` exactly as the Prisma CLI does, so both tools can be used on one database.
//
// Migrations live in prisma/<provider>/migrations/<timestamp>_<name>/migration.sql (written by
// `bun run db:migration <name>`). migrateDatabase() is idempotent and cheap when nothing is pending,
// so the server calls it at every start.
//
// Concurrency: two processes may start at once against one database.
// - Postgres: we hold our own session advisory lock around the whole run. The wasm engine also takes
//   `pg_advisory_lock(72707369)` like the native one, but gives up after 10 s; ours waits, so a slow
//   migration in one process does not make the other fail.
// - SQLite: an exclusive transaction on a companion lock file `<db>.migrate-lock` (released by the OS
//   if the holder dies). SQLite's own locking keeps short migrations safe, but a second process
//   would give up after the adapter's 5 s busy timeout while a long migration holds the write lock;
//   with the lock it waits its turn, then finds nothing pending.
// Calls inside one process are queued: one wasm instance serves them all.

import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { answerParent, runChildTask } from "../app/child-task";
import { postgresTarget } from "./client";

export type MigrationProvider = "sqlite" | "postgres";

export type MigrateOptions = {
  /** Postgres only: the schema to migrate (created if missing) instead of `public` / the URL's `?schema=`. */
  pgSchema?: string;
  /** Overrides prisma/<provider>/migrations (tests of the migration tooling). */
  migrationsDir?: string;
};

const PRISMA_DIR = path.resolve(import.meta.dir, "../../prisma");

/** Which migration set a database URL needs: `file:` is SQLite, `postgres(ql)://` is Postgres. */
export function providerOfUrl(databaseUrl: string): MigrationProvider {
  if (databaseUrl.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgres";
  throw new Error("DATABASE_URL must start with file: (SQLite) or postgresql:// (Postgres)");
}

/** The migrations directory of a provider: prisma/<provider>/migrations. */
export function migrationsDirFor(provider: MigrationProvider): string {
  return path.join(PRISMA_DIR, provider, "migrations");
}

const latestMigrations = new Map<MigrationProvider, string>();

/**
 * The schema level: the newest migration this build has for the provider ("none" without any). Once
 * the start has migrated the database (which it must, or it stops), the database is at this level;
 * the health route and the admin's About panel show it, so an upgrade can be checked from outside.
 */
export function schemaLevelOf(provider: MigrationProvider): string {
  let level = latestMigrations.get(provider);
  if (level === undefined) {
    level = readMigrationList(migrationsDirFor(provider)).migrationDirectories.at(-1)?.path ?? "none";
    latestMigrations.set(provider, level);
  }
  return level;
}

/** Absolute file path of a `file:` URL; relative paths are taken from the working directory. */
export function sqliteFilePath(databaseUrl: string): string {
  const withoutScheme = databaseUrl.replace(/^file:(\/\/(?=\/))?/, "");
  const withoutQuery = withoutScheme.split("?")[0] ?? "";
  if (withoutQuery === "" || withoutQuery === ":memory:") {
    throw new Error(`migrateDatabase: ${databaseUrl} is not a database file`);
  }
  return path.resolve(decodeURIComponent(withoutQuery));
}

// ---------------------------------------------------------------------------------------------
// The wasm engine, loaded on first use: code that imports this module only for its helpers
// (migrationsDirFor, providerOfUrl) should not pay for compiling 5 MB of wasm.

type WasmModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
type SchemaEngine = WasmModule["SchemaEngine"]["prototype"];
type MigrationList = Parameters<SchemaEngine["applyMigrations"]>[0]["migrationsList"];

let wasmModule: Promise<WasmModule> | null = null;

/** Instantiates @prisma/schema-engine-wasm once per process. Also used by scripts/db/make-migration.ts. */
export function loadSchemaEngineWasm(): Promise<WasmModule> {
  wasmModule ??= (async () => {
    // The package's entry does `import * as wasm from "./x.wasm"` (bundler style), which Bun does not
    // instantiate: load the JS glue and wire the wasm instance to it by hand.
    const glue: WasmModule = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const gluePath = Bun.resolveSync("@prisma/schema-engine-wasm/schema_engine_bg", import.meta.dir);
    const bytes = readFileSync(gluePath.replace(/\.js$/, ".wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
    return glue;
  })();
  wasmModule.catch(() => {
    wasmModule = null;
  });
  return wasmModule;
}

/**
 * Starts a wasm schema engine on a driver adapter factory, runs `work`, then frees the engine and
 * disposes every connection it opened. Engine errors that come from the adapter are unwrapped.
 */
export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const [wasm, { bindMigrationAwareSqlAdapterFactory }] = await Promise.all([
    loadSchemaEngineWasm(),
    import("@prisma/driver-adapter-utils"),
  ]);
  // Track the connections so they are closed even if the engine does not dispose them itself.
  const opened: { dispose(): Promise<void> }[] = [];
  const tracking: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      const adapter = await factory.connect();
      opened.push(adapter);
      return adapter;
    },
    async connectToShadowDb() {
      const adapter = await factory.connectToShadowDb();
      opened.push(adapter);
      return adapter;
    },
  };
  const bound = bindMigrationAwareSqlAdapterFactory(tracking);
  const unwrap = (error: unknown): unknown => {
    // Adapter failures reach us as "External error id#N"; the registry holds the original error.
    const id = /External error id#(\d+)/.exec(error instanceof Error ? error.message : String(error))?.[1];
    const original = id === undefined ? undefined : bound.errorRegistry.consumeError(Number(id))?.error;
    return original ?? error;
  };
  let engine: SchemaEngine | undefined;
  try {
    engine = await wasm.SchemaEngine.new({ datamodels: undefined }, () => {}, bound).catch((error) => {
      throw unwrap(error);
    });
    return await work(engine).catch((error) => {
      throw unwrap(error);
    });
  } finally {
    engine?.free();
    await Promise.allSettled(opened.map((adapter) => adapter.dispose()));
  }
}

/** The migrations directory as the engine wants it (what the Prisma CLI reads from disk). */
export function readMigrationList(migrationsDir: string): MigrationList {
  const lockfilePath = path.join(migrationsDir, "migration_lock.toml");
  const directories = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockfilePath) ? readFileSync(lockfilePath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: directories.map((name) => {
      const file = path.join(migrationsDir, name, "migration.sql");
      return {
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: existsSync(file)
            ? { tag: "ok" as const, value: readFileSync(file, "utf8") }
            : { tag: "error" as const, value: `${file} does not exist` },
        },
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------

let queue: Promise<unknown> = Promise.resolve();

/**
 * Applies the pending migrations of the URL's provider and returns their names (empty when the
 * database is up to date). SQLite: `file:/abs/path.db` (the directory is created). Postgres:
 * `postgresql://...`; `pgSchema` (or `?schema=` in the URL) selects a schema, created if missing.
 */
export function migrateDatabase(databaseUrl: string, options: MigrateOptions = {}): Promise<{ applied: string[] }> {
  const run = queue.then(() => migrateNow(databaseUrl, options));
  queue = run.catch(() => {});
  return run;
}

async function migrateNow(databaseUrl: string, options: MigrateOptions): Promise<{ applied: string[] }> {
  const provider = providerOfUrl(databaseUrl);
  const migrationsDir = options.migrationsDir ?? migrationsDirFor(provider);
  if (!existsSync(migrationsDir)) throw new Error(`migrateDatabase: ${migrationsDir} does not exist`);
  const apply = async (factory: SqlMigrationAwareDriverAdapterFactory) => {
    const result = await withSchemaEngine(factory, (engine) =>
      engine.applyMigrations({
        // Read at the last moment, under the lock, so a concurrent db:migration is seen whole.
        migrationsList: readMigrationList(migrationsDir),
        filters: { externalTables: [], externalEnums: [] },
      }),
    );
    return { applied: result.appliedMigrationNames };
  };
  try {
    return provider === "sqlite"
      ? await migrateSqlite(sqliteFilePath(databaseUrl), apply)
      : await migratePostgres(databaseUrl, options.pgSchema, apply);
  } catch (error) {
    // Engine and driver messages ("table X already exists") do not say what was being done.
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`could not migrate the ${provider} database: ${message}`, { cause: error });
  }
}

type Apply = (factory: SqlMigrationAwareDriverAdapterFactory) => Promise<{ applied: string[] }>;

async function migrateSqlite(file: string, apply: Apply): Promise<{ applied: string[] }> {
  mkdirSync(path.dirname(file), { recursive: true });
  const [{ Database }, { PrismaBunSqlite }] = await Promise.all([
    import("bun:sqlite"),
    import("prisma-adapter-bun-sqlite"),
  ]);
  const lock = new Database(`${file}.migrate-lock`, { create: true });
  try {
    // busy_timeout 0: a held lock fails at once and we retry without blocking the event loop.
    lock.run("PRAGMA busy_timeout = 0");
    const deadline = Date.now() + 5 * 60_000;
    for (;;) {
      try {
        lock.run("BEGIN EXCLUSIVE");
        break;
      } catch (error) {
        if (!/locked|busy/i.test(String(error)) || Date.now() > deadline) throw error;
        await Bun.sleep(25);
      }
    }
    return await apply(new PrismaBunSqlite({ url: `file:${file}` }));
  } finally {
    lock.close(false);
  }
}

async function migratePostgres(databaseUrl: string, pgSchemaOption: string | undefined, apply: Apply) {
  const [{ default: pg }, { PrismaPg }] = await Promise.all([import("pg"), import("@prisma/adapter-pg")]);
  const { connectionString, schema: pgSchema } = postgresTarget(databaseUrl, pgSchemaOption);

  const lockClient = new pg.Client({ connectionString });
  await lockClient.connect();
  try {
    // Any constant works as long as every process uses the same one; this is "pastebox" in ASCII.
    await lockClient.query("SELECT pg_advisory_lock(7370617374656278)");
    if (pgSchema) await lockClient.query(`CREATE SCHEMA IF NOT EXISTS "${pgSchema}"`);
    // Unqualified names in migration.sql land in the first schema of search_path; the adapter's
    // `schema` option tells the engine where to keep _prisma_migrations and what to inspect.
    const pool = new pg.Pool({
      connectionString,
      max: 4,
      ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
    });
    try {
      return await apply(new PrismaPg(pool, pgSchema ? { schema: pgSchema } : undefined));
    } finally {
      await pool.end();
    }
  } finally {
    // Ending the session releases the advisory lock too; unlock first to not rely on that.
    await lockClient.query("SELECT pg_advisory_unlock_all()").catch(() => {});
    await lockClient.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// The server migrates in a child process (services/system/bootstrap.ts, with the first-start records): the
// wasm engine keeps ~40 MiB resident once loaded, and a loaded module cannot be unloaded.

/** Runs migrateDatabase alone in a short-lived child process (server/app/child-task.ts), as a start does. */
export function migrateDatabaseInChildProcess(databaseUrl: string): Promise<{ applied: string[] }> {
  return runChildTask(import.meta.path, { DATABASE_URL: databaseUrl });
}

if (import.meta.main) await answerParent(() => migrateDatabase(process.env.DATABASE_URL ?? ""));
