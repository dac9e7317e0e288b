// A bun:sqlite connection of a module's own to the app's SQLite file (the read connection, the jobs'
// ledger), opened on first use with that module's PRAGMAs, so that a process which never needs it
// never holds the file open.
import { Database as SqliteConnection } from "bun:sqlite";
import { sqliteFilePath } from "./migrate";

export function lazySqlite(databaseUrl: string, pragmas: string) {
  let connection: SqliteConnection | null = null;
  return {
    open(): SqliteConnection {
      if (!connection) {
        connection = new SqliteConnection(sqliteFilePath(databaseUrl));
        connection.exec(pragmas);
      }
      return connection;
    },
    close() {
      connection?.close();
      connection = null;
    },
  };
}
