// The admin account: login (rate limited per client address), logout, and the change of username or
// password, which ends every admin session (docs/rules.md, Secrets and accounts).
import type { ChangePasswordInput, loginInput } from "@shared/schemas/auth/auth";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { clearFailures, consumeAttempt, RATE_LIMITS, refundAttempt } from "../system/rate-limit";
import { matchAppPassword } from "./app-passwords";
import { type RequestFacts, recordAuditEvent } from "./audit";
import { type RelyingParty, verifyPasskeyAnswer } from "./passkeys";
import { SECOND_FACTOR_SELECT, secondFactorsOf, verifySecondFactor } from "./second-factor";
import { createAdminSession } from "./sessions";

// Verifying against this when the user name is unknown keeps the answer time the same either way,
// so timing does not reveal which user names exist.
type LoginInput = z.infer<typeof loginInput>;

const DUMMY_HASH = await Bun.password.hash("not-a-real-password", "argon2id");

/** What the login must know besides the input: the secrets, and how far the password alone may go. */
export type LoginPolicy = {
  appSecret: string;
  relyingParty: RelyingParty;
  /** Off once the admin turned the password login off (services/auth/sso.ts): app passwords still sign in. */
  isPasswordLoginOn: boolean;
  /** A script (no web client): with SSO configured, the bare password gives it no token, an app password does. */
  isScript: boolean;
  isSsoConfigured: boolean;
};

/**
 * An app password first (services/auth/app-passwords.ts): a session limited to its areas, without a
 * second factor, which is what it is for. Then the password, then (once a second factor is on) a code (TOTP or recovery) or a passkey's answer.
 * Without either the answer is 401 with `second_factor_required` and the factors the admin has
 * (`methods`), and that attempt is given back (the password was right); a wrong code or passkey stays
 * counted, so factors are guessed no faster than passwords.
 */
export async function loginAdmin(db: Database, auth: LoginPolicy, input: LoginInput, facts: RequestFacts) {
  // The attempt is counted before the password is checked: concurrent guesses cannot outrun the limit.
  await consumeAttempt(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  const appPassword = await matchAppPassword(db, auth.appSecret, input, facts, "login");
  if (appPassword) {
    await clearFailures(db, RATE_LIMITS.adminLogin, facts.ipAddress);
    const session = await createAdminSession(db, appPassword.adminId, new Date(), {
      method: "app-password",
      appPasswordId: appPassword.id,
      ...facts,
    });
    await recordAuditEvent(db, { event: "login", method: "app-password", ...facts });
    return { token: session.token, username: appPassword.username, expiresAt: session.expiresAt };
  }
  const admin = await db.admin.findUnique({
    where: { username: input.username },
    select: { id: true, username: true, passwordHash: true, ...SECOND_FACTOR_SELECT },
  });
  const isValid = await Bun.password.verify(input.password, admin?.passwordHash ?? DUMMY_HASH);
  if (!admin || !isValid) {
    await recordAuditEvent(db, { event: "login", success: false, method: "password", ...facts });
    throw new AppError("UNAUTHORIZED", "errors.invalidCredentials");
  }
  if (!auth.isPasswordLoginOn) {
    await refundAttempt(db, RATE_LIMITS.adminLogin, facts.ipAddress);
    throw new AppError("FORBIDDEN", "errors.passwordLoginDisabled");
  }
  let method = "password";
  const methods = secondFactorsOf(admin);
  if (methods.length === 0 && auth.isSsoConfigured && auth.isScript) {
    // No side door past single sign-on: a script's token comes from an app password (told only to a
    // caller who knew the password, so it reveals nothing to a guesser).
    await refundAttempt(db, RATE_LIMITS.adminLogin, facts.ipAddress);
    throw new AppError("UNAUTHORIZED", "errors.passwordNeedsAppPassword", {}, {}, { app_password_required: true });
  }
  if (methods.length > 0) {
    const required = { second_factor_required: true, methods };
    if (input.passkey && methods.includes("passkey")) {
      // After the password, the passkey is the second factor: its presence is enough (no PIN asked).
      const proved = await verifyPasskeyAnswer(db, auth.relyingParty, input.passkey, {
        requireUserVerification: false,
      });
      if (proved?.adminId !== admin.id) {
        await recordAuditEvent(db, { event: "login", success: false, method: "passkey", ...facts });
        throw new AppError("UNAUTHORIZED", "errors.passkeyRefused", {}, {}, required);
      }
      method = "passkey";
    } else {
      if (!input.code) {
        await refundAttempt(db, RATE_LIMITS.adminLogin, facts.ipAddress);
        throw new AppError("UNAUTHORIZED", "errors.secondFactorRequired", {}, {}, required);
      }
      const factor = await verifySecondFactor(db, auth.appSecret, admin.id, input.code);
      if (!factor) {
        await recordAuditEvent(db, { event: "login", success: false, method: "totp", ...facts });
        throw new AppError("UNAUTHORIZED", "errors.secondFactorWrong", {}, {}, required);
      }
      method = factor;
    }
  }
  await clearFailures(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  const session = await createAdminSession(db, admin.id, new Date(), { method, ...facts });
  await recordAuditEvent(db, { event: "login", method, ...facts });
  return { token: session.token, username: admin.username, expiresAt: session.expiresAt };
}

export async function logoutAdmin(db: Database, sessionId: string) {
  await db.adminSession.deleteMany({ where: { id: sessionId } });
}

export async function changeAdminCredentials(
  db: Database,
  adminId: string,
  input: ChangePasswordInput,
  facts: RequestFacts,
) {
  const admin = await db.admin.findUnique({ where: { id: adminId }, select: { passwordHash: true } });
  if (!admin) throw new AppError("UNAUTHORIZED", "errors.sessionExpired");
  if (!(await Bun.password.verify(input.currentPassword, admin.passwordHash))) {
    await recordAuditEvent(db, { event: "account.change", success: false, ...facts });
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
  const changed = [input.newUsername ? "username" : null, passwordHash ? "password" : null].filter(Boolean);
  await recordAuditEvent(db, { event: "account.change", detail: changed.join(", "), ...facts });
}
