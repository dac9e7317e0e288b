// Live clipboard rooms (docs/clipboard.md): what both sides agree on. The item format inside the
// encrypted envelope, the WebSocket messages, the close codes and the limits. The server sees only the
// envelopes (shared/encryption/encrypted-share.ts); the key is in the room link's fragment.
import { z } from "zod";
import { checkEnvelopeText } from "./encryption/encrypted-share";

/** Room ids are 16 random bytes in base64url: 128 bits, unguessable. */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** Device ids are chosen by each device (random, not secret): same shape as room ids. */
export const DEVICE_ID_PATTERN = ROOM_ID_PATTERN;
export const DEVICE_LABEL_MAX = 60;
export const ROOM_NAME_MAX = 100;

export const ROOM_DEFAULTS = { historyLimit: 50, expiresInHours: 7 * 24, maxDevices: 10 } as const;
export const ROOM_BOUNDS = {
  historyLimit: { min: 1, max: 500 },
  expiresInHours: { min: 1, max: 365 * 24 },
  maxDevices: { min: 2, max: 100 },
} as const;
/** Admin setting's default: the largest file or text one item may carry, before encryption. */
export const DEFAULT_CLIPBOARD_ITEM_MB = 10;
/** Admin setting's default: WebSocket and event-stream joins per client address per minute. */
export const DEFAULT_CLIPBOARD_JOINS_PER_MINUTE = 60;

/** Room id generated on the server: 128 random bits. */
export function generateRoomId(): string {
  return toBase64UrlNoPad(crypto.getRandomValues(new Uint8Array(16)));
}

function toBase64UrlNoPad(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** A device's own random id (kept by the device so the others can tell it apart; not secret). */
export const generateDeviceId = generateRoomId;

// ---- Item contents (inside the envelope) ----

/** The header of an item: a text, or a file with its name and type (both encrypted with the body). */
export type ClipboardItemHeader = { kind: "text" } | { kind: "file"; name: string; type: string };
const HEADER_MAX_BYTES = 1024;
const NEWLINE = 0x0a;

export const itemHeaderSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("text") }),
  z.object({ kind: z.literal("file"), name: z.string().min(1).max(255), type: z.string().max(255) }),
]);

/**
 * The plaintext of an item: its header as one line of JSON, a newline, then the body's bytes (the
 * text in UTF-8, or the file). JSON.stringify never writes a raw newline, so the first one ends it.
 */
export function encodeItem(header: ClipboardItemHeader, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = new TextEncoder().encode(JSON.stringify(header));
  if (head.length > HEADER_MAX_BYTES) throw new Error("item header too long");
  const bytes = new Uint8Array(head.length + 1 + body.length);
  bytes.set(head, 0);
  bytes[head.length] = NEWLINE;
  bytes.set(body, head.length + 1);
  return bytes;
}

export function decodeItem(bytes: Uint8Array): { header: ClipboardItemHeader; body: Uint8Array } | null {
  const end = bytes.indexOf(NEWLINE);
  if (end < 0 || end > HEADER_MAX_BYTES) return null;
  try {
    const parsed = itemHeaderSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes.subarray(0, end))));
    return parsed.success ? { header: parsed.data, body: bytes.subarray(end + 1) } : null;
  } catch {
    return null;
  }
}

/**
 * The longest envelope an item of `maxItemBytes` can make: the header, the newline and the 16-byte
 * GCM tag on top of the body, in base64url, plus the envelope's JSON around it. The server checks
 * this bound; it cannot see the body's own size.
 */
export function maxEnvelopeLength(maxItemBytes: number): number {
  return Math.ceil(((maxItemBytes + HEADER_MAX_BYTES + 1 + 16) * 4) / 3) + 256;
}

/**
 * An item's stored content: an envelope of the shared format, never a password-derived one, checked
 * without copying its ciphertext (checkEnvelopeText).
 */
