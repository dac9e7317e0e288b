// Live clipboard rooms (docs/clipboard.md): rooms created and managed by their owner (admin or a key
// with text permission), items sent, listed and deleted by any device holding the room link, and the
// presence rows behind the device list and the device cap. Items are envelopes only: the key stays in
// the link's fragment. Every change is published on the clipboard bus so that every process's
// connected devices hear of it.

import {
  CLIPBOARD_LIMITS,
  generateRoomId,
  maxEnvelopeLength,
  type WireDevice,
  type WireItem,
  type WireRoom,
} from "@shared/clipboard";
import { megabytesToBytes } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import type { createRoomInput, sendItemInput, updateRoomInput } from "@shared/schemas/clipboard";
import type { z } from "zod";
import { type Database, driverConnectionOf } from "../../db/client";
import type { ClipboardItemRow, ReadConnection } from "../../db/read-connection";
import { deferAutoCheckpoint } from "../../db/wal-checkpoint";
import { AppError } from "../../errors";
import { withLargeContent } from "../../http/large-content";
import { nextTurn } from "../../http/sliced-answer";
import { type AuthState, creatorOf } from "../auth/sessions";
import { getSystemSettings } from "../system/settings";
import type { ClipboardBus } from "./bus";

const HOUR_MS = 3_600_000;

export type ClipboardDeps = { db: Database; clipboardBus: ClipboardBus; config: { publicUrl: string } };

const roomSelect = {
  id: true,
  name: true,
  historyLimit: true,
  maxDevices: true,
  expiresAt: true,
  createdBy: true,
  createdAt: true,
} as const;

type RoomRow = {
  id: string;
  name: string | null;
  historyLimit: number;
  maxDevices: number;
  expiresAt: Date;
  createdBy: string;
  createdAt: Date;
};

