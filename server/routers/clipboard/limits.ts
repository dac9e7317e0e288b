// The live clipboard's transport limits (docs/clipboard.md, "Close codes and limits"): joins per
// address (in the database, so across processes), a room that must exist and be open, messages and
// bytes per address in this process, and the current item limit, read from the settings at most every
// few seconds.

import { CLOSE_CODES, type ClipboardLimits } from "@shared/clipboard";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { maxItemBytes, openRoom } from "../../services/clipboard/rooms";
import { consumeAttempt } from "../../services/system/rate-limit";
import { getSystemSettings } from "../../services/system/settings";

const SETTINGS_CACHE_MS = 2_000;

export type Refusal = { code: number; reason: string };

type Window = { count: number; bytes: number; resetAt: number; bytesResetAt: number };

export type HubLimits = ReturnType<typeof createHubLimits>;

export function createHubLimits(db: Database, limits: ClipboardLimits) {
  const addresses = new Map<string, Window>();
  let settingsCache: { at: number; maxItemBytes: number; joinsPerMinute: number } | null = null;

  async function currentSettings() {
    if (!settingsCache || Date.now() - settingsCache.at > SETTINGS_CACHE_MS) {
      const settings = await getSystemSettings(db);
      settingsCache = {
        at: Date.now(),
        maxItemBytes: await maxItemBytes(db),
        joinsPerMinute: settings.clipboard_joins_per_minute,
      };
    }
    return settingsCache;
  }

  /** Fixed-window caps of one address (messages and bytes, in this process). */
  function addressAllows(address: string, bytes: number, now = Date.now()): boolean {
    let window = addresses.get(address);
    if (!window) {
      window = { count: 0, bytes: 0, resetAt: 0, bytesResetAt: 0 };
      addresses.set(address, window);
    }
    if (now >= window.resetAt) {
      window.count = 0;
      window.resetAt = now + limits.messagesPerAddress.windowMs;
    }
    if (now >= window.bytesResetAt) {
      window.bytes = 0;
      window.bytesResetAt = now + limits.bytesPerAddress.windowMs;
    }
    window.count += 1;
    window.bytes += bytes;
    return window.count <= limits.messagesPerAddress.limit && window.bytes <= limits.bytesPerAddress.limit;
  }

  return {
    limits,
    currentSettings,
    addressAllows,

    /** What refuses a join before any connection state exists: the join rate, a bad or gone room. */
    async checkJoin(input: { roomId: string; address: string }): Promise<Refusal | null> {
      const { joinsPerMinute } = await currentSettings();
      try {
        if (joinsPerMinute > 0) {
          await consumeAttempt(db, { name: "clipboard-join", limit: joinsPerMinute, windowMs: 60_000 }, input.address);
        }
      } catch {
        return { code: CLOSE_CODES.rateLimited, reason: "too many joins from this address; wait a minute" };
      }
      try {
        await openRoom(db, input.roomId);
      } catch (error) {
        const gone = error instanceof AppError && error.code === "GONE";
        return gone
          ? { code: CLOSE_CODES.roomClosed, reason: "the room has expired" }
          : { code: CLOSE_CODES.roomNotFound, reason: "no such room" };
      }
      return null;
    },

    /** Counts a message sent over HTTP (the fallback's POST) against its address's caps. */
    chargeAddress(address: string, bytes: number) {
      if (!addressAllows(address, bytes)) {
        throw new AppError("TOO_MANY_REQUESTS", "errors.clipboardTooManyMessages", {}, { "Retry-After": "10" });
      }
    },

    /** Forgets the windows of addresses that have been quiet past both windows. */
    forgetQuietAddresses(now = Date.now()) {
      for (const [address, window] of addresses) {
        if (now >= window.resetAt && now >= window.bytesResetAt) addresses.delete(address);
      }
    },
  };
}
