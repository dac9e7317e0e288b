// Fixed-window counters in the database, so that every server process shares them (docs/rules.md:
// login, API-key and password-verify failures per client address; creations per API key and per
// address). Each step is one atomic statement; there is no read-then-write window for concurrent
// requests to slip through.
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { AuthState } from "../auth/sessions";
import { getSystemSettings } from "./settings";

export type RateLimitRule = { name: string; limit: number; windowMs: number };

export const RATE_LIMITS = {
  adminLogin: { name: "admin-login", limit: 10, windowMs: 15 * 60_000 },
  apiKeyFailure: { name: "api-key", limit: 30, windowMs: 15 * 60_000 },
  passwordVerify: { name: "password-verify", limit: 20, windowMs: 15 * 60_000 },
  /**
   * Share links asked for that do not exist (docs/rules.md, Slugs and links). Generous: one office
   * behind one address asking for used-up and purged links must not be locked out of every link, while
   * guessing short custom slugs at well under 2 a second stays hopeless.
   */
  slugMiss: { name: "slug-miss", limit: 1000, windowMs: 10 * 60_000 },
  // Each passkey sign-in opens a challenge row; this bounds the rows one address can make.
  passkeyCeremony: { name: "passkey-ceremony", limit: 60, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** The window of the creation limits; their sizes are system settings (creations per minute). */
export const CREATION_WINDOW_MS = 60_000;

/** The key of `subject`'s counter under `rule` (a RateLimitBucket row). */
export const bucketKey = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

/** The 429 of a window that ends at `resetAt`, with the seconds left as Retry-After. */
function tooManyUntil(resetAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new AppError("TOO_MANY_REQUESTS", "errors.tooManyRequests", { seconds }, { "Retry-After": String(seconds) });
}

/** The 429 a window that has used up its limit answers, or null while it has room. */
export function limitReached(
  rule: RateLimitRule,
  bucket: { count: number; resetAt: Date } | null,
  now: Date,
): AppError | null {
  if (!bucket || bucket.resetAt <= now || bucket.count < rule.limit) return null;
  return tooManyUntil(bucket.resetAt, now);
}

/** Throws 429 with Retry-After when `subject` has used up its failures in the current window. */
export async function assertNotLimited(db: Database, rule: RateLimitRule, subject: string, now = new Date()) {
  const bucket = await db.rateLimitBucket.findUnique({
    where: { key: bucketKey(rule, subject) },
    select: { count: true, resetAt: true },
  });
  const refusal = limitReached(rule, bucket, now);
  if (refusal) throw refusal;
}

/**
 * Counts one attempt BEFORE the caller checks the secret, and throws 429 past the limit. Checking first
 * and counting after a failed verification would let a burst of concurrent guesses all pass the check
 * before any failure is recorded (hundreds of Argon2 verifications instead of `limit`); reserving the
 * attempt in one atomic increment bounds the guesses per window however many requests race, across
 * processes. A verification that succeeds gives its attempt back (refundAttempt or clearFailures).
 */
export async function consumeAttempt(db: Database, rule: RateLimitRule, subject: string, now = new Date()) {
  const bucket = await incrementBucket(db, rule, subject, now);
  if (bucket.count > rule.limit) throw tooManyUntil(bucket.resetAt, now);
}

/** Gives back an attempt reserved by consumeAttempt whose secret was right (it was no failure). */
export async function refundAttempt(db: Database, rule: RateLimitRule, subject: string, now = new Date()) {
  await db.rateLimitBucket.updateMany({
    where: { key: bucketKey(rule, subject), resetAt: { gt: now }, count: { gt: 0 } },
    data: { count: { decrement: 1 } },
  });
}

/** One atomic +1 on the subject's window (a new window when the last has ended); the count after it. */
async function incrementBucket(db: Database, rule: RateLimitRule, subject: string, now: Date) {
  const key = bucketKey(rule, subject);
  const select = { count: true, resetAt: true } as const;
  for (let attempt = 0; ; attempt++) {
    // update (not updateMany) returns the row as this increment left it.
    const inWindow = await db.rateLimitBucket
      .update({ where: { key, resetAt: { gt: now } }, data: { count: { increment: 1 } }, select })
      .catch((error: { code?: string }) => {
        // P2025: no window open for this subject (none yet, or the last one has ended).
        if (error?.code === "P2025") return null;
        throw error;
      });
    if (inWindow) return inWindow;
    const resetAt = new Date(now.getTime() + rule.windowMs);
    const restarted = await db.rateLimitBucket.updateMany({
      where: { key, resetAt: { lte: now } },
      data: { count: 1, resetAt },
    });
    if (restarted.count > 0) return { count: 1, resetAt };
    try {
      return await db.rateLimitBucket.create({ data: { key, count: 1, resetAt }, select });
    } catch (error) {
      // Another request opened the window first: count this attempt in it.
      if (attempt >= 3) throw error;
    }
  }
}

/** Counts one failure for `subject`, opening a new window when the last one has ended. */
export async function recordFailure(db: Database, rule: RateLimitRule, subject: string, now = new Date()) {
  const key = bucketKey(rule, subject);
  const resetAt = new Date(now.getTime() + rule.windowMs);
  const inWindow = await db.rateLimitBucket.updateMany({
    where: { key, resetAt: { gt: now } },
    data: { count: { increment: 1 } },
  });
  if (inWindow.count > 0) return;
  const restarted = await db.rateLimitBucket.updateMany({
    where: { key, resetAt: { lte: now } },
    data: { count: 1, resetAt },
  });
  if (restarted.count > 0) return;
  try {
    await db.rateLimitBucket.create({ data: { key, count: 1, resetAt }, select: { key: true } });
  } catch {
    // Another request created the bucket first: count this failure in it.
    await db.rateLimitBucket.updateMany({ where: { key }, data: { count: { increment: 1 } } });
  }
}

/** Forgets a subject's failures (a successful login clears its address). */
export async function clearFailures(db: Database, rule: RateLimitRule, subject: string) {
  await db.rateLimitBucket.deleteMany({ where: { key: bucketKey(rule, subject) } });
}

/** Drops ended windows; called by the periodic sweep. */
export async function purgeExpiredBuckets(db: Database, now = new Date()) {
  await db.rateLimitBucket.deleteMany({ where: { resetAt: { lte: now } } });
}

/**
 * Counts one creation (a paste, an upload, a URL fetch) by an API key, against the key and against the
 * client address (over every key used from it), and throws 429 with Retry-After past either limit of
 * the system settings (0 turns one off). The admin is not limited: the admin runs the server, and a
 * stolen admin session can do worse than create pastes.
 */
export async function countCreation(db: Database, auth: AuthState, clientIp: string, now = new Date()) {
  if (auth.type !== "apikey") return;
  const settings = await getSystemSettings(db);
  const perKey = settings.creation_limit_per_key;
  const perAddress = settings.creation_limit_per_address;
  if (perKey > 0) {
    await consumeAttempt(db, { name: "create-key", limit: perKey, windowMs: CREATION_WINDOW_MS }, auth.keyId, now);
  }
  if (perAddress > 0) {
    await consumeAttempt(
      db,
      { name: "create-address", limit: perAddress, windowMs: CREATION_WINDOW_MS },
      clientIp,
      now,
    );
  }
}
