// The live clipboard's WebSocket (`GET /api/clipboard/rooms/{id}/socket`) on Bun.serve's own
// `websocket` handler: the upgrade of a well-formed join, then each connection's messages in the order
// sent, checked against the protocol (items are envelopes: the same schema as the HTTP route's), the
// size and rate limits, and an idle timeout. A request that is not a well-formed upgrade is left to
// the app, whose raw route answers it with an error and the usual headers (raw-routes.ts).

import {
  CLOSE_CODES,
  type ClientMessage,
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
import { describeError } from "../../errors";
import { languageFromHeader, runWithLanguage } from "../../i18n";
import type { Logger } from "../../logger";
import type { ClipboardBus } from "../../services/clipboard/bus";
import { addItem, deleteItem, HISTORY_PAGE_BYTES } from "../../services/clipboard/rooms";
import type { HubLimits, Refusal } from "./limits";
import type { LiveRooms, Subscriber } from "./live-rooms";

/** `/api/clipboard/rooms/{id}/socket`: the one WebSocket route. */
const SOCKET_PATH = /^\/api\/clipboard\/rooms\/([^/]+)\/socket$/;
/** A connection whose sends stay unread this long is dropped (it reconnects and resumes). */
const DRAIN_TIMEOUT_MS = 30_000;
const DRAIN_POLL_MS = 10;

export const truncateReason = (reason: string) => reason.slice(0, 120);

export type JoinInput = {
  roomId: string;
  deviceId: string;
  label: string;
  after: number | undefined;
  address: string;
  language: Language;
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

/** The join a socket or event-stream request asks for, or null when it is malformed. */
export function parseJoin(url: URL, roomId: string, address: string, language: Language): JoinInput | null {
  const deviceId = url.searchParams.get("device") ?? "";
  const label = (url.searchParams.get("label") ?? "").trim().slice(0, DEVICE_LABEL_MAX);
  const afterText = url.searchParams.get("after");
  const after = afterText ? Number(afterText) : undefined;
  if (!ROOM_ID_PATTERN.test(roomId) || !DEVICE_ID_PATTERN.test(deviceId)) return null;
  if (after !== undefined && (!Number.isSafeInteger(after) || after < 0)) return null;
  return { roomId, deviceId, label: label || "?", after, address, language };
}

/** Waits until `bufferedAmount()` is under a page, false if `isOpen()` ends or it takes too long. */
export async function waitForDrain(bufferedAmount: () => number, isOpen: () => boolean): Promise<boolean> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (isOpen() && bufferedAmount() > HISTORY_PAGE_BYTES) {
    if (Date.now() > deadline) return false;
    await Bun.sleep(DRAIN_POLL_MS);
  }
  return isOpen();
}

export function createSocketHandler(deps: {
  db: Database;
  clipboardBus: ClipboardBus;
  logger: Logger;
  rooms: LiveRooms;
  guard: HubLimits;
}) {
  const { db, clipboardBus, logger, rooms, guard } = deps;
  const { limits } = guard;
  const sockets = new Set<ServerWebSocket<SocketData>>();

  /** An item or a deletion; failures answer an `error` message (or close, if the room went). */
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
        sendError(ws, error, message.type === "item" ? message.ref : undefined);
      }
    });
  }

  function sendError(ws: ServerWebSocket<SocketData>, error: unknown, ref: string | undefined) {
    const description = runWithLanguage(ws.data.language, () => describeError(error));
    ws.send(
      JSON.stringify({
        type: "error",
        code: description.code,
        message: description.message,
        ...(ref ? { ref } : {}),
      } satisfies ServerMessage),
    );
  }

  async function handleMessage(ws: ServerWebSocket<SocketData>, message: string | Buffer) {
    const data = ws.data;
    const now = Date.now();
    if (typeof message !== "string") {
      ws.close(CLOSE_CODES.badMessage, "binary messages are not part of the protocol");
      return;
    }
    // Bun's frame cap follows the setting (http/serve.ts); this catches sockets opened before it was lowered.
    const { maxItemBytes: maxBytes } = await guard.currentSettings();
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
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      ws.close(CLOSE_CODES.badMessage, "a message must be JSON of the clipboard protocol");
      return;
    }
    const parsed = clientMessage.safeParse(json);
    if (!parsed.success) {
      // An item that is not an envelope is refused as the HTTP route refuses it (400), not a protocol error.
      const isBadContent = parsed.error.issues.every((issue) => issue.path[0] === "content");
      if (!isBadContent) {
        ws.close(CLOSE_CODES.badMessage, "unknown message");
        return;
      }
      const ref = (json as { ref?: unknown }).ref;
      sendError(ws, parsed.error, typeof ref === "string" ? ref.slice(0, 64) : undefined);
      return;
    }
    if (parsed.data.type === "ping") {
      // Keep-alives count against their own connection only: every device pings, so counting them per
      // address would close a shared network's devices (an office behind one NAT) for merely staying on.
      ws.send(JSON.stringify({ type: "pong" } satisfies ServerMessage));
      return;
    }
    if (!guard.addressAllows(data.address, message.length, now)) {
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
        async drained() {
          const isDrained = await waitForDrain(
            () => ws.getBufferedAmount(),
            () => sockets.has(ws),
          );
          if (!isDrained && sockets.has(ws)) ws.close(CLOSE_CODES.goingAway, "too slow to take the history; resume");
          return isDrained;
        },
      };
      data.subscriber = subscriber;
      data.ready = rooms.join(subscriber, data).catch((error) => {
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
      void (ready ?? Promise.resolve(true)).then(() => rooms.leave(subscriber));
    },
  };

  return {
    websocket,
    sockets,

    /**
     * Upgrades a well-formed join to a socket (true once upgraded); null for any other request, and
     * false when the upgrade fails: the app answers those (raw-routes.ts), with the usual headers.
     */
    handleUpgrade(request: Request, url: URL, server: Server<SocketData>, clientIp: string): Promise<boolean> | null {
      const match = SOCKET_PATH.exec(url.pathname);
      if (!match || request.headers.get("upgrade")?.toLowerCase() !== "websocket") return null;
      let roomId: string;
      try {
        roomId = decodeURIComponent(match[1] ?? "");
      } catch {
        return null;
      }
      const language = languageFromHeader(request.headers.get("accept-language"));
      const input = parseJoin(url, roomId, clientIp, language);
      if (!input) return null;
      return (async () => {
        const refusal = await guard.checkJoin(input);
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
        return server.upgrade(request, { data });
      })();
    },

    /** Closes sockets silent past the idle limit. */
    closeIdle(now = Date.now()) {
      for (const ws of sockets) {
        if (now - ws.data.lastActiveAt > limits.idleMs) ws.close(CLOSE_CODES.idle, "idle: no message for too long");
      }
    },

    closeAll() {
      for (const ws of [...sockets]) ws.close(CLOSE_CODES.goingAway, "the server is restarting");
    },
  };
}