export function roomUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/clipboard/${id}`;
}

/** Bytes one item may carry before encryption (the admin's setting). */
export async function maxItemBytes(db: Database): Promise<number> {
  return megabytesToBytes((await getSystemSettings(db)).clipboard_item_max_size);
}

export function toWireItem(row: ClipboardItemRow): WireItem {
  return {
    id: row.id,
    content: row.content,
    size: row.size,
    device_id: row.deviceId,
    created_at: row.createdAt.toISOString(),
  };
}

export function toWireRoom(row: RoomRow, maxItemSize: number): WireRoom {
  return {
    id: row.id,
    name: row.name,
    history_limit: row.historyLimit,
    max_devices: row.maxDevices,
    max_item_size: maxItemSize,
    expires_at: row.expiresAt.toISOString(),
  };
}

const liveSince = (now: Date) => new Date(now.getTime() - CLIPBOARD_LIMITS.presenceStaleMs);

async function describeRoom(db: Database, row: RoomRow, publicUrl: string, now = new Date()) {
  const [itemCount, devices, maxItemSize] = await Promise.all([
    db.clipboardItem.count({ where: { roomId: row.id } }),
    listDevices(db, row.id, now),
    maxItemBytes(db),
  ]);
  return {
    id: row.id,
    name: row.name,
    url: roomUrl(publicUrl, row.id),
    history_limit: row.historyLimit,
    max_devices: row.maxDevices,
    max_item_size: maxItemSize,
    expires_at: row.expiresAt,
    created_at: row.createdAt,
    item_count: itemCount,
    devices_connected: devices.length,
  };
}

export async function createRoom(
  { db, config }: ClipboardDeps,
  auth: AuthState,
  input: z.output<typeof createRoomInput>,
  now = new Date(),
) {
  const row = await db.clipboardRoom.create({
    data: {
      id: generateRoomId(),
      name: input.name ?? null,
      historyLimit: input.history_limit,
      maxDevices: input.max_devices,
      expiresAt: new Date(now.getTime() + input.expires_in_hours * HOUR_MS),
      createdBy: creatorOf(auth),
    },
    select: roomSelect,
  });
  return describeRoom(db, row, config.publicUrl, now);
}

/** The caller's own live rooms, newest first (the admin's too: rooms belong to whoever made them). */
export async function listOwnRooms({ db, config }: ClipboardDeps, auth: AuthState, now = new Date()) {
  const rows = await db.clipboardRoom.findMany({
    where: { createdBy: creatorOf(auth), expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
    select: roomSelect,
  });
  return Promise.all(rows.map((row) => describeRoom(db, row, config.publicUrl, now)));
}

async function ownRoom(db: Database, auth: AuthState, id: string, now: Date): Promise<RoomRow> {
  const row = await db.clipboardRoom.findUnique({ where: { id }, select: roomSelect });
  if (!row || row.expiresAt <= now || row.createdBy !== creatorOf(auth)) {
    throw new AppError("NOT_FOUND", "errors.clipboardRoomNotFound");
  }
  return row;
}

export async function updateRoom(
  { db, config, clipboardBus }: ClipboardDeps,
  auth: AuthState,
  input: z.output<typeof updateRoomInput>,
  now = new Date(),
) {
  await ownRoom(db, auth, input.id, now);
  const row = await db.clipboardRoom.update({
    where: { id: input.id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.history_limit !== undefined ? { historyLimit: input.history_limit } : {}),
      ...(input.max_devices !== undefined ? { maxDevices: input.max_devices } : {}),
      ...(input.expires_in_hours !== undefined
        ? { expiresAt: new Date(now.getTime() + input.expires_in_hours * HOUR_MS) }
        : {}),
    },
    select: roomSelect,
  });
  if (input.history_limit !== undefined) await trimHistory(db, clipboardBus, row.id, row.historyLimit);
  return describeRoom(db, row, config.publicUrl, now);
}

/** Closing deletes the room with its items; connected devices are told and disconnected. */
export async function closeRoom({ db, clipboardBus }: ClipboardDeps, auth: AuthState, id: string, now = new Date()) {
  await ownRoom(db, auth, id, now);
  const { count } = await db.clipboardRoom.deleteMany({ where: { id } });
  await clipboardBus.publish({ type: "closed", roomId: id });
  return { closed: count };
}

/** A room any device may use: 404 when absent; an expired one is removed and answers 410. */
export async function openRoom(db: Database, id: string, now = new Date()): Promise<RoomRow> {
  const row = await db.clipboardRoom.findUnique({ where: { id }, select: roomSelect });
  if (!row) throw new AppError("NOT_FOUND", "errors.clipboardRoomNotFound");
  if (row.expiresAt <= now) {
    await db.clipboardRoom.deleteMany({ where: { id } });
    throw new AppError("GONE", "errors.clipboardRoomExpired");
  }
  return row;
}

/**
 * Bytes of item content one page carries (at least one item, however large). A room may hold 500
 * items of the item limit (gigabytes): a join or a GET reads, encodes and sends its history page by
 * page, so what one request makes the server hold is a page, not the room (docs/clipboard.md).
 */
export const HISTORY_PAGE_BYTES = 4 * 1024 * 1024;

export type ItemPage = { items: WireItem[]; hasMore: boolean };

/** What reading a room's items needs: its listing from the app's connection, its content from `reads`. */
export type ItemReaders = { db: Database; reads: ReadConnection };

/**
 * A room's items with an id above `after`, oldest first, as many as fit in `pageBytes`: their ids and
 * sizes are read first, then the content of those that fit. Within a room ids follow commit order
 * (see addItem), so "after the last id I saw" is a complete resume point, and the next page starts
 * after this one's last id. The content comes through the read connection, which does not map the
 * database file: a room read through the app's map stayed in the server's memory
 * (docs/decisions/0016-large-reads-without-the-map.md).
 */
export async function itemPage(
  { db, reads }: ItemReaders,
  roomId: string,
  after: number,
  pageBytes = HISTORY_PAGE_BYTES,
): Promise<ItemPage> {
  const sizes = await db.clipboardItem.findMany({
    where: { roomId, id: { gt: after } },
    orderBy: { id: "asc" },
    // Rooms keep at most ROOM_BOUNDS.historyLimit.max items: this list of numbers is small.
    select: { id: true, size: true },
  });
  let bytes = 0;
  let count = 0;
  for (const { size } of sizes) {
    if (count > 0 && bytes + size > pageBytes) break;
    bytes += size;
    count += 1;
  }
  const ids = sizes.slice(0, count).map((row) => row.id);
  if (ids.length === 0) return { items: [], hasMore: false };
  const rows = await withLargeContent(bytes, () => reads.clipboardItems(roomId, ids));
  return { items: rows.map(toWireItem), hasMore: count < sizes.length };
}

/** The room and the first page of its items after `after` (from the oldest kept without it). */
export async function listItems(readers: ItemReaders, id: string, after?: number, now = new Date()) {
  const { db } = readers;
  const [room, page, maxItemSize] = await Promise.all([
    openRoom(db, id, now),
    itemPage(readers, id, after ?? 0),
    maxItemBytes(db),
  ]);
  return { room: toWireRoom(room, maxItemSize), items: page.items, hasMore: page.hasMore };
}

/** The id of a room's newest item (0 when it has none). */
export async function latestItemId(db: Database, roomId: string): Promise<number> {
  const row = await db.clipboardItem.findFirst({ where: { roomId }, orderBy: { id: "desc" }, select: { id: true } });
  return row?.id ?? 0;
}

/**
 * Stores an item (an envelope, checked against the size bound) and announces it to every device.
 * Answers its id and size: the sender has its content, and an answer carrying it back cost a copy of
 * up to 10 MB per item sent.
 */
export async function addItem(
  { db, clipboardBus }: Pick<ClipboardDeps, "db" | "clipboardBus">,
  input: z.output<typeof sendItemInput>,
  now = new Date(),
): Promise<{ id: number; size: number }> {
  const room = await openRoom(db, input.id, now);
  const maxBytes = await maxItemBytes(db);
  if (input.content.length > maxEnvelopeLength(maxBytes)) {
    throw new AppError("PAYLOAD_TOO_LARGE", "errors.clipboardItemTooLarge", { max: formatBytes(maxBytes) });
  }
  // The room's row is locked (an update) before the item's id is drawn and until the item commits, so
  // within a room ids are drawn in commit order: on Postgres, an id drawn first could otherwise commit
  // after a later one, and a device resuming after the later id would never see it.
  const { content } = input;
  let checkpoint: { done(): void } | null = null;
  const row = await withLargeContent(content.length, () =>
    db.$transaction(async (tx) => {
      const locked = await tx.clipboardRoom.updateMany({ where: { id: room.id }, data: { updatedAt: now } });
      if (locked.count === 0) throw new AppError("NOT_FOUND", "errors.clipboardRoomNotFound");
      // The content is not read back: it is the one just written.
      const data = { roomId: room.id, content, size: content.length, deviceId: input.device_id };
      if (content.length > LARGE_ITEM_STRAIGHT_BYTES) {
        const driver = await driverConnectionOf(db);
        if (driver.provider === "sqlite") {
          // SQLite's insert, its commit and the checkpoint that follows each take a turn of their own.
          checkpoint = deferAutoCheckpoint(driver.sqlite);
          const written = insertItemOnSqlite(driver.sqlite, data);
          await nextTurn();
          return written;
        }
      }
      return tx.clipboardItem.create({ data, select: { id: true, size: true } });
    }),
  ).finally(() => (checkpoint as { done(): void } | null)?.done());
  await clipboardBus.publish({ type: "item", roomId: room.id, itemId: row.id });
  await trimHistory(db, clipboardBus, room.id, room.historyLimit);
  return row;
}

/** An item past this is written on SQLite by `insertItemOnSqlite`, not through Prisma. */
const LARGE_ITEM_STRAIGHT_BYTES = 1024 * 1024;

/**
 * Writes an item's row with the driver's own statement, inside the transaction Prisma holds open on
 * the same connection (db/client.ts `driverConnectionOf`). Through Prisma, a 9 MiB item's content was
 * serialised into its query plan and back before SQLite saw it: 55-75 ms of CPU in one turn of the
 * event loop for one item sent, of which SQLite's own write is about 22 ms (docs/performance.md, the
 * hostile run). The date is written as the Prisma adapter writes dates (ISO 8601, "+00:00").
 */
function insertItemOnSqlite(
  sqlite: import("bun:sqlite").Database,
  data: { roomId: string; content: string; size: number; deviceId: string },
): { id: number; size: number } {
  const row = sqlite
    .query<{ id: number | bigint; size: number | bigint }, [string, string, number, string, string]>(
      `INSERT INTO "ClipboardItem" ("roomId", "content", "size", "deviceId", "createdAt")
       VALUES (?, ?, ?, ?, ?) RETURNING "id", "size"`,
    )
    .get(data.roomId, data.content, data.size, data.deviceId, new Date().toISOString().replace("Z", "+00:00"));
  if (!row) throw new Error("the item's insert answered no row");
  // The adapter opens the connection with safe integers: integers come back as bigint.
  return { id: Number(row.id), size: Number(row.size) };
}

/** Keeps the newest `historyLimit` items of a room, announcing each one removed. */
async function trimHistory(db: Database, bus: ClipboardBus, roomId: string, historyLimit: number) {
  const oldestKept = await db.clipboardItem.findFirst({
    where: { roomId },
    orderBy: { id: "desc" },
    skip: historyLimit - 1,
    select: { id: true },
  });
  if (!oldestKept) return;
  const dropped = await db.clipboardItem.findMany({
    where: { roomId, id: { lt: oldestKept.id } },
    select: { id: true },
  });
  if (dropped.length === 0) return;
  await db.clipboardItem.deleteMany({ where: { roomId, id: { in: dropped.map((item) => item.id) } } });
  for (const { id } of dropped) await bus.publish({ type: "deleted", roomId, itemId: id });
}

export async function deleteItem(
  { db, clipboardBus }: Pick<ClipboardDeps, "db" | "clipboardBus">,
  roomId: string,
  itemId: number,
  now = new Date(),
) {
  await openRoom(db, roomId, now);
  const { count } = await db.clipboardItem.deleteMany({ where: { id: itemId, roomId } });
  if (count === 0) throw new AppError("NOT_FOUND", "errors.clipboardItemNotFound");
  await clipboardBus.publish({ type: "deleted", roomId, itemId });
  return { deleted: count };
}

// ---- Presence ----

/** Devices connected to a room now (any process), one entry per device however many connections. */
export async function listDevices(db: Database, roomId: string, now = new Date()): Promise<WireDevice[]> {
  const rows = await db.clipboardDevice.findMany({
    where: { roomId, seenAt: { gt: liveSince(now) } },
    orderBy: { seenAt: "asc" },
    select: { deviceId: true, label: true },
  });
  const devices = new Map<string, WireDevice>();
  for (const row of rows) devices.set(row.deviceId, { device_id: row.deviceId, label: row.label });
  return [...devices.values()];
}

/**
 * Records a device joining: 503-like refusal (roomFull) when the room already has its maximum of
 * other devices. A device that reconnects is not counted twice.
 */
export async function joinRoom(
  { db, clipboardBus }: Pick<ClipboardDeps, "db" | "clipboardBus">,
  room: RoomRow,
  connection: { connectionId: string; deviceId: string; label: string },
  now = new Date(),
) {
  const others = (await listDevices(db, room.id, now)).filter((device) => device.device_id !== connection.deviceId);
  if (others.length >= room.maxDevices) {
    throw new AppError("SERVICE_UNAVAILABLE", "errors.clipboardRoomFull", { max: room.maxDevices });
  }
  await db.clipboardDevice.create({
    data: { roomId: room.id, seenAt: now, ...connection },
    select: { connectionId: true },
  });
  await clipboardBus.publish({ type: "devices", roomId: room.id });
}

export async function leaveRoom(
  { db, clipboardBus }: Pick<ClipboardDeps, "db" | "clipboardBus">,
  roomId: string,
  connectionId: string,
) {
  const { count } = await db.clipboardDevice.deleteMany({ where: { connectionId } });
  if (count > 0) await clipboardBus.publish({ type: "devices", roomId });
}

/** Keeps this process's connections listed (called every presenceRefreshMs). */
export async function refreshPresence(db: Database, connectionIds: string[], now = new Date()) {
  if (connectionIds.length === 0) return;
  await db.clipboardDevice.updateMany({ where: { connectionId: { in: connectionIds } }, data: { seenAt: now } });
}

/** Sweep step: expired rooms (their items and presence rows go with them) and rows of dead processes. */
export async function purgeExpiredRooms(db: Database, now = new Date()) {
  const rooms = await db.clipboardRoom.deleteMany({ where: { expiresAt: { lte: now } } });
  const devices = await db.clipboardDevice.deleteMany({ where: { seenAt: { lte: liveSince(now) } } });
  return { rooms: rooms.count, devices: devices.count };
}
