// App passwords on SQLite and Postgres: once TOTP is on the bare password opens neither the token login
// nor WebDAV, while an app password opens both, limited to the areas it names (never the admin-only
// modules, never WebDAV without mount access), with its last use shown; revoking it ends its sessions
// at once. With single sign-on configured, a script's bare password gets no token (the web login still
// works) and WebDAV refuses it; the CloudPaste login keeps working for an admin without a second factor.
import { describe, expect, test } from "bun:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { CSRF_HEADER } from "@shared/constants";
import { DATABASE_PROVIDERS, freshIps, TEST_ADMIN_PASSWORD, useTestApp } from "../../test/harness";

function totpCode(secret: string): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 1000 / 30)), 6);
}

describe.each(DATABASE_PROVIDERS)("app passwords on %s", (provider) => {
  const { t, call } = useTestApp(provider);
  const freshIp = freshIps(38, provider);

  // Untyped: the refusals' data (second_factor_required...) is not the login's output.
  const login = (password: string, extra: Record<string, unknown> = {}) =>
    call("POST", "/admin/login", { body: { username: "admin", password, ...extra }, ip: freshIp() });
  /** A login that signs in: its answer typed by the procedure. */
  const signIn = (password: string) =>
    call("POST", "/admin/login", { body: { username: "admin", password }, ip: freshIp(), procedure: "admin.login" });

  function davBasic(password: string) {
    const credentials = Buffer.from(`admin:${password}`).toString("base64");
    return t.app.fetch(
      new Request("http://localhost/dav/", {
        method: "PROPFIND",
        headers: { authorization: `Basic ${credentials}`, depth: "0", "accept-language": "en" },
      }),
      freshIp(),
    );
  }

  let admin = "";
  let everything = { id: "", password: "" };
  let textOnly = { id: "", password: "" };

  test("made in the panel: named, scoped, the password answered once and never listed", async () => {
    const first = await signIn(TEST_ADMIN_PASSWORD);
    expect(first.status).toBe(200);
    admin = `Bearer ${first.body.data.token}`;
    const made = await call("POST", "/admin/app-passwords", {
      auth: admin,
      body: { name: "rclone on the NAS", permissions: { text: true, file: true, mount: true } },
      procedure: "appPasswords.create",
    });
    expect(made.status).toBe(200);
    expect(made.body.data.password).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    everything = { id: made.body.data.id, password: made.body.data.password };
    const text = await call("POST", "/admin/app-passwords", {
      auth: admin,
      body: { name: "paste script", permissions: { text: true, file: false, mount: false } },
      procedure: "appPasswords.create",
    });
    textOnly = { id: text.body.data.id, password: text.body.data.password };
    const none = await call("POST", "/admin/app-passwords", {
      auth: admin,
      body: { name: "nothing", permissions: { text: false, file: false, mount: false } },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain("at least one area");
    const listed = await call("GET", "/admin/app-passwords", { auth: admin, procedure: "appPasswords.list" });
    expect(listed.body.data.map((entry) => entry.name).sort()).toEqual(["paste script", "rclone on the NAS"]);
    expect(JSON.stringify(listed.body)).not.toContain(everything.password);
    expect(listed.body.data.every((entry) => entry.last_used_at === null)).toBe(true);
  });

  test("without a second factor, the CloudPaste login and WebDAV take the password as before", async () => {
    expect((await login(TEST_ADMIN_PASSWORD)).status).toBe(200);
    expect((await davBasic(TEST_ADMIN_PASSWORD)).status).toBe(207);
  });

  test("once TOTP is on: the bare password opens neither; an app password opens both, and its use is shown", async () => {
    const setup = await call("POST", "/admin/2fa/totp/setup", { auth: admin, procedure: "security.totpSetup" });
    const enabled = await call("POST", "/admin/2fa/totp/enable", {
      auth: admin,
      body: { code: totpCode(setup.body.data.secret) },
    });
    expect(enabled.status).toBe(200);

    const bare = await login(TEST_ADMIN_PASSWORD);
    expect(bare.status).toBe(401);
    expect(bare.body.data).toMatchObject({ second_factor_required: true });
    expect(bare.body.message).toContain("code");
    const davBare = await davBasic(TEST_ADMIN_PASSWORD);
    expect(davBare.status).toBe(401);
    expect(await davBare.text()).toContain("app password");

    expect((await davBasic(everything.password)).status).toBe(207);
    // Typed by hand: case and dashes do not matter.
    expect((await davBasic(everything.password.toUpperCase().replace(/-/g, ""))).status).toBe(207);
    const token = await signIn(everything.password);
    expect(token.status).toBe(200);
    const scoped = `Bearer ${token.body.data.token}`;
    expect((await call("GET", "/admin/pastes", { auth: scoped })).status).toBe(200);
    expect((await call("GET", "/admin/files", { auth: scoped, procedure: "files.list" })).status).toBe(200);

    const listed = await call("GET", "/admin/app-passwords", { auth: admin, procedure: "appPasswords.list" });
    const used = listed.body.data.find((entry) => entry.id === everything.id);
    expect(used?.last_used_at).not.toBeNull();
    expect(used?.last_used_ip).toMatch(/^10\.38\./);
    const audit = await t.db.auditEvent.count({ where: { event: "app_password.use" } });
    expect(audit).toBeGreaterThanOrEqual(1);
    const sessions = await call("GET", "/admin/sessions", { auth: admin, procedure: "security.sessions" });
    expect(sessions.body.data.some((session) => session.method === "app-password")).toBe(true);
  });

  test("an app password never reaches the admin-only modules, nor an area it does not name", async () => {
    const full = `Bearer ${(await signIn(everything.password)).body.data.token}`;
    for (const path of ["/admin/app-passwords", "/admin/api-keys", "/admin/sessions", "/admin/2fa"]) {
      const refused = await call("GET", path, { auth: full });
      expect([path, refused.status]).toEqual([path, 403]);
    }
    const made = await call("POST", "/admin/app-passwords", {
      auth: full,
      body: { name: "minted", permissions: { text: true, file: true, mount: true } },
    });
    expect(made.status).toBe(403);
    expect(made.body.message).toContain("does not reach");

    const text = `Bearer ${(await signIn(textOnly.password)).body.data.token}`;
    expect((await call("GET", "/admin/pastes", { auth: text })).status).toBe(200);
    expect((await call("GET", "/admin/files", { auth: text, procedure: "files.list" })).status).toBe(403);
    expect((await davBasic(textOnly.password)).status).toBe(403);
  });

  test("revoking one ends its sessions on the spot and it opens nothing after", async () => {
    const scoped = `Bearer ${(await signIn(everything.password)).body.data.token}`;
    expect((await call("GET", "/admin/pastes", { auth: scoped })).status).toBe(200);
    const revoked = await call("DELETE", `/admin/app-passwords/${everything.id}`, { auth: admin });
    expect(revoked.status).toBe(200);
    expect((await call("GET", "/admin/pastes", { auth: scoped })).status).toBe(401);
    expect((await login(everything.password)).status).toBe(401);
    expect((await davBasic(everything.password)).status).toBe(401);
    expect(
      (await call("DELETE", `/admin/app-passwords/${everything.id}`, { auth: admin, procedure: "appPasswords.revoke" }))
        .status,
    ).toBe(404);
  });
});

describe.each(DATABASE_PROVIDERS)("the bare password with single sign-on configured, on %s", (provider) => {
  const { t, call } = useTestApp(provider, {
    sso: {
      issuer: "https://id.example",
      clientId: "pastebox",
      clientSecret: undefined,
      name: "ID",
      scopes: "openid",
      admin: { subject: "me", email: undefined, group: undefined },
      groupsClaim: "groups",
    },
  });

  test("a script gets no token and WebDAV refuses it; the web login still signs in; an app password works", async () => {
    const body = { username: "admin", password: TEST_ADMIN_PASSWORD };
    const script = await call("POST", "/admin/login", { body, ip: "10.39.0.1" });
    expect(script.status).toBe(401);
    expect(script.body.data).toMatchObject({ app_password_required: true });
    expect(script.body.message).toContain("app password");
    const web = await call("POST", "/admin/login", {
      body,
      ip: "10.39.0.2",
      headers: { [CSRF_HEADER]: "1", origin: "http://localhost" },
      procedure: "admin.login",
    });
    expect(web.status).toBe(200);
    expect(web.headers.get("set-cookie")).toContain("pastebox_session=");
    const basic = Buffer.from(`admin:${TEST_ADMIN_PASSWORD}`).toString("base64");
    const dav = await t.app.fetch(
      new Request("http://localhost/dav/", { method: "PROPFIND", headers: { authorization: `Basic ${basic}` } }),
      "10.39.0.3",
    );
    expect(dav.status).toBe(401);

    const cookie = (web.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const made = await call("POST", "/admin/app-passwords", {
      headers: { cookie, [CSRF_HEADER]: "1", origin: "http://localhost" },
      body: { name: "script", permissions: { text: true, file: false, mount: false } },
      procedure: "appPasswords.create",
    });
    expect(made.status).toBe(200);
    const token = await call("POST", "/admin/login", {
      body: { username: "admin", password: made.body.data.password },
      ip: "10.39.0.4",
      procedure: "admin.login",
    });
    expect(token.status).toBe(200);
    expect(token.body.data.token).toBeTruthy();
  });
});
