// The live clipboard's connections in this process (docs/clipboard.md), put together from its parts:
// the rooms and what their devices are sent (live-rooms.ts), the transport's limits (limits.ts), the
// WebSocket (socket.ts) and the event-stream fallback (event-stream.ts). It also keeps the presence
// rows of its connections fresh and closes idle sockets.

import { CLIPBOARD_LIMITS, type ClipboardLimits } from "@shared/clipboard";
import type { Server, WebSocketHandler } from "bun";
import type { Database } from "../../db/client";
import type { ReadConnection } from "../../db/read-connection";
import type { Logger } from "../../logger";
import type { ClipboardBus } from "../../services/clipboard/bus";
import { refreshPresence } from "../../services/clipboard/rooms";
import { createEventStreams } from "./event-stream";
import { createHubLimits } from "./limits";
import { createLiveRooms } from "./live-rooms";
import { createSocketHandler, type JoinInput, type SocketData } from "./socket";

export type { ClipboardLimits } from "@shared/clipboard";
export type { JoinInput, SocketData } from "./socket";

export type ClipboardHub = {
  /** Upgrades a well-formed socket join (true); null for any other request, false if the upgrade failed. */
  handleUpgrade(request: Request, url: URL, server: Server<SocketData>, clientIp: string): Promise<boolean> | null;
  websocket: WebSocketHandler<SocketData>;
  /** The event-stream fallback for one device (`GET /api/clipboard/rooms/{id}/events`). */
  openEventStream(input: JoinInput): Promise<Response>;
  /** Counts a message sent over HTTP (the fallback's POST) against its address's caps. */
  chargeAddress(address: string, bytes: number): void;
  /** Sockets open in this process. */
  connectionCount(): number;
  /** Closes every connection (1001, going away) and stops the timers. */
  close(): Promise<void>;
};

export function createClipboardHub(
  deps: { db: Database; reads: ReadConnection; clipboardBus: ClipboardBus; logger: Logger },
  limits: ClipboardLimits = CLIPBOARD_LIMITS,
): ClipboardHub {
  const { db, logger } = deps;
  const guard = createHubLimits(db, limits);
  const rooms = createLiveRooms(deps);
  const socket = createSocketHandler({ ...deps, rooms, guard });
  const streams = createEventStreams({ logger, rooms, guard });

  const idleTimer = setInterval(
    () => {
      socket.closeIdle();
      guard.forgetQuietAddresses();
    },
    Math.max(250, Math.min(5_000, limits.idleMs / 4)),
  );
  idleTimer.unref();

  const presenceTimer = setInterval(() => {
    void refreshPresence(db, rooms.connectionIds()).catch((error) =>
      logger.warn("clipboard presence refresh failed", { error: String(error) }),
    );
  }, limits.presenceRefreshMs);
  presenceTimer.unref();

  return {
    websocket: socket.websocket,
    handleUpgrade: socket.handleUpgrade,
    openEventStream: streams.openEventStream,
    chargeAddress: guard.chargeAddress,
    connectionCount: () => socket.sockets.size,
    async close() {
      clearInterval(idleTimer);
      clearInterval(presenceTimer);
      socket.closeAll();
      rooms.close();
    },
  };
}
