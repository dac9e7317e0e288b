// The browser's admin session as an HttpOnly cookie, on SQLite and Postgres: the web client's login
// sets the cookie and answers no token; the cookie authenticates reads; a cookie-authenticated
// mutation from another origin, or without the client's header, is refused; logout and a change of
// credentials end it on every process; scripts keep Bearer tokens and API keys as before.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import superjson from "superjson";
import { CSRF_HEADER, SESSION_COOKIE } from "../../shared/constants";
import { createApp } from "../app";
import { createDatabase } from "../db/client";
import { createTestApp, DATABASE_PROVIDERS, TEST_ADMIN_PASSWORD, type TestApp } from "../test/harness";
import { clearedSessionCookie, sessionCookie } from "./session-cookie";

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
  let t: TestApp;

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

  beforeAll(async () => {
    t = await createTestApp(provider);
  });
  afterAll(async () => {
    await t.cleanup();
  });

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
    const otherDb = await createDatabase(t.config.databaseUrl, { pgSchema: t.pgSchema });
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
