// The admin's passkeys over REST on SQLite and Postgres, answered by a software authenticator: adding
// several (named, renamed, removed with the password), signing in with one alone or after the
// password, and the refusals: an answer replayed, made for another site, from an unknown or removed
// passkey, or without user verification where the passkey stands alone; the bare password then opens
// neither the token login nor WebDAV; `pastebox admin reset-2fa` removes the passkeys.
import { describe, expect, test } from "bun:test";
import { resetAdminSecondFactors } from "../../services/auth/second-factor";
import { DATABASE_PROVIDERS, freshIps, TEST_ADMIN_PASSWORD, useTestApp } from "../../test/harness";
import { createCredential, type SoftCredential, signInAnswer } from "../../test/soft-authenticator";

// testConfig's PUBLIC_URL is http://localhost:8787: the relying party is "localhost".
const SITE = { rpId: "localhost", origin: "http://localhost:8787" };
const PHISHING_SITE = { rpId: "evil.example", origin: "https://evil.example" };

describe.each(DATABASE_PROVIDERS)("passkeys on %s", (provider) => {
  const { t, call } = useTestApp(provider);
  const freshIp = freshIps(36, provider);

  async function bearer() {
    const answer = await call("POST", "/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD },
      ip: freshIp(),
      procedure: "admin.login",
    });
    expect(answer.status).toBe(200);
    return `Bearer ${answer.body.data.token}`;
  }

  async function registerPasskey(auth: string, name: string, site = SITE) {
    const options = await call("POST", "/admin/passkeys/register/options", {
      auth,
      procedure: "passkeys.registerOptions",
    });
    expect(options.status).toBe(200);
    const made = createCredential(options.body.data.options as { challenge: string; user: { id: string } }, site);
    const body = { ceremony_id: options.body.data.ceremony_id, name, response: made.response };
    return {
      credential: made.credential,
      body,
      answer: await call("POST", "/admin/passkeys", { auth, body, procedure: "passkeys.register" }),
    };
  }

  async function loginCeremony() {
    const options = await call("POST", "/admin/passkeys/login/options", {
      ip: freshIp(),
      procedure: "passkeys.loginOptions",
    });
    expect(options.status).toBe(200);
    return { ceremonyId: options.body.data.ceremony_id, challenge: String(options.body.data.options.challenge) };
  }

  async function passkeyLogin(
    credential: SoftCredential,
    options: { site?: typeof SITE; userVerified?: boolean } = {},
  ) {
    const { ceremonyId, challenge } = await loginCeremony();
    const body = {
      ceremony_id: ceremonyId,
      response: signInAnswer(credential, challenge, options.site ?? SITE, options),
    };
    return {
      body,
      answer: await call("POST", "/admin/passkeys/login", { body, ip: freshIp(), procedure: "passkeys.login" }),
    };
  }

  let laptop: SoftCredential;
  let admin = "";

  test("adding a passkey: discoverable options for localhost; kept with its name; other sessions end", async () => {
    admin = await bearer();
    const other = await bearer();
    const options = await call("POST", "/admin/passkeys/register/options", {
      auth: admin,
      procedure: "passkeys.registerOptions",
    });
    expect(options.body.data.options).toMatchObject({
      rp: { id: "localhost", name: "Pastebox" },
      user: { name: "admin" },
      authenticatorSelection: { residentKey: "required" },
    });

    const made = await registerPasskey(admin, "Laptop");
    expect(made.answer.status).toBe(201);
    expect(made.answer.body.data).toMatchObject({ name: "Laptop", last_used_at: null });
    laptop = made.credential;
    // The same answer again: its ceremony was used up.
    const replay = await call("POST", "/admin/passkeys", { auth: admin, body: made.body });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe("This passkey request has expired; try again");

    // The first factor ends the sessions opened with the password alone, not this one.
    expect((await call("GET", "/admin/passkeys", { auth: other, procedure: "passkeys.list" })).status).toBe(401);
    const list = await call("GET", "/admin/passkeys", { auth: admin, procedure: "passkeys.list" });
    expect(list.body.data.map((passkey) => passkey.name)).toEqual(["Laptop"]);
    const status = await call("GET", "/admin/2fa", { auth: admin, procedure: "security.status" });
    expect(status.body.data).toMatchObject({ totp_enabled: false, passkeys: 1 });
  });

  test("a passkey made for another site is refused when added, and nothing is kept", async () => {
    const made = await registerPasskey(admin, "Phished", PHISHING_SITE);
    expect(made.answer.status).toBe(400);
    expect(made.answer.body.message).toStartWith("The passkey was not accepted");
    const list = await call("GET", "/admin/passkeys", { auth: admin, procedure: "passkeys.list" });
    expect(list.body.data.map((passkey) => passkey.name)).toEqual(["Laptop"]);
  });

  test("the passkey alone signs in (session says passkey); its answer replayed is refused", async () => {
    const { body, answer } = await passkeyLogin(laptop);
    expect(answer.status).toBe(200);
    const token = `Bearer ${answer.body.data.token}`;
    const sessions = await call("GET", "/admin/sessions", { auth: token, procedure: "security.sessions" });
    expect(sessions.body.data.find((session) => session.current)?.method).toBe("passkey");
    const list = await call("GET", "/admin/passkeys", { auth: token, procedure: "passkeys.list" });
    expect(list.body.data[0]?.last_used_at).not.toBeNull();

    const replay = await call("POST", "/admin/passkeys/login", { body, ip: freshIp() });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toStartWith("The passkey was not accepted");
  });

  test("refused: an answer relayed from another site, one without user verification, an unknown passkey", async () => {
    const relayed = await passkeyLogin(laptop, { site: PHISHING_SITE });
    expect(relayed.answer.status).toBe(401);
    const unverified = await passkeyLogin(laptop, { userVerified: false });
    expect(unverified.answer.status).toBe(401);
    const options = await call("POST", "/admin/passkeys/register/options", {
      auth: admin,
      procedure: "passkeys.registerOptions",
    });
    const stranger = createCredential(options.body.data.options as { challenge: string; user: { id: string } }, SITE);
    const unknown = await passkeyLogin(stranger.credential);
    expect(unknown.answer.status).toBe(401);
    expect(unknown.answer.body.message).toStartWith("The passkey was not accepted");
  });

  test("after the password the passkey is the second factor; the bare password opens neither login nor WebDAV", async () => {
    const ip = freshIp();
    const bare = await call("POST", "/admin/login", { body: { username: "admin", password: TEST_ADMIN_PASSWORD }, ip });
    expect(bare.status).toBe(401);
    expect(bare.body.data).toEqual({ second_factor_required: true, methods: ["passkey"] });

    const { ceremonyId, challenge } = await loginCeremony();
    // After the password, presence is enough: no user verification asked of the passkey.
    const passkey = {
      ceremony_id: ceremonyId,
      response: signInAnswer(laptop, challenge, SITE, { userVerified: false }),
    };
    const withPasskey = await call("POST", "/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD, passkey },
      ip,
      procedure: "admin.login",
    });
    expect(withPasskey.status).toBe(200);
    expect(typeof withPasskey.body.data.token).toBe("string");

    const credentials = Buffer.from(`admin:${TEST_ADMIN_PASSWORD}`).toString("base64");
    const dav = await t.app.fetch(
      new Request("http://localhost/dav/", {
        method: "PROPFIND",
        headers: { authorization: `Basic ${credentials}`, depth: "0", "accept-language": "en" },
      }),
      freshIp(),
    );
    expect(dav.status).toBe(401);
  });

  test("several passkeys: renamed, and one removed only with the password, its answers refused after", async () => {
    const phone = await registerPasskey(admin, "Phone");
    expect(phone.answer.status).toBe(201);
    const id = phone.answer.body.data.id as string;
    expect(
      (
        await call("PUT", `/admin/passkeys/${id}`, {
          auth: admin,
          body: { name: "Old phone" },
          procedure: "passkeys.rename",
        })
      ).status,
    ).toBe(200);

    const wrong = await call("POST", `/admin/passkeys/${id}/remove`, {
      auth: admin,
      body: { password: "not-the-password" },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("The current password is wrong");
    let list = await call("GET", "/admin/passkeys", { auth: admin, procedure: "passkeys.list" });
    expect(list.body.data.map((passkey) => passkey.name)).toEqual(["Laptop", "Old phone"]);

    const removed = await call("POST", `/admin/passkeys/${id}/remove`, {
      auth: admin,
      body: { password: TEST_ADMIN_PASSWORD },
      ip: freshIp(),
    });
    expect(removed.status).toBe(200);
    list = await call("GET", "/admin/passkeys", { auth: admin, procedure: "passkeys.list" });
    expect(list.body.data.map((passkey) => passkey.name)).toEqual(["Laptop"]);
    expect((await passkeyLogin(phone.credential)).answer.status).toBe(401);
  });

  test("`pastebox admin reset-2fa` removes the passkeys: the password alone signs in again", async () => {
    await resetAdminSecondFactors(t.db);
    expect((await passkeyLogin(laptop)).answer.status).toBe(401);
    await bearer();
    const events = await t.db.auditEvent.findMany({
      where: { event: { in: ["passkey.add", "passkey.remove", "login"] }, method: "passkey" },
      select: { event: true, success: true },
    });
    expect(events.some((event) => event.event === "login" && event.success)).toBe(true);
    expect(events.some((event) => event.event === "login" && !event.success)).toBe(true);
  });
});
