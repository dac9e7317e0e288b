// Who is calling /dav (docs/rules.md, Mounts and WebDAV): HTTP Basic with the admin's user name and
// an app password with mount access, or the password itself (refused once the admin has a second
// factor or single sign-on is configured), or an API key with mount permission given as both user name and password; or, as
// CloudPaste's API document has it, `Authorization: Bearer <api key or admin token>`. Failures count
// against the client address with the same rate limits as the other paths (admin login, API keys), and
// past the limit the answer is 429 with Retry-After.
//
// WebDAV clients send the credentials with every request. Argon2id is meant to be slow, so a verified
// admin password is remembered for a while: by a hash of the credentials (never the password) together
// with the stored password hash, so that a password change ends it at once.

import type { AppDeps } from "../../deps";
import { AppError } from "../../errors";
import { matchAppPassword } from "../../services/auth/app-passwords";
import { hasSecondFactor, SECOND_FACTOR_SELECT } from "../../services/auth/second-factor";
import {
  type AuthState,
  hashSecret,
  isApiKeyFailure,
  validateApiKey,
  validateSessionToken,
} from "../../services/auth/sessions";
import { assertPasswordLoginOn } from "../../services/auth/sso";
import {
  assertNotLimited,
  clearFailures,
  consumeAttempt,
  RATE_LIMITS,
  recordFailure,
} from "../../services/system/rate-limit";

const VERIFIED_TTL_MS = 10 * 60_000;
const VERIFIED_MAX_ENTRIES = 256;

type Verified = { adminId: string; username: string; passwordHash: string; until: number };

export type Credentials = { username: string; password: string };

/** Reads `Authorization: Basic base64(user:password)` (UTF-8, RFC 7617); null when absent or another scheme. */
export function parseBasicAuth(header: string | null): Credentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const decoded = new TextDecoder().decode(Buffer.from(match[1], "base64"));
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Reads `Authorization: Bearer <token>`; null when absent or another scheme. */
export function parseBearerAuth(header: string | null): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? null;
}

export type DavAuthResult =
  | { auth: AuthState }
  /** No or wrong credentials: answer 401 with a challenge (or 429 when limited, in `error`). */
  | { auth: null; error: AppError };

export function createDavAuthenticator(deps: Pick<AppDeps, "db" | "config">) {
  const verified = new Map<string, Verified>();
  let dummyHash: Promise<string> | null = null;

  async function verifyAdmin(
    credentials: Credentials,
    clientIp: string,
    userAgent: string | null,
  ): Promise<AuthState | null> {
    const { db } = deps;
    await assertNotLimited(db, RATE_LIMITS.adminLogin, clientIp);
    // An app password first: a keyed-hash lookup, no slow hash, and it works whatever the factors.
    const app = await matchAppPassword(
      db,
      deps.config.secret,
      credentials,
      { ipAddress: clientIp, userAgent },
      "webdav",
    );
    if (app) {
      if (!app.scope.mount) throw new AppError("FORBIDDEN", "errors.appPasswordScope");
      return { type: "admin", adminId: app.adminId, username: app.username, sessionId: "", scope: app.scope };
    }
    await assertPasswordLoginOn(db, deps.config);
    const admin = await db.admin.findUnique({
      where: { username: credentials.username },
      select: { id: true, username: true, passwordHash: true, ...SECOND_FACTOR_SELECT },
    });
    // The password alone opens nothing once a second factor is on (no side door past the login's code);
    // told only to a caller who knew the password, so it reveals nothing to a guesser.
    const refuseBarePassword = () => {
      throw new AppError("UNAUTHORIZED", "errors.passwordNeedsSecondFactor");
    };
    // Single sign-on configured is a door the password must not go around either.
    const isBarePasswordRefused = (row: Parameters<typeof hasSecondFactor>[0]) =>
      hasSecondFactor(row) || deps.config.sso !== null;
    const cacheKey = hashSecret(`${credentials.username}\u0000${credentials.password}`);
    const known = verified.get(cacheKey);
    if (
      admin &&
      known &&
      known.adminId === admin.id &&
      known.passwordHash === admin.passwordHash &&
      known.until > Date.now()
    ) {
      if (isBarePasswordRefused(admin)) refuseBarePassword();
      return { type: "admin", adminId: admin.id, username: admin.username, sessionId: "" };
    }
    // Counted before the slow check (as the login does), so concurrent guesses cannot outrun the limit.
    await consumeAttempt(db, RATE_LIMITS.adminLogin, clientIp);
    // Verifying against a dummy when the user is unknown keeps the timing the same either way.
    dummyHash ??= Bun.password.hash("not-a-real-password", "argon2id");
    const isValid = await Bun.password.verify(credentials.password, admin?.passwordHash ?? (await dummyHash));
    if (!admin || !isValid) return null;
    await clearFailures(db, RATE_LIMITS.adminLogin, clientIp);
    if (isBarePasswordRefused(admin)) refuseBarePassword();
    if (verified.size >= VERIFIED_MAX_ENTRIES) verified.clear();
    verified.set(cacheKey, {
      adminId: admin.id,
      username: admin.username,
      passwordHash: admin.passwordHash,
      until: Date.now() + VERIFIED_TTL_MS,
    });
    return { type: "admin", adminId: admin.id, username: admin.username, sessionId: "" };
  }

  /** An API key, counted against the client address when it is not one. */
  async function verifyApiKey(key: string, clientIp: string): Promise<DavAuthResult> {
    const found = await validateApiKey(deps.db, deps.config.secret, key, clientIp);
    if (found.auth) return { auth: found.auth };
    const error = found.failure ?? new AppError("UNAUTHORIZED", "errors.apiKeyInvalid");
    // A refusal of an address past its limit is no new failure.
    if (isApiKeyFailure(error)) await recordFailure(deps.db, RATE_LIMITS.apiKeyFailure, clientIp);
    return { auth: null, error };
  }

  return async function authenticate(request: Request, clientIp: string): Promise<DavAuthResult> {
    const header = request.headers.get("authorization");
    const bearer = parseBearerAuth(header);
    const credentials = parseBasicAuth(header);
    try {
      if (bearer) {
        // An admin's session token (as the rest of the API takes it), else an API key.
        const session = await validateSessionToken(deps.db, bearer);
        return session ? { auth: session } : await verifyApiKey(bearer, clientIp);
      }
      if (!credentials || (credentials.username === "" && credentials.password === "")) {
        return { auth: null, error: new AppError("UNAUTHORIZED", "errors.unauthorized") };
      }
      // An API key as both user name and password.
      if (credentials.username === credentials.password) return await verifyApiKey(credentials.username, clientIp);
      const admin = await verifyAdmin(credentials, clientIp, request.headers.get("user-agent"));
      if (admin) return { auth: admin };
      return { auth: null, error: new AppError("UNAUTHORIZED", "errors.invalidCredentials") };
    } catch (error) {
      if (error instanceof AppError) return { auth: null, error };
      throw error;
    }
  };
}
