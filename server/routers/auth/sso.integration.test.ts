// Single sign-on against a real OpenID provider (oidc-provider) on SQLite and Postgres: the admin signs
// in by subject and lands with an "sso" session; a replayed state, an answer finished in another browser,
// a user who is not the admin, a tampered code, the provider's own refusal, a provider that names
// another issuer and one that does not answer are each refused with their reason and open no session;
// the password login turns off only from an SSO session, and then opens neither the login nor WebDAV.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CSRF_HEADER, SESSION_COOKIE } from "@shared/constants";
import type { SsoConfig } from "../../config";
import { turnPasswordLoginOn } from "../../services/auth/sso";
import { createApiClient } from "../../test/api-client";
import { createTestApp, DATABASE_PROVIDERS, freshIps, TEST_ADMIN_PASSWORD, type TestApp } from "../../test/harness";
import { startOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from "../../test/oidc-provider";

// testConfig's PUBLIC_URL.
const CALLBACK = "http://localhost:8787/api/auth/sso/callback";

describe.each(DATABASE_PROVIDERS)("single sign-on on %s", (provider) => {
  let t: TestApp;
  let idp: TestOidcProvider;
  const freshIp = freshIps(37, provider);
  const api = createApiClient(() => t.app);

  const ssoConfig = (issuer: string): SsoConfig => ({
    issuer,
    clientId: TEST_OIDC_CLIENT.id,
    clientSecret: TEST_OIDC_CLIENT.secret,
    name: "Test ID",
    scopes: "openid email profile",
    admin: { subject: "the-admin", email: undefined, group: undefined },
    groupsClaim: "groups",
  });

  beforeAll(async () => {
    idp = await startOidcProvider({
      redirectUri: CALLBACK,
      accounts: { "the-admin": { email: "admin@example.test" }, stranger: { email: "stranger@example.test" } },
    });
    t = await createTestApp(provider, { sso: ssoConfig(idp.issuer) });
  });
  afterAll(async () => {
    await t?.cleanup();
    await idp?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}, ip = "127.0.0.1") =>
    t.app.fetch(new Request(new URL(path, "http://localhost:8787"), { headers }), ip);

  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .map((cookie) => new Bun.Cookie(cookie.split(";")[0] ?? ""))
      .find((cookie) => cookie.name === name)?.value ?? null;

  /** Starts at the app, signs in at the provider as `accountId`: the provider's answer and the binding cookie. */
  async function throughProvider(accountId: string, next?: string) {
    const started = await get(`/api/auth/sso/start${next ? `?next=${encodeURIComponent(next)}` : ""}`);
    expect(started.status).toBe(303);
    const location = started.headers.get("location") ?? "";
    expect(location.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    const asked = new URL(location).searchParams;
    expect(asked.get("code_challenge_method")).toBe("S256");
    expect(asked.get("state")).toBeTruthy();
    expect(asked.get("nonce")).toBeTruthy();
    expect(asked.get("redirect_uri")).toBe(CALLBACK);
    const binding = cookieOf(started, "pastebox_sso");
    expect(binding).toBeTruthy();
    return { answer: await idp.signIn(location, accountId), binding: binding ?? "" };
  }

  const finish = (answer: URL, binding: string | null, ip = freshIp()) =>
    get(`${answer.pathname}${answer.search}`, binding ? { cookie: `pastebox_sso=${binding}` } : {}, ip);

  const sessionCount = () => t.db.adminSession.count();

  const refusalOf = (response: Response) => {
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "", "http://localhost");
    expect(location.pathname).toBe("/admin");
    expect(cookieOf(response, SESSION_COOKIE)).toBeNull();
    return location.searchParams.get("sso_error");
  };

  const asCookie = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });

  let ssoToken = "";

  test("the login screen learns the provider's name; the password still signs in", async () => {
    const status = await api.call("GET", "/auth/sso", { procedure: "sso.status" });
    expect(status.body.data).toEqual({ enabled: true, name: "Test ID", password_login: true });
  });

  test("the admin (by subject) signs in: an sso session, back to the page asked for", async () => {
    const before = await sessionCount();
    const { answer, binding } = await throughProvider("the-admin", "/admin/security");
    const done = await finish(answer, binding);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/security");
    ssoToken = cookieOf(done, SESSION_COOKIE) ?? "";
    expect(ssoToken).toBeTruthy();
    expect(await sessionCount()).toBe(before + 1);
    const sessions = await get("/api/admin/sessions", asCookie(ssoToken));
    const listed = (await sessions.json()).data as { method: string; current: boolean }[];
    expect(listed.find((session) => session.current)?.method).toBe("sso");
    const audit = await t.db.auditEvent.findFirst({
      where: { event: "login", method: "sso", success: true },
      select: { detail: true },
    });
    expect(audit?.detail).toBe("by subject");
  });

  test("a state used once is refused the second time, and opens no session", async () => {
    const { answer, binding } = await throughProvider("the-admin");
    expect((await finish(answer, binding)).status).toBe(303);
    const before = await sessionCount();
    expect(refusalOf(await finish(answer, binding))).toBe("state");
    expect(await sessionCount()).toBe(before);
  });

  test("an answer finished in another browser (no binding cookie) is refused", async () => {
    const { answer, binding } = await throughProvider("the-admin");
    const before = await sessionCount();
    expect(refusalOf(await finish(answer, null))).toBe("state");
    expect(refusalOf(await finish(answer, `${binding}x`))).toBe("state");
    expect(await sessionCount()).toBe(before);
  });

  test("a user of the provider who is not the admin is refused, and it is in the audit log", async () => {
    const { answer, binding } = await throughProvider("stranger");
    const before = await sessionCount();
    expect(refusalOf(await finish(answer, binding))).toBe("notAdmin");
    expect(await sessionCount()).toBe(before);
    const audit = await t.db.auditEvent.findFirst({
      where: { event: "login", method: "sso", success: false, detail: { startsWith: "notAdmin" } },
      select: { detail: true },
    });
    expect(audit?.detail).toContain("stranger");
  });

  test("a broken answer: a tampered code, or the provider's own refusal, changes nothing", async () => {
    const { answer, binding } = await throughProvider("the-admin");
    const tampered = new URL(answer);
    tampered.searchParams.set("code", `${answer.searchParams.get("code")}x`);
    const before = await sessionCount();
    expect(refusalOf(await finish(tampered, binding))).toBe("answer");

    const second = await throughProvider("the-admin");
    const denied = new URL(second.answer);
    denied.search = new URLSearchParams({
      error: "access_denied",
      state: second.answer.searchParams.get("state") ?? "",
      iss: idp.issuer,
    }).toString();
    expect(refusalOf(await finish(denied, second.binding))).toBe("provider");
    expect(await sessionCount()).toBe(before);
    // Claimed by the refused answer: the real one cannot be used after it.
    expect(refusalOf(await finish(second.answer, second.binding))).toBe("state");
  });

  test("a provider naming another issuer, or none answering, is refused at the start", async () => {
    const configured = t.config.sso;
    try {
      // The same provider reached as "localhost": its document names 127.0.0.1, so it is not this issuer.
      t.config.sso = ssoConfig(idp.issuer.replace("127.0.0.1", "localhost"));
      expect(refusalOf(await get("/api/auth/sso/start"))).toBe("issuer");
      t.config.sso = ssoConfig("http://127.0.0.1:9/nothing-here");
      expect(refusalOf(await get("/api/auth/sso/start"))).toBe("unreachable");
    } finally {
      t.config.sso = configured;
    }
  });

  test("the password login turns off only from an SSO session; then neither login nor WebDAV takes it", async () => {
    const csrf = { [CSRF_HEADER]: "1", origin: "http://localhost:8787" };
    /** The web page's password login (its CSRF header), each from an address of its own. */
    const webLogin = () =>
      api.call("POST", "/admin/login", {
        body: { username: "admin", password: TEST_ADMIN_PASSWORD },
        ip: freshIp(),
        headers: csrf,
        procedure: "admin.login",
      });
    // With SSO configured a script's bare password gets no token; the web login's cookie it does.
    const web = await webLogin();
    expect(web.status).toBe(200);
    const passwordCookie = (web.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const fromPassword = await api.call("PUT", "/admin/sso/password-login", {
      headers: { cookie: passwordCookie, ...csrf },
      body: { enabled: false },
    });
    expect(fromPassword.status).toBe(409);
    expect(fromPassword.body.message).toContain("single sign-on");

    const off = await api.call("PUT", "/admin/sso/password-login", {
      headers: { ...asCookie(ssoToken), ...csrf },
      body: { enabled: false },
      procedure: "sso.setPasswordLogin",
    });
    expect(off.status).toBe(200);
    expect(off.body.data.password_login).toBe(false);

    const login = await webLogin();
    expect(login.status).toBe(403);
    expect(login.body.message).toContain("turned off");
    const basic = `Basic ${Buffer.from(`admin:${TEST_ADMIN_PASSWORD}`).toString("base64")}`;
    const dav = await t.app.fetch(
      new Request("http://localhost:8787/dav/", { method: "PROPFIND", headers: { authorization: basic, depth: "0" } }),
      freshIp(),
    );
    expect(dav.status).toBe(403);
    // SSO itself still signs in.
    const again = await throughProvider("the-admin");
    expect(cookieOf(await finish(again.answer, again.binding), SESSION_COOKIE)).toBeTruthy();

    // The server's reset (pastebox admin reset-2fa) is the way back.
    await turnPasswordLoginOn(t.db);
    const status = await api.call("GET", "/auth/sso", { procedure: "sso.status" });
    expect(status.body.data.password_login).toBe(true);
    const back = await webLogin();
    expect(back.status).toBe(200);
  });
});
