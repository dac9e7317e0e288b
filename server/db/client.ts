// Opens the database named by a URL: SQLite through bun:sqlite, Postgres through pg. The two generated
// clients come from the same schema text, so they expose the same model API; the app is typed against
// the SQLite one and the Postgres client is used through that type.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaBunSqlite } from "prisma-adapter-bun-sqlite";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";

export type Database = SqliteClient;
export type DatabaseProvider = "sqlite" | "postgres";

export function providerOf(databaseUrl: string): DatabaseProvider {
  return databaseUrl.startsWith("file:") ? "sqlite" : "postgres";
}

export function createDatabase(databaseUrl: string, options: { pgSchema?: string } = {}): Database {
  if (providerOf(databaseUrl) === "sqlite") {
    // WAL lets readers run while a writer commits; busy_timeout waits out short write locks instead of
    // failing with SQLITE_BUSY under concurrent requests.
    const adapter = new PrismaBunSqlite({
      url: databaseUrl,
      wal: { enabled: true, synchronous: "NORMAL", busyTimeout: 10_000 },
    });
    return new SqliteClient({ adapter });
  }
  const adapter = new PrismaPg(
    { connectionString: databaseUrl, max: 10 },
    options.pgSchema ? { schema: options.pgSchema } : undefined,
  );
  return new PostgresClient({ adapter }) as unknown as Database;
}
