// Visit tokens of the shares a visitor browses (a shared folder, a set of files: docs/path-shares.md):
// the first call of a visit checks the password and counts one view, and hands out this token; the
// rest of the visit passes it and counts nothing more. An HMAC of the share's id, an expiry and its
// password hash, keyed with the app secret.

import type { Database } from "../../../db/client";
import { viewableWhere } from "../../../db/view-counter/view-counter";
import { AppError } from "../../../errors";
import { isExhausted, verifySharePassword } from "../delivery";

/** How long one visit's token stays good: a long browse of a big folder, not a link to keep. */
export const VISIT_TTL_MS = 12 * 3_600_000;

/** What a token is bound to: "path-share" or "share-set", the row's id and its password hash. */
export type VisitSubject = { kind: "path-share" | "share-set"; id: string; passwordHash: string | null };

/**
 * A visit token's signature: HMAC-SHA-256 of `message` under the app secret, base64url. The message
 * names what the visit admits to, with its password hash, so changing the password ends every visit
 * in progress (this module's and upload requests', services/upload-requests/arrivals.ts).
 */
export async function signVisit(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return Buffer.from(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message))).toString("base64url");
}

function visitMac(secret: string, subject: VisitSubject, expires: number): Promise<string> {
  return signVisit(secret, `${subject.kind}-visit:${subject.id}:${expires}:${subject.passwordHash ?? ""}`);
}

export async function issueVisit(secret: string, subject: VisitSubject, now: Date): Promise<string> {
  const expires = now.getTime() + VISIT_TTL_MS;
  return `${expires.toString(36)}.${await visitMac(secret, subject, expires)}`;
}

export async function isValidVisit(secret: string, subject: VisitSubject, token: string | undefined, now: Date) {
  if (!token) return false;
  const [stamp, mac] = token.split(".");
  const expires = Number.parseInt(stamp ?? "", 36);
  if (!mac || !Number.isFinite(expires) || expires <= now.getTime()) return false;
  const expected = await visitMac(secret, subject, expires);
  return expected.length === mac.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(mac));
}

/** A visitor's call: the link's slug, and the password or visit token it brings. */
export type VisitRequest = { slug: string; password?: string; visit?: string; clientIp: string };

/** What admission reads of the visited share's row. */
export type VisitedRow = { id: string; slug: string; passwordHash: string | null; maxViews: number; views: number };

/** One view of a shared folder or a set, by one conditional UPDATE: exactly max_views visits get in, whatever the concurrency. */
async function countVisit(db: Database, kind: VisitSubject["kind"], id: string, now: Date): Promise<void> {
  const data = { views: { increment: 1 } };
  const counted =
    kind === "path-share"
      ? await db.pathShare.updateMany({ where: { id, ...viewableWhere(db.pathShare.fields.maxViews, now) }, data })
      : await db.shareSet.updateMany({ where: { id, ...viewableWhere(db.shareSet.fields.maxViews, now) }, data });
  if (counted.count === 0) throw new AppError("GONE", "errors.viewLimitReached");
}

/**
 * Lets a visitor in: a valid visit token passes as it is; otherwise the password (when the share has
 * one; a `null` visit while it is missing and `allowLocked`) and one view counted open a new visit.
 * Answers the visit token and the share's views with this one.
 */
export async function admitVisit(
  deps: { db: Database; config: { secret: string } },
  kind: VisitSubject["kind"],
  row: VisitedRow,
  request: VisitRequest,
  now: Date,
  allowLocked: boolean,
): Promise<{ visit: string | null; views: number }> {
  const subject: VisitSubject = { kind, id: row.id, passwordHash: row.passwordHash };
  const { secret } = deps.config;
  if (await isValidVisit(secret, subject, request.visit, now))
    return { visit: request.visit ?? null, views: row.views };
  if (isExhausted(row)) throw new AppError("GONE", "errors.viewLimitReached");
  if (row.passwordHash) {
    if (!request.password) {
      if (allowLocked) return { visit: null, views: row.views };
      throw new AppError("WRONG_PASSWORD", "errors.passwordRequired");
    }
    await verifySharePassword(deps.db, row.passwordHash, request.password, `${request.clientIp}:share:${row.slug}`);
  }
  await countVisit(deps.db, kind, row.id, now);
  return { visit: await issueVisit(secret, subject, now), views: row.views + 1 };
}
