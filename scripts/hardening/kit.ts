// Small shared pieces of the hardening scripts (scale-out, crash, brute force) and the soak: JSON calls
// against a server process, the test services from the environment (or started here when a script
// runs by hand), a scratch Postgres database per run, and an S3 storage config made through the API.
import pg from "pg";
import { s3StorageBody } from "../test/s3-storage";
import { type PostgresService, type S3Service, startPostgres, startS3Server } from "../test/services";

// biome-ignore lint/suspicious/noExplicitAny: answers of every endpoint's shape, read field by field by the scripts
type Json = any;

export type Answer = { status: number; body: { success?: boolean; message?: string; data?: Json }; headers: Headers };

/** One JSON call to /api; `auth` is an Authorization header value. Never throws on an HTTP status. */
export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  options: { auth?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth) headers.authorization = options.auth;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: Answer["body"];
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { message: text };
  }
  return { status: response.status, body, headers: response.headers };
}

/** The data of a call that must succeed; throws with the answer otherwise. */
export async function callOk(...args: Parameters<typeof callApi>): Promise<Json> {
  const answer = await callApi(...args);
  if (answer.status >= 300 || answer.body.success === false) {
    throw new Error(`${args[1]} ${args[2]} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
  return answer.body.data;
}

/** Uploads bytes through POST /api/upload (the streamed form route); the raw answer. */
export async function uploadFile(
  baseUrl: string,
  auth: string,
  bytes: Uint8Array<ArrayBuffer>,
  fields: Record<string, string> = {},
  filename = "file.bin",
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("size", String(bytes.length));
  form.append("file", new Blob([bytes], { type: "application/octet-stream" }), filename);
  const response = await fetch(`${baseUrl}/api/upload`, {
    method: "POST",
    headers: { authorization: auth },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}

/** Pseudo-random bytes that differ per seed, so a mixed-up object is caught by comparing bytes. */
export function patternBytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
}

export type Services = { postgresUrl: string; s3: Omit<S3Service, "stop">; stop(): Promise<void> };

/**
 * Postgres and S3 for a script: those of the test command (TEST_POSTGRES_URL, TEST_S3_*) when set,
 * otherwise started here and stopped by `stop()`.
 */
export async function startHardeningServices(): Promise<Services> {
  const started: (PostgresService | S3Service)[] = [];
  let postgresUrl = process.env.TEST_POSTGRES_URL;
  if (!postgresUrl) {
    const postgres = await startPostgres();
    started.push(postgres);
    postgresUrl = postgres.url;
  }
  let s3: Omit<S3Service, "stop">;
  if (process.env.TEST_S3_ENDPOINT) {
    s3 = {
      endpoint: process.env.TEST_S3_ENDPOINT,
      bucket: process.env.TEST_S3_BUCKET ?? "pastebox-test",
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? "S3RVER",
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? "S3RVER",
      region: "us-east-1",
    };
  } else {
    const server = await startS3Server();
    started.push(server);
    s3 = server;
  }
  return {
    postgresUrl,
    s3,
    async stop() {
      await Promise.allSettled(started.map((service) => service.stop()));
    },
  };
}

/**
 * A fresh, empty database in the cluster behind `postgresUrl` (server processes take a plain
 * DATABASE_URL, so a schema per test does not fit them); `drop()` removes it.
 */
export async function createScratchDatabase(postgresUrl: string, label: string) {
  const name = `pastebox_${label}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const adminUrl = new URL(postgresUrl);
  adminUrl.pathname = "/postgres";
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Adds an S3 storage config (under its own folder of the bucket) through the API; its id. */
export async function createS3Storage(
  baseUrl: string,
  auth: string,
  s3: Omit<S3Service, "stop">,
  options: { folder: string; makeDefault?: boolean },
): Promise<string> {
  const config = await callOk(baseUrl, "POST", "/s3-configs", {
    auth,
    body: s3StorageBody(`S3 ${options.folder}`, s3, { default_folder: options.folder }),
  });
  if (options.makeDefault) await callOk(baseUrl, "PUT", `/s3-configs/${config.id}/set-default`, { auth });
  return config.id as string;
}

export const median = (values: number[]) => percentile(values, 50);

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Counts of each value: { 200: 50, 410: 450 }. */
export function tally(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
