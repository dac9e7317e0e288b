// The admin account: login (rate limited per client address), logout, and the change of username or
// password, which ends every admin session (docs/rules.md, Secrets and accounts).
import type { ChangePasswordInput } from "@shared/schemas/auth";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { clearFailures, consumeAttempt, RATE_LIMITS } from "../system/rate-limit";
import { createAdminSession } from "./sessions";

// Verifying against this when the user name is unknown keeps the answer time the same either way,
// so timing does not reveal which user names exist.
const DUMMY_HASH = await Bun.password.hash("not-a-real-password", "argon2id");

export async function loginAdmin(db: Database, input: { username: string; password: string }, clientIp: string) {
  // The attempt is counted before the password is checked: concurrent guesses cannot outrun the limit.
  await consumeAttempt(db, RATE_LIMITS.adminLogin, clientIp);
  const admin = await db.admin.findUnique({
    where: { username: input.username },
    select: { id: true, username: true, passwordHash: true },
  });
  const isValid = await Bun.password.verify(input.password, admin?.passwordHash ?? DUMMY_HASH);
  if (!admin || !isValid) {
    throw new AppError("UNAUTHORIZED", "errors.invalidCredentials");
  }
  await clearFailures(db, RATE_LIMITS.adminLogin, clientIp);
  const session = await createAdminSession(db, admin.id);
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
