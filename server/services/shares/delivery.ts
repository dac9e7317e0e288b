// Share delivery rules, the same for text pastes and file shares (docs/rules.md "Views, expiry and
// deletion"): who owns a share, when it has expired or used up its views, how an expiry is asked for,
// and how a share password is stored and checked.

import type { SystemSettings } from "@shared/schemas/admin/settings";
import type { Database } from "../../db/client";
import { columnIn, type SqlCondition } from "../../db/literal-search";
import { AppError } from "../../errors";
import { type AuthState, createdBySpellings } from "../auth/sessions";
import { consumeAttempt, RATE_LIMITS, refundAttempt } from "../system/rate-limit";
import { getSystemSettings } from "../system/settings";

export const isExpired = (row: { expiresAt: Date | null }, now: Date) => row.expiresAt !== null && row.expiresAt <= now;
export const isExhausted = (row: { maxViews: number; views: number }) => row.maxViews > 0 && row.views >= row.maxViews;

type ShareFieldsRow = {
  remark: string | null;
  passwordHash: string | null;
  expiresAt: Date | null;
  maxViews: number;
  views: number;
};

/** A share's options as its owner's lists answer them (`shareFieldsOutput`, shared/schemas/shares/share-fields.ts). */
export function shareFieldsOf(row: ShareFieldsRow) {
  return {
    remark: row.remark,
    has_password: row.passwordHash !== null,
    expires_at: row.expiresAt,
    max_views: row.maxViews,
    views: row.views,
  };
}

/** Admin sees every share; an API key only the ones it created (docs/product.md §5 creator rule). */
/** The created_by values of a key's rows (null: the admin, who owns every row). */
function ownCreators(auth: AuthState): string[] | null {
  return auth.type === "admin" ? null : [`apikey:${auth.keyId}`, auth.keyId];
}

export function ownedBy(auth: AuthState) {
  const creators = ownCreators(auth);
  return creators ? { createdBy: { in: creators } } : {};
}

/**
 * The creators whose rows a list shows: those the caller owns, narrowed to `createdBy` when given;
 * null for every creator (the admin, unfiltered). The lists' totals count these (docs/admin-lists.md).
 */
export function listedCreators(auth: AuthState, createdBy: string | undefined): string[] | null {
  const own = ownCreators(auth);
  if (!createdBy) return own;
  const spelled = createdBySpellings(createdBy);
  return own ? own.filter((creator) => spelled.includes(creator)) : spelled;
}

/** `ownedBy` and `createdByFilter` as conditions of a raw query (db/literal-search.ts). */
export function creatorConditions(auth: AuthState, createdBy: string | undefined): SqlCondition[] {
  const own = ownCreators(auth);
  return [
    ...(own ? [columnIn("createdBy", own)] : []),
    ...(createdBy ? [columnIn("createdBy", createdBySpellings(createdBy))] : []),
  ];
}

/** The expiry `hours` from now; null (never) for none or 0. */
export function expiresAtFrom(hours: number | null | undefined, now = new Date()): Date | null {
  return hours ? new Date(now.getTime() + hours * 3_600_000) : null;
}

/**
 * The expiry a request asks for, in hours from now (`expires_in`) or as a date (`expires_at`, the
 * CloudPaste document's `expiresAt`): a Date, null for never, undefined when neither is given.
 */
export function requestedExpiry(options: {
  expires_in?: number | null;
  expires_at?: Date | null;
}): Date | null | undefined {
  if (options.expires_at !== undefined && options.expires_in !== undefined) {
    throw new AppError("BAD_REQUEST", "errors.expiryGivenTwice");
  }
  if (options.expires_at) {
    if (options.expires_at.getTime() <= Date.now()) throw new AppError("BAD_REQUEST", "errors.expiryInPast");
    return options.expires_at;
  }
  if (options.expires_at === null) return null;
  return options.expires_in === undefined ? undefined : expiresAtFrom(options.expires_in);
}

/**
 * The expiry of a new share: the one the request asks for (requestedExpiry; null is never), else the
 * admin's default for its kind (system settings `default_paste_expiry` / `default_file_expiry`, days).
 */
export async function newShareExpiry(
  db: Database,
  kind: "paste" | "file",
  options: Parameters<typeof requestedExpiry>[0],
  /** The settings the request read already (an upload's policy, services/uploads/policy.ts). */
  known?: SystemSettings,
): Promise<Date | null> {
  const asked = requestedExpiry(options);
  if (asked !== undefined) return asked;
  const settings = known ?? (await getSystemSettings(db));
  const days = kind === "paste" ? settings.default_paste_expiry : settings.default_file_expiry;
  return expiresAtFrom(days * 24);
}

/** The stored form of a new share's password: an Argon2id hash, or null without one. */
export async function hashSharePassword(password: string | null | undefined): Promise<string | null> {
  return password ? await Bun.password.hash(password, "argon2id") : null;
}

/** A password change: null or "" removes it, undefined keeps it, anything else replaces it. */
export async function passwordHashUpdate(password: string | null | undefined): Promise<string | null | undefined> {
  return password === undefined ? undefined : hashSharePassword(password);
}

/**
 * Share passwords: Argon2id verify, failures limited per client address and share. The attempt is
 * counted before the verify (so concurrent guesses cannot outrun the limit) and given back when right.
 */
export async function verifySharePassword(db: Database, hash: string, password: string, subject: string) {
  await consumeAttempt(db, RATE_LIMITS.passwordVerify, subject);
  if (!(await Bun.password.verify(password, hash))) throw new AppError("WRONG_PASSWORD", "errors.wrongPassword");
  await refundAttempt(db, RATE_LIMITS.passwordVerify, subject);
}
