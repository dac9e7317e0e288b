// The admin's second factor: TOTP (RFC 6238, 30 s steps, 6 digits, one step of clock skew either
// way) from @oslojs/otp, and ten single-use recovery codes. The TOTP key is stored encrypted with the
// app secret and recovery codes as keyed hashes (server/crypto.ts), so a copy of the database alone
// neither shows the key nor lets anyone check guesses offline. Every code attempt is counted against
// the caller's address with the same limit as passwords (RATE_LIMITS.adminLogin).

import { timingSafeEqual } from "node:crypto";
import { encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { decryptSecret, encryptSecret, keyedHash } from "../../crypto";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { clearFailures, consumeAttempt, RATE_LIMITS } from "../system/rate-limit";
import { type RequestFacts, recordAuditEvent } from "./audit";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** How long an enrolment may wait for its first code before it must start again. */
export const TOTP_SETUP_TTL_MS = 10 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
const TOTP_ISSUER = "Pastebox";

export type SecondFactorMethod = "totp" | "recovery";

/** The step a time falls in; codes of the step before and after are accepted too (clock skew). */
function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The step whose code `code` is (within one step of now), or null. */
function matchingStep(key: Uint8Array | null, code: string, now: Date): number | null {
  if (!key) return null;
  const current = stepAt(now);
  for (const step of [current - 1, current, current + 1]) {
    if (sameText(generateHOTP(key, BigInt(step), TOTP_DIGITS), code)) return step;
  }
  return null;
}

/**
 * The stored key, or null when it was sealed under another app secret (a backup restored on another
 * SECRET): it then matches no code, and `pastebox admin reset-2fa` is the way back.
 */
function keyOf(appSecret: string, stored: string): Uint8Array | null {
  try {
    return new Uint8Array(Buffer.from(decryptSecret(appSecret, stored), "base64"));
  } catch {
    return null;
  }
}

const hashRecoveryCode = (appSecret: string, code: string) => keyedHash(appSecret, "recovery-codes", code);

/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Ten codes of 10 base32 characters (50 bits each), shown as xxxxx-xxxxx. */
function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(7))).slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** The columns that tell whether an admin has a second factor (TOTP or a passkey): select them, then ask hasSecondFactor. */
export const SECOND_FACTOR_SELECT = { totpEnabledAt: true, _count: { select: { passkeys: true } } } as const;

/** The factors an admin row (read with SECOND_FACTOR_SELECT) has; empty when the password alone signs in. */
export function secondFactorsOf(admin: { totpEnabledAt: Date | null; _count: { passkeys: number } }) {
  const methods: ("totp" | "passkey")[] = [];
  if (admin.totpEnabledAt) methods.push("totp");
  if (admin._count.passkeys > 0) methods.push("passkey");
  return methods;
}

export function hasSecondFactor(admin: { totpEnabledAt: Date | null; _count: { passkeys: number } }): boolean {
  return secondFactorsOf(admin).length > 0;
}

export async function secondFactorStatus(db: Database, adminId: string) {
  const admin = await db.admin.findUnique({ where: { id: adminId }, select: SECOND_FACTOR_SELECT });
  const remaining = await db.adminRecoveryCode.count({ where: { adminId, usedAt: null } });
  return {
    totp_enabled: Boolean(admin?.totpEnabledAt),
    passkeys: admin?._count.passkeys ?? 0,
    totp_enabled_at: admin?.totpEnabledAt ?? null,
    recovery_codes_left: admin?.totpEnabledAt ? remaining : 0,
  };
}

/** Starts an enrolment: a new key, kept pending until a first code confirms it (enableTotp). */
export async function startTotpSetup(db: Database, appSecret: string, adminId: string, now = new Date()) {
  const admin = await db.admin.findUnique({ where: { id: adminId }, select: { username: true, totpEnabledAt: true } });
  if (!admin) throw new AppError("UNAUTHORIZED", "errors.sessionExpired");
  if (admin.totpEnabledAt) throw new AppError("CONFLICT", "errors.totpAlreadyEnabled");
  const key = crypto.getRandomValues(new Uint8Array(20));
  await db.admin.update({
    where: { id: adminId },
    data: {
      totpPendingSecret: encryptSecret(appSecret, Buffer.from(key).toString("base64")),
      totpPendingUntil: new Date(now.getTime() + TOTP_SETUP_TTL_MS),
    },
    select: { id: true },
  });
  return {
    secret: encodeBase32UpperCaseNoPadding(key),
    otpauth_url: createTOTPKeyURI(TOTP_ISSUER, admin.username, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS),
  };
}

/**
 * Confirms the pending key with its first code: TOTP is on, ten new recovery codes are made (shown
 * this once), and every other session of the admin ends, since it was opened with the password alone.
 */
