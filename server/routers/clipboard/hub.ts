// The live clipboard's connections in this process (docs/clipboard.md): WebSockets on Bun.serve's own
// `websocket` handler, and server-sent event streams as the fallback where a proxy blocks WebSockets.
// It enforces the transport's limits (idle time, message size and rate per connection and per
// address, joins per address, devices per room) with the close codes of shared/clipboard.ts, keeps
// the presence rows of its connections fresh, and delivers what the clipboard bus announces to the
// devices of each room, one room's events in order.

import {
  CLIPBOARD_LIMITS,
  CLOSE_CODES,
  type ClientMessage,
  type ClipboardLimits,
  clientMessage,
  DEVICE_ID_PATTERN,
  DEVICE_LABEL_MAX,
  maxEnvelopeLength,
  ROOM_ID_PATTERN,
  type ServerMessage,
} from "@shared/clipboard";
import type { Language } from "@shared/constants";
import type { Server, ServerWebSocket, WebSocketHandler } from "bun";
import type { Database } from "../../db/client";
import { AppError, describeError } from "../../errors";
import { languageFromHeader, runWithLanguage } from "../../i18n";
import type { Logger } from "../../logger";
import type { ClipboardBus, ClipboardEvent } from "../../services/clipboard/bus";
import {
  addItem,
  deleteItem,
  itemsAfter,
  joinRoom,
  latestItemId,
  leaveRoom,
  listDevices,
  listItems,
  maxItemBytes,
  openRoom,
  refreshPresence,
} from "../../services/clipboard/rooms";
import { consumeAttempt } from "../../services/system/rate-limit";
import { getSystemSettings } from "../../services/system/settings";

export type { ClipboardLimits } from "@shared/clipboard";

/** `/api/clipboard/rooms/{id}/socket`: the one WebSocket route. */
const SOCKET_PATH = /^\/api\/clipboard\/rooms\/([^/]+)\/socket$/;
const SSE_HEARTBEAT_MS = 15_000;
/** How long a room's presence changes are gathered into one device list. */
const PRESENCE_DEBOUNCE_MS = 50;
const SETTINGS_CACHE_MS = 2_000;

type Refusal = { code: number; reason: string };

/** One device's connection: a WebSocket or an event stream. */
type Subscriber = {
  roomId: string;
  connectionId: string;
  deviceId: string;
  address: string;
  language: Language;
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
};

/** A connection's state: what it joined with, and what the hub keeps for it. */
export type SocketData = JoinInput & {
  connectionId: string;
  refusal: Refusal | null;
  lastActiveAt: number;
  window: { count: number; resetAt: number };
  /** Set once the join is recorded; messages wait for it. */
  ready: Promise<boolean> | null;
  /** The connection's messages, handled one after another. */
  queue: Promise<void>;
  subscriber: Subscriber | null;
};

type Window = { count: number; bytes: number; resetAt: number; bytesResetAt: number };

/** A room with devices connected to this process. */
type RoomState = {
  subscribers: Set<Subscriber>;
  /**
   * The newest item id delivered to them. Each item event sends every item above it, read from the
   * database, so that an announcement that arrives late, out of order or never (a process that stopped
   * between commit and NOTIFY) leaves no hole below an id a device has seen (its resume point).
   */
  deliveredId: number;
};

export type ClipboardHub = {
  /** Answers a request for the socket route (undefined once upgraded), or null for any other request. */
  handleUpgrade(
    request: Request,
    url: URL,
    server: Server<SocketData>,
    clientIp: string,
  ): Promise<Response | undefined> | null;
  websocket: WebSocketHandler<SocketData>;
  /** The event-stream fallback for one device (`GET /api/clipboard/rooms/{id}/events`). */
  openEventStream(input: JoinInput): Promise<Response>;
  /** Counts a message sent over HTTP (the fallback's POST) against its address's caps. */
  chargeAddress(address: string, bytes: number): void;
  /** Connections open in this process. */
  connectionCount(): number;
  /** Closes every connection (1001, going away) and stops the timers. */
  close(): Promise<void>;
};

export type JoinInput = {
  roomId: string;
  deviceId: string;
  label: string;
  after: number | undefined;
  address: string;
  language: Language;
};

const truncateReason = (reason: string) => reason.slice(0, 120);

