// The admin's second factor over REST on SQLite and Postgres: TOTP enrolment, the login's second step
// (TOTP code, recovery code, replays refused), no side door (WebDAV Basic and the token login refuse the
// bare password), wrong codes rate limited like passwords, turning it off, and `pastebox admin reset-2fa`.
import { describe, expect, test } from "bun:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { resetAdminSecondFactors } from "../../services/auth/second-factor";
import { RATE_LIMITS } from "../../services/system/rate-limit";
import { createApiClient } from "../../test/api-client";
import { DATABASE_PROVIDERS, freshIps, TEST_ADMIN_PASSWORD, useTestApp } from "../../test/harness";

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The code an authenticator app shows for `secret` at `stepOffset` steps from now. */
function totpCode(secret: string, stepOffset = 0): string {
  const step = Math.floor(Date.now() / 1000 / 30) + stepOffset;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

describe.each(DATABASE_PROVIDERS)("two-factor sign-in on %s", (provider) => {
  const { t, call } = useTestApp(provider);
  const freshIp = freshIps(35, provider);

  const loginRequest = (body: Record<string, unknown>, ip: string) => ({
    body: { username: "admin", password: TEST_ADMIN_PASSWORD, ...body },
    ip,
    headers: { "user-agent": BROWSER_UA },
  });
  // Untyped: the refusals' data (second_factor_required...) is not the login's output.
  const login = (body: Record<string, unknown>, ip = freshIp()) => call("POST", "/admin/login", loginRequest(body, ip));
  /** A login that signs in: its answer typed by the procedure. */
  const signIn = (body: Record<string, unknown>, ip = freshIp()) =>
    call("POST", "/admin/login", { ...loginRequest(body, ip), procedure: "admin.login" });

  async function bearer(body: Record<string, unknown> = {}) {
    const answer = await signIn(body);
    expect(answer.status).toBe(200);
    return `Bearer ${answer.body.data.token}`;
  }

  function davBasic(password: string, ip = freshIp()) {
    const credentials = Buffer.from(`admin:${password}`).toString("base64");
    return t.app.fetch(
      new Request("http://localhost/dav/", {
        method: "PROPFIND",
        headers: { authorization: `Basic ${credentials}`, depth: "0", "accept-language": "en" },
      }),
      ip,
    );
  }

  let secret = "";
  let recoveryCodes: string[] = [];

  test("enrolment: a key and otpauth URI; a wrong or missing code changes nothing; the right one turns TOTP on", async () => {
    const admin = await bearer();
    const other = await bearer();
    // Before any factor, the password alone opens WebDAV (as it always did).
    expect((await davBasic(TEST_ADMIN_PASSWORD)).status).toBe(207);

    const early = await call("POST", "/admin/2fa/totp/enable", { auth: admin, body: { code: "123456" } });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe("This setup has expired; start again to get a new key");

    const setup = await call("POST", "/admin/2fa/totp/setup", { auth: admin, procedure: "security.totpSetup" });
    expect(setup.status).toBe(200);
    secret = setup.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.otpauth_url).toStartWith("otpauth://totp/Pastebox:admin?");
    expect(setup.body.data.otpauth_url).toContain(`secret=${secret}`);

    const wrongCode = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await call("POST", "/admin/2fa/totp/enable", { auth: admin, body: { code: wrongCode } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("That code is wrong, expired or already used");
    const missing = await call("POST", "/admin/2fa/totp/enable", { auth: admin, body: { code: "" } });
    expect(missing.status).toBe(400);
    expect((await call("GET", "/admin/2fa", { auth: admin, procedure: "security.status" })).body.data).toMatchObject({
      totp_enabled: false,
    });
    expect((await login({})).status).toBe(200);

    const enabled = await call("POST", "/admin/2fa/totp/enable", {
      auth: admin,
      body: { code: totpCode(secret) },
      procedure: "security.totpEnable",
    });
    expect(enabled.status).toBe(200);
    recoveryCodes = enabled.body.data.recovery_codes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Only keyed hashes are stored, never the codes.
    const stored = await t.db.adminRecoveryCode.findMany({ select: { codeHash: true } });
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain((recoveryCodes[0] as string).replace("-", ""));
    expect((await call("GET", "/admin/2fa", { auth: admin, procedure: "security.status" })).body.data).toMatchObject({
      totp_enabled: true,
      recovery_codes_left: 10,
    });
    // This session stays; the other, opened by the password alone, has ended.
    expect((await call("GET", "/test/admin-token", { auth: admin, procedure: "admin.validateToken" })).status).toBe(
      200,
    );
    expect((await call("GET", "/test/admin-token", { auth: other, procedure: "admin.validateToken" })).status).toBe(
      401,
    );
    // A second enrolment while on is a conflict.
    expect((await call("POST", "/admin/2fa/totp/setup", { auth: admin, procedure: "security.totpSetup" })).status).toBe(
      409,
    );
  });

  test("login: the password alone is 401 second_factor_required; a TOTP code works once, not when replayed", async () => {
    const bare = await login({});
    expect(bare.status).toBe(401);
    expect(bare.body.data).toEqual({ second_factor_required: true, methods: ["totp"] });
    expect(bare.body.message).toContain("Two-factor authentication is on");
    const zh = await call("POST", "/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD },
      ip: freshIp(),
      lang: "zh-CN",
    });
    expect(zh.body.message).toContain("两步验证");
    // A wrong password says nothing about the second factor.
    const wrongPassword = await login({ password: "not-the-password", code: totpCode(secret) });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.data).toBeNull();

    // The enrolment's code was of this step: the next one (one step of skew) signs in once.
    const code = totpCode(secret, 1);
    const first = await signIn({ code });
    expect(first.status).toBe(200);
    expect(first.body.data.token?.length).toBeGreaterThanOrEqual(32);
    const replay = await login({ code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe("That code is wrong, expired or already used");
    // A code from two steps away is outside the allowed skew.
    expect((await login({ code: totpCode(secret, -2) })).status).toBe(401);
  });

  test("a recovery code signs in once (any case, without the dash) and is refused the second time", async () => {
    const code = recoveryCodes[0] as string;
    const first = await signIn({ code: code.toUpperCase().replace("-", " ") });
    expect(first.status).toBe(200);
    expect((await login({ code })).status).toBe(401);
    const admin = `Bearer ${first.body.data.token}`;
    expect(
      (await call("GET", "/admin/2fa", { auth: admin, procedure: "security.status" })).body.data.recovery_codes_left,
    ).toBe(9);
    const sessions = await call("GET", "/admin/sessions", { auth: admin, procedure: "security.sessions" });
    const mine = sessions.body.data.find((session: { current: boolean }) => session.current);
    expect(mine).toMatchObject({ method: "recovery", browser: "Chrome 131", os: "Linux" });
  });

  test("no side door: WebDAV Basic with the password is refused with the reason; an API key still works", async () => {
    const refused = await davBasic(TEST_ADMIN_PASSWORD);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("The password alone cannot sign in here");
    // A wrong password gets the ordinary answer (the second factor is not revealed to a guesser).
    const wrong = await davBasic("not-the-password");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("two-factor");
    const admin = await bearer({ code: recoveryCodes[1] });
    const key = await call("POST", "/admin/api-keys", {
      auth: admin,
      body: { name: `dav ${provider}`, mount_permission: true },
      procedure: "keys.create",
    });
    expect(key.status).toBe(201);
    const keyAuth = Buffer.from(`${key.body.data.key}:${key.body.data.key}`).toString("base64");
    const byKey = await t.app.fetch(
      new Request("http://localhost/dav/", {
        method: "PROPFIND",
        headers: { authorization: `Basic ${keyAuth}`, depth: "0" },
      }),
      freshIp(),
    );
    expect(byKey.status).toBe(207);
  });

  test("wrong codes count toward the address's login limit: past it even the right code is 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.adminLogin.limit; i++) {
      expect((await login({ code: "000000" }, ip)).status).toBe(401);
    }
    const limited = await login({ code: recoveryCodes[2] }, ip);
    expect(limited.status).toBe(429);
    // The recovery code was not spent by the refused attempt.
    expect((await login({ code: recoveryCodes[2] })).status).toBe(200);
    // Asking without a code gives its attempt back: it cannot be used to clear the count.
    const other = freshIp();
    for (let i = 0; i < RATE_LIMITS.adminLogin.limit + 2; i++) expect((await login({}, other)).status).toBe(401);
  }, 120_000);

  test("sessions: listed with how and where; one ended from a second process is refused by both", async () => {
    const admin = await bearer({ code: recoveryCodes[3] });
    const victim = await bearer({ code: recoveryCodes[4] });
    const list = await call("GET", "/admin/sessions", { auth: admin, procedure: "security.sessions" });
    expect(list.status).toBe(200);
    const victimRow = list.body.data.find(
      (session: { current: boolean; method: string }) => !session.current && session.method === "recovery",
    );
    expect(victimRow).toMatchObject({ ip_address: expect.stringMatching(/^10\.35\./), user_agent: BROWSER_UA });
    if (!victimRow) throw new Error("the recovery session is not listed");
    const { createDatabase } = await import("../../db/client");
    const { createApp } = await import("../../app/app");
    const otherDb = createDatabase(t.config.databaseUrl, { pgSchema: t.pgSchema });
    const secondProcess = await createApp({ ...t, db: otherDb });
    const second = createApiClient(() => secondProcess);
    try {
      expect(
        (await second.call("GET", "/test/admin-token", { auth: victim, procedure: "admin.validateToken" })).status,
      ).toBe(200);
      const ended = await call("DELETE", `/admin/sessions/${victimRow.id}`, {
        auth: admin,
        procedure: "security.endSession",
      });
      expect(ended.status).toBe(200);
      expect((await call("GET", "/test/admin-token", { auth: victim, procedure: "admin.validateToken" })).status).toBe(
        401,
      );
      expect(
        (await second.call("GET", "/test/admin-token", { auth: victim, procedure: "admin.validateToken" })).status,
      ).toBe(401);
      expect(
        (await call("DELETE", `/admin/sessions/${victimRow.id}`, { auth: admin, procedure: "security.endSession" }))
          .status,
      ).toBe(404);
      // "End all others" leaves only the caller's.
      await bearer({ code: recoveryCodes[5] });
      const others = await second.call("POST", "/admin/sessions/end-others", {
        auth: admin,
        procedure: "security.endOtherSessions",
      });
      expect(others.body.data.ended).toBeGreaterThanOrEqual(1);
      const left = await call("GET", "/admin/sessions", { auth: admin, procedure: "security.sessions" });
      expect(left.body.data).toHaveLength(1);
      expect(left.body.data[0]?.current).toBe(true);
    } finally {
      await otherDb.$disconnect();
    }
  });

  test("turning TOTP off needs the password and a code; wrong ones change nothing", async () => {
    const admin = await bearer({ code: recoveryCodes[6] });
    const noPassword = await call("POST", "/admin/2fa/totp/disable", {
      auth: admin,
      body: { password: "wrong-password", code: recoveryCodes[7] },
    });
    expect(noPassword.status).toBe(401);
    expect(noPassword.body.message).toBe("The current password is wrong");
    const noCode = await call("POST", "/admin/2fa/totp/disable", {
      auth: admin,
      body: { password: TEST_ADMIN_PASSWORD, code: "000000" },
    });
    expect(noCode.status).toBe(401);
    // The session survived both refusals (they are not sign-in failures).
    expect((await call("GET", "/test/admin-token", { auth: admin, procedure: "admin.validateToken" })).status).toBe(
      200,
    );
    expect(
      (await call("GET", "/admin/2fa", { auth: admin, procedure: "security.status" })).body.data.totp_enabled,
    ).toBe(true);
    const off = await call("POST", "/admin/2fa/totp/disable", {
      auth: admin,
      body: { password: TEST_ADMIN_PASSWORD, code: recoveryCodes[7] },
    });
    expect(off.status).toBe(200);
    expect((await login({})).status).toBe(200);
    expect((await davBasic(TEST_ADMIN_PASSWORD)).status).toBe(207);
    expect(await t.db.adminRecoveryCode.count()).toBe(0);
  });

  test("`pastebox admin reset-2fa` removes every factor and ends every session", async () => {
    const admin = await bearer();
    const setup = await call("POST", "/admin/2fa/totp/setup", { auth: admin, procedure: "security.totpSetup" });
    const newSecret = setup.body.data.secret;
    expect(
      (
        await call("POST", "/admin/2fa/totp/enable", {
          auth: admin,
          body: { code: totpCode(newSecret) },
          procedure: "security.totpEnable",
        })
      ).status,
    ).toBe(200);
    expect((await login({})).status).toBe(401);
    expect(await resetAdminSecondFactors(t.db)).toEqual(["admin"]);
    expect((await call("GET", "/test/admin-token", { auth: admin, procedure: "admin.validateToken" })).status).toBe(
      401,
    );
    expect(await t.db.adminSession.count()).toBe(0);
    expect((await login({})).status).toBe(200);
  });

  test("the audit log holds the sign-ins (with how and the address) and the factor changes", async () => {
    const events = await t.db.auditEvent.findMany({
      select: { event: true, success: true, method: true, ipAddress: true },
    });
    expect(events).toContainEqual({ event: "login", success: true, method: "recovery", ipAddress: expect.any(String) });
    expect(events).toContainEqual({ event: "login", success: false, method: "totp", ipAddress: expect.any(String) });
    expect(events.some((event) => event.event === "totp.enable" && event.success)).toBe(true);
    expect(events.some((event) => event.event === "totp.disable" && event.success)).toBe(true);
    expect(events.some((event) => event.event === "factors.reset")).toBe(true);
    expect(events.some((event) => event.event === "session.end")).toBe(true);
  });
});
