// Accounts and access over REST on SQLite and Postgres: admin login, logout, token check, change of
// credentials, API key management and use, rate limits, and no secret in any answer.
import { describe, expect, test } from "bun:test";
import { createHmac, hkdfSync } from "node:crypto";
import { RATE_LIMITS } from "../../services/system/rate-limit";
import { DATABASE_PROVIDERS, freshIps, TEST_ADMIN_PASSWORD, useTestApp } from "../../test/harness";

describe.each(DATABASE_PROVIDERS)("accounts on %s", (provider) => {
  const { t, call } = useTestApp(provider);
  /** Each test logs in from its own address so rate-limit counts do not leak between tests. */
  const freshIp = freshIps(0, provider);

  async function login(password = TEST_ADMIN_PASSWORD, username = "admin") {
    const result = await call("POST", "/admin/login", {
      body: { username, password },
      ip: freshIp(),
      procedure: "admin.login",
    });
    expect(result.status).toBe(200);
    return `Bearer ${result.body.data.token}`;
  }

  /** POST /admin/api-keys as `admin`: its answer typed as keys.create's. */
  const createKey = (admin: string, body: Record<string, unknown>, options: { lang?: string } = {}) =>
    call("POST", "/admin/api-keys", { auth: admin, body, ...options, procedure: "keys.create" });

  test("login returns a token that validates, and logout ends it", async () => {
    const result = await call("POST", "/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD },
      procedure: "admin.login",
    });
    expect(result.body).toMatchObject({ code: 200, success: true, data: { username: "admin" } });
    expect((result.body.data.token ?? "").length).toBeGreaterThanOrEqual(32);
    expect(new Date(result.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const auth = `Bearer ${result.body.data.token}`;
    const check = await call("GET", "/test/admin-token", { auth, procedure: "admin.validateToken" });
    expect(check.body.data).toMatchObject({ valid: true, username: "admin" });
    expect((await call("POST", "/admin/logout", { auth, procedure: "admin.logout" })).status).toBe(200);
    const after = await call("GET", "/test/admin-token", { auth });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("Your admin session has expired, please log in again");
  });

  test("a wrong password or unknown user is 401 with the same message", async () => {
    const wrong = await call("POST", "/admin/login", {
      body: { username: "admin", password: "nope-nope" },
      ip: freshIp(),
    });
    const unknown = await call("POST", "/admin/login", {
      body: { username: "ghost", password: "nope-nope" },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    const zh = await call("POST", "/admin/login", {
      body: { username: "admin", password: "x" },
      ip: freshIp(),
      lang: "zh-CN",
    });
    expect(zh.body.message).toBe("用户名或密码错误");
  });

  test("login failures are limited per client address with 429 and Retry-After; others are unaffected", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.adminLogin.limit; i++) {
      const result = await call("POST", "/admin/login", {
        body: { username: "admin", password: "wrong-password" },
        ip,
      });
      expect(result.status).toBe(401);
    }
    const blocked = await call("POST", "/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD },
      ip,
      procedure: "admin.login",
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.body.success).toBe(false);
    const other = await call("POST", "/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD },
      ip: freshIp(),
    });
    expect(other.status).toBe(200);
  });

  test("protected routes need a token; an API key cannot reach admin-only routes", async () => {
    const none = await call("GET", "/admin/api-keys", {});
    expect(none.status).toBe(401);
    expect(none.body.message).toBe("Unauthorized, please log in");
    const admin = await login();
    const created = await createKey(admin, {
      name: "all",
      text_permission: true,
      file_permission: true,
      mount_permission: true,
    });
    const asKey = await call("GET", "/admin/api-keys", { auth: `ApiKey ${created.body.data.key}` });
    expect(asKey.status).toBe(403);
  });

  test("API keys: created with a long random key shown once, stored as a hash, listed masked", async () => {
    const admin = await login();
    const created = await createKey(admin, {
      name: "backup script",
      text_permission: true,
      basic_path: "/docs//reports/",
      expires_at: null,
    });
    expect(created.status).toBe(201);
    const key: string = created.body.data.key;
    expect(key).toStartWith("pb_");
    expect(key.length).toBeGreaterThanOrEqual(40);
    expect(created.body.data).toMatchObject({
      name: "backup script",
      basic_path: "/docs/reports",
      text_permission: true,
      file_permission: false,
      mount_permission: false,
      expires_at: null,
      key_prefix: key.slice(0, 8),
    });
    const stored = await t.db.apiKey.findUniqueOrThrow({
      where: { id: created.body.data.id },
      select: { keyHash: true },
    });
    expect(stored.keyHash).not.toContain(key);
    const list = await call("GET", "/admin/api-keys", { auth: admin, procedure: "keys.list" });
    expect(list.text).not.toContain(key);
    expect(list.body.data.find((k: { id: string }) => k.id === created.body.data.id)).toMatchObject({
      key_prefix: key.slice(0, 8),
    });
  });

  test("GET /test/api-key returns permissions and key info and records the last use", async () => {
    const admin = await login();
    const created = await createKey(admin, { name: "mounts", mount_permission: true, basic_path: "/docs" });
    const result = await call("GET", "/test/api-key", {
      auth: `ApiKey ${created.body.data.key}`,
      procedure: "keys.validate",
    });
    expect(result.body.data).toEqual({
      name: "mounts",
      basic_path: "/docs",
      permissions: { text: false, file: false, mount: true },
      mount_read_only: false,
      key_info: { id: created.body.data.id, name: "mounts", basic_path: "/docs" },
    });
    const list = await call("GET", "/admin/api-keys", { auth: admin, procedure: "keys.list" });
    expect(list.body.data.find((k) => k.id === created.body.data.id)?.last_used ?? null).not.toBeNull();
  });

  test("an unknown key is 401 invalid; an expired key is 401 expired", async () => {
    const unknown = await call("GET", "/test/api-key", { auth: "ApiKey pb_doesnotexist", ip: freshIp() });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe("Invalid API key");
    const admin = await login();
    const created = await createKey(admin, {
      name: "short",
      text_permission: true,
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.db.apiKey.update({ where: { id: created.body.data.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call("GET", "/test/api-key", { auth: `ApiKey ${created.body.data.key}`, ip: freshIp() });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe("API key expired");
    const list = await call("GET", "/admin/api-keys", { auth: admin, procedure: "keys.list" });
    expect(list.body.data.find((k) => k.id === created.body.data.id)?.is_expired).toBe(true);
  });

  test("a stale key on public calls does not count against the address", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.apiKeyFailure.limit + 5; i++) {
      expect(
        (await call("GET", "/version", { auth: "ApiKey revoked-key", ip, procedure: "system.version" })).status,
      ).toBe(200);
    }
    expect(
      (await call("GET", "/test/api-key", { auth: "ApiKey revoked-key", ip, procedure: "keys.validate" })).status,
    ).toBe(401);
  });

  test("API key failures are rate limited per address", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.apiKeyFailure.limit; i++) {
      expect(
        (await call("GET", "/test/api-key", { auth: `ApiKey wrong-${i}`, ip, procedure: "keys.validate" })).status,
      ).toBe(401);
    }
    const blocked = await call("GET", "/test/api-key", { auth: "ApiKey wrong-again", ip, procedure: "keys.validate" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBeTruthy();
    // A right key from the blocked address is refused too (a guesser learns nothing), and counts as
    // no new failure; from another address it works.
    const key = await createKey(await login(), { name: `locked ${provider}`, text_permission: true });
    const auth = `ApiKey ${key.body.data.key}`;
    const refused = await call("GET", "/test/api-key", { auth, ip, procedure: "keys.validate" });
    expect(refused.status).toBe(429);
    const bucket = await t.db.rateLimitBucket.findUniqueOrThrow({ where: { key: `api-key:${ip}` } });
    expect(bucket.count).toBe(RATE_LIMITS.apiKeyFailure.limit);
    expect((await call("GET", "/test/api-key", { auth, ip: freshIp(), procedure: "keys.validate" })).status).toBe(200);
  });

  test("custom keys: pattern, minimum length of 16 (in the caller's language), uniqueness", async () => {
    const admin = await login();
    const bad = await createKey(admin, { name: "c", custom_key: "has space!" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("custom_key: Only letters, digits, underscore and hyphen");
    for (const [lang, text] of [
      ["en", "custom_key: A custom key needs at least 16 characters"],
      ["zh", "custom_key: 自定义密钥至少需要 16 个字符"],
    ] as const) {
      const short = await createKey(admin, { name: "c", custom_key: "eight-ch" }, { lang });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe(text);
    }
    const tooShort = await createKey(admin, { name: "c", custom_key: "x".repeat(15) });
    expect(tooShort.status).toBe(400);
    const custom = `my-custom-key_${provider}`;
    const ok = await createKey(admin, { name: "c", custom_key: custom });
    expect(ok.status).toBe(201);
    expect(ok.body.data.key).toBe(custom);
    // The list shows only a quarter of a custom key.
    expect(ok.body.data.key_prefix).toBe(custom.slice(0, Math.floor(custom.length / 4)));
    const again = await createKey(admin, { name: "d", custom_key: custom });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("That key is already in use");
    expect(
      (await call("GET", "/test/api-key", { auth: `ApiKey ${custom}`, procedure: "keys.validate" })).body.data.name,
    ).toBe("c");
  });

  test("a key is stored as HMAC-SHA-256 under the app secret, not as a plain SHA-256", async () => {
    const admin = await login();
    const created = await createKey(admin, { name: "hashed", text_permission: true });
    const key: string = created.body.data.key;
    const { keyHash } = await t.db.apiKey.findUniqueOrThrow({
      where: { id: created.body.data.id },
      select: { keyHash: true },
    });
    expect(keyHash).not.toBe(new Bun.CryptoHasher("sha256").update(key).digest("hex"));
    const derived = Buffer.from(hkdfSync("sha256", t.config.secret, "pastebox", "api-keys", 32));
    expect(keyHash).toBe(createHmac("sha256", derived).update(key).digest("hex"));
  });

  test("key names are unique: a duplicate name answers 409 on create and on rename, in the caller's language", async () => {
    const admin = await login();
    const first = await createKey(admin, { name: "deploy bot" });
    expect(first.status).toBe(201);
    const duplicate = await createKey(admin, { name: " deploy bot " });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      code: 409,
      success: false,
      message: "Another API key already has that name",
    });
    const zh = await createKey(admin, { name: "deploy bot" }, { lang: "zh" });
    expect(zh.body.message).toBe("已有同名的 API 密钥");
    const second = await createKey(admin, { name: "deploy bot 2" });
    const rename = await call("PUT", `/admin/api-keys/${second.body.data.id}`, {
      auth: admin,
      body: { name: "deploy bot" },
    });
    expect(rename.status).toBe(409);
    // Keeping its own name is no conflict.
    const same = await call("PUT", `/admin/api-keys/${first.body.data.id}`, {
      auth: admin,
      body: { name: "deploy bot" },
    });
    expect(same.status).toBe(200);
    const names = (await call("GET", "/admin/api-keys", { auth: admin, procedure: "keys.list" })).body.data.map(
      (k: { name: string }) => k.name,
    );
    expect(names.filter((name: string) => name === "deploy bot")).toHaveLength(1);
    // The database holds the rule too, for writers that skip the service.
    const bypass = await t.db.apiKey
      .create({ data: { name: "deploy bot", keyHash: "another-hash", keyPrefix: "x" }, select: { id: true } })
      .catch((error: unknown) => error);
    expect(bypass).toBeInstanceOf(Error);
  });

  test("validation: name required, base path normalised and not escaping, expiry in the future", async () => {
    const admin = await login();
    const noName = await createKey(admin, { name: "  " }, { lang: "zh" });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain("name: 请输入密钥名称");
    const escaping = await createKey(admin, { name: "x", basic_path: "/../etc" });
    expect(escaping.status).toBe(400);
    expect(escaping.body.message).toContain("basic_path");
    const past = await createKey(admin, { name: "x", expires_at: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    const never = await createKey(admin, { name: "x", expires_at: "never" });
    expect(never.body.data.expires_at).toBeNull();
  });

  test("update and delete keys; a deleted key stops working", async () => {
    const admin = await login();
    const created = await createKey(admin, { name: "temp", text_permission: true });
    const id = created.body.data.id;
    const updated = await call("PUT", `/admin/api-keys/${id}`, {
      auth: admin,
      body: { name: "renamed", text_permission: false, file_permission: true, basic_path: "/a/" },
      procedure: "keys.update",
    });
    expect(updated.body.data).toMatchObject({
      name: "renamed",
      text_permission: false,
      file_permission: true,
      basic_path: "/a",
    });
    expect(
      (await call("PUT", "/admin/api-keys/missing", { auth: admin, body: { name: "x" }, procedure: "keys.update" }))
        .status,
    ).toBe(404);
    expect((await call("DELETE", `/admin/api-keys/${id}`, { auth: admin, procedure: "keys.delete" })).status).toBe(200);
    expect(
      (
        await call("GET", "/test/api-key", {
          auth: `ApiKey ${created.body.data.key}`,
          ip: freshIp(),
          procedure: "keys.validate",
        })
      ).status,
    ).toBe(401);
    const empty = await call("POST", "/admin/api-keys/batch-delete", { auth: admin, body: { ids: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("Select at least one item");
  });

  test("change-password: rules, then every admin session ends and the new credentials work", async () => {
    const admin = await login();
    const other = await login();
    const nothing = await call("POST", "/admin/change-password", {
      auth: admin,
      body: { currentPassword: TEST_ADMIN_PASSWORD },
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toContain("Enter a new username or a new password");
    const same = await call("POST", "/admin/change-password", {
      auth: admin,
      body: { currentPassword: TEST_ADMIN_PASSWORD, newPassword: TEST_ADMIN_PASSWORD },
    });
    expect(same.body.message).toContain("The new password must differ from the current one");
    const wrong = await call("POST", "/admin/change-password", {
      auth: admin,
      body: { currentPassword: "not-the-password", newPassword: "another-password-1" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("The current password is wrong");
    // The session itself is still good.
    expect((await call("GET", "/test/admin-token", { auth: admin, procedure: "admin.validateToken" })).status).toBe(
      200,
    );
    const changed = await call("POST", "/admin/change-password", {
      auth: admin,
      body: { currentPassword: TEST_ADMIN_PASSWORD, newPassword: "another-password-1", newUsername: "boss" },
    });
    expect(changed.status).toBe(200);
    expect((await call("GET", "/test/admin-token", { auth: admin, procedure: "admin.validateToken" })).status).toBe(
      401,
    );
    expect((await call("GET", "/test/admin-token", { auth: other, procedure: "admin.validateToken" })).status).toBe(
      401,
    );
    const relogin = await login("another-password-1", "boss");
    expect(
      (await call("GET", "/test/admin-token", { auth: relogin, procedure: "admin.validateToken" })).body.data.username,
    ).toBe("boss");
    const restored = await call("POST", "/admin/change-password", {
      auth: relogin,
      body: { currentPassword: "another-password-1", newPassword: TEST_ADMIN_PASSWORD, newUsername: "admin" },
    });
    expect(restored.status).toBe(200);
  });

  test("no answer ever carries a password or a stored hash", async () => {
    const result = await call("POST", "/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD },
      procedure: "admin.login",
    });
    expect(result.text).not.toContain(TEST_ADMIN_PASSWORD);
    const admin = `Bearer ${result.body.data.token}`;
    const list = await call("GET", "/admin/api-keys", { auth: admin, procedure: "keys.list" });
    expect(list.text).not.toContain("keyHash");
    expect(list.text).not.toContain("argon2");
    const wrong = await call("POST", "/admin/login", {
      body: { username: "admin", password: "secret-guess-123" },
      ip: freshIp(),
      procedure: "admin.login",
    });
    expect(wrong.text).not.toContain("secret-guess-123");
  });
});