export function createClipboardHub(
  deps: { db: Database; clipboardBus: ClipboardBus; logger: Logger },
  limits: ClipboardLimits = CLIPBOARD_LIMITS,
): ClipboardHub {
  const { db, clipboardBus, logger } = deps;
  const rooms = new Map<string, RoomState>();
  const sockets = new Set<ServerWebSocket<SocketData>>();
  const addresses = new Map<string, Window>();
  const roomQueues = new Map<string, Promise<void>>();
  const presenceTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let settingsCache: { at: number; maxItemBytes: number; joinsPerMinute: number } | null = null;

  async function currentSettings() {
    if (!settingsCache || Date.now() - settingsCache.at > SETTINGS_CACHE_MS) {
      const settings = await getSystemSettings(db);
      settingsCache = {
        at: Date.now(),
        maxItemBytes: await maxItemBytes(db),
        joinsPerMinute: settings.clipboard_joins_per_minute,
      };
    }
    return settingsCache;
  }

  function broadcast(roomId: string, message: ServerMessage) {
    for (const subscriber of rooms.get(roomId)?.subscribers ?? []) subscriber.send(message);
  }

  /** Runs a room's deliveries one after another, so that its items arrive in the order announced. */
  function inRoomOrder(roomId: string, work: () => Promise<void>) {
    const previous = roomQueues.get(roomId) ?? Promise.resolve();
    const next = previous.then(work).catch((error) => {
      logger.warn("clipboard delivery failed", { error: String(error) });
    });
    roomQueues.set(roomId, next);
    void next.then(() => {
      if (roomQueues.get(roomId) === next) roomQueues.delete(roomId);
    });
  }

  function schedulePresence(roomId: string) {
    if (presenceTimers.has(roomId)) return;
    const timer = setTimeout(() => {
      presenceTimers.delete(roomId);
      if (!rooms.has(roomId)) return;
      inRoomOrder(roomId, async () => broadcast(roomId, { type: "devices", devices: await listDevices(db, roomId) }));
    }, PRESENCE_DEBOUNCE_MS);
    presenceTimers.set(roomId, timer);
  }

  function onEvent(event: ClipboardEvent) {
    if (!rooms.has(event.roomId)) return;
    switch (event.type) {
      case "item":
        inRoomOrder(event.roomId, async () => {
          const room = rooms.get(event.roomId);
          if (!room || event.itemId <= room.deliveredId) return;
          for (const item of await itemsAfter(db, event.roomId, room.deliveredId)) {
            broadcast(event.roomId, { type: "item", item });
            room.deliveredId = Math.max(room.deliveredId, item.id);
          }
        });
        return;
      case "deleted":
        inRoomOrder(event.roomId, async () => broadcast(event.roomId, { type: "deleted", item_id: event.itemId }));
        return;
      case "devices":
        schedulePresence(event.roomId);
        return;
      case "closed":
        inRoomOrder(event.roomId, async () => {
          for (const subscriber of [...(rooms.get(event.roomId)?.subscribers ?? [])]) {
            subscriber.close(CLOSE_CODES.roomClosed, "the room was closed");
          }
        });
        return;
    }
  }
  const unsubscribe = clipboardBus.subscribe(onEvent);

  /** Fixed-window caps of one address (messages and bytes, in this process). */
  function addressAllows(address: string, bytes: number, now = Date.now()): boolean {
    let window = addresses.get(address);
    if (!window) {
      window = { count: 0, bytes: 0, resetAt: 0, bytesResetAt: 0 };
      addresses.set(address, window);
    }
    if (now >= window.resetAt) {
      window.count = 0;
      window.resetAt = now + limits.messagesPerAddress.windowMs;
    }
    if (now >= window.bytesResetAt) {
      window.bytes = 0;
      window.bytesResetAt = now + limits.bytesPerAddress.windowMs;
    }
    window.count += 1;
    window.bytes += bytes;
    return window.count <= limits.messagesPerAddress.limit && window.bytes <= limits.bytesPerAddress.limit;
  }

  /** What refuses a join before any connection state exists: the join rate, a bad or gone room. */
  async function checkJoin(input: JoinInput): Promise<Refusal | null> {
    const { joinsPerMinute } = await currentSettings();
    try {
      if (joinsPerMinute > 0) {
        await consumeAttempt(db, { name: "clipboard-join", limit: joinsPerMinute, windowMs: 60_000 }, input.address);
      }
    } catch {
      return { code: CLOSE_CODES.rateLimited, reason: "too many joins from this address; wait a minute" };
    }
    try {
      await openRoom(db, input.roomId);
    } catch (error) {
      const gone = error instanceof AppError && error.code === "GONE";
      return gone
        ? { code: CLOSE_CODES.roomClosed, reason: "the room has expired" }
        : { code: CLOSE_CODES.roomNotFound, reason: "no such room" };
    }
    return null;
  }

  /**
   * Records the device and sends it the room, the items after `after` and the device list. This runs in
   * the room's delivery order: an item committed before the history is read is in it (or already
   * delivered), one committed after is above the room's delivered id and follows the hello.
   */
  async function join(subscriber: Subscriber, input: JoinInput & { label: string }): Promise<boolean> {
    try {
      const room = await openRoom(db, input.roomId);
      await joinRoom({ db, clipboardBus }, room, {
        connectionId: subscriber.connectionId,
        deviceId: input.deviceId,
        label: input.label,
      });
    } catch (error) {
      const full = error instanceof AppError && error.code === "SERVICE_UNAVAILABLE";
      subscriber.close(
        full ? CLOSE_CODES.roomFull : CLOSE_CODES.roomNotFound,
        full ? "the room already has its maximum of devices" : "no such room",
      );
      return false;
    }
    const hello = Promise.withResolvers<void>();
    inRoomOrder(input.roomId, async () => {
      try {
        let room = rooms.get(input.roomId);
        if (!room) {
          // Read before the history: what commits in between is both in the hello and delivered after it
          // (devices skip repeats); nothing falls between the two.
          room = { subscribers: new Set(), deliveredId: await latestItemId(db, input.roomId) };
          rooms.set(input.roomId, room);
        }
        room.subscribers.add(subscriber);
        const [{ room: wireRoom, items }, devices] = await Promise.all([
          listItems(db, input.roomId, input.after),
          listDevices(db, input.roomId),
        ]);
        subscriber.send({ type: "hello", room: wireRoom, items, devices, connection_id: subscriber.connectionId });
        hello.resolve();
      } catch (error) {
        hello.reject(error);
      }
    });
    await hello.promise;
    return true;
  }

  function leave(subscriber: Subscriber) {
    const room = rooms.get(subscriber.roomId);
    if (room?.subscribers.delete(subscriber) && room.subscribers.size === 0) rooms.delete(subscriber.roomId);
    void leaveRoom({ db, clipboardBus }, subscriber.roomId, subscriber.connectionId).catch((error) =>
      logger.warn("clipboard leave failed", { error: String(error) }),
    );
  }

  function parseJoin(url: URL, roomId: string, address: string, language: Language): JoinInput | null {
    const deviceId = url.searchParams.get("device") ?? "";
    const label = (url.searchParams.get("label") ?? "").trim().slice(0, DEVICE_LABEL_MAX);
    const afterText = url.searchParams.get("after");
    const after = afterText ? Number(afterText) : undefined;
    if (!ROOM_ID_PATTERN.test(roomId) || !DEVICE_ID_PATTERN.test(deviceId)) return null;
    if (after !== undefined && (!Number.isSafeInteger(after) || after < 0)) return null;
    return { roomId, deviceId, label: label || "?", after, address, language };
  }

  const badJoin = (language: Language) =>
    runWithLanguage(language, () => {
      const description = describeError(new AppError("BAD_REQUEST", "errors.clipboardJoinInvalid"));
      return Response.json(
        { code: description.status, message: description.message, data: null, success: false },
        { status: description.status },
      );
    });

  /** An item or a deletion from a socket; failures answer an `error` message (or close, if the room went). */
  async function onSocketMessage(ws: ServerWebSocket<SocketData>, message: Exclude<ClientMessage, { type: "ping" }>) {
    const data = ws.data;
    await runWithLanguage(data.language, async () => {
      try {
        if (message.type === "item") {
          const item = await addItem(
            { db, clipboardBus },
            { id: data.roomId, device_id: data.deviceId, content: message.content },
          );
          if (message.ref)
            ws.send(JSON.stringify({ type: "sent", ref: message.ref, item_id: item.id } satisfies ServerMessage));
        } else {
          await deleteItem({ db, clipboardBus }, data.roomId, message.item_id);
        }
      } catch (error) {
        const description = describeError(error);
        if (description.code === "NOT_FOUND" && description.messageKey === "errors.clipboardRoomNotFound") {
          ws.close(CLOSE_CODES.roomClosed, "the room was closed");
          return;
        }
        if (description.code === "GONE") {
          ws.close(CLOSE_CODES.roomClosed, "the room has expired");
          return;
        }
        const ref = message.type === "item" ? message.ref : undefined;
        ws.send(
          JSON.stringify({
            type: "error",
            code: description.code,
            message: description.message,
            ...(ref ? { ref } : {}),
          } satisfies ServerMessage),
        );
      }
    });
  }

  async function handleMessage(ws: ServerWebSocket<SocketData>, message: string | Buffer) {
    const data = ws.data;
    const now = Date.now();
    if (typeof message !== "string") {
      ws.close(CLOSE_CODES.badMessage, "binary messages are not part of the protocol");
      return;
    }
    const { maxItemBytes: maxBytes } = await currentSettings();
    if (message.length > maxEnvelopeLength(maxBytes) + 512) {
      ws.close(CLOSE_CODES.tooLarge, `message larger than the item limit of ${maxBytes} bytes`);
      return;
    }
    if (now >= data.window.resetAt) data.window = { count: 0, resetAt: now + limits.messagesPerConnection.windowMs };
    data.window.count += 1;
    if (data.window.count > limits.messagesPerConnection.limit) {
      ws.close(CLOSE_CODES.rateLimited, "too many messages from this connection; slow down");
      return;
    }
    let parsed: ReturnType<typeof clientMessage.safeParse>;
    try {
      parsed = clientMessage.safeParse(JSON.parse(message));
    } catch {
      ws.close(CLOSE_CODES.badMessage, "a message must be JSON of the clipboard protocol");
      return;
    }
    if (!parsed.success) {
      ws.close(CLOSE_CODES.badMessage, "unknown message");
      return;
    }
    if (parsed.data.type === "ping") {
      // Keep-alives count against their own connection only: every device pings, so counting them per
      // address would close a shared network's devices (an office behind one NAT) for merely staying on.
      ws.send(JSON.stringify({ type: "pong" } satisfies ServerMessage));
      return;
    }
    if (!addressAllows(data.address, message.length, now)) {
      ws.close(CLOSE_CODES.rateLimited, "too many messages or bytes from this address; slow down");
      return;
    }
    if (!(await data.ready)) return;
    await onSocketMessage(ws, parsed.data);
  }

  const websocket: WebSocketHandler<SocketData> = {
    // Bun's frame cap (maxPayloadLength) is set by serveApp from the current item limit (http/serve.ts).
    // Our own idle check (limits.idleMs, close code 4408) comes first; Bun's is the backstop.
    idleTimeout: Math.min(960, Math.ceil((limits.idleMs * 2) / 1000)),
    async open(ws) {
      const data = ws.data;
      // What a socket's log lines carry: the room id (the link's path), the device id and the close code,
      // never a message body (ciphertext, but kept out all the same) and never the key, which no request holds.
      logger.debug("clipboard socket opened", { room: data.roomId, device: data.deviceId, address: data.address });
      if (data.refusal) {
        ws.close(data.refusal.code, data.refusal.reason);
        return;
      }
      sockets.add(ws);
      const subscriber: Subscriber = {
        roomId: data.roomId,
        connectionId: data.connectionId,
        deviceId: data.deviceId,
        address: data.address,
        language: data.language,
        send: (message) => void ws.send(JSON.stringify(message)),
        close: (code, reason) => ws.close(code, truncateReason(reason)),
      };
      data.subscriber = subscriber;
      data.ready = join(subscriber, data).catch((error) => {
        logger.warn("clipboard join failed", { error: String(error) });
        ws.close(CLOSE_CODES.roomNotFound, "the room could not be opened");
        return false;
      });
    },
    message(ws, message) {
      ws.data.lastActiveAt = Date.now();
      // One connection's messages are handled in the order sent (an item's id follows that order).
      ws.data.queue = ws.data.queue.then(() =>
        handleMessage(ws, message).catch((error) => logger.warn("clipboard message failed", { error: String(error) })),
      );
    },
    close(ws, code, reason) {
      logger.debug("clipboard socket closed", { room: ws.data.roomId, device: ws.data.deviceId, code, reason });
      sockets.delete(ws);
      const { subscriber, ready } = ws.data;
      if (!subscriber) return;
      // A join still being recorded is left once it is (so its presence row is removed, not orphaned).
      void (ready ?? Promise.resolve(true)).then(() => leave(subscriber));
    },
  };

  const idleTimer = setInterval(
    () => {
      const now = Date.now();
      for (const ws of sockets) {
        if (now - ws.data.lastActiveAt > limits.idleMs) ws.close(CLOSE_CODES.idle, "idle: no message for too long");
      }
      for (const [address, window] of addresses) {
        if (now >= window.resetAt && now >= window.bytesResetAt) addresses.delete(address);
      }
    },
    Math.max(250, Math.min(5_000, limits.idleMs / 4)),
  );
  idleTimer.unref();

  const presenceTimer = setInterval(() => {
    const ids = [...rooms.values()].flatMap((room) => [...room.subscribers].map((s) => s.connectionId));
    void refreshPresence(db, ids).catch((error) =>
      logger.warn("clipboard presence refresh failed", { error: String(error) }),
    );
  }, limits.presenceRefreshMs);
  presenceTimer.unref();

  const encoder = new TextEncoder();

  return {
    websocket,
    handleUpgrade(request, url, server, clientIp) {
      const match = SOCKET_PATH.exec(url.pathname);
      if (!match) return null;
      return (async () => {
        const language = languageFromHeader(request.headers.get("accept-language"));
        const input = parseJoin(url, decodeURIComponent(match[1] ?? ""), clientIp, language);
        if (!input) return badJoin(language);
        const refusal = await checkJoin(input);
        const data: SocketData = {
          ...input,
          connectionId: crypto.randomUUID(),
          refusal,
          lastActiveAt: Date.now(),
          window: { count: 0, resetAt: 0 },
          ready: null,
          queue: Promise.resolve(),
          subscriber: null,
        };
        if (server.upgrade(request, { data })) return undefined;
        return new Response("Expected a WebSocket upgrade", { status: 426, headers: { Upgrade: "websocket" } });
      })();
    },
    async openEventStream(input) {
      const refusal = await checkJoin(input);
      const connectionId = crypto.randomUUID();
      let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
      let heartbeat: ReturnType<typeof setInterval> | null = null;
      let open = true;
      const subscriber: Subscriber = {
        roomId: input.roomId,
        connectionId,
        deviceId: input.deviceId,
        address: input.address,
        language: input.language,
        send(message) {
          if (open) controller?.enqueue(encoder.encode(`data: ${JSON.stringify(message)}\n\n`));
        },
        close(code, reason) {
          subscriber.send({ type: "close", code, reason: truncateReason(reason) });
          end();
        },
      };
      let joined: Promise<boolean> = Promise.resolve(false);
      function end() {
        if (!open) return;
        open = false;
        if (heartbeat) clearInterval(heartbeat);
        try {
          controller?.close();
        } catch {
          // Already closed by the client going away.
        }
        void joined.then((didJoin) => {
          if (didJoin) leave(subscriber);
        });
      }
      const stream = new ReadableStream<Uint8Array>({
        start(streamController) {
          controller = streamController;
          if (refusal) {
            subscriber.close(refusal.code, refusal.reason);
            return;
          }
          // Comments keep proxies from timing the stream out, and refresh nothing else.
          heartbeat = setInterval(
            () => open && controller?.enqueue(encoder.encode(": keep-alive\n\n")),
            SSE_HEARTBEAT_MS,
          );
          joined = join(subscriber, input).catch((error) => {
            logger.warn("clipboard join failed", { error: String(error) });
            subscriber.close(CLOSE_CODES.roomNotFound, "the room could not be opened");
            return false;
          });
        },
        cancel() {
          end();
        },
      });
      return new Response(stream, {
        headers: {
          "Content-Type": "text/event-stream; charset=utf-8",
          "Cache-Control": "no-store",
          "X-Accel-Buffering": "no",
        },
      });
    },
    chargeAddress(address, bytes) {
      if (!addressAllows(address, bytes)) {
        throw new AppError("TOO_MANY_REQUESTS", "errors.clipboardTooManyMessages", {}, { "Retry-After": "10" });
      }
    },
    connectionCount: () => sockets.size,
    async close() {
      clearInterval(idleTimer);
      clearInterval(presenceTimer);
      for (const timer of presenceTimers.values()) clearTimeout(timer);
      unsubscribe();
      for (const ws of [...sockets]) ws.close(CLOSE_CODES.goingAway, "the server is restarting");
      for (const room of rooms.values()) {
        for (const subscriber of [...room.subscribers])
          subscriber.close(CLOSE_CODES.goingAway, "the server is restarting");
      }
    },
  };
}
