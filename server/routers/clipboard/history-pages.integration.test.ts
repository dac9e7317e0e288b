// A filled room's history is paged (issue: clipboard history amplification): a GET of its items and
// a device's join each carry at most a page of content (HISTORY_PAGE_BYTES, or one item when it alone
// is larger), the rest follows page by page as the device reads it, and nothing is lost or reordered.
// Also: the socket refuses plain text as the HTTP route does (one schema), and a malformed socket
// request is answered by the app with its headers.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generateLinkKey } from "@shared/encryption/encrypted-share";
import { HISTORY_PAGE_BYTES } from "../../services/clipboard/rooms";
import { createClipboardRoom } from "../../test/api-client";
import { connectDevice, encryptItemText } from "../../test/clipboard-device";
import { DATABASE_PROVIDERS, type ServedTestApp, serveTestApp } from "../../test/harness";

const ITEMS = 10;

describe.each(DATABASE_PROVIDERS)("clipboard history in pages on %s", (provider) => {
  let served: ServedTestApp;
  let roomId = "";
  const sent: number[] = [];

  beforeAll(async () => {
    served = await serveTestApp(provider);
    const { api, admin } = served;
    roomId = (await createClipboardRoom(api, admin, { history_limit: 100 })).id;
    const key = generateLinkKey();
    const device = "d".repeat(22);
    // About 1.4 MiB of envelope each: 10 of them are more than three pages.
    for (let index = 0; index < ITEMS; index++) {
      const content = await encryptItemText(`${index}:${"x".repeat(1024 * 1024)}`, key);
      const answer = await api.call("POST", `/clipboard/rooms/${roomId}/items`, {
        body: { device_id: device, content },
        procedure: "clipboard.send",
      });
      expect(answer.status).toBe(201);
      sent.push(answer.body.data.id);
    }
  });
  afterAll(async () => {
    await served.stop();
  });

  const contentBytes = (items: { content: string }[]) => items.reduce((sum, item) => sum + item.content.length, 0);

  test("GET items answers one page with has_more; asking after its last id walks the whole history", async () => {
    const seen: number[] = [];
    let after = 0;
    for (let round = 0; round < ITEMS; round++) {
      const answer = await served.api.call("GET", `/clipboard/rooms/${roomId}/items?after=${after}`, {
        procedure: "clipboard.items",
      });
      expect(answer.status).toBe(200);
      const { items, has_more } = answer.body.data;
      expect(items.length).toBeGreaterThan(0);
      if (items.length > 1) expect(contentBytes(items)).toBeLessThanOrEqual(HISTORY_PAGE_BYTES);
      seen.push(...items.map((item) => item.id));
      after = items.at(-1)?.id ?? after;
      if (!has_more) break;
    }
    expect(seen).toEqual(sent);
  });

  test("a join's hello carries one page; the rest arrives as items, in order, none missing", async () => {
    const device = await connectDevice(served.origin, roomId);
    const hello = await device.waitFor("hello");
    expect(hello.items.length).toBeGreaterThan(0);
    expect(hello.items.length).toBeLessThan(ITEMS);
    expect(contentBytes(hello.items)).toBeLessThanOrEqual(HISTORY_PAGE_BYTES);
    const last = sent.at(-1) as number;
    await device.waitFor("item", (message) => message.item.id === last);
    const ids = device.messages.flatMap((message) =>
      message.type === "hello"
        ? message.items.map((item) => item.id)
        : message.type === "item"
          ? [message.item.id]
          : [],
    );
    expect(ids).toEqual(sent);
    device.close();
  });

  test("the socket refuses a plain-text item as the HTTP route does, and stays open", async () => {
    const device = await connectDevice(served.origin, roomId, { after: sent.at(-1) });
    await device.waitFor("hello");
    device.send({ type: "item", content: "plain text, not an envelope", ref: "r1" });
    const error = await device.waitFor("error", (message) => message.ref === "r1");
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain("envelope");
    device.send({ type: "ping" });
    await device.waitFor("pong");
    const items = await served.api.call("GET", `/clipboard/rooms/${roomId}/items?after=${sent.at(-1)}`, {
      procedure: "clipboard.items",
    });
    expect(items.body.data.items).toEqual([]);
    device.close();
  });

  test("a socket request with a bad percent-encoding or without an upgrade gets a 4xx with the security headers", async () => {
    const bad = await fetch(`${served.origin}/api/clipboard/rooms/%E0%A4%A/socket?device=${"d".repeat(22)}`);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.headers.get("x-content-type-options")).toBe("nosniff");
    const plain = await fetch(`${served.origin}/api/clipboard/rooms/${roomId}/socket?device=${"d".repeat(22)}`);
    expect(plain.status).toBe(426);
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
