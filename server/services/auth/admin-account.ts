// The admin account: login (rate limited per client address), logout, and the change of username or
// password, which ends every admin session (docs/rules.md, Secrets and accounts).
import type { ChangePasswordInput } from "@shared/schemas/auth";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { clearFailures, consumeAttempt, RATE_LIMITS, refundAttempt } from "../system/rate-limit";
import { type RequestFacts, recordAuditEvent } from "./audit";
import { verifySecondFactor } from "./second-factor";
import { createAdminSession } from "./sessions";

// Verifying against this when the user name is unknown keeps the answer time the same either way,
// so timing does not reveal which user names exist.
const DUMMY_HASH = await Bun.password.hash("not-a-real-password", "argon2id");

/**
 * The password, then (once a second factor is on) a code: a TOTP code or a recovery code. Without a
 * code the answer is 401 with `second_factor_required`, and that attempt is given back (the password
 * was right); a wrong code stays counted, so codes are guessed no faster than passwords.
 */
export async function loginAdmin(
  db: Database,
  appSecret: string,
  input: { username: string; password: string; code?: string | undefined },
  facts: RequestFacts,
) {
  // The attempt is counted before the password is checked: concurrent guesses cannot outrun the limit.
  await consumeAttempt(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  const admin = await db.admin.findUnique({
    where: { username: input.username },
    select: { id: true, username: true, passwordHash: true, totpEnabledAt: true },
  });
  const isValid = await Bun.password.verify(input.password, admin?.passwordHash ?? DUMMY_HASH);
  if (!admin || !isValid) {
    await recordAuditEvent(db, { event: "login", success: false, method: "password", ...facts });
    throw new AppError("UNAUTHORIZED", "errors.invalidCredentials");
  }
  let method = "password";
  if (admin.totpEnabledAt) {
    if (!input.code) {
      await refundAttempt(db, RATE_LIMITS.adminLogin, facts.ipAddress);
      throw new AppError("UNAUTHORIZED", "errors.secondFactorRequired", {}, {}, { second_factor_required: true });
    }
    const factor = await verifySecondFactor(db, appSecret, admin.id, input.code);
    if (!factor) {
      await recordAuditEvent(db, { event: "login", success: false, method: "totp", ...facts });
      throw new AppError("UNAUTHORIZED", "errors.secondFactorWrong", {}, {}, { second_factor_required: true });
    }
    method = factor;
  }
  await clearFailures(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  const session = await createAdminSession(db, admin.id, new Date(), { method, ...facts });
  await recordAuditEvent(db, { event: "login", method, ...facts });
  return { token: session.token, username: admin.username, expiresAt: session.expiresAt };
}

export async function logoutAdmin(db: Database, sessionId: string) {
  await db.adminSession.deleteMany({ where: { id: sessionId } });
}

export async function changeAdminCredentials(db: Database, adminId: string, input: ChangePasswordInput) {
  const admin = await db.admin.findUnique({ where: { id: adminId }, select: { passwordHash: true } });
  if (!admin) throw new AppError("UNAUTHORIZED", "errors.sessionExpired");
  if (!(await Bun.password.verify(input.currentPassword, admin.passwordHash))) {
    // Not UNAUTHORIZED: the session is fine, only the password typed is wrong (clients must not log out).
    throw new AppError("WRONG_PASSWORD", "errors.currentPasswordWrong");
  }
  if (input.newUsername) {
    const taken = await db.admin.findFirst({
      where: { username: input.newUsername, id: { not: adminId } },
      select: { id: true },
    });
    if (taken) throw new AppError("CONFLICT", "errors.usernameTaken");
  }
  const passwordHash = input.newPassword ? await Bun.password.hash(input.newPassword, "argon2id") : undefined;
  await db.$transaction([
    db.admin.update({
      where: { id: adminId },
      data: {
        ...(input.newUsername ? { username: input.newUsername } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      },
      select: { id: true },
    }),
    db.adminSession.deleteMany({ where: { adminId } }),
  ]);
}
