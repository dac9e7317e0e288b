// One live clipboard room as a screen sees it (docs/clipboard.md): the connection and its state
// (connect, reconnect, the event-stream fallback: connection.ts), the room's items decrypted with the
// key from the link, newest first, merged as the history arrives page by page and on every resume, the
// devices present, and this device's items still in the outbox, shown as waiting until the server
// confirms each. Sending seals an item here; nothing leaves this browser unencrypted.
import type { WireDevice, WireItem, WireRoom } from "@shared/clipboard";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ConnectionStatus, connectRoom, type RoomConnection, type Transport } from "./connection";
import { deviceLabel, openItem, type ShownItem, sealFile, sealText } from "./items";
import { deviceId as loadDeviceId, pendingItems, removePending } from "./outbox";

/** An item of this device still in the outbox, with its queue ref and the sealed content sent. */
export type WaitingItem = { ref: string; item: ShownItem; content: string };

export type RoomLimits = Pick<WireRoom, "history_limit" | "max_item_size" | "expires_at">;

export type RoomState = {
  status: ConnectionStatus;
  transport: Transport;
  /** Why the connection ended for good ("closed"): a CLOSE_CODES value. */
  closeCode?: number;
  /** Newest first, each id once. */
  items: ShownItem[];
  /** Oldest first, as queued. */
  waiting: WaitingItem[];
  devices: WireDevice[];
  room: RoomLimits | null;
  /** This browser's device id, once read from its storage. */
  myDeviceId: string | null;
};

export type Room = RoomState & {
  sendText(text: string): Promise<void>;
  sendFile(file: File): Promise<void>;
  /** Deletes an item for every device in the room. */
  deleteItem(itemId: number): void;
  /** Takes a waiting item out of the outbox before it was sent. */
  deleteWaiting(ref: string): Promise<void>;
};

type Live = Omit<RoomState, "waiting" | "myDeviceId">;

/** Items newest first with `fresh` merged in: an id already shown (a resume, a page sent again) is skipped. */
export function mergeItems(shown: ShownItem[], fresh: ShownItem[]): ShownItem[] {
  const known = new Set(shown.map((item) => item.id));
  return [...shown, ...fresh.filter((item) => !known.has(item.id))].sort((a, b) => b.id - a.id);
}

export type RoomOptions = {
  /** The server refused something (an item too large, a delete): its message, in the user's language. */
  onError(message: string): void;
  /** The server's origin; the page's own by default. */
  origin?: string;
};

export function useRoom(roomId: string, roomKey: string, options: RoomOptions): Room {
  const { origin } = options;
  // The latest handler, without reconnecting when the screen passes a new function.
  const onErrorRef = useRef(options.onError);
  onErrorRef.current = options.onError;
  const [live, setLive] = useState<Live>({
    status: "connecting",
    transport: "websocket",
    items: [],
    devices: [],
    room: null,
  });
  const [myDeviceId, setMyDeviceId] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<WaitingItem[]>([]);
  const connection = useRef<RoomConnection | null>(null);
  /** Seals nothing: queues an already sealed item, shows it as waiting, and sends it. */
  const sendSealed = useRef<((content: string) => Promise<void>) | null>(null);
  const dropWaiting = useCallback(
    (ref: string) => setWaiting((previous) => previous.filter((entry) => entry.ref !== ref)),
    [],
  );

  useEffect(() => {
    let isCurrent = true;
    let opened: RoomConnection | null = null;
    const addItems = async (wire: WireItem[]) => {
      const shown = await Promise.all(wire.map((item) => openItem(item, roomKey)));
      if (!isCurrent) return;
      setLive((previous) => ({ ...previous, items: mergeItems(previous.items, shown) }));
      // This device's own item, back from the server, takes the waiting one's place in the same render:
      // the server's confirmation to the sender can come after the item reaches every device (this one
      // too), and the item was shown twice, waiting and sent, until then.
      const arrived = new Set(wire.map((item) => item.content));
      setWaiting((previous) => {
        const left = previous.filter((entry) => !arrived.has(entry.content));
        return left.length === previous.length ? previous : left;
      });
    };
    const addWaiting = async (ref: string, content: string, createdAt: number, device: string) => {
      const wire = { id: 0, content, size: 0, device_id: device, created_at: new Date(createdAt).toISOString() };
      const item = await openItem(wire, roomKey);
      if (!isCurrent) return;
      setWaiting((previous) =>
        previous.some((entry) => entry.ref === ref) ? previous : [...previous, { ref, item, content }],
      );
    };
    void loadDeviceId().then(async (id) => {
      if (!isCurrent) return;
      setMyDeviceId(id);
      for (const queued of await pendingItems(roomId))
        await addWaiting(queued.ref, queued.content, queued.createdAt, id);
      if (!isCurrent) return;
      opened = connectRoom({
        roomId,
        deviceId: id,
        label: deviceLabel(),
        origin,
        events: {
          onStatus: (status, detail) =>
            setLive((previous) => ({ ...previous, status, transport: detail.transport, closeCode: detail.code })),
          onHello: (room, items) => {
            setLive((previous) => ({ ...previous, room }));
            void addItems(items);
          },
          onItem: (item) => void addItems([item]),
          onDeleted: (itemId) =>
            setLive((previous) => ({ ...previous, items: previous.items.filter((item) => item.id !== itemId) })),
          onDevices: (devices) => setLive((previous) => ({ ...previous, devices })),
          onError: (message, ref) => {
            if (ref) dropWaiting(ref);
            onErrorRef.current(message);
          },
          onSent: dropWaiting,
        },
      });
      connection.current = opened;
      sendSealed.current = async (content) => {
        const ref = crypto.randomUUID();
        await addWaiting(ref, content, Date.now(), id);
        await opened?.send(content, ref);
      };
    });
    return () => {
      isCurrent = false;
      opened?.close();
      connection.current = null;
      sendSealed.current = null;
      setWaiting([]);
    };
  }, [roomId, roomKey, origin, dropWaiting]);

  // Revoke the object URLs of files that left the list.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const shown = [...live.items, ...waiting.map((entry) => entry.item)];
    const current = new Set(shown.flatMap((item) => (item.kind === "file" ? [item.url] : [])));
    for (const url of urls.current) if (!current.has(url)) URL.revokeObjectURL(url);
    urls.current = current;
  }, [live.items, waiting]);

  return {
    ...live,
    waiting,
    myDeviceId,
    sendText: async (text) => sendSealed.current?.(await sealText(text, roomKey)),
    sendFile: async (file) => sendSealed.current?.(await sealFile(file, roomKey)),
    deleteItem: (itemId) => connection.current?.remove(itemId),
    deleteWaiting: async (ref) => {
      await removePending(ref);
      dropWaiting(ref);
    },
  };
}
