// A live clipboard device for tests and the benchmark: a real WebSocket to a real server, every
// message it received, and its close code and reason. Items are encrypted with the room key exactly as
// the browser does (shared/clipboard.ts item format inside the shared envelope).
import { decodeItem, encodeItem, generateDeviceId, type ServerMessage } from "@shared/clipboard";
import { decryptBytes, encryptBytes } from "@shared/encryption/encrypted-share";

export type TestDevice = {
  deviceId: string;
  socket: WebSocket;
  messages: ServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first received message (present or future) that matches. */
  waitFor<T extends ServerMessage["type"]>(
    type: T,
    match?: (message: Extract<ServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerMessage, { type: T }>>;
  send(message: unknown): void;
  sendText(text: string, roomKey: string, ref?: string): Promise<string>;
  close(): void;
};

export function socketUrl(baseUrl: string, roomId: string, query: Record<string, string | number | undefined>) {
  const url = new URL(`${baseUrl.replace(/^http/, "ws")}/api/clipboard/rooms/${roomId}/socket`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}

export async function connectDevice(
  baseUrl: string,
  roomId: string,
  options: { deviceId?: string; label?: string; after?: number; waitForHello?: boolean } = {},
): Promise<TestDevice> {
  const deviceId = options.deviceId ?? generateDeviceId();
  const socket = new WebSocket(
    socketUrl(baseUrl, roomId, { device: deviceId, label: options.label, after: options.after }),
  );
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.onmessage = (event) => {
    messages.push(JSON.parse(String(event.data)) as ServerMessage);
    for (const waiter of [...waiters]) waiter();
  };
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.onclose = (event) => resolve({ code: event.code, reason: event.reason });
  });
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error("socket failed to open"));
  });
  const device: TestDevice = {
    deviceId,
    socket,
    messages,
    closed,
    waitFor(type, match = () => true, timeoutMs = 15_000) {
      type Wanted = Extract<ServerMessage, { type: typeof type }>;
      const find = () =>
        messages.find((message): message is Wanted => message.type === type && match(message as Wanted));
      const found = find();
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} message within ${timeoutMs} ms; got ${messages.map((m) => m.type).join(",")}`));
        }, timeoutMs);
        const check = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        waiters.add(check);
      });
    },
    send: (message) => socket.send(typeof message === "string" ? message : JSON.stringify(message)),
    async sendText(text, roomKey, ref) {
      const content = await encryptItemText(text, roomKey);
      socket.send(JSON.stringify({ type: "item", content, ...(ref ? { ref } : {}) }));
      return content;
    },
    close: () => socket.close(),
  };
  if (options.waitForHello !== false) await device.waitFor("hello");
  return device;
}

export function encryptItemText(text: string, roomKey: string): Promise<string> {
  return encryptBytes(encodeItem({ kind: "text" }, new TextEncoder().encode(text)), roomKey);
}

export async function decryptItemText(content: string, roomKey: string): Promise<string> {
  const decoded = decodeItem(await decryptBytes(content, roomKey));
  if (decoded?.header.kind !== "text") throw new Error("not a text item");
  return new TextDecoder().decode(decoded.body);
}
