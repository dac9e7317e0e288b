// Sessions and API keys as the request context sees them, on SQLite and Postgres.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestDatabase, DATABASE_PROVIDERS, type TestDatabase } from "../../test/harness";
import {
  createAdminSession,
  hashApiKey,
  hashSecret,
  resolveAuth,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  validateSessionToken,
} from "./sessions";

const SECRET = "an-app-secret-that-is-long-enough-for-tests";

describe.each(DATABASE_PROVIDERS)("auth on %s", (provider) => {
  let t: TestDatabase;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestDatabase(provider);
    adminId = (await t.db.admin.create({ data: { username: "root", passwordHash: "x" }, select: { id: true } })).id;
  });
  afterAll(async () => {
    await t.cleanup();
  });

  test("a session token is stored only as its SHA-256 hash and resolves to the admin", async () => {
    const { token } = await createAdminSession(t.db, adminId);
    expect(await t.db.adminSession.findUnique({ where: { id: token } })).toBeNull();
    expect(
      await t.db.adminSession.findUnique({ where: { id: hashSecret(token) }, select: { id: true } }),
    ).not.toBeNull();
    const { auth } = await resolveAuth(t.db, SECRET, `Bearer ${token}`);
    expect(auth).toMatchObject({ type: "admin", adminId, username: "root" });
  });

  test("the idle window slides once half used, but never past the absolute limit", async () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const { token } = await createAdminSession(t.db, adminId, start);
    const later = new Date(start.getTime() + SESSION_IDLE_MS * 0.75);
    expect(await validateSessionToken(t.db, token, later)).not.toBeNull();
    const row = await t.db.adminSession.findUniqueOrThrow({
      where: { id: hashSecret(token) },
      select: { expiresAt: true },
    });
    expect(row.expiresAt.getTime()).toBe(later.getTime() + SESSION_IDLE_MS);
    // Keep it alive daily up to the absolute end: then it ends however active the admin is.
    let now = later;
    while (now.getTime() + SESSION_IDLE_MS / 2 < start.getTime() + SESSION_MAX_MS) {
      now = new Date(now.getTime() + SESSION_IDLE_MS / 2 + 1000);
      await validateSessionToken(t.db, token, now);
    }
    expect(await validateSessionToken(t.db, token, new Date(start.getTime() + SESSION_MAX_MS))).toBeNull();
  });

  test("an idle session expires and is deleted", async () => {
    const start = new Date("2026-02-01T00:00:00Z");
    const { token } = await createAdminSession(t.db, adminId, start);
    expect(await validateSessionToken(t.db, token, new Date(start.getTime() + SESSION_IDLE_MS + 1))).toBeNull();
    expect(await t.db.adminSession.findUnique({ where: { id: hashSecret(token) } })).toBeNull();
    const { failure } = await resolveAuth(t.db, SECRET, `Bearer ${token}`);
    expect(failure?.messageKey).toBe("errors.sessionExpired");
  });

  test("API keys: unknown is invalid, past expiry is expired, a valid one carries its permissions and records use", async () => {
    expect((await resolveAuth(t.db, SECRET, "ApiKey nope")).failure?.messageKey).toBe("errors.apiKeyInvalid");
    await t.db.apiKey.create({
      data: {
        name: "old",
        keyHash: hashApiKey(SECRET, "old-key"),
        keyPrefix: "old",
        expiresAt: new Date(Date.now() - 1000),
      },
    });
    expect((await resolveAuth(t.db, SECRET, "ApiKey old-key")).failure?.messageKey).toBe("errors.apiKeyExpired");
    const key = await t.db.apiKey.create({
      data: {
        name: "ci",
        keyHash: hashApiKey(SECRET, "good-key"),
        keyPrefix: "goo",
        textPermission: true,
        basicPath: "/docs",
      },
      select: { id: true },
    });
    const { auth } = await resolveAuth(t.db, SECRET, "ApiKey good-key");
    expect(auth).toEqual({
      type: "apikey",
      keyId: key.id,
      name: "ci",
      basicPath: "/docs",
      permissions: { text: true, file: false, mount: false },
      mountReadOnly: false,
      sessionId: null,
    });
    const used = await t.db.apiKey.findUniqueOrThrow({ where: { id: key.id }, select: { lastUsedAt: true } });
    expect(used.lastUsedAt).not.toBeNull();
  });

  test("a key stored before keyed hashes (plain SHA-256) works once more and is then stored keyed", async () => {
    const key = await t.db.apiKey.create({
      data: { name: "legacy", keyHash: hashSecret("legacy-key-0123456"), legacyHash: true, keyPrefix: "leg" },
      select: { id: true },
    });
    const first = await resolveAuth(t.db, SECRET, "ApiKey legacy-key-0123456");
    expect(first.auth).toMatchObject({ type: "apikey", keyId: key.id });
    const upgraded = await t.db.apiKey.findUniqueOrThrow({
      where: { id: key.id },
      select: { keyHash: true, legacyHash: true },
    });
    expect(upgraded).toEqual({ keyHash: hashApiKey(SECRET, "legacy-key-0123456"), legacyHash: false });
    expect((await resolveAuth(t.db, SECRET, "ApiKey legacy-key-0123456")).auth).toMatchObject({ keyId: key.id });
    // The plain hash of a current (keyed) row is no way in: a key is matched by its SHA-256 only while
    // its row is marked legacy.
    await t.db.apiKey.create({
      data: { name: "plain-not-legacy", keyHash: hashSecret("plain-key-0123456"), keyPrefix: "pla" },
    });
    expect((await resolveAuth(t.db, SECRET, "ApiKey plain-key-0123456")).failure?.messageKey).toBe(
      "errors.apiKeyInvalid",
    );
    // Another app secret derives another key: the same stored hash does not match.
    expect((await resolveAuth(t.db, `${SECRET}-other`, "ApiKey legacy-key-0123456")).auth).toBeNull();
  });

  test("a malformed Authorization header is refused", async () => {
    expect((await resolveAuth(t.db, SECRET, "Basic abc")).failure?.code).toBe("UNAUTHORIZED");
    expect((await resolveAuth(t.db, SECRET, null)).failure).toBeNull();
  });
});

