// One device's connection to a live clipboard room (docs/clipboard.md): a WebSocket, or the event
// stream plus HTTP posts where a proxy blocks WebSockets. It reconnects with a growing delay, resumes
// from the last item id seen, pings so the server does not close it as idle, and sends the items
// queued while offline (outbox.ts) once it is back. Closing codes after which a retry cannot help
// (room gone) end it.
import {
  CLIPBOARD_LIMITS,
  CLOSE_CODES,
  FINAL_CLOSE_CODES,
  type ServerMessage,
  type WireDevice,
  type WireItem,
  type WireRoom,
} from "@shared/clipboard";
import { pendingItems, queueItem, removePending } from "./outbox";

export type ConnectionStatus = "connecting" | "online" | "offline" | "closed";
export type Transport = "websocket" | "events";

export type RoomEvents = {
  onStatus(status: ConnectionStatus, detail: { code?: number; transport: Transport }): void;
  onHello(room: WireRoom, items: WireItem[]): void;
  onItem(item: WireItem): void;
  onDeleted(itemId: number): void;
  onDevices(devices: WireDevice[]): void;
  /** The server refused something; `ref` names a queued item it refused (it left the outbox). */
  onError(message: string, ref?: string): void;
  /** A queued item reached the server. */
  onSent(ref: string): void;
};

const MAX_BACKOFF_MS = 15_000;
/** WebSocket attempts that fail before opening, after which the event stream is used instead. */
const WEBSOCKET_FAILURES_BEFORE_FALLBACK = 2;

export type RoomConnection = {
  /** Queues a sealed item under `ref` (the screen shows it as waiting until onSent names it) and sends it. */
  send(content: string, ref: string): Promise<void>;
  remove(itemId: number): void;
  close(): void;
};

