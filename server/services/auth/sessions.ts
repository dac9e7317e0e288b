// Who is calling: admin sessions written the way the Lucia guide teaches (random token to the client,
// only its SHA-256 stored, sliding expiry) and API keys (stored as a keyed hash, last use recorded).
import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { keyedHash } from "../../crypto";
import { type Database, type DriverConnection, driverConnectionOf } from "../../db/client";
import { driverDateColumn as date, driverDate, driverQuery, driverFlag as flag } from "../../db/driver-query";
import { AppError } from "../../errors";
import { bucketKey, limitReached, RATE_LIMITS, recordFailure } from "../system/rate-limit";

export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
// Writing last_used on every request would turn every read into a write; once a minute is enough.
const LAST_USED_RESOLUTION_MS = 60_000;

export type Permissions = { text: boolean; file: boolean; mount: boolean };

/**
 * What an app password reaches: its areas, and in the explorer and over WebDAV its base path and
 * whether it may write (the rules of an API key's, services/explorer/access.ts).
 */
export type AppPasswordScope = Permissions & { basicPath: string; readOnly: boolean };

/** What a session or WebDAV request signed in with this app password may reach. */
export function appPasswordScopeOf(row: {
  textPermission: boolean;
  filePermission: boolean;
  mountPermission: boolean;
  basicPath: string;
  readOnly: boolean;
}): AppPasswordScope {
  return {
    text: row.textPermission,
    file: row.filePermission,
    mount: row.mountPermission,
    basicPath: row.basicPath,
    readOnly: row.readOnly,
  };
}

export type AuthState =
  | {
      type: "admin";
      adminId: string;
      username: string;
      sessionId: string;
      /** Signed in with an app password: only the areas it names, and none of the admin-only ones. */
      scope?: AppPasswordScope;
    }
  | {
      type: "apikey";
      keyId: string;
      name: string;
      basicPath: string;
      permissions: Permissions;
      mountReadOnly: boolean;
      /** The browser session the key was signed in with (a cookie), null when the key itself was sent. */
      sessionId: string | null;
    };

/** The result of reading the Authorization header: who, or why not (kept for protected calls). */
export type AuthResolution = { auth: AuthState | null; failure: AppError | null };

/** SHA-256 of the secret's UTF-8, in hex: the runtime's native hash (the JS one cost ~0.7 ms a request, docs/performance.md). */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
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

/** How and from where a session was opened, as the sessions list shows it. */
export type SessionOrigin = {
  method: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** Opened with this app password: the session has its scope and ends when it is revoked. */
  appPasswordId?: string;
};

export async function createAdminSession(
  db: Database,
  adminId: string,
  now = new Date(),
  origin: SessionOrigin = { method: "password", ipAddress: null, userAgent: null },
) {
  const token = generateSessionToken();
  const session = await db.adminSession.create({
    data: {
      id: hashSecret(token),
      adminId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
      method: origin.method,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
      appPasswordId: origin.appPasswordId ?? null,
    },
    select: { expiresAt: true },
  });
  return { token, expiresAt: session.expiresAt };
}

