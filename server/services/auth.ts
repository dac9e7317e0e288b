// Who is calling: admin sessions written the way the Lucia guide teaches (random token to the client,
// only its SHA-256 stored, sliding expiry) and API keys (stored as a keyed hash, last use recorded).
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { keyedHash } from "../crypto";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { assertNotLimited, RATE_LIMITS } from "./rate-limit";

export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
// Writing last_used on every request would turn every read into a write; once a minute is enough.
const LAST_USED_RESOLUTION_MS = 60_000;

export type Permissions = { text: boolean; file: boolean; mount: boolean };

export type AuthState =
  | { type: "admin"; adminId: string; username: string; sessionId: string }
  | {
      type: "apikey";
      keyId: string;
      name: string;
      basicPath: string;
      permissions: Permissions;
      mountReadOnly: boolean;
    };

/** The result of reading the Authorization header: who, or why not (kept for protected calls). */
export type AuthResolution = { auth: AuthState | null; failure: AppError | null };

export function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

/**
 * What an API key is stored and looked up as: HMAC-SHA-256 under a key derived from the app secret
 * (docs/decisions/0005-api-key-hashes.md). Custom keys may be short and human-chosen, so a plain hash
 * in a leaked database could be checked against guesses offline; a keyed one cannot.
 */
export function hashApiKey(appSecret: string, key: string): string {
  return keyedHash(appSecret, "api-keys", key);
}

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

export async function createAdminSession(db: Database, adminId: string, now = new Date()) {
  const token = generateSessionToken();
  const session = await db.adminSession.create({
    data: { id: hashSecret(token), adminId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) },
    select: { expiresAt: true },
  });
  return { token, expiresAt: session.expiresAt };
}

export async function validateSessionToken(db: Database, token: string, now = new Date()): Promise<AuthState | null> {
  const sessionId = hashSecret(token);
  const session = await db.adminSession.findUnique({
    where: { id: sessionId },
    select: { id: true, createdAt: true, expiresAt: true, admin: { select: { id: true, username: true } } },
  });
  if (!session) return null;
  const absoluteEnd = session.createdAt.getTime() + SESSION_MAX_MS;
  if (now >= session.expiresAt || now.getTime() >= absoluteEnd) {
    await db.adminSession.deleteMany({ where: { id: sessionId } });
    return null;
  }
  // Slide the idle window once half of it is used, so active admins stay logged in.
  if (session.expiresAt.getTime() - now.getTime() < SESSION_IDLE_MS / 2) {
    const expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteEnd));
    await db.adminSession.updateMany({ where: { id: sessionId }, data: { expiresAt } });
  }
  return { type: "admin", adminId: session.admin.id, username: session.admin.username, sessionId };
}

export async function validateApiKey(
  db: Database,
  appSecret: string,
  key: string,
  now = new Date(),
): Promise<AuthResolution> {
  const keyHash = hashApiKey(appSecret, key);
  const select = {
    id: true,
    name: true,
    basicPath: true,
    textPermission: true,
    filePermission: true,
    mountPermission: true,
    mountReadOnly: true,
    expiresAt: true,
    lastUsedAt: true,
  } as const;
  let row = await db.apiKey.findUnique({ where: { keyHash }, select });
  if (!row) {
    // A key created before keyed hashes: found by its plain SHA-256 once, then stored keyed.
    row = await db.apiKey.findFirst({ where: { keyHash: hashSecret(key), legacyHash: true }, select });
    if (row) {
      await db.apiKey.updateMany({ where: { id: row.id, legacyHash: true }, data: { keyHash, legacyHash: false } });
    }
  }
  if (!row) return { auth: null, failure: new AppError("UNAUTHORIZED", "errors.apiKeyInvalid") };
  if (row.expiresAt && row.expiresAt <= now) {
    return { auth: null, failure: new AppError("UNAUTHORIZED", "errors.apiKeyExpired") };
  }
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiKey.updateMany({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return {
    auth: {
      type: "apikey",
      keyId: row.id,
      name: row.name,
      basicPath: row.basicPath,
      permissions: { text: row.textPermission, file: row.filePermission, mount: row.mountPermission },
      mountReadOnly: row.mountReadOnly,
    },
    failure: null,
  };
}

/**
 * Reads `Authorization: Bearer <admin token>` or `Authorization: ApiKey <key>` (docs/product.md §7). Past the
 * limit of failed keys from the client address every key attempt from it is refused; failures are
 * counted by requireCaller (server/trpc.ts) when a call actually needs the credentials.
 */
export async function resolveAuth(
  db: Database,
  appSecret: string,
  header: string | null,
  clientIp = "unknown",
): Promise<AuthResolution> {
  if (!header) return { auth: null, failure: null };
  const match = /^(Bearer|ApiKey)\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1] || !match[2]) return { auth: null, failure: new AppError("UNAUTHORIZED", "errors.unauthorized") };
  if (match[1].toLowerCase() === "bearer") {
    const auth = await validateSessionToken(db, match[2]);
    return auth
      ? { auth, failure: null }
      : { auth: null, failure: new AppError("UNAUTHORIZED", "errors.sessionExpired") };
  }
  try {
    await assertNotLimited(db, RATE_LIMITS.apiKeyFailure, clientIp);
  } catch (error) {
    return { auth: null, failure: error as AppError };
  }
  return validateApiKey(db, appSecret, match[2]);
}

/** An unknown or expired API key: these count against the client address (rate limit). */
export function isApiKeyFailure(failure: AppError): boolean {
  return failure.messageKey === "errors.apiKeyInvalid" || failure.messageKey === "errors.apiKeyExpired";
}

/** The created_by value for rows a caller creates (docs/product.md §3: "apikey:<id>" for keys). */
export function creatorOf(auth: AuthState): string {
  return auth.type === "admin" ? `admin:${auth.adminId}` : `apikey:${auth.keyId}`;
}
