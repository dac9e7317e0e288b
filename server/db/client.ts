// Opens the database named by a URL: SQLite through bun:sqlite, Postgres through pg. The two generated
// clients come from the same schema text, so they expose the same model API; the app is typed against
// the SQLite one and the Postgres client is used through that type.
//
// The client is created on first use, not at start (docs/decisions/0013-idle-without-prisma.md): Prisma's
// runtime and query compiler take ~35 MiB once they have run a query, and an idle server, or one that
// only serves paste views (db/view-counter/view-counter.ts) and health checks (db/read-connection.ts), never needs
// them. Only the client and driver of the database in use are ever loaded.
import type { Database as SqliteConnection } from "bun:sqlite";
import type { Pool } from "pg";
import type { PrismaClient as SqliteClient } from "./generated/sqlite/client";

export type Database = SqliteClient;

/**
 * The driver connection under the Prisma client: bun:sqlite's one connection, or pg's pool. Hot
 * reads that Prisma's raw-query path would cost more than the database itself (the search index,
 * docs/performance.md "Explorer search index") go here straight, with statements the driver keeps
 * prepared; everything else goes through Prisma.
 */
export type DriverConnection =
  | { readonly provider: "sqlite"; readonly sqlite: SqliteConnection }
  | {
      readonly provider: "postgres";
      readonly pool: Pool;
      /** The schema Prisma's queries name (raw SQL must name it too): the URL's, a caller's, or "public". */
      readonly schema: string;
    };

/** Where a client built by `loadClient` keeps the getter of its driver connection. */
const DRIVER_CONNECTION = Symbol("pastebox.driverConnection");

/**
 * The driver connection the client `db` runs on, connecting it first if it has not connected yet.
 * The same connection as Prisma's: a statement sent here sees and is seen by Prisma's queries as
 * Prisma's own raw queries are (on SQLite also inside a transaction the client has open).
 */
export function driverConnectionOf(db: Database): Promise<DriverConnection> {
  const getter = (db as unknown as Record<symbol, (() => Promise<DriverConnection>) | undefined>)[DRIVER_CONNECTION];
  if (!getter) throw new Error("this database client was not made by createDatabase");
  return getter();
}

/** SQLite: how much of the database file the app's connection maps into memory. */
const SQLITE_MMAP_BYTES = 256 * 1024 * 1024;
/** SQLite: its page cache per connection, negative as the pragma takes KiB (-2000 by default). */
const SQLITE_CACHE_KIB = -16 * 1024;
export type DatabaseProvider = "sqlite" | "postgres";

export function providerOf(databaseUrl: string): DatabaseProvider {
  return databaseUrl.startsWith("file:") ? "sqlite" : "postgres";
}

/**
 * A Postgres URL split into what the pg driver reads and the schema it names: `?schema=` is Prisma's
 * convention (pg does not know it), and `pgSchema` given by a caller wins over it. Every Postgres
 * connection of the server (Prisma, migrations, the clipboard's LISTEN) is opened from this.
 */
export function postgresTarget(databaseUrl: string, pgSchema?: string): { connectionString: string; schema?: string } {
  const url = new URL(databaseUrl);
  const schema = pgSchema ?? url.searchParams.get("schema") ?? undefined;
  url.searchParams.delete("schema");
  if (schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`invalid Postgres schema name ${JSON.stringify(schema)} in the database URL`);
  }
  return schema === undefined ? { connectionString: url.toString() } : { connectionString: url.toString(), schema };
}

/**
 * Builds the Prisma client. Modules are loaded with `require` because the first use of a model is a
 * synchronous property access (`db.paste.findUnique(...)`); Bun loads these ES modules synchronously
 * (none has top-level await). A package whose exports name only an `import` entry is required by path.
 */
