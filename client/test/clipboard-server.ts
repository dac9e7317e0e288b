// The real server for the client's live clipboard tests (docs/testing.md, Client): started once per
// test file in its own process (serve-clipboard.ts), so the client's connection and screen talk to the
// real rooms, sockets and history paging, never to a stand-in. Rooms are made and closed over its REST
// API with Bun's own fetch (msw, which answers the screens' tRPC calls, does not see it).
import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import { generateLinkKey } from "@shared/encryption/encrypted-share";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { openClipboardDb } from "../src/lib/clipboard/outbox";

export type ClipboardServer = {
  origin: string;
  /** Creates a room as the admin: its id and a fresh key, as the creating browser makes it. */
  createRoom(body?: Record<string, unknown>): Promise<{ id: string; key: string }>;
  /** Closes a room as its owner: every device is told (close code 4410). */
  closeRoom(id: string): Promise<void>;
};

// The page's WebSocket, taken when this module loads: before msw's listen() puts its own in its place,
// which refuses a socket it has no handler for, and whose relay to a real server does not run in
// happy-dom. The tests' sockets go to the real server, unseen by msw.
const PAGE_WEBSOCKET = globalThis.WebSocket;

/** Starts the server before the file's tests and stops it after them. */
export function liveClipboardServer(): ClipboardServer {
  let mswWebSocket: typeof WebSocket | null = null;
  beforeEach(() => {
    mswWebSocket = globalThis.WebSocket;
    Object.defineProperty(globalThis, "WebSocket", { value: PAGE_WEBSOCKET, configurable: true, writable: true });
  });
  afterEach(() => {
    Object.defineProperty(globalThis, "WebSocket", { value: mswWebSocket, configurable: true, writable: true });
  });
  let child: ReturnType<typeof Bun.spawn<"pipe", "pipe", "inherit">> | null = null;
  let origin = "";
  let admin = "";
  beforeAll(async () => {
    child = Bun.spawn(["bun", `${import.meta.dir}/serve-clipboard.ts`], {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "inherit",
    });
    const reader = child.stdout.getReader();
    let text = "";
    while (!text.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the clipboard test server ended before it was ready");
      text += new TextDecoder().decode(value);
    }
    reader.releaseLock();
    ({ origin, admin } = JSON.parse(text.slice(0, text.indexOf("\n"))) as { origin: string; admin: string });
  });
  afterAll(async () => {
    child?.kill("SIGTERM");
    await child?.exited;
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await Bun.fetch(`${origin}/api${path}`, {
      method,
      headers: { authorization: admin, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ data: { id: string } }>;
  };
  return {
    get origin() {
      return origin;
    },
    async createRoom(body = {}) {
      const answer = await call("POST", "/clipboard/rooms", body);
      return { id: answer.data.id, key: generateLinkKey() };
    },
    async closeRoom(id) {
      await call("DELETE", `/clipboard/rooms/${id}`);
    },
  };
}

/** A fresh, empty clipboard database (outbox, device id, room keys) for the next test. */
export function freshClipboardDb() {
  openClipboardDb({ indexedDB: new IDBFactory(), IDBKeyRange });
}

/** Puts the page at this address (happy-dom's own switch), as a browser that opened the link would be. */
export function setPageUrl(url: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}
