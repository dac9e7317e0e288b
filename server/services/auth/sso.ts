// Single sign-on with OpenID Connect (docs/sso.md) through openid-client: the authorization code flow
// with PKCE, state and nonce. The start stores the verifier and nonce under a hash of the state (a
// database row, so any process can finish it, once) and binds it to the browser with a cookie; the
// callback claims the row, lets openid-client check the answer (issuer, state, the code exchange, the
// ID token's signature, audience and nonce), then signs the admin in only when the identity matches a
// rule of OIDC_ADMIN_*. Every refusal is a short reason the login screen explains, and changes nothing.
import type { Config, SsoConfig } from "../../config";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { assertNotLimited, clearFailures, consumeAttempt, RATE_LIMITS, recordFailure } from "../system/rate-limit";
import { type RequestFacts, recordAuditEvent } from "./audit";
import { createAdminSession, generateSessionToken, hashSecret } from "./sessions";

/**
 * The client library, loaded with the first sign-on: a server whose admin never uses SSO does not
 * carry it (docs/decisions/0013-idle-without-prisma.md: the idle budget).
 */
const openIdClient = () => import("openid-client");
type OpenIdConfiguration = Awaited<ReturnType<Awaited<ReturnType<typeof openIdClient>>["discovery"]>>;

/** How long the admin may take at the provider before the sign-on must start again. */
export const SSO_ATTEMPT_TTL_MS = 10 * 60_000;
/** Seconds the provider has for each answer (discovery, code exchange, user info). */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** The path the provider sends the browser back to; registered at the provider as PUBLIC_URL + this. */
export const SSO_CALLBACK_PATH = "/api/auth/sso/callback";
export const SSO_START_PATH = "/api/auth/sso/start";

/** Why a sign-on was refused: the login screen shows the text of each (auth.login.sso.errors.*). */
export type SsoFailure = "state" | "issuer" | "unreachable" | "provider" | "answer" | "notAdmin" | "notConfigured";

