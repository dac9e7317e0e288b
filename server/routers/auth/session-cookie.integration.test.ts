// The browser's admin session as an HttpOnly cookie, on SQLite and Postgres: the web client's login
// sets the cookie and answers no token; the cookie authenticates reads; a cookie-authenticated
// mutation from another origin, or without the client's header, is refused; logout and a change of
// credentials end it on every process; scripts keep Bearer tokens and API keys as before.
import { describe, expect, test } from "bun:test";
import { CSRF_HEADER, SESSION_COOKIE } from "@shared/constants";
import superjson from "superjson";
import { createApp } from "../../app/app";
import { createDatabase } from "../../db/client";
import { clearedSessionCookie, sessionCookie } from "../../http/session-cookie";
import { DATABASE_PROVIDERS, TEST_ADMIN_PASSWORD, useTestApp } from "../../test/harness";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in assertions.
type Json = any;
type Fetcher = { fetch(request: Request, clientIp?: string): Promise<Response> };

const APP_ORIGIN = "http://localhost";

test("the cookie is HttpOnly, SameSite=Strict, for the whole site; Secure when PUBLIC_URL is https", () => {
  const plain = sessionCookie({ publicUrl: "http://localhost:8787" }, "token123");
  expect(plain).toStartWith(`${SESSION_COOKIE}=token123;`);
  expect(plain).toContain("HttpOnly");
  expect(plain).toContain("SameSite=Strict");
  expect(plain).toContain("Path=/");
  expect(plain).not.toContain("Secure");
  expect(sessionCookie({ publicUrl: "https://paste.example.com" }, "token123")).toContain("Secure");
  expect(clearedSessionCookie({ publicUrl: "https://paste.example.com" })).toContain("Max-Age=0");
});

