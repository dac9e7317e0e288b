// Opens the database named by a URL: SQLite through bun:sqlite, Postgres through pg. The two generated
// clients come from the same schema text, so they expose the same model API; the app is typed against
// the SQLite one and the Postgres client is used through that type. Only the client and driver of the
// database in use are loaded (each Prisma client holds megabytes of runtime).
import type { PrismaClient as SqliteClient } from "./generated/sqlite/client";

export type Database = SqliteClient;
export type DatabaseProvider = "sqlite" | "postgres";

export function providerOf(databaseUrl: string): DatabaseProvider {
  return databaseUrl.startsWith("file:") ? "sqlite" : "postgres";
}

export async function createDatabase(databaseUrl: string, options: { pgSchema?: string } = {}): Promise<Database> {
  if (providerOf(databaseUrl) === "sqlite") {
    const [{ PrismaBunSqlite }, { PrismaClient }] = await Promise.all([
      import("prisma-adapter-bun-sqlite"),
      import("./generated/sqlite/client"),
    ]);
    // WAL lets readers run while a writer commits; busy_timeout waits out short write locks instead of
    // failing with SQLITE_BUSY under concurrent requests.
    const adapter = new PrismaBunSqlite({
      url: databaseUrl,
      wal: { enabled: true, synchronous: "NORMAL", busyTimeout: 10_000 },
    });
    return new PrismaClient({ adapter });
  }
  const [{ PrismaPg }, { PrismaClient }] = await Promise.all([
    import("@prisma/adapter-pg"),
    import("./generated/postgres/client"),
  ]);
  const adapter = new PrismaPg(
    { connectionString: databaseUrl, max: 10 },
    options.pgSchema ? { schema: options.pgSchema } : undefined,
  );
  return new PrismaClient({ adapter }) as unknown as Database;
}
