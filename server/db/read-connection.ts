// Small reads that the server makes without any request asking for them (the health check, the
// storage origins every response's Content-Security-Policy names) must not be what loads Prisma into
// an idle server (docs/decisions/0013-idle-without-prisma.md). On SQLite they run on a read-only
// bun:sqlite connection of their own; on Postgres through the Prisma client, which a Postgres server
// loads anyway for its connection pool.
//
// Large clipboard content is read here too: the app's own SQLite connection maps the database file
// (db/client.ts), and every page read through a map stays in the process's resident memory, so a
// filled room read through it grew the server by the room's size. This connection maps nothing: its
// reads go through the kernel's page cache, which is not the process's
// (docs/decisions/0016-large-reads-without-the-map.md).
//
// The reads are named rather than raw SQL passed in: on Postgres they go through the Prisma client,
// which knows the schema the database URL names (`?schema=`); a bare table name in raw SQL would
// read whatever table the connection's search_path finds first.
import { LOCAL_PROVIDER } from "@shared/constants";
import { type Database, providerOf } from "./client";
import { lazySqlite } from "./lazy-sqlite";

/** A clipboard item with its content, as the live clipboard sends it (services/clipboard/rooms.ts). */
export type ClipboardItemRow = { id: number; content: string; size: number; deviceId: string; createdAt: Date };

export type ReadConnection = {
  /** Resolves when the database answers a query; throws when it cannot be reached. */
  ping(): Promise<void>;
  /** Whether any storage config is not local (S3-compatible): only those add origins to the CSP. */
  hasRemoteStorage(): Promise<boolean>;
  /** Whether a server-side explorer task waits or runs (services/tasks/worker.ts polls this when idle). */
  hasUnfinishedTasks(): Promise<boolean>;
  /** Server tasks by status, for /metrics (services/system/metrics.ts). */
  taskCounts(): Promise<{ status: string; count: number }[]>;
  /** The stored system settings, as rows (http/serve.ts follows the upload and clipboard limits). */
  settingRows(): Promise<{ key: string; value: string }[]>;
  /** Whether an upload request's webhook delivery waits for its next attempt (services/upload-requests/webhook.ts). */
  hasDueWebhookDeliveries(now: Date): Promise<boolean>;
  /** The items of a room among `ids`, oldest first, with their content (ids of other rooms are ignored). */
  clipboardItems(roomId: string, ids: number[]): Promise<ClipboardItemRow[]>;
  close(): void;
};

export function createReadConnection(databaseUrl: string, db: Database): ReadConnection {
  if (providerOf(databaseUrl) === "postgres") {
    return {
      async ping() {
        await db.$queryRaw`SELECT 1`;
      },
      async hasRemoteStorage() {
        const found = await db.storageConfig.findFirst({
          where: { providerType: { not: LOCAL_PROVIDER } },
          select: { id: true },
        });
        return found !== null;
      },
      async hasUnfinishedTasks() {
        const found = await db.fsTask.findFirst({
          where: { status: { in: ["pending", "planning", "running"] } },
          select: { id: true },
        });
        return found !== null;
      },
      async taskCounts() {
        const groups = await db.fsTask.groupBy({ by: ["status"], _count: { _all: true } });
        return groups.map((group) => ({ status: group.status, count: group._count._all }));
      },
      settingRows() {
        return db.systemSetting.findMany({ select: { key: true, value: true } });
      },
      async hasDueWebhookDeliveries(now) {
        const found = await db.uploadRequestDelivery.findFirst({
          where: { status: "pending", nextAttemptAt: { lte: now } },
          select: { id: true },
        });
        return found !== null;
      },
      clipboardItems(roomId, ids) {
        return db.clipboardItem.findMany({
          where: { roomId, id: { in: ids } },
          orderBy: { id: "asc" },
          select: { id: true, content: true, size: true, deviceId: true, createdAt: true },
        });
      },
      close() {},
    };
  }
  // Opened on first use: a test that never reads does not hold the file open. query_only rather than a
  // read-only open: a read-only connection cannot create the WAL's shared-memory file. mmap_size 0
  // whatever the build's default: large content read here must not be mapped.
  const { open, close } = lazySqlite(
    databaseUrl,
    "PRAGMA query_only = ON; PRAGMA busy_timeout = 10000; PRAGMA mmap_size = 0;",
  );
  return {
    async ping() {
      open().query("SELECT 1").get();
    },
    async hasRemoteStorage() {
      const found = open().query('SELECT 1 FROM "StorageConfig" WHERE "providerType" <> ? LIMIT 1').get(LOCAL_PROVIDER);
      return found != null;
    },
    async hasUnfinishedTasks() {
      const found = open()
        .query(`SELECT 1 FROM "FsTask" WHERE "status" IN ('pending', 'planning', 'running') LIMIT 1`)
        .get();
      return found != null;
    },
    async taskCounts() {
      return open()
        .query<{ status: string; count: number }, []>(
          'SELECT "status", COUNT(*) AS "count" FROM "FsTask" GROUP BY "status"',
        )
        .all();
    },
    async settingRows() {
      return open().query<{ key: string; value: string }, []>('SELECT "key", "value" FROM "SystemSetting"').all();
    },
    async hasDueWebhookDeliveries(now) {
      // Dates as the Prisma adapter writes them (ISO 8601 text), which compare in time order.
      const found = open()
        .query(`SELECT 1 FROM "UploadRequestDelivery" WHERE "status" = 'pending' AND "nextAttemptAt" <= ? LIMIT 1`)
        .get(now.toISOString());
      return found != null;
    },
    async clipboardItems(roomId, ids) {
      if (ids.length === 0) return [];
      // ids come from the room's own listing (at most its history limit, 500): one parameter each.
      const rows = open()
        .query<Omit<ClipboardItemRow, "createdAt"> & { createdAt: string | number }, (string | number)[]>(
          `SELECT "id", "content", "size", "deviceId", "createdAt" FROM "ClipboardItem"
           WHERE "roomId" = ? AND "id" IN (${ids.map(() => "?").join(", ")}) ORDER BY "id"`,
        )
        .all(roomId, ...ids);
      // Dates as the Prisma adapter writes them: ISO 8601 text, or epoch milliseconds with its
      // unixepoch-ms option; Date reads both.
      return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
    },
    close,
  };
}
