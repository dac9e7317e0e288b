// The whole app in-process on a real database, SQLite and Postgres: first-start records, the system
// endpoints, the envelope for unknown routes, the OpenAPI document, the client and security headers.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { appRouter } from "../routers";
import { ensureAdmin, ensureDefaultStorage } from "../services/system/bootstrap";
import {
  createPaste,
  defaultStorageId,
  loginAdmin,
  type PastePage,
  present,
  type SharedFile,
} from "../test/api-client";
import { DATABASE_PROVIDERS, TEST_ADMIN_PASSWORD, tempDir, useTestApp } from "../test/harness";

describe.each(DATABASE_PROVIDERS)("app on %s", (provider) => {
  const { t, api } = useTestApp(provider);

  test("first start creates the admin with an Argon2id hash and a default local storage", async () => {
    const admins = await t.db.admin.findMany({ select: { username: true, passwordHash: true } });
    expect(admins).toHaveLength(1);
    expect(admins[0]?.username).toBe("admin");
    expect(admins[0]?.passwordHash).toStartWith("$argon2id$");
    expect(await Bun.password.verify(TEST_ADMIN_PASSWORD, admins[0]?.passwordHash ?? "")).toBe(true);
    const storages = await t.db.storageConfig.findMany({
      select: { providerType: true, isDefault: true, rootPath: true },
    });
    expect(storages).toEqual([{ providerType: "local", isDefault: true, rootPath: join(t.config.dataDir, "storage") }]);
  });

  test("a second start changes nothing", async () => {
    await ensureAdmin(t.db, t.config, t.logger);
    await ensureDefaultStorage(t.db, t.config, t.logger);
    expect(await t.db.admin.count()).toBe(1);
    expect(await t.db.storageConfig.count()).toBe(1);
  });

  test("the default local storage really stores through its driver", async () => {
    const driver = await t.storage.driverFor(await defaultStorageId(t.db));
    await driver.put("probe/hello.txt", "hi");
    expect(await new Response((await driver.get("probe/hello.txt")).body).text()).toBe("hi");
  });

  test("GET /api/health answers ok with the database reachable, not enveloped", async () => {
    const response = await t.request("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok", provider: provider, version: "0.6.8" });
  });

  test("GET /api/version answers the envelope", async () => {
    const response = await t.request("GET", "/api/version");
    expect(await response.json()).toMatchObject({
      code: 200,
      success: true,
      data: { version: "0.6.8", database: provider },
    });
  });

  test("unknown /api paths are 404 envelopes, a wrong method is 405", async () => {
    const unknown = await t.request("GET", "/api/no/such/thing", { headers: { "accept-language": "zh-CN" } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      code: 404,
      message: "不存在接口 GET /api/no/such/thing",
      data: null,
      success: false,
    });
    const wrong = await t.request("POST", "/api/version");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  test("private answers (a login token, a new key, admin lists, an unlocked paste, a verified share) are no-store", async () => {
    const admin = await loginAdmin(api);
    const login = await api.call("POST", "/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD },
      procedure: "admin.login",
    });
    const key = await api.call("POST", "/admin/api-keys", {
      auth: admin,
      body: { name: "cache probe" },
      procedure: "keys.create",
    });
    const paste = await createPaste(api, admin, { password: "open sesame" });
    const form = new FormData();
    form.set("password", "open sesame");
    form.set("file", new File(["secret bytes"], "secret.txt"));
    const upload = await api.call<SharedFile>("POST", "/upload", { auth: admin, body: form });
    expect(upload.status).toBe(201);
    const answers = {
      login: login.headers,
      "new key": key.headers,
      "key list": (await api.call("GET", "/admin/api-keys", { auth: admin, procedure: "keys.list" })).headers,
      "paste list": (await api.call<PastePage>("GET", "/admin/pastes", { auth: admin })).headers,
      "unlocked paste": (
        await api.call("POST", `/paste/${paste.slug}`, {
          body: { password: "open sesame" },
          procedure: "pastes.unlock",
        })
      ).headers,
      "verified share": (
        await api.call("POST", `/public/files/${upload.body.data.slug}/verify`, {
          body: { password: "open sesame" },
          procedure: "files.public.verify",
        })
      ).headers,
      "tRPC call": (await t.request("GET", "/trpc/system.version")).headers,
      refusal: (await api.call<PastePage>("GET", "/admin/pastes")).headers,
    };
    for (const [name, headers] of Object.entries(answers)) {
      expect(`${name}: ${headers.get("cache-control")}`).toBe(`${name}: no-store`);
    }
    // A route that states its own policy keeps it (a download link: private, for its link's life).
    const links = (
      await api.call("POST", `/public/files/${upload.body.data.slug}/verify`, {
        body: { password: "open sesame" },
        procedure: "files.public.verify",
      })
    ).body.data;
    const download = await t.app.fetch(
      new Request(new URL(present(links.download_url, "the download link"), "http://localhost")),
      "127.0.0.1",
    );
    expect(download.status).toBe(200);
    expect(download.headers.get("cache-control")).toStartWith("private");
  });

  test("an unknown bearer token on a public route is ignored, not an error", async () => {
    const response = await t.request("GET", "/api/version", { headers: { authorization: "Bearer nope" } });
    expect(response.status).toBe(200);
  });

  test("tRPC answers the same procedures with superjson", async () => {
    const response = await t.request("GET", "/trpc/system.version");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.data.json.version).toBe("0.6.8");
  });
});

