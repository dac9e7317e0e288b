// Test harness: a fresh database per test file (a copy of a migrated SQLite template, or a fresh
// Postgres schema in the test cluster) and an in-process app around it (docs/architecture.md #9, #10).
import { afterAll, beforeAll } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { composeApp } from "../app/compose";
import { type Config, loadConfig } from "../config";
import { createDatabase, type Database, type DatabaseProvider } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { serveApp } from "../http/serve";
import { createLogger } from "../logger";
import type { ClipboardLimits } from "../routers/clipboard/hub";
import { ensureAdmin, ensureDefaultStorage } from "../services/system/bootstrap";
import { createApiClient, createApiKey, type KeyFields, loginAdmin } from "./api-client";

export const TEST_ADMIN_PASSWORD = "test-admin-password-123";

/** Every provider the database tests run against. The test runner starts Postgres and sets the URL. */
export const DATABASE_PROVIDERS: DatabaseProvider[] = ["sqlite", "postgres"];

/** Where a storage feature's files go: the local disk and the test S3 server. */
export const STORAGE_KINDS = ["local", "s3"] as const;

/** Each database with each storage kind: `describe.each(STORAGE_CASES)("… on %s with %s storage", …)`. */
export const STORAGE_CASES = DATABASE_PROVIDERS.flatMap((provider) =>
  STORAGE_KINDS.map((storage) => [provider, storage] as const),
);

/** The S3 server the test command started (s3rver): endpoint, bucket and credentials. */
export function s3Env() {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) throw new Error("TEST_S3_ENDPOINT is not set: run the tests with `bun run test`, which starts s3rver");
  return {
    endpoint,
    bucket: process.env.TEST_S3_BUCKET ?? "pastebox-test",
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? "S3RVER",
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? "S3RVER",
  };
}

export function requirePostgresUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error("TEST_POSTGRES_URL is not set: run the tests with `bun run test`, which starts Postgres");
  return url;
}

export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `pastebox-${label}-`));
}

let sqliteTemplate: Promise<string> | null = null;

function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const path = join(tempDir("template"), "template.db");
    await migrateDatabase(`file:${path}`);
    return path;
  })();
  return sqliteTemplate;
}

export type TestDatabase = { url: string; db: Database; pgSchema?: string; cleanup(): Promise<void> };

export async function createTestDatabase(provider: DatabaseProvider): Promise<TestDatabase> {
  if (provider === "sqlite") {
    const dir = tempDir("db");
    const path = join(dir, "test.db");
    copyFileSync(await migratedSqliteTemplate(), path);
    const url = `file:${path}`;
    const db = createDatabase(url);
    return {
      url,
      db,
      async cleanup() {
        await db.$disconnect();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = requirePostgresUrl();
  const pgSchema = `test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await migrateDatabase(url, { pgSchema });
  const db = createDatabase(url, { pgSchema });
  return {
    url,
    db,
    pgSchema,
    async cleanup() {
      await db.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
      await db.$disconnect();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = tempDir("data");
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:8787",
  });
  return { ...config, clientDir: resolve(dataDir, "no-client"), ...overrides };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An app on a fresh database, bootstrapped like a first start. */
export async function createTestApp(
  provider: DatabaseProvider,
  overrides: Partial<Config> = {},
  clipboardLimits?: ClipboardLimits,
) {
  const database = await createTestDatabase(provider);
  const config = testConfig({ databaseUrl: database.url, databaseProvider: provider, ...overrides });
  const logger = createLogger(config.logLevel);
  await ensureAdmin(database.db, config, logger);
  await ensureDefaultStorage(database.db, config, logger);
  // No job registered and never started: a test registers the jobs it runs. The task worker is woken
  // by the tasks created here, not polling (start) unless a test asks.
  const root = await composeApp({
    config,
    db: database.db,
    logger,
    pgSchema: database.pgSchema,
    clipboardLimits,
  });
  const { deps, app } = root;
  return {
    ...deps,
    app,
    /** Postgres: the schema this test database lives in (to open a second connection, as another process). */
    pgSchema: database.pgSchema,
    /** Calls the app in-process: `request("GET", "/api/version")`. */
    request(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
      const headers = new Headers(init.headers);
      let body: BodyInit | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
        if (!headers.has("content-type")) headers.set("content-type", "application/json");
      }
      return app.fetch(new Request(`http://localhost${path}`, { method, headers, body }), "127.0.0.1");
    },
    async cleanup() {
      await root.close();
      await database.cleanup();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Fresh client addresses, one per call: `10.<net>.<1 on SQLite, 2 on Postgres>.<n>`, so that each test is
 * counted by the rate limits as a caller of its own. `net` keeps a file's addresses apart from other files'.
 */
export function freshIps(net: number, provider: DatabaseProvider): () => string {
  let counter = 0;
  return () => `10.${net}.${provider === "sqlite" ? 1 : 2}.${++counter}`;
}

/**
 * The app a describe block's tests share, on a fresh database: made in the block's first beforeAll and
 * cleaned up after its tests, with an API client on it. `t` is filled in when the block runs, so read it
 * in hooks and tests, not while the block is being declared.
 */
export function useTestApp(provider: DatabaseProvider, overrides: Partial<Config> = {}) {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(provider, overrides));
  });
  afterAll(async () => {
    await t.cleanup?.();
  });
  const api = createApiClient(() => t.app);
  return { t, api, call: api.call };
}

export type ServedTestApp = Awaited<ReturnType<typeof serveTestApp>>;

/** A port nothing listens on now (taken, then let go): a served app's public URL names it before the app exists. */
/** The URL another process opens the test app's database with (Postgres: its schema named in it). */
export function processDatabaseUrl(app: TestApp): string {
  if (!app.pgSchema) return app.config.databaseUrl;
  const url = new URL(app.config.databaseUrl);
  url.searchParams.set("schema", app.pgSchema);
  return url.toString();
}

export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const { port } = probe;
  probe.stop(true);
  if (port === undefined) throw new Error("no free port");
  return port;
}

/**
 * A test app served as main.ts serves it (serveApp: HTTP and the clipboard's WebSocket) on 127.0.0.1,
 * its public URL that origin so that the links it hands out work over HTTP: for what must go over a
 * socket (scripts run as separate processes, WebSockets, WebDAV clients, streamed uploads). Logs the
 * admin in; with `key`, also creates an API key with those fields. `api` calls the server over HTTP.
 */
export async function serveTestApp(
  provider: DatabaseProvider,
  options: { overrides?: Partial<Config>; clipboardLimits?: ClipboardLimits; key?: KeyFields } = {},
) {
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestApp(provider, { publicUrl: origin, ...options.overrides }, options.clipboardLimits);
  const server = await serveApp(t.app, t.clipboardHub, {
    port,
    hostname: "127.0.0.1",
    logger: t.logger,
    reads: t.reads,
  });
  const api = createApiClient(() => origin);
  const admin = await loginAdmin(api);
  const key = options.key ? await createApiKey(api, admin, options.key) : null;
  return {
    t,
    server,
    origin,
    api,
    admin,
    key,
    async stop() {
      await server.stop(true);
      await t.cleanup();
    },
  };
}