export function connectRoom(options: {
  roomId: string;
  deviceId: string;
  label: string;
  events: RoomEvents;
  /** Test hook and fallback switch: start on the event stream. */
  transport?: Transport;
  /** The server's origin; the page's own by default (tests reach a server on another port). */
  origin?: string;
}): RoomConnection {
  const { roomId, deviceId, label, events } = options;
  const base = options.origin ?? location.href;
  const roomUrl = (path: string) => new URL(`/api/clipboard/rooms/${roomId}${path}`, base);
  let transport: Transport = options.transport ?? (typeof WebSocket === "undefined" ? "events" : "websocket");
  let lastItemId = 0;
  let attempt = 0;
  let failedBeforeOpen = 0;
  let isClosed = false;
  let socket: WebSocket | null = null;
  let stream: EventSource | null = null;
  let isOnline = false;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const query = () =>
    new URLSearchParams({ device: deviceId, label, ...(lastItemId ? { after: String(lastItemId) } : {}) });

  function handle(message: ServerMessage) {
    switch (message.type) {
      case "hello":
        attempt = 0;
        failedBeforeOpen = 0;
        isOnline = true;
        events.onStatus("online", { transport });
        events.onHello(message.room, message.items);
        events.onDevices(message.devices);
        for (const item of message.items) lastItemId = Math.max(lastItemId, item.id);
        void flushOutbox();
        return;
      case "item":
        lastItemId = Math.max(lastItemId, message.item.id);
        events.onItem(message.item);
        return;
      case "sent":
        void removePending(message.ref).then(() => events.onSent(message.ref));
        return;
      case "deleted":
        events.onDeleted(message.item_id);
        return;
      case "devices":
        events.onDevices(message.devices);
        return;
      case "error":
        // A refused item (too large, malformed) will not pass later either: it leaves the outbox.
        if (message.ref) void removePending(message.ref);
        events.onError(message.message, message.ref);
        return;
      case "close":
        stream?.close();
        stream = null;
        onLost(message.code);
        return;
      case "pong":
        return;
    }
  }

  function onLost(code?: number) {
    isOnline = false;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    if (isClosed) return;
    if (code !== undefined && FINAL_CLOSE_CODES.includes(code)) {
      isClosed = true;
      events.onStatus("closed", { code, transport });
      return;
    }
    events.onStatus("offline", { code, transport });
    attempt += 1;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() / 2);
    retryTimer = setTimeout(open, delay);
  }

  function openSocket() {
    const url = roomUrl(`/socket?${query()}`);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url);
    socket = ws;
    let didOpen = false;
    ws.onopen = () => {
      didOpen = true;
      pingTimer = setInterval(() => ws.send(JSON.stringify({ type: "ping" })), CLIPBOARD_LIMITS.pingIntervalMs);
    };
    ws.onmessage = (event) => handle(JSON.parse(String(event.data)) as ServerMessage);
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (!didOpen && ++failedBeforeOpen >= WEBSOCKET_FAILURES_BEFORE_FALLBACK && navigator.onLine) {
        transport = "events";
      }
      onLost(event.code);
    };
  }

  function openStream() {
    const source = new EventSource(roomUrl(`/events?${query()}`));
    stream = source;
    source.onmessage = (event) => handle(JSON.parse(event.data) as ServerMessage);
    source.onerror = () => {
      if (stream !== source) return;
      source.close();
      stream = null;
      onLost();
    };
  }

  function open() {
    retryTimer = null;
    if (isClosed) return;
    events.onStatus("connecting", { transport });
    if (transport === "websocket") openSocket();
    else openStream();
  }

  async function postItem(content: string, ref: string) {
    const response = await fetch(roomUrl("/items"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ device_id: deviceId, content }),
    });
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    if (!response.ok) {
      // Refused (too large, not an envelope): it will not pass later either.
      const isRefused = response.status >= 400 && response.status < 500 && response.status !== 429;
      if (isRefused) await removePending(ref);
      events.onError(body?.message ?? response.statusText, isRefused ? ref : undefined);
      return;
    }
    await removePending(ref);
    events.onSent(ref);
  }

  let isFlushing = false;
  /** Sends what waits in the outbox, oldest first; each leaves it once the server confirms it. */
  async function flushOutbox() {
    if (isFlushing) return;
    isFlushing = true;
    try {
      for (const item of await pendingItems(roomId)) {
        if (!isOnline) return;
        if (transport === "websocket" && socket?.readyState === WebSocket.OPEN) {
          socket.send(JSON.stringify({ type: "item", content: item.content, ref: item.ref }));
        } else if (transport === "events") {
          await postItem(item.content, item.ref);
        }
      }
    } finally {
      isFlushing = false;
    }
  }

  const onBackOnline = () => {
    if (isClosed || isOnline) return;
    if (retryTimer) clearTimeout(retryTimer);
    attempt = 0;
    open();
  };
  // The browser knows before the socket does (a dead network can keep it open for minutes).
  const onWentOffline = () => {
    socket?.close();
    stream?.close();
    if (stream) {
      stream = null;
      onLost();
    }
  };
  window.addEventListener("online", onBackOnline);
  window.addEventListener("offline", onWentOffline);
  open();

  return {
    async send(content, ref) {
      // Every item goes through the outbox, so one sent while the connection is down is not lost.
      await queueItem({ roomId, content, ref, createdAt: Date.now() });
      await flushOutbox();
    },
    remove(itemId) {
      if (transport === "websocket" && socket?.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: "delete", item_id: itemId }));
      } else {
        void fetch(roomUrl(`/items/${itemId}`), { method: "DELETE" });
      }
    },
    close() {
      isClosed = true;
      window.removeEventListener("online", onBackOnline);
      window.removeEventListener("offline", onWentOffline);
      if (retryTimer) clearTimeout(retryTimer);
      if (pingTimer) clearInterval(pingTimer);
      socket?.close(1000);
      stream?.close();
    },
  };
}

export { CLOSE_CODES };
