// Share links that do not exist are counted per client address in the database, so guessing slugs
// is limited across processes (docs/rules.md, Slugs and links). Every lookup of a share by its slug
// (paste, raw text, file share and its downloads, path share) asks first and records its misses: an
// address past the limit is answered 429 before the slug is looked up, so its guesses find nothing
// more, hits included, and count no view.
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { assertNotLimited, RATE_LIMITS, recordFailure } from "../system/rate-limit";

/** 429 with Retry-After when `clientIp` has used up its misses in the current window. */
export function assertSlugGuessesLeft(db: Database, clientIp: string): Promise<void> {
  return assertNotLimited(db, RATE_LIMITS.slugMiss, clientIp);
}

/** Counts a miss against `clientIp`; answers the not-found error for the caller to throw. */
export async function slugMissed(db: Database, clientIp: string, messageKey: string): Promise<AppError> {
  await recordFailure(db, RATE_LIMITS.slugMiss, clientIp);
  return new AppError("NOT_FOUND", messageKey);
}
