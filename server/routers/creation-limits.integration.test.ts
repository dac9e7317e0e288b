// Creation limits (docs/decisions/0006-creation-limits.md) on SQLite and Postgres: an API key may start only so many pastes,
// uploads and URL fetches per minute, and so may every key used from one address; past a limit the
// answer is 429 with Retry-After in the caller's language. The counts live in the database, so a
// second app on the same database (another process) sees them. The admin is not limited.
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_CREATION_LIMIT_PER_KEY } from "@shared/schemas/admin/settings";
import { createApp } from "../app/app";
import { createDatabase } from "../db/client";
import {
  type ApiTarget,
  createApiClient,
  createApiKey,
  loginAdmin,
  type PastePage,
  type SharedFile,
} from "../test/api-client";
import { DATABASE_PROVIDERS, freshIps, useTestApp } from "../test/harness";

describe.each(DATABASE_PROVIDERS)("creation limits on %s", (provider) => {
  let admin: string;
  const freshIp = freshIps(9, provider);

  const { t, api, call } = useTestApp(provider);

  const createKey = async (name: string) =>
    (await createApiKey(api, admin, { name, text_permission: true, file_permission: true })).auth;

  const paste = (auth: string, ip: string, app: ApiTarget = t.app) =>
    createApiClient(() => app).call("POST", "/paste", {
      auth,
      ip,
      body: { content: "hello" },
      procedure: "pastes.create",
    });

  async function setLimits(perKey: number, perAddress: number) {
    const saved = await call("PUT", "/admin/system-settings", {
      auth: admin,
      body: { creation_limit_per_key: perKey, creation_limit_per_address: perAddress },
    });
    expect(saved.status).toBe(200);
  }

  beforeAll(async () => {
    admin = await loginAdmin(api);
  });

  test("on by default: a key gets 429 with Retry-After after the default number of pastes in a minute", async () => {
    const key = await createKey("default limit");
    const ip = freshIp();
    for (let i = 0; i < DEFAULT_CREATION_LIMIT_PER_KEY; i++) expect((await paste(key, ip)).status).toBe(201);
    const refused = await paste(key, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused.body).toMatchObject({ code: 429, success: false, data: null });
    expect(refused.body.message).toBe(`Too many requests, try again in ${refused.headers.get("retry-after")} seconds`);
    const zh = await call("POST", "/paste", {
      auth: key,
      ip,
      lang: "zh",
      body: { content: "x" },
      procedure: "pastes.create",
    });
    expect(zh.body.message).toBe(`请求过于频繁，请在 ${zh.headers.get("retry-after")} 秒后重试`);
    // The pastes refused were not written.
    const count = await t.db.paste.count({ where: { content: "hello" } });
    expect(count).toBe(DEFAULT_CREATION_LIMIT_PER_KEY);
  });

  test("per key: pastes, uploads, presigns and URL fetches share one count; other keys are unaffected", async () => {
    await setLimits(4, 0);
    const key = await createKey("mixed creations");
    const ip = freshIp();
    expect((await paste(key, ip)).status).toBe(201);
    const form = new FormData();
    form.set("file", new File(["bytes"], "a.txt", { type: "text/plain" }));
    expect((await call<SharedFile>("POST", "/upload", { auth: key, ip, body: form })).status).toBe(201);
    const presign = await call("POST", "/s3/presign", {
      auth: key,
      ip,
      body: { filename: "b.txt", size: 3, mimetype: "text/plain" },
    });
    expect(presign.status).toBe(200);
    // A URL fetch counts even when it is refused afterwards (the address rule answers 400).
    expect(
      (await call("POST", "/url/info", { auth: key, ip, body: { url: "http://127.0.0.1/x" }, procedure: "url.info" }))
        .status,
    ).toBe(400);
    for (const refused of [
      await paste(key, ip),
      await call<SharedFile>("POST", "/upload", { auth: key, ip, body: form }),
      await call("POST", "/url/info", { auth: key, ip, body: { url: "http://127.0.0.1/x" }, procedure: "url.info" }),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBeTruthy();
    }
    // Reading is no creation, and another key from the same address still creates.
    expect((await call<PastePage>("GET", "/user/pastes", { auth: key, ip })).status).toBe(200);
    expect((await paste(await createKey("another key"), ip)).status).toBe(201);
  });

  test("per address: many keys from one address share the address's count; another address is unaffected", async () => {
    await setLimits(100, 3);
    const ip = freshIp();
    const keys = [await createKey("rotating 1"), await createKey("rotating 2"), await createKey("rotating 3")];
    for (const key of keys) expect((await paste(key, ip)).status).toBe(201);
    const refused = await paste(await createKey("rotating 4"), ip);
    expect(refused.status).toBe(429);
    expect((await paste(keys[0] as string, freshIp())).status).toBe(201);
  });

  test("the counts are in the database: a second app (another process) on the same database sees them", async () => {
    await setLimits(3, 0);
    const key = await createKey("two processes");
    const ip = freshIp();
    const otherDb = createDatabase(t.config.databaseUrl, { pgSchema: t.pgSchema });
    const other = await createApp({ ...t, db: otherDb });
    try {
      expect((await paste(key, ip)).status).toBe(201);
      expect((await paste(key, ip, other)).status).toBe(201);
      expect((await paste(key, ip)).status).toBe(201);
      expect((await paste(key, ip, other)).status).toBe(429);
      expect((await paste(key, ip)).status).toBe(429);
    } finally {
      await otherDb.$disconnect();
    }
  });

  test("0 turns a limit off; the admin is never limited", async () => {
    await setLimits(0, 0);
    const key = await createKey("unlimited");
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await paste(key, ip)).status).toBe(201);
    await setLimits(1, 1);
    for (let i = 0; i < 5; i++) expect((await paste(admin, ip)).status).toBe(201);
  });

  test("the settings are validated: whole numbers from 0, a 400 naming the field in the caller's language", async () => {
    for (const [value, lang, text] of [
      [-1, "en", "creation_limit_per_key: Enter a whole number of creations per minute from 0 (no limit) to 1000000"],
      [1.5, "zh", "creation_limit_per_key: 请输入每分钟创建次数的整数，0（不限制）到 1000000"],
    ] as const) {
      const answer = await call("PUT", "/admin/system-settings", {
        auth: admin,
        lang,
        body: { creation_limit_per_key: value },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(text);
    }
  });
});
