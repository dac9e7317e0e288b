// Live clipboard on SQLite and Postgres: rooms over REST (who may create, list, change and close),
// items (envelopes only, size bound, history length), and the WebSocket transport on a real Bun
// server: delivery to the other devices, resume from the last item seen, presence, every close code,
// and the event-stream fallback.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CLIPBOARD_LIMITS, CLOSE_CODES, type ServerMessage } from "@shared/clipboard";
import { generateLinkKey } from "@shared/encryption/encrypted-share";
import { createApiClient, createApiKey, present, withSettings } from "../../test/api-client";
import { connectDevice, decryptItemText, encryptItemText } from "../../test/clipboard-device";
import { DATABASE_PROVIDERS, type ServedTestApp, serveTestApp, type TestApp } from "../../test/harness";

const TEST_LIMITS = {
  ...CLIPBOARD_LIMITS,
  // Short enough to wait for in a test, long enough that a socket on a loaded 2-core machine is not
  // closed as idle between connecting and its first message (at 1.5 s it was, under load 20+).
  idleMs: 4_000,
  messagesPerConnection: { limit: 20, windowMs: 10_000 },
  // Low enough to reach in a test; the rest of this file sends far fewer items per 10 s.
  messagesPerAddress: { limit: 40, windowMs: 10_000 },
};

