// Share links that do not exist are counted per client address in the database, so guessing slugs
// is limited across processes (docs/rules.md, Slugs and links). Every lookup of a share by its slug
// (paste, raw text, file share and its downloads, path share) records its misses; an address past the
// limit is answered 429 before the slug is looked up, so its guesses find nothing more, hits included,
// and count no view.
//
// The check before the lookup reads memory, not the database: a paste view is one statement on the
// view counter's own connection (docs/decisions/0011-view-counter.md), and a read of the limit's row on
// every view would double its cost and load Prisma into a server that only serves views
// (docs/decisions/0013-idle-without-prisma.md). A process learns that an address is over the limit when
// it records that address's next miss, from the count every process adds to: so each process lets at
// most one more miss through before it refuses the address too.

import type { Database } from "../../../db/client";
import { AppError } from "../../../errors";
import { consumeAttempt, RATE_LIMITS } from "../../system/rate-limit";
import { type PurgedKind, purgedLinkError } from "./purged-slugs";

/**
 * Per database client (one per process; tests run several apps in one), the addresses over the limit
 * with when their window ends (ms). Bounded: the oldest entry goes first.
 */
const blockedByDatabase = new WeakMap<Database, Map<string, number>>();
const MAX_BLOCKED_ADDRESSES = 10_000;

function blockedIn(db: Database): Map<string, number> {
  let blocked = blockedByDatabase.get(db);
  if (!blocked) {
    blocked = new Map();
    blockedByDatabase.set(db, blocked);
  }
  return blocked;
}

/** 429 with Retry-After when `clientIp` has used up its misses in the current window. */
export function assertSlugGuessesLeft(db: Database, clientIp: string, now = Date.now()): void {
  const blockedUntil = blockedIn(db);
  const until = blockedUntil.get(clientIp);
  if (until === undefined) return;
  if (until <= now) {
    blockedUntil.delete(clientIp);
    return;
  }
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  throw new AppError("TOO_MANY_REQUESTS", "errors.tooManyRequests", { seconds }, { "Retry-After": String(seconds) });
}

/**
 * Counts a miss against `clientIp`; answers the not-found error for the caller to throw (429 past the
 * limit). A link removed after it expired or used up its views (`removed`) is no miss: it answers 410.
 */
export async function slugMissed(
  db: Database,
  clientIp: string,
  messageKey: string,
  removed?: { kind: PurgedKind; slug: string; expiredMessage: string },
): Promise<AppError> {
  const gone = removed ? await purgedLinkError(db, removed.kind, removed.slug, removed.expiredMessage) : null;
  if (gone) return gone;
  try {
    await consumeAttempt(db, RATE_LIMITS.slugMiss, clientIp);
  } catch (error) {
    if (error instanceof AppError && error.code === "TOO_MANY_REQUESTS") {
      const blockedUntil = blockedIn(db);
      const seconds = Number(error.headers["Retry-After"] ?? RATE_LIMITS.slugMiss.windowMs / 1000);
      blockedUntil.delete(clientIp);
      blockedUntil.set(clientIp, Date.now() + seconds * 1000);
      if (blockedUntil.size > MAX_BLOCKED_ADDRESSES) {
        const oldest = blockedUntil.keys().next().value;
        if (oldest !== undefined) blockedUntil.delete(oldest);
      }
    }
    throw error;
  }
  return new AppError("NOT_FOUND", messageKey);
}