function loadClient(databaseUrl: string, options: { pgSchema?: string }): Database {
  const load = (specifier: string) => require(Bun.resolveSync(specifier, import.meta.dir));
  // The driver connection of the adapter Prisma connected last; forgotten when Prisma disposes of it
  // ($disconnect), and opened again by the next use.
  let driver: DriverConnection | null = null;
  const track = <A extends { dispose(): Promise<void> }>(adapter: A, connection: DriverConnection): A => {
    driver = connection;
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      if (driver === connection) driver = null;
      await dispose();
    };
    return adapter;
  };
  const withDriver = (client: Database): Database => {
    Object.defineProperty(client, DRIVER_CONNECTION, {
      value: async () => {
        if (!driver) await client.$connect();
        if (!driver) throw new Error("the database client connected without a driver connection");
        return driver;
      },
    });
    return client;
  };
  if (providerOf(databaseUrl) === "sqlite") {
    const { PrismaBunSqlite, BunSqliteAdapter } = load(
      "prisma-adapter-bun-sqlite",
    ) as typeof import("prisma-adapter-bun-sqlite");
    const { PrismaClient } = load("./generated/sqlite/client") as typeof import("./generated/sqlite/client");
    // WAL lets readers run while a writer commits; busy_timeout waits out short write locks instead of
    // failing with SQLITE_BUSY under concurrent requests.
    // Read tuning for the one connection the app's queries share, set when it opens
    // (docs/performance.md "Explorer search index"): SQLite's own page cache is 2 MiB by default, so a
    // search that reads a few thousand rows scattered over a large table went to the file for most of
    // them, a system call each; mapped, those pages are read as memory (the OS page cache holds them
    // either way, and mapped pages stay the kernel's to reclaim).
    class TunedBunSqlite extends PrismaBunSqlite {
      override async connect() {
        const connection = await super.connect();
        await connection.executeScript(
          `PRAGMA mmap_size = ${SQLITE_MMAP_BYTES}; PRAGMA cache_size = ${SQLITE_CACHE_KIB};`,
        );
        if (!(connection instanceof BunSqliteAdapter))
          throw new Error("the SQLite adapter changed its connection type");
        return track(connection, { provider: "sqlite", sqlite: connection.getDatabase() });
      }
    }
    const adapter = new TunedBunSqlite({
      url: databaseUrl,
      wal: { enabled: true, synchronous: "NORMAL", busyTimeout: 10_000 },
    });
    return withDriver(new PrismaClient({ adapter }));
  }
  const { PrismaPg } = load("@prisma/adapter-pg") as typeof import("@prisma/adapter-pg");
  const { PrismaClient } = load("./generated/postgres/client") as typeof import("./generated/postgres/client");
  const { connectionString, schema } = postgresTarget(databaseUrl, options.pgSchema);
  class TrackedPg extends PrismaPg {
    override async connect() {
      const connection = await super.connect();
      return track(connection, {
        provider: "postgres",
        pool: connection.underlyingDriver() as Pool,
        schema: schema ?? "public",
      });
    }
  }
  const adapter = new TrackedPg({ connectionString, max: 10 }, schema ? { schema } : undefined);
  return withDriver(new PrismaClient({ adapter }) as unknown as Database);
}

export type LazyDatabase = Database & {
  /** Whether the Prisma client has been created (a request or a task used it). */
  readonly $isLoaded: boolean;
};

/**
 * The database client, created when a property of it is first read. `$disconnect` before that is a
 * no-op rather than a reason to load Prisma.
 */
export function createDatabase(databaseUrl: string, options: { pgSchema?: string } = {}): LazyDatabase {
  let client: Database | null = null;
  const real = () => {
    client ??= loadClient(databaseUrl, options);
    return client;
  };
  return new Proxy({} as LazyDatabase, {
    get(_target, property) {
      if (property === "$isLoaded") return client !== null;
      if (property === "$disconnect" && client === null) return async () => {};
      // Promise resolution probes `then` on whatever an async function returns: not a use.
      if (property === "then") return undefined;
      const instance = real();
      const value = Reflect.get(instance, property, instance);
      // Methods run against the client itself: Prisma's internals are not reachable through a proxy.
      return typeof value === "function" ? value.bind(instance) : value;
    },
    has: (_target, property) => Reflect.has(real(), property),
  });
}
