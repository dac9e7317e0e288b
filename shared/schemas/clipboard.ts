// Live clipboard schemas (docs/clipboard.md): rooms (created and managed by their owner) and items
// (sent, listed and deleted by any device holding the room link).
import { z } from "zod";
import {
  DEVICE_ID_PATTERN,
  itemEnvelope,
  ROOM_BOUNDS,
  ROOM_DEFAULTS,
  ROOM_ID_PATTERN,
  ROOM_NAME_MAX,
} from "../clipboard";

export const roomId = z.string().regex(ROOM_ID_PATTERN, "errors.clipboardRoomNotFound");

const boundedInt = (bounds: { min: number; max: number }, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(bounds.min, { error: message }).max(bounds.max, {
    error: message,
  });

const historyLimit = boundedInt(ROOM_BOUNDS.historyLimit, "errors.clipboardHistoryInvalid");
const expiresInHours = boundedInt(ROOM_BOUNDS.expiresInHours, "errors.clipboardExpiryInvalid");
const maxDevices = boundedInt(ROOM_BOUNDS.maxDevices, "errors.clipboardMaxDevicesInvalid");
/** Blank means no name; absent (on a change) leaves the name as it is. */
const roomName = z
  .string()
  .max(ROOM_NAME_MAX, "errors.clipboardNameTooLong")
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value?.trim() || null));

export const createRoomInput = z.object({
  name: roomName,
  history_limit: historyLimit.default(ROOM_DEFAULTS.historyLimit),
  expires_in_hours: expiresInHours.default(ROOM_DEFAULTS.expiresInHours),
  max_devices: maxDevices.default(ROOM_DEFAULTS.maxDevices),
});

/** Changes to a room; `expires_in_hours` counts from now. */
export const updateRoomInput = z.object({
  id: roomId,
  name: roomName,
  history_limit: historyLimit.optional(),
  expires_in_hours: expiresInHours.optional(),
  max_devices: maxDevices.optional(),
});

export const roomIdInput = z.object({ id: roomId });

export const roomOutput = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** The room's page without its key: the creating client appends `#<key>`. */
  url: z.string(),
  history_limit: z.number(),
  max_devices: z.number(),
  /** Bytes of a file or text one item may carry (admin setting). */
  max_item_size: z.number(),
  expires_at: z.date(),
  created_at: z.date(),
  item_count: z.number(),
  devices_connected: z.number(),
});

export const deviceId = z.string().regex(DEVICE_ID_PATTERN, "errors.clipboardDeviceInvalid");

export const itemOutput = z.object({
  id: z.number(),
  content: z.string(),
  size: z.number(),
  device_id: z.string(),
  created_at: z.date(),
});

export const listItemsInput = z.object({
  id: roomId,
  /** Only items after this id (the last one a device saw). */
  after: z.coerce.number().int().min(0).optional(),
});

/** What a device joining needs to know of a room. */
export const wireRoomOutput = roomOutput.pick({
  id: true,
  name: true,
  history_limit: true,
  max_devices: true,
  max_item_size: true,
  expires_at: true,
});

/** One page of items (docs/clipboard.md): `has_more` says to ask again after the last id. */
export const listItemsOutput = z.object({ room: wireRoomOutput, items: z.array(itemOutput), has_more: z.boolean() });

export const sendItemInput = z.object({ id: roomId, device_id: deviceId, content: itemEnvelope });

/** What a send answers: the stored item's id and size, not the content the sender already has. */
export const sentItemOutput = itemOutput.pick({ id: true, size: true });

export const deleteItemInput = z.object({ id: roomId, item_id: z.coerce.number().int().positive() });