describe.each(DATABASE_PROVIDERS)("sweep on %s", (provider) => {
  test("removes expired sessions and ended rate-limit windows, keeps live ones", async () => {
    const t = await createTestDatabase(provider);
    try {
      const { sweepOnce } = await import("../system/sweeper");
      const { createLogger } = await import("../../logger");
      const { createMemoryListingCache } = await import("../explorer/listing-cache");
      const admin = await t.db.admin.create({ data: { username: "sweep", passwordHash: "x" }, select: { id: true } });
      const now = new Date();
      const old = await createAdminSession(t.db, admin.id, new Date(now.getTime() - 2 * SESSION_IDLE_MS));
      const live = await createAdminSession(t.db, admin.id, now);
      await t.db.rateLimitBucket.createMany({
        data: [
          { key: "ended", count: 3, resetAt: new Date(now.getTime() - 1000) },
          { key: "running", count: 3, resetAt: new Date(now.getTime() + 60_000) },
        ],
      });
      const storage = {
        driverFor: () => Promise.reject(new Error("no storage in this test")),
        index: () => {
          throw new Error("no storage in this test");
        },
        settleDirectUpload: () => Promise.reject(new Error("no storage in this test")),
        startRecount: () => Promise.reject(new Error("no storage in this test")),
        browserOrigins: async () => [],
        forgetOrigins: () => undefined,
      };
      const config = { publicUrl: "http://localhost", databaseProvider: provider } as never;
      const listingCache = createMemoryListingCache();
      await sweepOnce({ db: t.db, storage, config, logger: createLogger("silent"), listingCache }, now);
      expect(await t.db.adminSession.findUnique({ where: { id: hashSecret(old.token) } })).toBeNull();
      expect(
        await t.db.adminSession.findUnique({ where: { id: hashSecret(live.token) }, select: { id: true } }),
      ).not.toBeNull();
      expect((await t.db.rateLimitBucket.findMany({ select: { key: true } })).map((b) => b.key)).toEqual(["running"]);
    } finally {
      await t.cleanup();
    }
  });
});