describe.each(DATABASE_PROVIDERS)("live clipboard on %s", (provider) => {
  let served: ServedTestApp;
  let t: TestApp;
  let baseUrl: string;
  let admin: string;

  const api = createApiClient(() => t.app);
  const { call } = api;
  const createKey = async (permissions: Record<string, boolean>) => (await createApiKey(api, admin, permissions)).auth;

  async function createRoom(body: Record<string, unknown> = {}, auth = admin) {
    const created = await call("POST", "/clipboard/rooms", { auth, body, procedure: "clipboard.create" });
    expect(created.status).toBe(201);
    return created.body.data;
  }

  /** A new room, its link key, and two devices connected to it: "Laptop" first, then "Phone". */
  async function roomWithTwoDevices() {
    const room = await createRoom();
    const key = generateLinkKey();
    const laptop = await connectDevice(baseUrl, room.id, { label: "Laptop" });
    const phone = await connectDevice(baseUrl, room.id, { label: "Phone" });
    return { room, key, laptop, phone };
  }

  beforeAll(async () => {
    served = await serveTestApp(provider, { clipboardLimits: TEST_LIMITS });
    ({ t, origin: baseUrl, admin } = served);
    // Many devices join from one address in these tests.
    await call("PUT", "/admin/system-settings", {
      auth: admin,
      body: { clipboard_joins_per_minute: 0 },
      procedure: "settings.update",
    });
  });
  afterAll(async () => {
    await served.stop();
  });

  describe("rooms", () => {
    test("the admin creates a room with an unguessable id and the default settings", async () => {
      const room = await createRoom();
      expect(room.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(room).toMatchObject({
        url: `${t.config.publicUrl}/clipboard/${room.id}`,
        history_limit: 50,
        max_devices: 10,
        max_item_size: 10 * 1024 * 1024,
        item_count: 0,
        devices_connected: 0,
      });
      const lifetime = new Date(room.expires_at).getTime() - Date.now();
      expect(Math.abs(lifetime - 7 * 24 * 3_600_000)).toBeLessThan(60_000);
      const other = await createRoom();
      expect(other.id).not.toBe(room.id);
    });

    test("a key with text permission creates rooms; one without gets 403, no credentials 401", async () => {
      const textKey = await createKey({ text_permission: true });
      const fileKey = await createKey({ file_permission: true });
      expect(
        (await call("POST", "/clipboard/rooms", { auth: textKey, body: {}, procedure: "clipboard.create" })).status,
      ).toBe(201);
      expect(
        (await call("POST", "/clipboard/rooms", { auth: fileKey, body: {}, procedure: "clipboard.create" })).status,
      ).toBe(403);
      expect((await call("POST", "/clipboard/rooms", { body: {}, procedure: "clipboard.create" })).status).toBe(401);
    });

    test("bad settings answer 400 in the caller's language and create nothing", async () => {
      const before = await call("GET", "/clipboard/rooms", { auth: admin, procedure: "clipboard.mine" });
      const bad = await call("POST", "/clipboard/rooms", {
        auth: admin,
        body: { history_limit: 0 },
        lang: "zh-CN",
        procedure: "clipboard.create",
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 400, success: false });
      expect(bad.body.message).toContain("保留条数");
      const tooMany = await call("POST", "/clipboard/rooms", { auth: admin, body: { max_devices: 1000 } });
      expect(tooMany.status).toBe(400);
      const after = await call("GET", "/clipboard/rooms", { auth: admin, procedure: "clipboard.mine" });
      expect(after.body.data.length).toBe(before.body.data.length);
    });

    test("owners list, change and close only their own rooms", async () => {
      const keyA = await createKey({ text_permission: true });
      const keyB = await createKey({ text_permission: true });
      const room = await createRoom({ name: "Laptop and phone" }, keyA);
      const listA = await call("GET", "/clipboard/rooms", { auth: keyA, procedure: "clipboard.mine" });
      expect(listA.body.data.map((r: { id: string }) => r.id)).toEqual([room.id]);
      expect((await call("GET", "/clipboard/rooms", { auth: keyB, procedure: "clipboard.mine" })).body.data).toEqual(
        [],
      );
      const changed = await call("PUT", `/clipboard/rooms/${room.id}`, {
        auth: keyA,
        body: { history_limit: 5, max_devices: 3, expires_in_hours: 1 },
        procedure: "clipboard.update",
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({ history_limit: 5, max_devices: 3, name: "Laptop and phone" });
      expect(
        (
          await call("PUT", `/clipboard/rooms/${room.id}`, {
            auth: keyB,
            body: { history_limit: 9 },
            procedure: "clipboard.update",
          })
        ).status,
      ).toBe(404);
      expect(
        (await call("DELETE", `/clipboard/rooms/${room.id}`, { auth: keyB, procedure: "clipboard.close" })).status,
      ).toBe(404);
      expect(
        (await call("DELETE", `/clipboard/rooms/${room.id}`, { auth: keyA, procedure: "clipboard.close" })).status,
      ).toBe(200);
      expect((await call("GET", `/clipboard/rooms/${room.id}/items`, { procedure: "clipboard.items" })).status).toBe(
        404,
      );
    });
  });

  describe("items over HTTP", () => {
    const deviceId = "dev1dev1dev1dev1dev1de";

    test("an envelope is stored as sent and answered with its id and size; plain text is refused with 400", async () => {
      const room = await createRoom();
      const key = generateLinkKey();
      const content = await encryptItemText("hello from the phone", key);
      const sent = await call("POST", `/clipboard/rooms/${room.id}/items`, {
        body: { device_id: deviceId, content },
        procedure: "clipboard.send",
      });
      expect(sent.status).toBe(201);
      // The answer names the stored item; the sender already has its content (not echoed back).
      expect(sent.body.data).toEqual({ id: expect.any(Number), size: content.length });
      const plain = await call("POST", `/clipboard/rooms/${room.id}/items`, {
        body: { device_id: deviceId, content: "hello in clear" },
      });
      expect(plain.status).toBe(400);
      const listed = await call("GET", `/clipboard/rooms/${room.id}/items`, { procedure: "clipboard.items" });
      expect(listed.body.data.items).toHaveLength(1);
      expect(await decryptItemText(present(listed.body.data.items[0], "the item").content, key)).toBe(
        "hello from the phone",
      );
    });

    test("only the newest history_limit items are kept; `after` lists what came since", async () => {
      const room = await createRoom({ history_limit: 3 });
      const key = generateLinkKey();
      const ids: number[] = [];
      for (let index = 0; index < 5; index++) {
        const content = await encryptItemText(`item ${index}`, key);
        ids.push(
          (
            await call("POST", `/clipboard/rooms/${room.id}/items`, {
              body: { device_id: deviceId, content },
              procedure: "clipboard.send",
            })
          ).body.data.id,
        );
      }
      const listed = await call("GET", `/clipboard/rooms/${room.id}/items`, { procedure: "clipboard.items" });
      expect(listed.body.data.items.map((item: { id: number }) => item.id)).toEqual(ids.slice(2));
      const since = await call("GET", `/clipboard/rooms/${room.id}/items?after=${ids[3]}`, {
        procedure: "clipboard.items",
      });
      expect(since.body.data.items.map((item: { id: number }) => item.id)).toEqual(ids.slice(4, 5));
      expect(
        (await call("DELETE", `/clipboard/rooms/${room.id}/items/${ids[4]}`, { procedure: "clipboard.deleteItem" }))
          .status,
      ).toBe(200);
      expect(
        (await call("DELETE", `/clipboard/rooms/${room.id}/items/${ids[4]}`, { procedure: "clipboard.deleteItem" }))
          .status,
      ).toBe(404);
    });

    test("an item beyond the admin's size limit answers 413 and is not stored", async () => {
      const room = await createRoom();
      const key = generateLinkKey();
      await withSettings(api, admin, { clipboard_item_max_size: 0.01 }, async () => {
        const big = await encryptItemText("x".repeat(20_000), key);
        const refused = await call("POST", `/clipboard/rooms/${room.id}/items`, {
          body: { device_id: deviceId, content: big },
        });
        expect(refused.status).toBe(413);
        const small = await encryptItemText("x".repeat(5_000), key);
        expect(
          (
            await call("POST", `/clipboard/rooms/${room.id}/items`, {
              body: { device_id: deviceId, content: small },
              procedure: "clipboard.send",
            })
          ).status,
        ).toBe(201);
        expect(
          (await call("GET", `/clipboard/rooms/${room.id}/items`, { procedure: "clipboard.items" })).body.data.items,
        ).toHaveLength(1);
      });
    });
  });

  describe("WebSocket", () => {
    test("an item one device sends reaches the others at once, encrypted, and the sender gets its id", async () => {
      const { key, laptop, phone } = await roomWithTwoDevices();
      const content = await phone.sendText("copied on the phone", key, "r1");
      const sent = await phone.waitFor("sent", (message) => message.ref === "r1");
      const received = await laptop.waitFor("item", (message) => message.item.id === sent.item_id);
      expect(received.item.content).toBe(content);
      expect(received.item.device_id).toBe(phone.deviceId);
      expect(await decryptItemText(received.item.content, key)).toBe("copied on the phone");
      laptop.close();
      phone.close();
    });

    test("the device list shows who is connected and drops a device that leaves", async () => {
      const { laptop, phone } = await roomWithTwoDevices();
      const labels = (message: Extract<ServerMessage, { type: "devices" }>) =>
        message.devices.map((device) => device.label).sort();
      await laptop.waitFor("devices", (message) => labels(message).join() === "Laptop,Phone");
      phone.close();
      await laptop.waitFor("devices", (message) => labels(message).join() === "Laptop");
      laptop.close();
    });

    test("a device that was away resumes from the last item it saw", async () => {
      const { room, key, laptop, phone } = await roomWithTwoDevices();
      await laptop.sendText("one", key, "a");
      const first = await phone.waitFor("item");
      phone.close();
      await phone.closed;
      await laptop.sendText("two", key, "b");
      await laptop.sendText("three", key, "c");
      await laptop.waitFor("sent", (message) => message.ref === "c");
      const back = await connectDevice(baseUrl, room.id, { deviceId: phone.deviceId, after: first.item.id });
      const hello = await back.waitFor("hello");
      expect(await Promise.all(hello.items.map((item) => decryptItemText(item.content, key)))).toEqual([
        "two",
        "three",
      ]);
      laptop.close();
      back.close();
    });

    test("a deletion reaches every device", async () => {
      const { key, laptop, phone } = await roomWithTwoDevices();
      await laptop.sendText("oops", key, "x");
      const sent = await laptop.waitFor("sent");
      phone.send({ type: "delete", item_id: sent.item_id });
      await laptop.waitFor("deleted", (message) => message.item_id === sent.item_id);
      laptop.close();
      phone.close();
    });

    test("close codes: unknown room 4404, bad message 4400, too large 4413, too fast 4429, idle 4408", async () => {
      const unknown = await connectDevice(baseUrl, "AAAAAAAAAAAAAAAAAAAAAA", { waitForHello: false });
      expect((await unknown.closed).code).toBe(CLOSE_CODES.roomNotFound);

      const room = await createRoom();
      const bad = await connectDevice(baseUrl, room.id);
      bad.send("not json");
      expect(await bad.closed).toEqual({ code: CLOSE_CODES.badMessage, reason: expect.stringContaining("JSON") });

      await withSettings(api, admin, { clipboard_item_max_size: 0.01 }, async () => {
        // The hub reads the setting at most every 2 s; a fresh hub would see it at once.
        await Bun.sleep(2_100);
        const large = await connectDevice(baseUrl, room.id);
        large.send({ type: "item", content: "x".repeat(40_000) });
        const closed = await large.closed;
        expect(closed.code).toBe(CLOSE_CODES.tooLarge);
        expect(closed.reason).toContain("item limit");
      });

      const fast = await connectDevice(baseUrl, room.id);
      for (let index = 0; index <= TEST_LIMITS.messagesPerConnection.limit; index++) fast.send({ type: "ping" });
      const tooFast = await fast.closed;
      expect(tooFast.code).toBe(CLOSE_CODES.rateLimited);
      expect(tooFast.reason).toContain("this connection");

      const idle = await connectDevice(baseUrl, room.id);
      const started = Date.now();
      expect((await idle.closed).code).toBe(CLOSE_CODES.idle);
      expect(Date.now() - started).toBeGreaterThanOrEqual(TEST_LIMITS.idleMs - 600);
    }, 60_000);

    test("keep-alives from many devices behind one address close none of them: only their own connection's rate counts", async () => {
      const roomKey = generateLinkKey();
      const rooms = [await createRoom(), await createRoom()];
      const devices = [];
      for (const room of rooms)
        for (let index = 0; index < 7; index++) devices.push(await connectDevice(baseUrl, room.id));
      const pingsEach = TEST_LIMITS.messagesPerConnection.limit - 1;
      expect(devices.length * pingsEach).toBeGreaterThan(TEST_LIMITS.messagesPerAddress.limit);
      for (const device of devices) for (let index = 0; index < pingsEach; index++) device.send({ type: "ping" });
      await Promise.all(devices.map((device) => device.waitFor("pong", undefined, 15_000)));
      // Every device is still there: one item from each room reaches the room's other devices.
      const [first, second] = [devices[0], devices[7]];
      await first?.sendText("still here", roomKey);
      await second?.sendText("still here", roomKey);
      await Promise.all(devices.map((device) => device.waitFor("item")));
      const closedEarly = await Promise.race([
        Promise.any(devices.map((device) => device.closed)),
        Bun.sleep(300).then(() => null),
      ]);
      expect(closedEarly).toBeNull();
      for (const device of devices) device.close();
    });

    test("a room with its maximum of devices refuses another one with 4503; the same device may reconnect", async () => {
      const room = await createRoom({ max_devices: 2 });
      const laptop = await connectDevice(baseUrl, room.id);
      const phone = await connectDevice(baseUrl, room.id);
      const third = await connectDevice(baseUrl, room.id, { waitForHello: false });
      expect(await third.closed).toEqual({ code: CLOSE_CODES.roomFull, reason: expect.stringContaining("maximum") });
      const phoneAgain = await connectDevice(baseUrl, room.id, { deviceId: phone.deviceId });
      expect((await phoneAgain.waitFor("hello")).type).toBe("hello");
      for (const device of [laptop, phone, phoneAgain]) device.close();
    });

    test("closing a room disconnects its devices with 4410", async () => {
      const room = await createRoom();
      const device = await connectDevice(baseUrl, room.id);
      expect(
        (await call("DELETE", `/clipboard/rooms/${room.id}`, { auth: admin, procedure: "clipboard.close" })).status,
      ).toBe(200);
      expect((await device.closed).code).toBe(CLOSE_CODES.roomClosed);
    });

    test("joins past the per-address limit close with 4429", async () => {
      const room = await createRoom();
      await withSettings(api, admin, { clipboard_joins_per_minute: 2 }, async () => {
        await Bun.sleep(2_100);
        const devices = [];
        let refused: { code: number; reason: string } | null = null;
        for (let index = 0; index < 4 && !refused; index++) {
          const device = await connectDevice(baseUrl, room.id, { waitForHello: false });
          const outcome = await Promise.race([device.closed, device.waitFor("hello").then(() => null)]);
          if (outcome) refused = outcome;
          devices.push(device);
        }
        expect(refused).toEqual({ code: CLOSE_CODES.rateLimited, reason: expect.stringContaining("joins") });
        for (const device of devices) device.close();
      });
      // The limit lifted again, as the hub reads it (at most every 2 s).
      await Bun.sleep(2_100);
    }, 30_000);
  });

  describe("resume order", () => {
    const slowDevice = "slowSlowSlowSlowSlow00";
    const fastDevice = "fastFastFastFastFast00";

    /** Postgres: holds an item of `slowDevice` inside its INSERT (id already drawn) for 1.5 s. */
    async function delaySlowDeviceInserts() {
      const schema = `"${t.pgSchema}"`;
      await t.db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION ${schema}.clipboard_test_slow_insert() RETURNS trigger AS $$
        BEGIN IF NEW."deviceId" = '${slowDevice}' THEN PERFORM pg_sleep(1.5); END IF; RETURN NEW; END
        $$ LANGUAGE plpgsql`);
      await t.db.$executeRawUnsafe(
        `CREATE TRIGGER clipboard_test_slow_insert BEFORE INSERT ON ${schema}."ClipboardItem" FOR EACH ROW EXECUTE FUNCTION ${schema}.clipboard_test_slow_insert()`,
      );
      return async () => {
        await t.db.$executeRawUnsafe(`DROP TRIGGER clipboard_test_slow_insert ON ${schema}."ClipboardItem"`);
      };
    }

    async function untilAnInsertIsHeld() {
      for (let attempt = 0; attempt < 200; attempt++) {
        const rows = await t.db.$queryRawUnsafe<{ held: number }[]>(
          `SELECT count(*)::int AS held FROM pg_stat_activity WHERE wait_event = 'PgSleep'`,
        );
        if ((rows[0]?.held ?? 0) > 0) return;
        await Bun.sleep(10);
      }
      throw new Error("the slow insert never started");
    }

    // On Postgres two items of one room can be written at once; the one whose id was drawn first may
    // commit last. A device that saw the newer one and asks for what came "after" it must still get
    // the older one. (SQLite writes one at a time, so there the order cannot invert.)
    test("a device resuming after the newest item it saw misses no item that committed later with a lower id", async () => {
      const room = await createRoom();
      const key = generateLinkKey();
      const restore = provider === "postgres" ? await delaySlowDeviceInserts() : async () => {};
      try {
        const slowSend = call("POST", `/clipboard/rooms/${room.id}/items`, {
          body: { device_id: slowDevice, content: await encryptItemText("sent first, written slowly", key) },
          procedure: "clipboard.send",
        });
        if (provider === "postgres") await untilAnInsertIsHeld();
        const fastSent = await call("POST", `/clipboard/rooms/${room.id}/items`, {
          body: { device_id: fastDevice, content: await encryptItemText("sent second", key) },
        });
        expect(fastSent.status).toBe(201);
        // A polling device looks now, then resumes after the newest id it saw once the first send is done.
        const seen: { id: number; content: string }[] = [];
        const firstLook = await call("GET", `/clipboard/rooms/${room.id}/items`, { procedure: "clipboard.items" });
        seen.push(...firstLook.body.data.items);
        expect((await slowSend).status).toBe(201);
        const lastSeen = Math.max(0, ...seen.map((item) => item.id));
        const resumed = await call("GET", `/clipboard/rooms/${room.id}/items${lastSeen ? `?after=${lastSeen}` : ""}`, {
          procedure: "clipboard.items",
        });
        seen.push(...resumed.body.data.items);
        const texts = await Promise.all(seen.map((item) => decryptItemText(item.content, key)));
        expect(texts.sort()).toEqual(["sent first, written slowly", "sent second"]);
      } finally {
        await restore();
      }
    }, 30_000);

    test("a connected device gets every item in id order, even one whose announcement never came", async () => {
      const { room, key, laptop, phone } = await roomWithTwoDevices();
      // Written by a process that stopped before announcing it (or whose NOTIFY is still on its way).
      const unannounced = await t.db.clipboardItem.create({
        data: {
          roomId: room.id,
          content: await encryptItemText("never announced", key),
          size: 1,
          deviceId: slowDevice,
        },
        select: { id: true },
      });
      await phone.sendText("announced", key, "n");
      const sent = await phone.waitFor("sent", (message) => message.ref === "n");
      await laptop.waitFor("item", (message) => message.item.id === sent.item_id);
      const ids = laptop.messages.flatMap((message) => (message.type === "item" ? [message.item.id] : []));
      expect(ids).toEqual([unannounced.id, sent.item_id]);
      laptop.close();
      phone.close();
    });
  });

  test("event-stream fallback: hello, then items sent over HTTP, as for a socket", async () => {
    const room = await createRoom();
    const key = generateLinkKey();
    const deviceId = "sseDevice0000000000000";
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/clipboard/rooms/${room.id}/events?device=${deviceId}&label=Old`, {
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const messages: ServerMessage[] = [];
    async function next(type: ServerMessage["type"]) {
      for (;;) {
        const found = messages.find((message) => message.type === type);
        if (found) return found;
        const chunk = await reader.read();
        if (chunk.done) throw new Error("stream ended");
        buffer += decoder.decode(chunk.value, { stream: true });
        const events = buffer.split("\n\n");
        buffer = events.pop() ?? "";
        for (const event of events) if (event.startsWith("data: ")) messages.push(JSON.parse(event.slice(6)));
      }
    }
    const hello = await next("hello");
    expect(hello).toMatchObject({ type: "hello", items: [] });
    const phone = await connectDevice(baseUrl, room.id);
    await phone.sendText("to the old browser", key, "p");
    const item = (await next("item")) as Extract<ServerMessage, { type: "item" }>;
    expect(await decryptItemText(item.item.content, key)).toBe("to the old browser");
    controller.abort();
    phone.close();
  });

  // Last in the block: the socket test spends this address's item budget for the next 10 s.
  describe("per-address caps", () => {
    const { limit } = TEST_LIMITS.messagesPerAddress;

    test("items over HTTP past the address's cap answer 429 with Retry-After in the caller's language; nothing is stored", async () => {
      const room = await createRoom({ history_limit: 100 });
      const content = await encryptItemText("one of many", generateLinkKey());
      const ip = "198.51.100.20";
      const body = { device_id: "capsCapsCapsCapsCaps00", content };
      for (let index = 0; index < limit; index++) {
        expect(
          (await call("POST", `/clipboard/rooms/${room.id}/items`, { body, ip, procedure: "clipboard.send" })).status,
        ).toBe(201);
      }
      const refused = await call("POST", `/clipboard/rooms/${room.id}/items`, {
        body,
        ip,
        lang: "zh-CN",
        procedure: "clipboard.send",
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("10");
      expect(refused.body).toMatchObject({
        code: 429,
        success: false,
        message: "此地址发送的剪贴板消息过多，请稍候几秒",
      });
      // Another address is not held back.
      expect(
        (
          await call("POST", `/clipboard/rooms/${room.id}/items`, {
            body,
            ip: "198.51.100.21",
            procedure: "clipboard.send",
          })
        ).status,
      ).toBe(201);
      expect(
        (await call("GET", `/clipboard/rooms/${room.id}/items`, { procedure: "clipboard.items" })).body.data.items,
      ).toHaveLength(limit + 1);
    });

    test("sockets of one address sending past its cap, each under its own, are closed with 4429", async () => {
      const room = await createRoom({ history_limit: 100 });
      const content = await encryptItemText("one of many", generateLinkKey());
      const devices = await Promise.all([0, 1, 2].map(() => connectDevice(baseUrl, room.id)));
      const each = Math.ceil((limit + 5) / devices.length);
      expect(each).toBeLessThan(TEST_LIMITS.messagesPerConnection.limit);
      for (let index = 0; index < each; index++) for (const device of devices) device.send({ type: "item", content });
      const closed = await Promise.race(devices.map((device) => device.closed));
      expect(closed).toEqual({ code: CLOSE_CODES.rateLimited, reason: expect.stringContaining("this address") });
      for (const device of devices) device.close();
      await Promise.all(devices.map((device) => device.closed));
      const stored = (await call("GET", `/clipboard/rooms/${room.id}/items`, { procedure: "clipboard.items" })).body
        .data.items;
      expect(stored.length).toBeLessThanOrEqual(limit);
    });
  });
});