const KEY_SELECT = {
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

type KeyRow = {
  id: string;
  name: string;
  basicPath: string;
  textPermission: boolean;
  filePermission: boolean;
  mountPermission: boolean;
  mountReadOnly: boolean;
  lastUsedAt: Date | null;
};

async function recordKeyUse(db: Database, row: KeyRow, now: Date) {
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiKey.updateMany({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
}

function keyAuth(row: KeyRow, sessionId: string | null): AuthState {
  return {
    type: "apikey",
    keyId: row.id,
    name: row.name,
    basicPath: row.basicPath,
    permissions: { text: row.textPermission, file: row.filePermission, mount: row.mountPermission },
    mountReadOnly: row.mountReadOnly,
    sessionId,
  };
}

/** Tokens of browser sessions signed in with an API key start with this (base32 never has "_"). */
const KEY_SESSION_PREFIX = "k_";

type SessionTimes = { createdAt: Date; expiresAt: Date };

/**
 * The sliding expiry shared by both kinds of session: "expired" past the idle window or the absolute
 * limit; a new expiresAt once half of the idle window is used (so active users stay signed in); null
 * when nothing changes.
 */
function nextExpiry(session: SessionTimes, now: Date): Date | "expired" | null {
  const absoluteEnd = session.createdAt.getTime() + SESSION_MAX_MS;
  if (now >= session.expiresAt || now.getTime() >= absoluteEnd) return "expired";
  if (session.expiresAt.getTime() - now.getTime() >= SESSION_IDLE_MS / 2) return null;
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteEnd));
}

/**
 * An admin session with its admin and app password, in one statement on the driver connection: every
 * admin request asks it, and Prisma's building and mapping of the query with two relations cost more
 * than the database's reading of three rows by key (docs/performance.md "Admin lists").
 */
async function adminSessionRow(driver: DriverConnection, sessionId: string) {
  const [row] = await driverQuery(
    driver,
    `SELECT ${date(driver, `s."createdAt"`)} AS "createdAt", ${date(driver, `s."expiresAt"`)} AS "expiresAt",
       ${date(driver, `s."lastSeenAt"`)} AS "lastSeenAt", a."id" AS "adminId", a."username" AS "username",
       p."id" AS "appPasswordId", p."textPermission", p."filePermission", p."mountPermission", p."basicPath", p."readOnly"
     FROM {AdminSession} s JOIN {Admin} a ON a."id" = s."adminId"
     LEFT JOIN {AdminAppPassword} p ON p."id" = s."appPasswordId"
     WHERE s."id" = ?1`,
    [sessionId],
  );
  if (!row) return null;
  return {
    createdAt: driverDate(row.createdAt) as Date,
    expiresAt: driverDate(row.expiresAt) as Date,
    lastSeenAt: driverDate(row.lastSeenAt),
    admin: { id: String(row.adminId), username: String(row.username) },
    appPassword:
      row.appPasswordId === null || row.appPasswordId === undefined
        ? null
        : {
            textPermission: flag(row.textPermission),
            filePermission: flag(row.filePermission),
            mountPermission: flag(row.mountPermission),
            basicPath: String(row.basicPath),
            readOnly: flag(row.readOnly),
          },
  };
}

export async function validateSessionToken(db: Database, token: string, now = new Date()): Promise<AuthState | null> {
  const sessionId = hashSecret(token);
  const session = await adminSessionRow(await driverConnectionOf(db), sessionId);
  if (!session) return null;
  const expiry = nextExpiry(session, now);
  if (expiry === "expired") {
    await db.adminSession.deleteMany({ where: { id: sessionId } });
    return null;
  }
  const isSeenLongAgo = !session.lastSeenAt || now.getTime() - session.lastSeenAt.getTime() > LAST_USED_RESOLUTION_MS;
  if (expiry || isSeenLongAgo) {
    await db.adminSession.updateMany({
      where: { id: sessionId },
      data: { lastSeenAt: now, ...(expiry ? { expiresAt: expiry } : {}) },
    });
  }
  const scope = session.appPassword ? appPasswordScopeOf(session.appPassword) : undefined;
  return { type: "admin", adminId: session.admin.id, username: session.admin.username, sessionId, scope };
}

/** A browser session for an API key: the token goes only into the HttpOnly cookie, never the key. */
export async function createKeySession(db: Database, apiKeyId: string, now = new Date()) {
  const token = `${KEY_SESSION_PREFIX}${generateSessionToken()}`;
  await db.apiKeySession.create({
    data: { id: hashSecret(token), apiKeyId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) },
  });
  return { token };
}

/**
 * The web client's sign-in with an API key: the key is checked once (failures count against the
 * address, like any wrong key) and exchanged for a browser session; the page never keeps the key.
 */
export async function signInWithApiKey(db: Database, appSecret: string, key: string, clientIp: string) {
  const { auth, failure } = await validateApiKey(db, appSecret, key, clientIp);
  if (auth?.type !== "apikey") {
    const error = failure ?? new AppError("UNAUTHORIZED", "errors.apiKeyInvalid");
    // A refusal of an address past its limit is no new failure.
    if (isApiKeyFailure(error)) await recordFailure(db, RATE_LIMITS.apiKeyFailure, clientIp);
    throw error;
  }
  const { token } = await createKeySession(db, auth.keyId);
  return { auth, token };
}

export async function endKeySession(db: Database, sessionId: string) {
  await db.apiKeySession.deleteMany({ where: { id: sessionId } });
}

/** A key's columns for `keyAuth` and its use, as `keyRowOf` reads them (the key's table aliased `k`). */
const keyColumns = (driver: DriverConnection) =>
  `k."id" AS "keyId", k."name", k."basicPath", k."textPermission", k."filePermission", k."mountPermission",
   k."mountReadOnly", ${date(driver, `k."expiresAt"`)} AS "keyExpiresAt", ${date(driver, `k."lastUsedAt"`)} AS "lastUsedAt"`;

/** The key a driver row holds (see `keyColumns`), or null when the row has none (a LEFT JOIN missed). */
function keyRowOf(row: Record<string, unknown> | undefined): (KeyRow & { expiresAt: Date | null }) | null {
  if (!row || row.keyId === null || row.keyId === undefined) return null;
  return {
    id: String(row.keyId),
    name: String(row.name),
    basicPath: String(row.basicPath),
    textPermission: flag(row.textPermission),
    filePermission: flag(row.filePermission),
    mountPermission: flag(row.mountPermission),
    mountReadOnly: flag(row.mountReadOnly),
    expiresAt: driverDate(row.keyExpiresAt),
    lastUsedAt: driverDate(row.lastUsedAt),
  };
}

/**
 * A key's browser session: valid while the session is and while the key exists and has not expired;
 * the key's permissions and base path are read afresh on every request, so edits apply at once. The
 * session and its key are one statement on the driver connection, as an admin's session is.
 */
