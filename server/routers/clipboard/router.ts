// Live clipboard (docs/clipboard.md): rooms are created and managed by their owner (admin or a key
// with text permission); items are sent, listed and deleted by any device holding the room link (the
// room id is the capability, the key in the fragment protects the content). The WebSocket route and
// the event stream live in server/routers/clipboard/hub.ts and clipboard-routes.ts.

import {
  createRoomInput,
  deleteItemInput,
  type itemOutput,
  listItemsInput,
  listItemsOutput,
  roomIdInput,
  roomOutput,
  sendItemInput,
  sentItemOutput,
  updateRoomInput,
} from "@shared/schemas/clipboard";
import { z } from "zod";
import {
  addItem,
  closeRoom,
  createRoom,
  deleteItem,
  listItems,
  listOwnRooms,
  updateRoom,
} from "../../services/clipboard/rooms";
import { limitCreation, publicProcedure, rest, router, textProcedure } from "../../trpc";

const tags = ["Live clipboard"];
const wireItemToOutput = (item: { created_at: string } & Omit<z.infer<typeof itemOutput>, "created_at">) => ({
  ...item,
  created_at: new Date(item.created_at),
});

export const clipboardRouter = router({
  create: textProcedure
    .use(limitCreation)
    .meta(
      rest("POST /clipboard/rooms", "Create a live clipboard room (append #<key> to its url to make the link)", tags, {
        successStatus: 201,
      }),
    )
    .input(createRoomInput)
    .output(roomOutput)
    .mutation(({ ctx, input }) => createRoom(ctx, ctx.auth, input)),

  mine: textProcedure
    .meta(rest("GET /clipboard/rooms", "The caller's live rooms", tags))
    .input(z.object({}).optional())
    .output(z.array(roomOutput))
    .query(({ ctx }) => listOwnRooms(ctx, ctx.auth)),

  update: textProcedure
    .meta(rest("PUT /clipboard/rooms/{id}", "Change an own room's settings", tags))
    .input(updateRoomInput)
    .output(roomOutput)
    .mutation(({ ctx, input }) => updateRoom(ctx, ctx.auth, input)),

  close: textProcedure
    .meta(
      rest(
        "DELETE /clipboard/rooms/{id}",
        "Close an own room: its items are deleted and connected devices disconnected",
        tags,
      ),
    )
    .input(roomIdInput)
    .output(z.object({ closed: z.number() }))
    .mutation(({ ctx, input }) => closeRoom(ctx, ctx.auth, input.id)),

  items: publicProcedure
    .meta(
      rest(
        "GET /clipboard/rooms/{id}/items",
        "A room's settings and a page of its items after `after` (the polling fallback; `has_more`: ask again after the last id)",
        tags,
      ),
    )
    .input(listItemsInput)
    .output(listItemsOutput)
    .query(async ({ ctx, input }) => {
      const { room, items, hasMore } = await listItems(ctx, input.id, input.after);
      return {
        room: { ...room, expires_at: new Date(room.expires_at) },
        items: items.map(wireItemToOutput),
        has_more: hasMore,
      };
    }),

  send: publicProcedure
    .meta(
      rest(
        "POST /clipboard/rooms/{id}/items",
        "Send an item (an encrypted envelope) to a room, for devices without a WebSocket",
        tags,
        {
          description: "Answers the stored item's `id` and `size`; its content reaches devices as an `item` event.",
          successStatus: 201,
        },
      ),
    )
    .input(sendItemInput)
    .output(sentItemOutput)
    .mutation(async ({ ctx, input }) => {
      ctx.clipboardHub.chargeAddress(ctx.clientIp, input.content.length);
      return addItem(ctx, input);
    }),

  deleteItem: publicProcedure
    .meta(rest("DELETE /clipboard/rooms/{id}/items/{item_id}", "Delete an item", tags))
    .input(deleteItemInput)
    .output(z.object({ deleted: z.number() }))
    .mutation(({ ctx, input }) => deleteItem(ctx, input.id, input.item_id)),
});