export const itemEnvelope = z
  .string()
  .refine((content) => checkEnvelopeText(content)?.kdf === "hkdf-sha256", "errors.clipboardItemInvalid");

// ---- WebSocket protocol ----

/** What a device sends over the socket. `ref` comes back on its own item, to match the echo. */
export const clientMessage = z.discriminatedUnion("type", [
  // The same envelope check as the HTTP route's (schemas/clipboard.ts sendItemInput): one schema for both.
  z.object({ type: z.literal("item"), content: itemEnvelope, ref: z.string().max(64).optional() }),
  z.object({ type: z.literal("delete"), item_id: z.number().int().positive() }),
  z.object({ type: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export type WireItem = { id: number; content: string; size: number; device_id: string; created_at: string };
export type WireDevice = { device_id: string; label: string };
export type WireRoom = {
  id: string;
  name: string | null;
  history_limit: number;
  max_devices: number;
  max_item_size: number;
  expires_at: string;
};

/** What the server sends: the room and the items after `after` on joining, then live events. */
export type ServerMessage =
  | { type: "hello"; room: WireRoom; items: WireItem[]; devices: WireDevice[]; connection_id: string }
  | { type: "item"; item: WireItem }
  /** The sender's own item was stored under `item_id` (it also arrives as an `item`, like everyone's). */
  | { type: "sent"; ref: string; item_id: number }
  | { type: "deleted"; item_id: number }
  | { type: "devices"; devices: WireDevice[] }
  | { type: "pong" }
  | { type: "error"; code: string; message: string; ref?: string }
  /** Event streams only (a socket uses its close code): the stream ends for this reason. */
  | { type: "close"; code: number; reason: string };

/**
 * Close codes (4000-4999 are the application's). The reason is a short English sentence for logs;
 * the client shows its own translated text for the code.
 */
export const CLOSE_CODES = {
  /** The server is shutting down: reconnect (standard code). */
  goingAway: 1001,
  /** A message that is not JSON of the protocol. */
  badMessage: 4400,
  /** The room does not exist (wrong link, or it expired and was removed). */
  roomNotFound: 4404,
  /** No message for the idle limit. */
  idle: 4408,
  /** The room was closed by its owner or expired while connected. */
  roomClosed: 4410,
  /** A message larger than the room's item limit. */
  tooLarge: 4413,
  /** Too many messages or bytes from this connection or address, or too many joins. */
  rateLimited: 4429,
  /** The room already has its maximum of devices. */
  roomFull: 4503,
} as const;

/** Codes after which reconnecting with the same link cannot help. */
export const FINAL_CLOSE_CODES: readonly number[] = [CLOSE_CODES.roomNotFound, CLOSE_CODES.roomClosed];

type Cap = { limit: number; windowMs: number };
export type ClipboardLimits = {
  idleMs: number;
  pingIntervalMs: number;
  messagesPerConnection: Cap;
  messagesPerAddress: Cap;
  bytesPerAddress: Cap;
  presenceStaleMs: number;
  presenceRefreshMs: number;
};

export const CLIPBOARD_LIMITS: ClipboardLimits = {
  /** A connection that sends nothing (not even a ping) for this long is closed. */
  idleMs: 60_000,
  /** How often a client pings; well under idleMs. */
  pingIntervalMs: 20_000,
  /** Messages one connection may send per window. */
  messagesPerConnection: { limit: 60, windowMs: 10_000 },
  /** Messages all connections of one address may send per window (on one process). */
  messagesPerAddress: { limit: 240, windowMs: 10_000 },
  /** Bytes all connections of one address may send per window (on one process). */
  bytesPerAddress: { limit: 256 * 1024 * 1024, windowMs: 60_000 },
  /** A presence row not refreshed for this long belongs to a process that died. */
  presenceStaleMs: 90_000,
  /** How often each process refreshes its presence rows. */
  presenceRefreshMs: 30_000,
};
