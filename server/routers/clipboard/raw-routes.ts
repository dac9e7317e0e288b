// The live clipboard's raw routes: the event stream (server-sent events), the fallback for devices
// whose network blocks WebSockets, carrying the same messages as the socket (shared/clipboard.ts
// ServerMessage; such a device sends items with POST /api/clipboard/rooms/{id}/items); and the socket
// route's answer to a request Bun did not upgrade (socket.ts upgrades the well-formed ones).

import { DEVICE_ID_PATTERN, DEVICE_LABEL_MAX } from "@shared/clipboard";
import { roomId } from "@shared/schemas/clipboard";
import { z } from "zod";
import { AppError } from "../../errors";
import { defineRawRoute, jsonAnswer, type RawRoute } from "../../rest/raw-route";

const eventsQuery = z.object({
  device: z.string().regex(DEVICE_ID_PATTERN, "errors.clipboardDeviceInvalid"),
  label: z.string().max(DEVICE_LABEL_MAX).optional(),
  after: z.coerce.number().int().min(0).optional(),
});

export const clipboardRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "GET",
    path: "/clipboard/rooms/{id}/socket",
    summary: "A room's WebSocket (docs/clipboard.md): upgrade with the same query as the event stream",
    description:
      "Answered here only when no WebSocket upgrade took place: 400 for a malformed room id, device id or " +
      "`after`, else 426 (send the upgrade headers).",
    tags: ["Live clipboard"],
    access: "public",
    query: eventsQuery,
    responses: [jsonAnswer(400, "A malformed room or device id"), jsonAnswer(426, "Not a WebSocket upgrade")],
    async handle({ params }) {
      if (!roomId.safeParse(params.id).success) throw new AppError("BAD_REQUEST", "errors.clipboardJoinInvalid");
      throw new AppError("UPGRADE_REQUIRED", "errors.websocketUpgradeRequired", {}, { Upgrade: "websocket" });
    },
  }),
  defineRawRoute({
    method: "GET",
    path: "/clipboard/rooms/{id}/events",
    summary: "A room's live events as server-sent events (the fallback for the WebSocket)",
    description:
      "Each event's data is one JSON message of the clipboard protocol (docs/clipboard.md): `hello` first " +
      "(the room, the items after `after`, the devices), then `item`, `deleted`, `devices`, and `close` " +
      "with the same codes a socket closes with. The WebSocket is `GET /api/clipboard/rooms/{id}/socket` " +
      "with the same query.",
    tags: ["Live clipboard"],
    access: "public",
    query: eventsQuery,
    responses: [
      { status: 200, description: "The event stream", contentType: "text/event-stream" },
      jsonAnswer(400, "A malformed room or device id"),
    ],
    async handle({ ctx, params, query }) {
      const id = roomId.safeParse(params.id);
      if (!id.success) throw new AppError("NOT_FOUND", "errors.clipboardRoomNotFound");
      const { device, label, after } = query as z.infer<typeof eventsQuery>;
      return ctx.clipboardHub.openEventStream({
        roomId: id.data,
        deviceId: device,
        label: label?.trim() || "?",
        after,
        address: ctx.clientIp,
        language: ctx.language,
      });
    },
  }),
];