export async function enableTotp(
  db: Database,
  appSecret: string,
  adminId: string,
  currentSessionId: string,
  code: string,
  facts: RequestFacts,
  now = new Date(),
) {
  await consumeAttempt(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  const admin = await db.admin.findUnique({
    where: { id: adminId },
    select: { totpEnabledAt: true, totpPendingSecret: true, totpPendingUntil: true },
  });
  if (!admin) throw new AppError("UNAUTHORIZED", "errors.sessionExpired");
  if (admin.totpEnabledAt) throw new AppError("CONFLICT", "errors.totpAlreadyEnabled");
  if (!admin.totpPendingSecret || !admin.totpPendingUntil || admin.totpPendingUntil <= now) {
    throw new AppError("BAD_REQUEST", "errors.totpSetupExpired");
  }
  const step = matchingStep(keyOf(appSecret, admin.totpPendingSecret), code, now);
  if (step === null) {
    await recordAuditEvent(db, { event: "totp.enable", success: false, ...facts });
    throw new AppError("BAD_REQUEST", "errors.secondFactorWrong");
  }
  const codes = generateRecoveryCodes();
  await db.$transaction([
    db.admin.update({
      where: { id: adminId },
      data: {
        totpSecret: admin.totpPendingSecret,
        totpEnabledAt: now,
        totpLastStep: step,
        totpPendingSecret: null,
        totpPendingUntil: null,
      },
      select: { id: true },
    }),
    db.adminRecoveryCode.deleteMany({ where: { adminId } }),
    db.adminRecoveryCode.createMany({
      data: codes.map((text) => ({ adminId, codeHash: hashRecoveryCode(appSecret, normaliseRecoveryCode(text)) })),
    }),
    db.adminSession.deleteMany({ where: { adminId, id: { not: currentSessionId } } }),
  ]);
  await clearFailures(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  await recordAuditEvent(db, { event: "totp.enable", ...facts });
  return { recovery_codes: codes };
}

/**
 * Checks a second-factor code: a TOTP code not used before (its step later than the last accepted
 * one, claimed atomically so two processes cannot both accept it), or an unused recovery code, which
 * is used up. Null when it is neither. The caller counts the attempt.
 */
export async function verifySecondFactor(
  db: Database,
  appSecret: string,
  adminId: string,
  code: string,
  now = new Date(),
): Promise<SecondFactorMethod | null> {
  const admin = await db.admin.findUnique({
    where: { id: adminId },
    select: { totpSecret: true, totpEnabledAt: true },
  });
  if (!admin?.totpSecret || !admin.totpEnabledAt) return null;
  const digits = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) {
    const step = matchingStep(keyOf(appSecret, admin.totpSecret), digits, now);
    if (step === null) return null;
    const claimed = await db.admin.updateMany({
      where: { id: adminId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return claimed.count === 1 ? "totp" : null;
  }
  const recovery = normaliseRecoveryCode(code);
  if (recovery.length !== 10) return null;
  const used = await db.adminRecoveryCode.updateMany({
    where: { adminId, codeHash: hashRecoveryCode(appSecret, recovery), usedAt: null },
    data: { usedAt: now },
  });
  return used.count === 1 ? "recovery" : null;
}

/** Turns TOTP off: needs the password and a code (TOTP or recovery), each counted as a login attempt. */
export async function disableTotp(
  db: Database,
  appSecret: string,
  adminId: string,
  input: { password: string; code: string },
  facts: RequestFacts,
) {
  await consumeAttempt(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  const admin = await db.admin.findUnique({
    where: { id: adminId },
    select: { passwordHash: true, totpEnabledAt: true },
  });
  if (!admin) throw new AppError("UNAUTHORIZED", "errors.sessionExpired");
  if (!admin.totpEnabledAt) throw new AppError("CONFLICT", "errors.totpNotEnabled");
  // Not UNAUTHORIZED: the session is fine, only what was typed is wrong (clients must not log out).
  if (!(await Bun.password.verify(input.password, admin.passwordHash))) {
    await recordAuditEvent(db, { event: "totp.disable", success: false, ...facts });
    throw new AppError("WRONG_PASSWORD", "errors.currentPasswordWrong");
  }
  if (!(await verifySecondFactor(db, appSecret, adminId, input.code))) {
    await recordAuditEvent(db, { event: "totp.disable", success: false, ...facts });
    throw new AppError("WRONG_PASSWORD", "errors.secondFactorWrong");
  }
  await removeSecondFactors(db, adminId, { endSessions: false, passkeys: false });
  await clearFailures(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  await recordAuditEvent(db, { event: "totp.disable", ...facts });
}

/**
 * `bun run pastebox admin reset-2fa` (server/app/cli.ts): the way back when every factor is lost, run on the
 * server because nothing in the web app may remove a factor without one. Answers the admins reset.
 */
export async function resetAdminSecondFactors(db: Database): Promise<string[]> {
  const admins = await db.admin.findMany({ select: { id: true, username: true } });
  for (const admin of admins) await removeSecondFactors(db, admin.id, { endSessions: true, passkeys: true });
  await recordAuditEvent(db, { event: "factors.reset", ipAddress: "cli", userAgent: "pastebox cli" });
  return admins.map((admin) => admin.username);
}

/**
 * Removes TOTP and the recovery codes; with passkeys, the passkeys too, and with endSessions every
 * session (reset-2fa removes all three; turning TOTP off keeps the passkeys).
 */
export async function removeSecondFactors(
  db: Database,
  adminId: string,
  options: { endSessions: boolean; passkeys: boolean },
) {
  await db.$transaction([
    db.admin.update({
      where: { id: adminId },
      data: {
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        totpPendingSecret: null,
        totpPendingUntil: null,
      },
      select: { id: true },
    }),
    db.adminRecoveryCode.deleteMany({ where: { adminId } }),
    ...(options.passkeys ? [db.adminPasskey.deleteMany({ where: { adminId } })] : []),
    ...(options.endSessions ? [db.adminSession.deleteMany({ where: { adminId } })] : []),
  ]);
}