async function validateKeySessionToken(db: Database, token: string, now: Date): Promise<AuthState | null> {
  const sessionId = hashSecret(token);
  const driver = await driverConnectionOf(db);
  const [row] = await driverQuery(
    driver,
    `SELECT ${date(driver, `s."createdAt"`)} AS "createdAt", ${date(driver, `s."expiresAt"`)} AS "expiresAt", ${keyColumns(driver)}
     FROM {ApiKeySession} s JOIN {ApiKey} k ON k."id" = s."apiKeyId" WHERE s."id" = ?1`,
    [sessionId],
  );
  const key = keyRowOf(row);
  if (!row || !key) return null;
  const expiry = nextExpiry(
    { createdAt: driverDate(row.createdAt) as Date, expiresAt: driverDate(row.expiresAt) as Date },
    now,
  );
  if (expiry === "expired" || (key.expiresAt && key.expiresAt <= now)) {
    await db.apiKeySession.deleteMany({ where: { id: sessionId } });
    return null;
  }
  if (expiry) await db.apiKeySession.updateMany({ where: { id: sessionId }, data: { expiresAt: expiry } });
  await recordKeyUse(db, key, now);
  return keyAuth(key, sessionId);
}

/** The session a browser's cookie names: an admin's, or one signed in with an API key. */
export function validateCookieSession(db: Database, token: string, now = new Date()): Promise<AuthState | null> {
  return token.startsWith(KEY_SESSION_PREFIX)
    ? validateKeySessionToken(db, token, now)
    : validateSessionToken(db, token, now);
}

/**
 * An API key sent by a caller at `clientIp`: refused with 429 while the address has used up its failed
 * keys (checked before the key, so a guesser learns nothing), else the key's caller, or why not. The key
 * and the address's failures are one statement on the driver connection: every key request asks it.
 */
export async function validateApiKey(
  db: Database,
  appSecret: string,
  key: string,
  clientIp: string,
  now = new Date(),
): Promise<AuthResolution> {
  const keyHash = hashApiKey(appSecret, key);
  const driver = await driverConnectionOf(db);
  const [found] = await driverQuery(
    driver,
    `SELECT ${keyColumns(driver)}, b."count" AS "failures", ${date(driver, `b."resetAt"`)} AS "failuresResetAt"
     FROM (SELECT 1 AS "one") AS o
     LEFT JOIN {ApiKey} k ON k."keyHash" = ?1
     LEFT JOIN {RateLimitBucket} b ON b."key" = ?2`,
    [keyHash, bucketKey(RATE_LIMITS.apiKeyFailure, clientIp)],
  );
  const failures =
    found?.failures === null || found?.failures === undefined
      ? null
      : { count: Number(found.failures), resetAt: driverDate(found.failuresResetAt) as Date };
  const limited = limitReached(RATE_LIMITS.apiKeyFailure, failures, now);
  if (limited) return { auth: null, failure: limited };
  let row: (KeyRow & { expiresAt: Date | null }) | null = keyRowOf(found);
  if (!row) {
    // A key created before keyed hashes: found by its plain SHA-256 once, then stored keyed.
    const select = KEY_SELECT;
    row = await db.apiKey.findFirst({ where: { keyHash: hashSecret(key), legacyHash: true }, select });
    if (row) {
      await db.apiKey.updateMany({ where: { id: row.id, legacyHash: true }, data: { keyHash, legacyHash: false } });
    }
  }
  if (!row) return { auth: null, failure: new AppError("UNAUTHORIZED", "errors.apiKeyInvalid") };
  if (row.expiresAt && row.expiresAt <= now) {
    return { auth: null, failure: new AppError("UNAUTHORIZED", "errors.apiKeyExpired") };
  }
  await recordKeyUse(db, row, now);
  return { auth: keyAuth(row, null), failure: null };
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
  return validateApiKey(db, appSecret, match[2], clientIp);
}

/** An unknown or expired API key: these count against the client address (rate limit). */
export function isApiKeyFailure(failure: AppError): boolean {
  return failure.messageKey === "errors.apiKeyInvalid" || failure.messageKey === "errors.apiKeyExpired";
}

/**
 * The list filter `created_by`: rows whose created_by is the value as the lists show it, or whose
 * creator's bare id it is (CloudPaste's scripts may pass an admin id from /test/admin-token).
 */
/** The spellings of one creator in created_by: bare, or with its kind. */
export function createdBySpellings(createdBy: string): string[] {
  return [createdBy, `admin:${createdBy}`, `apikey:${createdBy}`];
}

export function createdByFilter(createdBy: string | undefined) {
  if (!createdBy) return {};
  return { AND: [{ createdBy: { in: createdBySpellings(createdBy) } }] };
}

/** The created_by value for rows a caller creates (docs/product.md §3: "apikey:<id>" for keys). */
export function creatorOf(auth: AuthState): string {
  return auth.type === "admin" ? `admin:${auth.adminId}` : keyCreator(auth.keyId);
}

/** What a key's tasks, shares and WebDAV locks are recorded under. */
export const keyCreator = (keyId: string) => `apikey:${keyId}`;

/** The key a keyCreator value names, or null for the admin's. */
export const keyIdOfCreator = (creator: string) =>
  creator.startsWith("apikey:") ? creator.slice("apikey:".length) : null;