describe("OpenAPI and docs", () => {
  const { t } = useTestApp("sqlite");

  test("/api/openapi.json lists every procedure that declares a REST route, and the raw routes", async () => {
    const document = await (await t.request("GET", "/api/openapi.json")).json();
    const listed = new Set(
      Object.entries(document.paths as Record<string, object>).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    type Route = { method: string; path: string };
    const declared = Object.values(
      appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { rest?: Route | Route[] } } }>,
    )
      .flatMap((procedure) => [procedure._def.meta?.rest ?? []].flat())
      .map((rest) => `${rest.method} ${rest.path}`);
    expect(declared.length).toBeGreaterThan(0);
    for (const operation of declared) expect(listed).toContain(operation);
    for (const raw of ["GET /health", "GET /openapi.json", "GET /docs"]) expect(listed).toContain(raw);
    expect(document.servers[0].url).toBe("http://localhost:8787/api");
  });

  test("/api/docs is a readable page listing the endpoints", async () => {
    const response = await t.request("GET", "/api/docs");
    expect(response.headers.get("content-type")).toStartWith("text/html");
    const html = await response.text();
    expect(html).toContain("/api/version");
    expect(html).toContain("/api/health");
    expect(html).not.toContain("<script");
  });
});

describe("client assets and security headers", () => {
  const clientDir = tempDir("client");
  const themeScript = "document.documentElement.dataset.ready='1'";
  // A built client, written before the app starts (it reads index.html once).
  mkdirSync(join(clientDir, "assets"), { recursive: true });
  writeFileSync(
    join(clientDir, "index.html"),
    `<!doctype html><html><head><script>${themeScript}</script></head><body>app ${"x".repeat(2000)}</body></html>`,
  );
  writeFileSync(join(clientDir, "assets", "index-abc123.js"), "console.log('app')");
  writeFileSync(join(clientDir, "assets", "index-abc123.css"), "body{}");
  writeFileSync(join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {})");
  const { t } = useTestApp("sqlite", { clientDir });

  test("hashed assets are cached for a year; index.html is revalidated", async () => {
    const asset = await t.request("GET", "/assets/index-abc123.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await asset.text()).toBe("console.log('app')");
    const index = await t.request("GET", "/");
    expect(index.headers.get("cache-control")).toBe("no-cache");
  });

  test("client routes get index.html; a missing asset is a 404", async () => {
    for (const path of ["/upload", "/admin/settings", "/paste/abc", "/mount-explorer/docs/v1.2", "/anything"]) {
      const response = await t.request("GET", path);
      expect(response.status).toBe(200);
      expect(await response.text()).toStartWith("<!doctype html>");
    }
    expect((await t.request("GET", "/assets/missing-123.js")).status).toBe(404);
    expect((await t.request("GET", "/sw-missing.js")).status).toBe(404);
  });

  test("static paths cannot escape the client directory", async () => {
    const response = await t.request("GET", "/..%2f..%2fetc%2fpasswd");
    expect(await response.text()).not.toContain("root:");
  });

  test("every answer carries a strict CSP that allows only the inline theme script, plus the usual headers", async () => {
    const response = await t.request("GET", "/");
    const csp = response.headers.get("content-security-policy") ?? "";
    const hash = new Bun.CryptoHasher("sha256").update(themeScript).digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const api = await t.request("GET", "/api/version");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
  });

  const PAGE_ONLY = [
    "content-security-policy",
    "x-frame-options",
    "permissions-policy",
    "cross-origin-opener-policy",
    "referrer-policy",
  ];

  test("a page and the service worker carry the page-only headers; the files they load only nosniff and caching", async () => {
    for (const path of ["/", "/upload", "/sw.js", "/api/version"]) {
      const response = await t.request("GET", path);
      for (const name of PAGE_ONLY)
        expect(`${path} ${name}: ${response.headers.has(name)}`).toBe(`${path} ${name}: true`);
    }
    for (const path of [
      "/assets/index-abc123.js",
      "/assets/index-abc123.css",
      "/favicon.svg",
      "/assets/missing-1.js",
    ]) {
      const response = await t.request("GET", path);
      for (const name of PAGE_ONLY)
        expect(`${path} ${name}: ${response.headers.has(name)}`).toBe(`${path} ${name}: false`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.has("cache-control")).toBe(!path.includes("missing"));
    }
  });

  test("a method other than GET or HEAD on a page or file answers 405 with Allow, not the page", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"]) {
      for (const path of ["/", "/upload", "/assets/index-abc123.js"]) {
        const response = await t.request(method, path, { headers: { "accept-language": "zh-CN" } });
        expect(`${method} ${path}: ${response.status}`).toBe(`${method} ${path}: 405`);
        expect(response.headers.get("allow")).toBe("GET, HEAD");
        expect(await response.text()).toBe(`此处不允许 ${method} 方法；允许：GET, HEAD`);
      }
    }
    expect((await t.request("HEAD", "/upload")).status).toBe(200);
  });
});
