// Fan-out of live-clipboard events (docs/clipboard.md, Fan-out). On SQLite there is one process, so
// events go straight to this process's listeners. On Postgres several processes may serve one
// database: each event is also sent with NOTIFY (payload: the event type, room id and item id, never
// content) and every other process, LISTENing on its own connection, hands it to its listeners, which
// read the item from the database. No service beyond the database is needed.
import type pg from "pg";
import { type DatabaseProvider, postgresTarget } from "../../db/client";
import type { Logger } from "../../logger";

export type ClipboardEvent =
  | { type: "item"; roomId: string; itemId: number }
  | { type: "deleted"; roomId: string; itemId: number }
  | { type: "devices"; roomId: string }
  | { type: "closed"; roomId: string };

export type ClipboardListener = (event: ClipboardEvent) => void;

export type ClipboardBus = {
  publish(event: ClipboardEvent): Promise<void>;
  subscribe(listener: ClipboardListener): () => void;
  close(): Promise<void>;
};

const CHANNEL = "pastebox_clipboard";
const RECONNECT_MS = 1_000;

/** The NOTIFY payload: short, and free of anything secret (the room id is the link's path). */
export function encodeNotification(origin: string, event: ClipboardEvent): string {
  const itemId = "itemId" in event ? event.itemId : 0;
  return `${origin} ${event.type} ${event.roomId} ${itemId}`;
}

export function decodeNotification(payload: string): { origin: string; event: ClipboardEvent } | null {
  const [origin, type, roomId, rawItemId] = payload.split(" ");
  const itemId = Number(rawItemId);
  if (!origin || !roomId || !Number.isSafeInteger(itemId)) return null;
  if (type === "item" || type === "deleted") return { origin, event: { type, roomId, itemId } };
  if (type === "devices" || type === "closed") return { origin, event: { type, roomId } };
  return null;
}

function createListeners() {
  const listeners = new Set<ClipboardListener>();
  return {
    add(listener: ClipboardListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: ClipboardEvent) {
      for (const listener of listeners) listener(event);
    },
  };
}

export function createLocalClipboardBus(): ClipboardBus {
  const listeners = createListeners();
  return {
    async publish(event) {
      listeners.emit(event);
    },
    subscribe: listeners.add,
    async close() {},
  };
}

/**
 * Postgres: a pool connection sends NOTIFY, one dedicated connection LISTENs (reconnecting after a
 * drop; events in between are missed, and devices catch up on their next reconnect's resume).
 */
export async function createPostgresClipboardBus(databaseUrl: string, logger: Logger): Promise<ClipboardBus> {
  const origin = crypto.randomUUID();
  const listeners = createListeners();
  // Loaded here: a SQLite server never needs the pg driver.
  const { default: pgDriver } = await import("pg");
  // NOTIFY and LISTEN name a channel of the database, not of a schema: `?schema=` is dropped.
  const { connectionString } = postgresTarget(databaseUrl);
  const pool = new pgDriver.Pool({ connectionString, max: 2 });
  let listener: pg.Client | null = null;
  let closed = false;

  async function connect(): Promise<void> {
    const client = new pgDriver.Client({ connectionString });
    client.on("notification", (message) => {
      const decoded = message.payload ? decodeNotification(message.payload) : null;
      if (decoded && decoded.origin !== origin) listeners.emit(decoded.event);
    });
    client.on("error", (error) => {
      logger.warn("clipboard LISTEN connection failed; reconnecting", { error: String(error) });
      void client.end().catch(() => {});
      if (listener === client) listener = null;
      if (!closed) setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  await connect();

  return {
    async publish(event) {
      listeners.emit(event);
      await pool.query("SELECT pg_notify($1, $2)", [CHANNEL, encodeNotification(origin, event)]);
    },
    subscribe: listeners.add,
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

export function createClipboardBus(
  provider: DatabaseProvider,
  databaseUrl: string,
  logger: Logger,
): Promise<ClipboardBus> {
  return provider === "postgres"
    ? createPostgresClipboardBus(databaseUrl, logger)
    : Promise.resolve(createLocalClipboardBus());
}
