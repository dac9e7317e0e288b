// The browser's session as a cookie (docs/decisions/0009-browser-session-cookie.md): the admin's
// Lucia-style session (the same as a Bearer token) or one signed in with an API key (services/auth/sessions.ts),
// carried in an HttpOnly, SameSite=Strict
// cookie that script on the page cannot read (Secure when PUBLIC_URL is https). A mutation
// authenticated by the cookie must come from the app's own origin and carry CSRF_HEADER, which a
// cross-site form or script cannot send. Authorization headers (scripts) are read as before.
import { CSRF_HEADER, SESSION_COOKIE } from "@shared/constants";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { type AuthResolution, resolveAuth, SESSION_MAX_MS, validateCookieSession } from "../services/auth/sessions";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type CookieSettings = { publicUrl: string };

const isSecure = (settings: CookieSettings) => settings.publicUrl.startsWith("https:");

function serialize(settings: CookieSettings, value: string, maxAgeSeconds: number): string {
  return new Bun.Cookie(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: "strict",
    secure: isSecure(settings),
    path: "/",
    maxAge: maxAgeSeconds,
  }).serialize();
}

/** Set-Cookie for a new session; the cookie lives as long as a session may (the database decides sooner). */
export function sessionCookie(settings: CookieSettings, token: string): string {
  return serialize(settings, token, Math.floor(SESSION_MAX_MS / 1000));
}

/** Set-Cookie that removes the session cookie (logout, credentials changed). */
export function clearedSessionCookie(settings: CookieSettings): string {
  return serialize(settings, "", 0);
}

/** The web client marks every call with CSRF_HEADER; scripts do not. */
export function isWebClientRequest(request: Request): boolean {
  return request.headers.get(CSRF_HEADER) !== null;
}

/**
 * A cookie-authenticated mutation is allowed only from the app's origin (PUBLIC_URL's, or the one the
 * request was addressed to, as behind the dev server's proxy) and with CSRF_HEADER. Cross-site pages
 * cannot set a custom header without a CORS preflight, which the app never grants.
 */
function isSameOriginMutation(request: Request, settings: CookieSettings): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  if (!isWebClientRequest(request)) return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return origin === new URL(settings.publicUrl).origin || origin === new URL(request.url).origin;
}

/**
 * The credentials a script sends: the Authorization header, or an API key in `X-Custom-Auth-Key`
 * (CloudPaste's document offers that header too; docs/coming-from-cloudpaste.md), read as `ApiKey`.
 */
function scriptCredentials(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (header) return header;
  const customKey = request.headers.get("x-custom-auth-key")?.trim();
  return customKey ? `ApiKey ${customKey}` : null;
}

/**
 * The credentials resolveRequestAuth checks, as one string: the script's header, or the session
 * cookie's token; null when the request carries none. Tells two requests of the same caller apart
 * from others without a database lookup (app/busy-searches.ts).
 */
export function requestCredentials(request: Request): string | null {
  const header = scriptCredentials(request);
  if (header) return `header ${header}`;
  const cookies = request.headers.get("cookie");
  const token = cookies ? new Bun.CookieMap(cookies).get(SESSION_COOKIE) : null;
  return token ? `cookie ${token}` : null;
}

/**
 * Who is calling: the script's credentials when there are some (Bearer token or API key, unchanged
 * for scripts), otherwise the session cookie, guarded against cross-site requests.
 */
export async function resolveRequestAuth(
  db: Database,
  appSecret: string,
  settings: CookieSettings,
  request: Request,
  clientIp: string,
): Promise<AuthResolution> {
  const header = scriptCredentials(request);
  if (header) return resolveAuth(db, appSecret, header, clientIp);
  const cookies = request.headers.get("cookie");
  const token = cookies ? new Bun.CookieMap(cookies).get(SESSION_COOKIE) : null;
  if (!token) return { auth: null, failure: null };
  if (!isSameOriginMutation(request, settings)) {
    return { auth: null, failure: new AppError("FORBIDDEN", "errors.crossSiteRequest") };
  }
  const auth = await validateCookieSession(db, token);
  return auth
    ? { auth, failure: null }
    : { auth: null, failure: new AppError("UNAUTHORIZED", "errors.sessionExpired") };
}
