// The admin's passkeys (WebAuthn) through @simplewebauthn/server: registering several, named and
// removable, and signing in with one, alone (a discoverable credential, user verification required) or
// as the second factor after the password. The relying party is the host of PUBLIC_URL, so a passkey
// made for another site, or an answer relayed from one, is refused. Each ceremony's challenge is a
// database row used once, so an answer cannot be replayed and any process can check it (docs/security.md).
import type { passkeyAnswerInput, passkeyRegisterInput } from "@shared/schemas/auth/auth";
import type { verifyRegistrationResponse } from "@simplewebauthn/server";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { clearFailures, consumeAttempt, RATE_LIMITS } from "../system/rate-limit";
import { type RequestFacts, recordAuditEvent } from "./audit";
import { createAdminSession, generateSessionToken } from "./sessions";

/**
 * The WebAuthn library, loaded with the first ceremony: it and its CBOR/COSE and certificate parsers
 * take ~20 MiB once imported, which a server whose admin never uses a passkey should not carry
 * (docs/decisions/0013-idle-without-prisma.md: the idle budget).
 */
const webAuthn = () => import("@simplewebauthn/server");

/** How long the browser may take to answer a ceremony (the WebAuthn timeout asked of it is shorter). */
export const CEREMONY_TTL_MS = 5 * 60_000;
const WEBAUTHN_TIMEOUT_MS = 2 * 60_000;
/** Enough for every device a person owns; bounds the list and the options sent to the browser. */
export const MAX_PASSKEYS = 20;

export type RelyingParty = { id: string; origin: string; name: string };

/** The relying party is PUBLIC_URL: its host name is the RP id, its origin the only one accepted. */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: "Pastebox" };
}

type Purpose = "register" | "login";
type PasskeyAnswer = z.infer<typeof passkeyAnswerInput>;

async function openCeremony(db: Database, purpose: Purpose, challenge: string, adminId: string | null, now: Date) {
  // Expired ceremonies go with each new one, so abandoned rows never pile up.
  await db.webAuthnChallenge.deleteMany({ where: { expiresAt: { lte: now } } });
  const id = generateSessionToken();
  await db.webAuthnChallenge.create({
    data: { id, challenge, purpose, adminId, expiresAt: new Date(now.getTime() + CEREMONY_TTL_MS) },
    select: { id: true },
  });
  return id;
}

/** The ceremony's challenge, claimed once: the row is deleted, and only the caller that deleted it goes on. */
async function takeCeremony(db: Database, id: string, purpose: Purpose, now: Date) {
  const row = await db.webAuthnChallenge.findUnique({
    where: { id },
    select: { challenge: true, purpose: true, adminId: true, expiresAt: true },
  });
  if (!row) return null;
  const claimed = await db.webAuthnChallenge.deleteMany({ where: { id } });
  if (claimed.count !== 1 || row.purpose !== purpose || row.expiresAt <= now) return null;
  return row;
}

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

function viewOf(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }) {
  return { id: row.id, name: row.name, created_at: row.createdAt, last_used_at: row.lastUsedAt };
}

const PASSKEY_SELECT = { id: true, name: true, createdAt: true, lastUsedAt: true } as const;

export async function listPasskeys(db: Database, adminId: string) {
  const rows = await db.adminPasskey.findMany({
    where: { adminId },
    select: PASSKEY_SELECT,
    orderBy: { createdAt: "asc" },
    take: MAX_PASSKEYS,
  });
  return rows.map(viewOf);
}

export async function countPasskeys(db: Database, adminId: string) {
  return db.adminPasskey.count({ where: { adminId } });
}