describe.each(DATABASE_PROVIDERS)("browser session cookie on %s", (provider) => {
  const { t } = useTestApp(provider);

  type Options = { cookie?: string; origin?: string | null; csrf?: boolean; app?: Fetcher; auth?: string };

  function headersFor(options: Options, json: boolean): Headers {
    const headers = new Headers();
    if (json) headers.set("content-type", "application/json");
    if (options.cookie) headers.set("cookie", options.cookie);
    if (options.csrf ?? true) headers.set(CSRF_HEADER, "1");
    if (options.origin !== null) headers.set("origin", options.origin ?? APP_ORIGIN);
    if (options.auth) headers.set("authorization", options.auth);
    return headers;
  }

  async function trpcMutation(path: string, input: unknown, options: Options = {}) {
    const request = new Request(`${APP_ORIGIN}/trpc/${path}`, {
      method: "POST",
      headers: headersFor(options, true),
      body: JSON.stringify(superjson.serialize(input)),
    });
    const response = await (options.app ?? t.app).fetch(request, "127.0.0.1");
    const body: Json = await response.json();
    return {
      status: response.status,
      setCookie: response.headers.getSetCookie(),
      data: body.result ? superjson.deserialize(body.result.data) : undefined,
      message: body.error ? (superjson.deserialize(body.error) as { message: string }).message : null,
    } as { status: number; setCookie: string[]; data: Json; message: string | null };
  }

  async function trpcQuery(path: string, options: Options = {}) {
    const request = new Request(`${APP_ORIGIN}/trpc/${path}`, {
      headers: headersFor({ ...options, origin: null }, false),
    });
    const response = await (options.app ?? t.app).fetch(request, "127.0.0.1");
    return { status: response.status, body: (await response.json()) as Json };
  }

  /** Logs in as the web client does; returns the Cookie header value the browser would send. */
  async function webLogin(): Promise<string> {
    const login = await trpcMutation("admin.login", { username: "admin", password: TEST_ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.setCookie.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    return (cookie as string).split(";")[0] as string;
  }

  test("the web client's login sets the HttpOnly cookie and answers no token; the cookie authenticates", async () => {
    const login = await trpcMutation("admin.login", { username: "admin", password: TEST_ADMIN_PASSWORD });
    expect(login.data).toMatchObject({ token: null, username: "admin" });
    const [cookie] = login.setCookie;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    const value = (cookie as string).split(";")[0] as string;
    const check = await trpcQuery("admin.validateToken", { cookie: value });
    expect(check.status).toBe(200);
    expect(superjson.deserialize(check.body.result.data)).toMatchObject({ valid: true, username: "admin" });
  });

  test("a cookie-authenticated mutation from another origin, without Origin or without the client's header is refused", async () => {
    const cookie = await webLogin();
    const change = { creation_limit_per_key: 7 };
    for (const options of [
      { cookie, origin: "https://evil.example" },
      { cookie, origin: "http://localhost.evil.example" },
      { cookie, origin: null },
      { cookie, csrf: false },
    ] satisfies Options[]) {
      const refused = await trpcMutation("settings.update", change, options);
      expect(refused.status).toBe(403);
      expect(refused.message).toBe("This request did not come from the app's own page and was refused");
    }
    const restRefused = await t.app.fetch(
      new Request(`${APP_ORIGIN}/api/paste`, {
        method: "POST",
        headers: headersFor({ cookie, origin: "https://evil.example" }, true),
        body: JSON.stringify({ content: "forged" }),
      }),
      "127.0.0.1",
    );
    expect(restRefused.status).toBe(403);
    expect(await t.db.paste.count({ where: { content: "forged" } })).toBe(0);
    expect((await t.db.systemSetting.findMany({ where: { key: "creation_limit_per_key" } })).length).toBe(0);
    // From the app's own page (its origin or PUBLIC_URL's, with the header) the same calls work.
    expect((await trpcMutation("settings.update", change, { cookie })).status).toBe(200);
    const fromPublicUrl = await trpcMutation("settings.update", change, { cookie, origin: t.config.publicUrl });
    expect(fromPublicUrl.status).toBe(200);
    const paste = await t.app.fetch(
      new Request(`${APP_ORIGIN}/api/paste`, {
        method: "POST",
        headers: headersFor({ cookie }, true),
        body: JSON.stringify({ content: "from the app" }),
      }),
      "127.0.0.1",
    );
    expect(paste.status).toBe(201);
  });

  test("logout removes the cookie and ends the session", async () => {
    const cookie = await webLogin();
    const logout = await trpcMutation("admin.logout", undefined, { cookie });
    expect(logout.status).toBe(200);
    expect(logout.setCookie.some((line) => line.startsWith(`${SESSION_COOKIE}=;`) && line.includes("Max-Age=0"))).toBe(
      true,
    );
    expect((await trpcQuery("admin.validateToken", { cookie })).status).toBe(401);
  });

  test("a change of credentials ends every cookie session, on every process", async () => {
    const cookie = await webLogin();
    const other = await webLogin();
    const otherDb = createDatabase(t.config.databaseUrl, { pgSchema: t.pgSchema });
    const secondProcess = await createApp({ ...t, db: otherDb });
    try {
      expect((await trpcQuery("admin.validateToken", { cookie: other, app: secondProcess })).status).toBe(200);
      const changed = await trpcMutation(
        "admin.changePassword",
        { currentPassword: TEST_ADMIN_PASSWORD, newPassword: "another-password-1" },
        { cookie },
      );
      expect(changed.status).toBe(200);
      expect(changed.setCookie.some((line) => line.includes("Max-Age=0"))).toBe(true);
      expect((await trpcQuery("admin.validateToken", { cookie })).status).toBe(401);
      expect((await trpcQuery("admin.validateToken", { cookie: other, app: secondProcess })).status).toBe(401);
      const restored = await trpcMutation("admin.login", { username: "admin", password: "another-password-1" });
      const fresh = (restored.setCookie[0] as string).split(";")[0] as string;
      const back = await trpcMutation(
        "admin.changePassword",
        { currentPassword: "another-password-1", newPassword: TEST_ADMIN_PASSWORD },
        { cookie: fresh },
      );
      expect(back.status).toBe(200);
    } finally {
      await otherDb.$disconnect();
    }
  });

  /** An API key made by the admin (as a script would), with these permissions. */
  async function createKey(name: string, permissions: { text?: boolean; file?: boolean; mount?: boolean }) {
    const admin = await webLogin();
    const created = await trpcMutation(
      "keys.create",
      {
        name,
        text_permission: permissions.text ?? false,
        file_permission: permissions.file ?? false,
        mount_permission: permissions.mount ?? false,
      },
      { cookie: admin },
    );
    expect(created.status).toBe(200);
    return created.data as { id: string; key: string };
  }

  test("'me' names the cookie's session without any secret: nobody, the admin, or a key", async () => {
    expect(superjson.deserialize((await trpcQuery("session.me")).body.result.data)).toEqual({ type: "none" });
    const cookie = await webLogin();
    const admin = await trpcQuery("session.me", { cookie });
    expect(superjson.deserialize(admin.body.result.data)).toMatchObject({ type: "admin", username: "admin" });
    expect(JSON.stringify(admin.body)).not.toContain(cookie.split("=")[1] as string);
  });

  test("a key's web sign-in gets a cookie session (never the key back); it works with the CSRF guard and ends on logout", async () => {
    const { id, key } = await createKey(`web-key-${provider}`, { text: true });
    const signIn = await trpcMutation("session.signInWithKey", { key });
    expect(signIn.status).toBe(200);
    expect(signIn.data).toMatchObject({ type: "apikey", permissions: { text: true, file: false }, key_info: { id } });
    expect(JSON.stringify(signIn.data)).not.toContain(key);
    const line = signIn.setCookie.find((value) => value.startsWith(`${SESSION_COOKIE}=`)) as string;
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Strict");
    const cookie = line.split(";")[0] as string;
    expect(cookie).not.toContain(key);
    expect(superjson.deserialize((await trpcQuery("session.me", { cookie })).body.result.data)).toMatchObject({
      type: "apikey",
      key_info: { id },
    });

    // Mutations by the cookie follow the same guard as the admin's.
    const create = (options: Options) =>
      t.app.fetch(
        new Request(`${APP_ORIGIN}/api/paste`, {
          method: "POST",
          headers: headersFor(options, true),
          body: JSON.stringify({ content: `by the key's web session ${JSON.stringify(options)}` }),
        }),
        "127.0.0.1",
      );
    expect((await create({ cookie, csrf: false })).status).toBe(403);
    expect((await create({ cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await create({ cookie })).status).toBe(201);
    expect(await t.db.paste.count({ where: { createdBy: `apikey:${id}` } })).toBe(1);

    const logout = await trpcMutation("session.logout", undefined, { cookie });
    expect(logout.status).toBe(200);
    expect(logout.setCookie.some((value) => value.includes("Max-Age=0"))).toBe(true);
    // The old cookie replayed is refused; the key itself still works for scripts.
    expect((await trpcQuery("session.me", { cookie })).status).toBe(401);
    expect((await create({ cookie })).status).toBe(401);
    const script = await t.request("POST", "/api/paste", {
      body: { content: "by script" },
      headers: { authorization: `ApiKey ${key}` },
    });
    expect(script.status).toBe(201);
  });

  test("deleting the key ends its web sessions; a wrong key gets no session", async () => {
    const { id, key } = await createKey(`doomed-key-${provider}`, { file: true });
    const signIn = await trpcMutation("session.signInWithKey", { key });
    const cookie = (signIn.setCookie[0] as string).split(";")[0] as string;
    expect((await trpcQuery("session.me", { cookie })).status).toBe(200);
    const admin = await webLogin();
    expect((await trpcMutation("keys.delete", { id }, { cookie: admin })).status).toBe(200);
    expect((await trpcQuery("session.me", { cookie })).status).toBe(401);

    const wrong = await trpcMutation("session.signInWithKey", { key: "not-a-key-of-this-server" });
    expect(wrong.status).toBe(401);
    expect(wrong.setCookie).toEqual([]);
    expect(wrong.message).toBe("Invalid API key");
  });

  test("scripts are unchanged: REST login answers a Bearer token and sets no cookie", async () => {
    const response = await t.request("POST", "/api/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD },
    });
    expect(response.headers.getSetCookie()).toEqual([]);
    const token: string = ((await response.json()) as Json).data.token;
    expect(token.length).toBeGreaterThanOrEqual(32);
    // A Bearer mutation needs no Origin or header (no cookie is involved, so no CSRF to guard against).
    const paste = await t.request("POST", "/api/paste", {
      body: { content: "by script" },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(paste.status).toBe(201);
  });
});