export class SsoRefusal extends Error {
  override name = "SsoRefusal";
  constructor(
    readonly reason: SsoFailure,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export const ssoRedirectUri = (config: Pick<Config, "publicUrl">) => `${config.publicUrl}${SSO_CALLBACK_PATH}`;

/** The provider's metadata, discovered once per process (a failure is forgotten, so the next try asks again). */
const discovered = new Map<string, Promise<OpenIdConfiguration>>();

async function providerOf(sso: SsoConfig): Promise<OpenIdConfiguration> {
  const key = `${sso.issuer}\u0000${sso.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    found = discoverProvider(sso);
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  }
  return found;
}

async function discoverProvider(sso: SsoConfig): Promise<OpenIdConfiguration> {
  const client = await openIdClient();
  // An http:// issuer is the admin's explicit choice (a provider on the same host or network).
  const execute = sso.issuer.startsWith("http:") ? [client.allowInsecureRequests] : [];
  try {
    return await client.discovery(new URL(sso.issuer), sso.clientId, sso.clientSecret, undefined, {
      execute,
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    // The document answered, but names another issuer than OIDC_ISSUER: a wrong or spoofed provider.
    if (code === "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED") throw new SsoRefusal("issuer", describe(error));
    throw new SsoRefusal("unreachable", describe(error));
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${code ? `${code} ` : ""}${error.message}${cause}`.slice(0, 400);
}

/** What the login screen needs to offer SSO, and whether the password still signs in. */
export async function ssoStatus(db: Database, config: Pick<Config, "sso">) {
  return {
    enabled: config.sso !== null,
    name: config.sso?.name ?? null,
    password_login: await isPasswordLoginOn(db, config),
  };
}

/** The setting that turns the password login off; it counts only while SSO is configured (a way back). */
const PASSWORD_LOGIN_OFF_KEY = "passwordLoginDisabled";

export async function isPasswordLoginOn(db: Database, config: Pick<Config, "sso">): Promise<boolean> {
  if (!config.sso) return true;
  const row = await db.systemSetting.findUnique({ where: { key: PASSWORD_LOGIN_OFF_KEY }, select: { value: true } });
  return row?.value !== "true";
}

/** Refuses a sign-in with the password (login, WebDAV Basic) once the admin has turned it off. */
export async function assertPasswordLoginOn(db: Database, config: Pick<Config, "sso">) {
  if (!(await isPasswordLoginOn(db, config))) throw new AppError("FORBIDDEN", "errors.passwordLoginDisabled");
}

/**
 * Turns the password login off or on. Off is refused unless SSO is configured and this very session
 * was opened through it, which proves the provider, the client and the admin rule work end to end.
 */
export async function setPasswordLogin(
  db: Database,
  config: Pick<Config, "sso">,
  session: { sessionId: string },
  enabled: boolean,
  facts: RequestFacts,
) {
  if (!enabled) {
    if (!config.sso) throw new AppError("CONFLICT", "errors.ssoNotConfigured");
    const current = await db.adminSession.findUnique({ where: { id: session.sessionId }, select: { method: true } });
    if (current?.method !== "sso") throw new AppError("CONFLICT", "errors.ssoNotProven");
  }
  await db.systemSetting.upsert({
    where: { key: PASSWORD_LOGIN_OFF_KEY },
    create: { key: PASSWORD_LOGIN_OFF_KEY, value: String(!enabled) },
    update: { value: String(!enabled) },
    select: { key: true },
  });
  await recordAuditEvent(db, { event: enabled ? "password_login.on" : "password_login.off", ...facts });
  return ssoStatus(db, config);
}

/** `pastebox admin reset-2fa` turns the password login back on: the way back when the provider is gone. */
export async function turnPasswordLoginOn(db: Database) {
  await db.systemSetting.deleteMany({ where: { key: PASSWORD_LOGIN_OFF_KEY } });
}

/** A path of this app to land on after signing in; anything else ("//host", a URL) is dropped. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 1000) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

/**
 * Starts a sign-on: the URL to send the browser to, and the binding token for its cookie. Starts count
 * against the address like passkey ceremonies, which bounds the rows one address can make.
 */
export async function startSsoSignIn(
  db: Database,
  config: Pick<Config, "sso" | "publicUrl">,
  returnPath: string | null,
  clientIp: string,
  now = new Date(),
) {
  const sso = config.sso;
  if (!sso) throw new SsoRefusal("notConfigured", "OIDC_ISSUER is not set");
  await consumeAttempt(db, RATE_LIMITS.passkeyCeremony, clientIp);
  const provider = await providerOf(sso);
  const client = await openIdClient();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const binding = generateSessionToken();
  // Abandoned attempts go with each new one, so they never pile up.
  await db.ssoSignIn.deleteMany({ where: { expiresAt: { lte: now } } });
  await db.ssoSignIn.create({
    data: {
      id: hashSecret(state),
      bindingHash: hashSecret(binding),
      codeVerifier,
      nonce,
      returnPath: safeReturnPath(returnPath),
      expiresAt: new Date(now.getTime() + SSO_ATTEMPT_TTL_MS),
    },
    select: { id: true },
  });
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: ssoRedirectUri(config),
    scope: sso.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, binding };
}

/** The attempt a state names, claimed once: the row is deleted, and only the caller that deleted it goes on. */
async function claimAttempt(db: Database, state: string, binding: string | null, now: Date) {
  const id = hashSecret(state);
  const row = await db.ssoSignIn.findUnique({
    where: { id },
    select: { bindingHash: true, codeVerifier: true, nonce: true, returnPath: true, expiresAt: true },
  });
  if (!row) throw new SsoRefusal("state", "unknown or already used state");
  const claimed = await db.ssoSignIn.deleteMany({ where: { id } });
  if (claimed.count !== 1) throw new SsoRefusal("state", "state already used");
  if (row.expiresAt <= now) throw new SsoRefusal("state", "sign-on attempt expired");
  if (!binding || hashSecret(binding) !== row.bindingHash) {
    throw new SsoRefusal("state", "started in another browser");
  }
  return row;
}

type Claims = Record<string, unknown>;

/** Which rule made this identity the admin, or null: the subject, a verified email, or a group. */
export function adminRuleMatched(sso: SsoConfig, claims: Claims): string | null {
  const { subject, email, group } = sso.admin;
  if (subject && claims.sub === subject) return "subject";
  // An email the provider has not verified could be anyone's: it names the admin only when verified.
  if (
    email &&
    typeof claims.email === "string" &&
    claims.email.toLowerCase() === email.toLowerCase() &&
    claims.email_verified !== false
  ) {
    return "email";
  }
  const groups = claims[sso.groupsClaim];
  if (group && (groups === group || (Array.isArray(groups) && groups.includes(group)))) return "group";
  return null;
}

/**
 * Finishes a sign-on from the provider's answer (the callback URL as the browser asked for it): the
 * admin's new session token and where to go, or an SsoRefusal. Failures count against the address with
 * the same limit as passwords.
 */
export async function finishSsoSignIn(
  db: Database,
  config: Pick<Config, "sso" | "publicUrl">,
  callback: { url: URL; binding: string | null },
  facts: RequestFacts,
  now = new Date(),
) {
  const sso = config.sso;
  if (!sso) throw new SsoRefusal("notConfigured", "OIDC_ISSUER is not set");
  await assertNotLimited(db, RATE_LIMITS.adminLogin, facts.ipAddress);
  try {
    const state = callback.url.searchParams.get("state");
    if (!state) throw new SsoRefusal("state", "no state in the answer");
    const attempt = await claimAttempt(db, state, callback.binding, now);
    const claims = await exchangeCode(sso, config, callback.url, state, attempt);
    const rule = adminRuleMatched(sso, claims);
    if (!rule) throw new SsoRefusal("notAdmin", `subject ${String(claims.sub).slice(0, 100)}`);
    const admin = await db.admin.findFirst({ orderBy: { createdAt: "asc" }, select: { id: true, username: true } });
    if (!admin) throw new SsoRefusal("notAdmin", "no admin account");
    await clearFailures(db, RATE_LIMITS.adminLogin, facts.ipAddress);
    const session = await createAdminSession(db, admin.id, now, { method: "sso", ...facts });
    await recordAuditEvent(db, { event: "login", method: "sso", detail: `by ${rule}`, ...facts });
    return { token: session.token, returnPath: attempt.returnPath };
  } catch (error) {
    const refusal = error instanceof SsoRefusal ? error : new SsoRefusal("answer", describe(error));
    await recordFailure(db, RATE_LIMITS.adminLogin, facts.ipAddress);
    await recordAuditEvent(db, {
      event: "login",
      success: false,
      method: "sso",
      detail: `${refusal.reason}: ${refusal.detail}`,
      ...facts,
    });
    throw refusal;
  }
}

/** The code exchange and the ID token's checks, then the user info endpoint's claims for the rules. */
async function exchangeCode(
  sso: SsoConfig,
  config: Pick<Config, "publicUrl">,
  answer: URL,
  state: string,
  attempt: { codeVerifier: string; nonce: string },
): Promise<Claims> {
  const provider = await providerOf(sso);
  const client = await openIdClient();
  // openid-client compares the answer's address with the redirect_uri sent; behind a proxy the request
  // URL is the inner one, so the answer is read at the public callback address.
  const current = new URL(ssoRedirectUri(config));
  current.search = answer.search;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(provider, current, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError) throw new SsoRefusal("provider", describe(error));
    const code = (error as { code?: string }).code ?? "";
    if (code === "OAUTH_INVALID_RESPONSE" && /"iss"/.test(String((error as Error).message))) {
      throw new SsoRefusal("issuer", describe(error));
    }
    throw new SsoRefusal("answer", describe(error));
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new SsoRefusal("answer", "no ID token");
  const claims: Claims = { ...idClaims };
  const needsUserInfo =
    (sso.admin.email && claims.email === undefined) || (sso.admin.group && claims[sso.groupsClaim] === undefined);
  if (needsUserInfo && provider.serverMetadata().userinfo_endpoint) {
    try {
      const info = await client.fetchUserInfo(provider, tokens.access_token, idClaims.sub);
      // The ID token's own claims win: user info only adds what the token did not carry.
      for (const [name, value] of Object.entries(info)) if (!(name in claims)) claims[name] = value;
    } catch (error) {
      throw new SsoRefusal("answer", `user info: ${describe(error)}`);
    }
  }
  return claims;
}