/** Options for navigator.credentials.create: a discoverable credential, none of the admin's again. */
export async function startPasskeyRegistration(db: Database, rp: RelyingParty, adminId: string, now = new Date()) {
  const admin = await db.admin.findUnique({
    where: { id: adminId },
    select: { username: true, passkeys: { select: { credentialId: true, transports: true } } },
  });
  if (!admin) throw new AppError("UNAUTHORIZED", "errors.sessionExpired");
  if (admin.passkeys.length >= MAX_PASSKEYS) {
    throw new AppError("CONFLICT", "errors.passkeyLimit", { max: MAX_PASSKEYS });
  }
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: admin.username,
    // The user handle a discoverable credential gives back; the admin's id, no personal data.
    userID: new TextEncoder().encode(adminId),
    attestationType: "none",
    timeout: WEBAUTHN_TIMEOUT_MS,
    excludeCredentials: admin.passkeys.map((passkey) => ({
      id: passkey.credentialId,
      ...(passkey.transports ? { transports: passkey.transports.split(",") } : {}),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const ceremonyId = await openCeremony(db, "register", options.challenge, adminId, now);
  return { ceremony_id: ceremonyId, options: options as unknown as Record<string, unknown> };
}

/**
 * Checks the authenticator's answer and keeps the passkey. The first factor the admin adds ends every
 * other session, as turning TOTP on does: those were opened with the password alone.
 */
export async function finishPasskeyRegistration(
  db: Database,
  rp: RelyingParty,
  admin: { adminId: string; sessionId: string },
  input: z.infer<typeof passkeyRegisterInput>,
  facts: RequestFacts,
  now = new Date(),
) {
  const ceremony = await takeCeremony(db, input.ceremony_id, "register", now);
  if (!ceremony || ceremony.adminId !== admin.adminId) {
    throw new AppError("BAD_REQUEST", "errors.passkeyCeremonyExpired");
  }
  const refuse = async () => {
    await recordAuditEvent(db, { event: "passkey.add", success: false, detail: input.name, ...facts });
    return new AppError("BAD_REQUEST", "errors.passkeyRefused");
  };
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    const { verifyRegistrationResponse } = await webAuthn();
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw await refuse();
  }
  if (!verification.verified) throw await refuse();
  const { credential } = verification.registrationInfo;
  const before = await db.admin.findUnique({
    where: { id: admin.adminId },
    select: { totpEnabledAt: true, _count: { select: { passkeys: true } } },
  });
  if (!before) throw new AppError("UNAUTHORIZED", "errors.sessionExpired");
  if (before._count.passkeys >= MAX_PASSKEYS)
    throw new AppError("CONFLICT", "errors.passkeyLimit", { max: MAX_PASSKEYS });
  const isFirstFactor = !before.totpEnabledAt && before._count.passkeys === 0;
  if (await db.adminPasskey.findUnique({ where: { credentialId: credential.id }, select: { id: true } })) {
    throw new AppError("CONFLICT", "errors.passkeyAlreadyRegistered");
  }
  const [row] = await db.$transaction([
    db.adminPasskey.create({
      data: {
        adminId: admin.adminId,
        name: input.name,
        credentialId: credential.id,
        publicKey: toBase64Url(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports?.join(",") || null,
        createdAt: now,
      },
      select: PASSKEY_SELECT,
    }),
    ...(isFirstFactor
      ? [db.adminSession.deleteMany({ where: { adminId: admin.adminId, id: { not: admin.sessionId } } })]
      : []),
  ]);
  await recordAuditEvent(db, { event: "passkey.add", method: "passkey", detail: input.name, ...facts });
  return viewOf(row);
}

export async function renamePasskey(db: Database, adminId: string, id: string, name: string) {
  const renamed = await db.adminPasskey.updateMany({ where: { id, adminId }, data: { name } });
  if (renamed.count === 0) throw new AppError("NOT_FOUND", "errors.passkeyNotFound");
}

/** Removing a factor asks for the password again (counted like a login), so an open tab alone cannot. */
export async function removePasskey(
  db: Database,
  adminId: string,
  input: { id: string; password: string },
  facts: RequestFacts,
) {
  await consumeAttempt(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  const admin = await db.admin.findUnique({ where: { id: adminId }, select: { passwordHash: true } });
  if (!admin) throw new AppError("UNAUTHORIZED", "errors.sessionExpired");
  if (!(await Bun.password.verify(input.password, admin.passwordHash))) {
    await recordAuditEvent(db, { event: "passkey.remove", success: false, ...facts });
    throw new AppError("WRONG_PASSWORD", "errors.currentPasswordWrong");
  }
  await clearFailures(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  const passkey = await db.adminPasskey.findFirst({ where: { id: input.id, adminId }, select: { name: true } });
  const removed = await db.adminPasskey.deleteMany({ where: { id: input.id, adminId } });
  if (removed.count === 0 || !passkey) throw new AppError("NOT_FOUND", "errors.passkeyNotFound");
  await recordAuditEvent(db, { event: "passkey.remove", detail: passkey.name, ...facts });
}

/**
 * Options for navigator.credentials.get with no credential list: the browser offers every passkey it
 * has for this site (discoverable credentials), so no user name is asked first. Each call opens a
 * ceremony row, so calls are counted per address.
 */
export async function startPasskeyLogin(db: Database, rp: RelyingParty, facts: RequestFacts, now = new Date()) {
  await consumeAttempt(db, RATE_LIMITS.passkeyCeremony, facts.ipAddress, now);
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "preferred",
    timeout: WEBAUTHN_TIMEOUT_MS,
  });
  const ceremonyId = await openCeremony(db, "login", options.challenge, null, now);
  return { ceremony_id: ceremonyId, options: options as unknown as Record<string, unknown> };
}

/**
 * The admin and passkey a login answer proves, or null: the ceremony must be open (used once), the
 * credential known, the answer signed by its key for this origin and RP id, its counter moving on.
 * Alone, a passkey must have verified the user (PIN or biometrics), which makes it two factors itself.
 */
export async function verifyPasskeyAnswer(
  db: Database,
  rp: RelyingParty,
  answer: PasskeyAnswer,
  options: { requireUserVerification: boolean },
  now = new Date(),
): Promise<{ adminId: string; passkeyId: string } | null> {
  const ceremony = await takeCeremony(db, answer.ceremony_id, "login", now);
  if (!ceremony) return null;
  const passkey = await db.adminPasskey.findUnique({
    where: { credentialId: answer.response.id },
    select: { id: true, adminId: true, credentialId: true, publicKey: true, counter: true, transports: true },
  });
  if (!passkey) return null;
  try {
    const { verifyAuthenticationResponse } = await webAuthn();
    const verification = await verifyAuthenticationResponse({
      response: answer.response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        ...(passkey.transports ? { transports: passkey.transports.split(",") } : {}),
      },
      requireUserVerification: options.requireUserVerification,
    });
    if (!verification.verified) return null;
    await db.adminPasskey.updateMany({
      where: { id: passkey.id },
      data: { counter: verification.authenticationInfo.newCounter, lastUsedAt: now },
    });
    return { adminId: passkey.adminId, passkeyId: passkey.id };
  } catch {
    return null;
  }
}

/** Signing in with a passkey alone; the attempt counts with the password's limit per address. */
export async function loginWithPasskey(db: Database, rp: RelyingParty, answer: PasskeyAnswer, facts: RequestFacts) {
  await consumeAttempt(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  const proved = await verifyPasskeyAnswer(db, rp, answer, { requireUserVerification: true });
  const admin = proved
    ? await db.admin.findUnique({ where: { id: proved.adminId }, select: { id: true, username: true } })
    : null;
  if (!admin) {
    await recordAuditEvent(db, { event: "login", success: false, method: "passkey", ...facts });
    throw new AppError("UNAUTHORIZED", "errors.passkeyRefused");
  }
  await clearFailures(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  const session = await createAdminSession(db, admin.id, new Date(), { method: "passkey", ...facts });
  await recordAuditEvent(db, { event: "login", method: "passkey", ...facts });
  return { token: session.token, username: admin.username, expiresAt: session.expiresAt };
}
