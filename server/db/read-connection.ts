// Small reads that the server makes without any request asking for them (the health check, the
// storage origins every response's Content-Security-Policy names) must not be what loads Prisma into
// an idle server (docs/decisions/0013-idle-without-prisma.md). On SQLite they run on a read-only
// bun:sqlite connection of their own; on Postgres through the Prisma client, which a Postgres server
// loads anyway for its connection pool.
//
// Statements are written once for both databases: table and column names in double quotes, parameters
// as $1, $2 (bun:sqlite binds them by position too).
import { Database as SqliteConnection } from "bun:sqlite";
import { type Database, providerOf } from "./client";
import { sqliteFilePath } from "./migrate";

export type ReadConnection = {
  /** The first row of a read-only statement, or null. */
  firstRow<Row>(sql: string, ...params: (string | number)[]): Promise<Row | null>;
  close(): void;
};

export function createReadConnection(databaseUrl: string, db: Database): ReadConnection {
  if (providerOf(databaseUrl) === "postgres") {
    return {
      async firstRow<Row>(sql: string, ...params: (string | number)[]) {
        const rows = await db.$queryRawUnsafe<Row[]>(sql, ...params);
        return rows[0] ?? null;
      },
      close() {},
    };
  }
  let connection: SqliteConnection | null = null;
  const open = () => {
    // Opened on first use: a test that never reads does not hold the file open. query_only rather
    // than a read-only open: a read-only connection cannot create the WAL's shared-memory file.
    if (!connection) {
      connection = new SqliteConnection(sqliteFilePath(databaseUrl));
      connection.exec("PRAGMA query_only = ON; PRAGMA busy_timeout = 10000;");
    }
    return connection;
  };
  return {
    async firstRow<Row>(sql: string, ...params: (string | number)[]) {
      return (
        (open()
          .query(sql)
          .get(...params) as Row | undefined) ?? null
      );
    },
    close() {
      connection?.close();
      connection = null;
    },
  };
}
