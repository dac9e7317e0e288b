// The live clipboard's event stream (`GET /api/clipboard/rooms/{id}/events`): the fallback for
// devices whose network blocks WebSockets, carrying the same messages as the socket as server-sent
// events. The stream's queue is counted in bytes, so the history is sent a page at a time as the
// device reads it.

import type { ServerMessage } from "@shared/clipboard";
import { CLOSE_CODES } from "@shared/clipboard";
import type { Logger } from "../../logger";
import { HISTORY_PAGE_BYTES } from "../../services/clipboard/rooms";
import type { HubLimits } from "./limits";
import type { LiveRooms, Subscriber } from "./live-rooms";
import { type JoinInput, truncateReason, waitForDrain } from "./socket";

const SSE_HEARTBEAT_MS = 15_000;

export function createEventStreams(deps: { logger: Logger; rooms: LiveRooms; guard: HubLimits }) {
  const { logger, rooms, guard } = deps;
  const encoder = new TextEncoder();

  return {
    async openEventStream(input: JoinInput): Promise<Response> {
      const refusal = await guard.checkJoin(input);
      const connectionId = crypto.randomUUID();
      let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
      let heartbeat: ReturnType<typeof setInterval> | null = null;
      let isOpen = true;
      const subscriber: Subscriber = {
        roomId: input.roomId,
        connectionId,
        deviceId: input.deviceId,
        address: input.address,
        language: input.language,
        send(message: ServerMessage) {
          if (isOpen) controller?.enqueue(encoder.encode(`data: ${JSON.stringify(message)}\n\n`));
        },
        close(code, reason) {
          subscriber.send({ type: "close", code, reason: truncateReason(reason) });
          end();
        },
        async drained() {
          // desiredSize is the queuing strategy's room left: negative while more than a page waits.
          const isDrained = await waitForDrain(
            () => HISTORY_PAGE_BYTES - (controller?.desiredSize ?? 0),
            () => isOpen,
          );
          if (!isDrained && isOpen) subscriber.close(CLOSE_CODES.goingAway, "too slow to take the history; resume");
          return isDrained;
        },
      };
      let joined: Promise<boolean> = Promise.resolve(false);
      function end() {
        if (!isOpen) return;
        isOpen = false;
        if (heartbeat) clearInterval(heartbeat);
        try {
          controller?.close();
        } catch {
          // Already closed by the client going away.
        }
        void joined.then((didJoin) => {
          if (didJoin) rooms.leave(subscriber);
        });
      }
      const stream = new ReadableStream<Uint8Array>(
        {
          start(streamController) {
            controller = streamController;
            if (refusal) {
              subscriber.close(refusal.code, refusal.reason);
              return;
            }
            // Comments keep proxies from timing the stream out, and refresh nothing else.
            heartbeat = setInterval(
              () => isOpen && controller?.enqueue(encoder.encode(": keep-alive\n\n")),
              SSE_HEARTBEAT_MS,
            );
            joined = rooms.join(subscriber, input).catch((error) => {
              logger.warn("clipboard join failed", { error: String(error) });
              subscriber.close(CLOSE_CODES.roomNotFound, "the room could not be opened");
              return false;
            });
          },
          cancel() {
            end();
          },
        },
        new ByteLengthQueuingStrategy({ highWaterMark: HISTORY_PAGE_BYTES }),
      );
      return new Response(stream, {
        headers: {
          "Content-Type": "text/event-stream; charset=utf-8",
          "Cache-Control": "no-store",
          "X-Accel-Buffering": "no",
        },
      });
    },
  };
}
