// A device's connection to a live clipboard room (docs/clipboard.md, Transport and Offline) against
// the real server in its own process (test/clipboard-server.ts): joining, items both ways through the
// outbox, deletes, going offline and back (the queued item is sent, the missed ones arrive once), and
// the close codes after which it stops. The other device is a raw WebSocket (server/test/clipboard-device.ts).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { WireDevice, WireItem, WireRoom } from "@shared/clipboard";
import { CLOSE_CODES } from "@shared/clipboard";
import { connectDevice, decryptItemText, encryptItemText } from "../../../../server/test/clipboard-device";
import { freshClipboardDb, liveClipboardServer } from "../../../test/clipboard-server";
import { eventually } from "../../../test/eventually";
import { type ConnectionStatus, connectRoom, type RoomConnection } from "./connection";
import { openItem } from "./items";
import { deviceId, pendingItems } from "./outbox";

const server = liveClipboardServer();

/** What the screen would be told, in order. */
type Seen = {
  statuses: { status: ConnectionStatus; code?: number }[];
  room: WireRoom | null;
  items: WireItem[];
  deleted: number[];
  devices: WireDevice[];
  sent: string[];
  errors: string[];
};

let connection: RoomConnection | null = null;
beforeEach(() => freshClipboardDb());
afterEach(() => {
  connection?.close();
  connection = null;
});

async function connect(roomId: string) {
  const seen: Seen = { statuses: [], room: null, items: [], deleted: [], devices: [], sent: [], errors: [] };
  connection = connectRoom({
    roomId,
    deviceId: await deviceId(),
    label: "Test browser",
    origin: server.origin,
    events: {
      onStatus: (status, detail) => seen.statuses.push({ status, code: detail.code }),
      onHello: (room, items) => {
        seen.room = room;
        seen.items.push(...items);
      },
      onItem: (item) => seen.items.push(item),
      onDeleted: (itemId) => seen.deleted.push(itemId),
      onDevices: (devices) => {
        seen.devices = devices;
      },
      onError: (message) => seen.errors.push(message),
      onSent: (ref) => seen.sent.push(ref),
    },
  });
  return { connection, seen, lastStatus: () => seen.statuses.at(-1)?.status };
}

const texts = (items: WireItem[], key: string) => Promise.all(items.map((item) => decryptItemText(item.content, key)));

describe("room connection", () => {
  test("joins over a WebSocket: the room, its history and both devices; items go both ways", async () => {
    const { id, key } = await server.createRoom({ history_limit: 20 });
    const phone = await connectDevice(server.origin, id, { label: "Phone" });
    await phone.sendText("before the join", key, "phone-1");
    await phone.waitFor("sent");

    const { connection, seen, lastStatus } = await connect(id);
    await eventually(() => expect(lastStatus()).toBe("online"), 15_000);
    expect(seen.statuses[0]?.status).toBe("connecting");
    expect(seen.room?.history_limit).toBe(20);
    expect(await texts(seen.items, key)).toEqual(["before the join"]);
    await eventually(() =>
      expect(seen.devices.map((device) => device.label).sort()).toEqual(["Phone", "Test browser"]),
    );

    // Sent through the outbox: confirmed by the server, gone from the outbox, received by the phone.
    const content = await encryptItemText("from the browser", key);
    await connection.send(content, "ref-1");
    await eventually(() => expect(seen.sent).toEqual(["ref-1"]), 10_000);
    expect(await pendingItems(id)).toEqual([]);
    const arrived = await phone.waitFor("item", (message) => message.item.content === content);
    expect(await decryptItemText(arrived.item.content, key)).toBe("from the browser");

    // A delete from this device removes it for the phone too.
    connection.remove(arrived.item.id);
    await phone.waitFor("deleted", (message) => message.item_id === arrived.item.id);
    await eventually(() => expect(seen.deleted).toContain(arrived.item.id));
    phone.close();
  });

  test("offline: an item sent meanwhile waits in the outbox, then goes; missed items arrive once", async () => {
    const { id, key } = await server.createRoom();
    const phone = await connectDevice(server.origin, id, { label: "Phone" });
    const { connection, seen, lastStatus } = await connect(id);
    await eventually(() => expect(lastStatus()).toBe("online"), 15_000);
    await phone.sendText("seen online", key);
    await eventually(() => expect(seen.items.length).toBe(1), 10_000);

    // The browser says the network is gone: the connection drops at once and retries later.
    window.dispatchEvent(new Event("offline"));
    await eventually(() => expect(lastStatus()).toBe("offline"), 10_000);
    const queued = await encryptItemText("typed offline", key);
    await connection.send(queued, "ref-offline");
    expect((await pendingItems(id)).map((item) => item.ref)).toEqual(["ref-offline"]);
    await phone.sendText("missed while offline", key, "phone-2");
    await phone.waitFor("sent");

    // Back online: it reconnects at once, resumes after the last item it saw, and flushes the outbox.
    window.dispatchEvent(new Event("online"));
    await eventually(() => expect(seen.sent).toEqual(["ref-offline"]), 15_000);
    expect(await pendingItems(id)).toEqual([]);
    const fromBrowser = await phone.waitFor("item", (message) => message.item.content === queued);
    expect(await decryptItemText(fromBrowser.item.content, key)).toBe("typed offline");
    await eventually(() => expect(seen.items.length).toBe(3), 10_000);
    expect(await texts(seen.items, key)).toEqual(["seen online", "missed while offline", "typed offline"]);
    phone.close();
  });

  test("an item the server refuses leaves the outbox with the server's message", async () => {
    const { id } = await server.createRoom();
    const { connection, seen, lastStatus } = await connect(id);
    await eventually(() => expect(lastStatus()).toBe("online"), 15_000);
    // Not an envelope of the shared format: refused whatever the connection.
    await connection.send("plain text, not encrypted", "ref-bad");
    await eventually(() => expect(seen.errors.length).toBe(1), 10_000);
    await eventually(async () => expect(await pendingItems(id)).toEqual([]));
    expect(seen.sent).toEqual([]);
  });

  test("a room closed by its owner ends the connection for good; an unknown room too", async () => {
    const { id } = await server.createRoom();
    const { lastStatus, seen } = await connect(id);
    await eventually(() => expect(lastStatus()).toBe("online"), 15_000);
    await server.closeRoom(id);
    await eventually(() => expect(lastStatus()).toBe("closed"), 10_000);
    expect(seen.statuses.at(-1)?.code).toBe(CLOSE_CODES.roomClosed);
    // No retry after a final code.
    await Bun.sleep(1_500);
    expect(lastStatus()).toBe("closed");

    connection?.close();
    const unknown = await connect("A".repeat(22));
    await eventually(() => expect(unknown.lastStatus()).toBe("closed"), 15_000);
    expect(unknown.seen.statuses.at(-1)?.code).toBe(CLOSE_CODES.roomNotFound);
  });

  test("what the server relays is ciphertext the room key opens, and only that key", async () => {
    const { id, key } = await server.createRoom();
    const phone = await connectDevice(server.origin, id);
    await phone.sendText("secret", key);
    const { item } = await phone.waitFor("item");
    expect(item.content).not.toContain("secret");
    expect(await openItem(item, key)).toMatchObject({ kind: "text", text: "secret" });
    expect(await openItem(item, (await server.createRoom()).key)).toMatchObject({ kind: "undecryptable" });
    phone.close();
  });
});
