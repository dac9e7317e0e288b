// Links that stopped working because their paste, file share or set of files expired or used up its views keep
// answering 410 "gone" after the row is removed (the first refused visit of a paste, the sweep of a
// file share), as docs/rules.md promises, instead of turning into 404. Only a SHA-256 of each slug is
// kept, for PURGED_SLUG_DAYS and at most PURGED_SLUG_MAX rows, so the table neither lists the links
// nor grows without end; an address guessing slugs is still limited by slug-guesses.ts.

import type { Database } from "../../../db/client";
import { AppError } from "../../../errors";

export type PurgedKind = "paste" | "file" | "set";
export type PurgedReason = "expired" | "used_up";

/** How long a removed link answers 410 before it answers 404 like any unknown link. */
export const PURGED_SLUG_DAYS = 30;
/** Rows kept at most (about 150 bytes each); the oldest go first. */
export const PURGED_SLUG_MAX = 200_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const IN_CHUNK = 500;

function slugHash(slug: string): string {
  return new Bun.CryptoHasher("sha256").update(slug).digest("base64url");
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "P2002";

/**
 * Remembers removed links; written before their rows go, so a visit meanwhile never meets a 404.
 * Visits racing to the same used-up paste remember it at once: a slug already there is left as it is.
 */
export async function rememberPurged(
  db: Database,
  kind: PurgedKind,
  removed: { slug: string; reason: PurgedReason }[],
  now = new Date(),
): Promise<void> {
  for (let start = 0; start < removed.length; start += IN_CHUNK) {
    const rows = removed
      .slice(start, start + IN_CHUNK)
      .map(({ slug, reason }) => ({ kind, slugHash: slugHash(slug), reason, purgedAt: now }));
    try {
      await db.purgedSlug.createMany({ data: rows });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // One of them is known already (createMany cannot skip it on SQLite): one at a time.
      for (const row of rows) {
        await db.purgedSlug.create({ data: row }).catch((failure: unknown) => {
          if (!isUniqueViolation(failure)) throw failure;
        });
      }
    }
  }
}

/** What a missed /s/ link is checked against: it may have named a set of files the sweep removed. */
export function purgedSet(slug: string) {
  return { kind: "set" as const, slug, expiredMessage: "errors.shareExpired" };
}

/** The 410 a removed link answers, or null when `slug` names nothing remembered. */
export async function purgedLinkError(
  db: Database,
  kind: PurgedKind,
  slug: string,
  expiredMessage: string,
  now = new Date(),
): Promise<AppError | null> {
  const row = await db.purgedSlug.findUnique({
    where: { kind_slugHash: { kind, slugHash: slugHash(slug) } },
    select: { reason: true, purgedAt: true },
  });
  if (!row || row.purgedAt.getTime() <= now.getTime() - PURGED_SLUG_DAYS * DAY_MS) return null;
  return new AppError("GONE", row.reason === "expired" ? expiredMessage : "errors.viewLimitReached");
}

/**
 * The sweep's step: links older than PURGED_SLUG_DAYS go, then the oldest past `max` (rows of one
 * sweep share their time, so the boundary's batch goes whole: a bound, not an exact count).
 */
export async function trimPurgedSlugs(db: Database, now = new Date(), max = PURGED_SLUG_MAX) {
  const old = await db.purgedSlug.deleteMany({
    where: { purgedAt: { lte: new Date(now.getTime() - PURGED_SLUG_DAYS * DAY_MS) } },
  });
  const boundary = await db.purgedSlug.findFirst({
    orderBy: [{ purgedAt: "desc" }, { slugHash: "desc" }],
    skip: max,
    select: { purgedAt: true },
  });
  const over = boundary ? await db.purgedSlug.deleteMany({ where: { purgedAt: { lte: boundary.purgedAt } } }) : null;
  return { deleted: old.count + (over?.count ?? 0) };
}
