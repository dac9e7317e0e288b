// The live clipboard's rooms in this process: which connections each room has, and what they are sent.
// A room's deliveries run one after another (its items arrive in the order announced); a join sends
// the room and the history after the device's resume point page by page, each page only once the
// connection has taken the previous one, so a filled room costs a page of memory per join, not its
// whole history (docs/clipboard.md, "Transport").

import { CLOSE_CODES, type ServerMessage } from "@shared/clipboard";
import type { Language } from "@shared/constants";
import type { Database } from "../../db/client";
import type { ReadConnection } from "../../db/read-connection";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { ClipboardBus, ClipboardEvent } from "../../services/clipboard/bus";
import {
  itemPage,
  joinRoom,
  latestItemId,
  leaveRoom,
  listDevices,
  listItems,
  openRoom,
} from "../../services/clipboard/rooms";

/** How long a room's presence changes are gathered into one device list. */
const PRESENCE_DEBOUNCE_MS = 50;

/** One device's connection: a WebSocket or an event stream. */
export type Subscriber = {
  roomId: string;
  connectionId: string;
  deviceId: string;
  address: string;
  language: Language;
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
  /** Resolves once what was sent has mostly left (true), or false when the connection is gone or stuck. */
  drained(): Promise<boolean>;
};

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

export type JoinRequest = { deviceId: string; label: string; after: number | undefined };

export type LiveRooms = ReturnType<typeof createLiveRooms>;

export function createLiveRooms(deps: {
  db: Database;
  reads: ReadConnection;
  clipboardBus: ClipboardBus;
  logger: Logger;
}) {
  const { db, clipboardBus, logger } = deps;
  const rooms = new Map<string, RoomState>();
  const roomQueues = new Map<string, Promise<void>>();
  const presenceTimers = new Map<string, ReturnType<typeof setTimeout>>();

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
    return next;
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

  /** Every item above the room's delivered id, a page at a time. */
  async function deliverNewItems(roomId: string) {
    for (;;) {
      const room = rooms.get(roomId);
      if (!room) return;
      const page = await itemPage(deps, roomId, room.deliveredId);
      for (const item of page.items) {
        broadcast(roomId, { type: "item", item });
        room.deliveredId = Math.max(room.deliveredId, item.id);
      }
      if (!page.hasMore) return;
      await Promise.all([...room.subscribers].map((subscriber) => subscriber.drained()));
    }
  }

  function onEvent(event: ClipboardEvent) {
    if (!rooms.has(event.roomId)) return;
    switch (event.type) {
      case "item":
        inRoomOrder(event.roomId, async () => {
          const room = rooms.get(event.roomId);
          if (room && event.itemId > room.deliveredId) await deliverNewItems(event.roomId);
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

  /** The history after `after`: the first page in the hello, the rest as items, each once the last has left. */
  async function sendHistory(subscriber: Subscriber, after: number | undefined) {
    const [{ room: wireRoom, items, hasMore }, devices] = await Promise.all([
      listItems(deps, subscriber.roomId, after),
      listDevices(db, subscriber.roomId),
    ]);
    subscriber.send({ type: "hello", room: wireRoom, items, devices, connection_id: subscriber.connectionId });
    let more = hasMore;
    let last = items.at(-1)?.id ?? after ?? 0;
    while (more) {
      if (!(await subscriber.drained())) return;
      const page = await itemPage(deps, subscriber.roomId, last);
      for (const item of page.items) subscriber.send({ type: "item", item });
      last = page.items.at(-1)?.id ?? last;
      more = page.hasMore;
    }
  }

  return {
    /**
     * Records the device and sends it the room, the items after `after` and the device list. This runs in
     * the room's delivery order: an item committed before the history is read is in it (or already
     * delivered), one committed after is above the room's delivered id and follows the history.
     */
    async join(subscriber: Subscriber, input: JoinRequest): Promise<boolean> {
      try {
        const room = await openRoom(db, subscriber.roomId);
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
      inRoomOrder(subscriber.roomId, async () => {
        try {
          let room = rooms.get(subscriber.roomId);
          if (!room) {
            // Read before the history: what commits in between is both in the history and delivered after
            // it (devices skip repeats); nothing falls between the two.
            room = { subscribers: new Set(), deliveredId: await latestItemId(db, subscriber.roomId) };
            rooms.set(subscriber.roomId, room);
          }
          room.subscribers.add(subscriber);
          await sendHistory(subscriber, input.after);
          hello.resolve();
        } catch (error) {
          hello.reject(error);
        }
      });
      await hello.promise;
      return true;
    },

    leave(subscriber: Subscriber) {
      const room = rooms.get(subscriber.roomId);
      if (room?.subscribers.delete(subscriber) && room.subscribers.size === 0) rooms.delete(subscriber.roomId);
      void leaveRoom({ db, clipboardBus }, subscriber.roomId, subscriber.connectionId).catch((error) =>
        logger.warn("clipboard leave failed", { error: String(error) }),
      );
    },

    /** The connection ids this process keeps listed (refreshed every presenceRefreshMs). */
    connectionIds(): string[] {
      return [...rooms.values()].flatMap((room) => [...room.subscribers].map((s) => s.connectionId));
    },

    /** Closes every connection of every room (1001) and stops listening to the bus. */
    close() {
      for (const timer of presenceTimers.values()) clearTimeout(timer);
      unsubscribe();
      for (const room of rooms.values()) {
        for (const subscriber of [...room.subscribers])
          subscriber.close(CLOSE_CODES.goingAway, "the server is restarting");
      }
    },
  };
}
