// Server configuration: read once from the environment and validated with zod, so that a bad value
// stops the start with a message naming the variable instead of failing later in a request.
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { createClientAddress } from "./http/client-address";

const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(8787)),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(file:|postgres(ql)?:\/\/)/, "must start with file: (SQLite) or postgresql:// (Postgres)")
      .optional(),
  ),
  SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_USERNAME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{3,50}$/, "3-50 letters, digits, dot, underscore or hyphen")
      .default("admin"),
  ),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, "must be at least 8 characters").optional()),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default("info")),
  // One line per request costs 15-20 % of throughput on the hottest routes: off unless asked for.
  ACCESS_LOG: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false")),
  // Lets URL upload reach private addresses; only for tests against local servers (docs/rules.md).
  ALLOW_PRIVATE_URLS: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false")),
  CLIENT_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  // Reverse proxies whose X-Forwarded-For names the client (http/client-address.ts): addresses, CIDR
  // ranges or loopback, linklocal, uniquelocal, comma-separated. Unset, the header is ignored.
  TRUSTED_PROXIES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine(isProxyList, "a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal"),
  ),
  // Single sign-on with OpenID Connect (docs/sso.md): on when OIDC_ISSUER is set.
  OIDC_ISSUER: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().max(2000).optional()),
  OIDC_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default("SSO")),
  OIDC_SCOPES: z.preprocess(emptyToUndefined, z.string().max(500).default("openid email profile")),
  OIDC_ADMIN_SUBJECT: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  OIDC_ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  OIDC_ADMIN_GROUP: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  OIDC_GROUPS_CLAIM: z.preprocess(emptyToUndefined, z.string().max(100).default("groups")),
  // GET /metrics answers only the bearer of this token; unset, the route does not exist.
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, "16-200 printable characters without spaces")
      .optional(),
  ),
  // How long a server task's file stays claimed by a process that stopped renewing it (killed), before
  // another process takes it again (docs/tasks.md). Renewed at a third of it while the file is copied.
  TASK_LEASE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(5).max(3600).default(60)),
});

/**
 * Server tasks copy a file larger than this in parts: a multipart upload across storages (a failed
 * request resends one part, not the file), UploadPartCopy inside one S3 store (CopyObject stops at 5 GiB).
 */
export const TASK_PARTS_ABOVE_BYTES = 1024 ** 3;
/** A body that brings less than 16 KiB in 30 s of waiting is cut (408); tests shorten it. */
const BODY_STALL_MS = 30_000;
/** A browser opens at most 6 connections per host; an office behind one address many more. */
const MAX_REQUESTS_PER_ADDRESS = 64;
/** Downloads open at once per address: a browser's 6 per host, or a download manager's splits, fit. */
const MAX_DOWNLOADS_PER_ADDRESS = 32;

/**
 * Single sign-on (services/auth/sso.ts): the OpenID provider, this app's client there, and who is the
 * admin: a signed-in identity whose subject, verified email or group matches any rule given.
 */
export type SsoConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** Shown on the login screen: "Sign in with <name>". */
  name: string;
  scopes: string;
  admin: { subject: string | undefined; email: string | undefined; group: string | undefined };
  groupsClaim: string;
};

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  databaseProvider: "sqlite" | "postgres";
  secret: string;
  /** The secret comes from SECRET (not DATA_DIR/secret.key): a restore cannot replace it with a backup's. */
  isSecretFromEnv: boolean;
  adminUsername: string;
  adminPassword: string | undefined;
  logLevel: LogLevel;
  /** A line per request (method, path, status, ms), written in batches; failures are logged anyway. */
  accessLog: boolean;
  allowPrivateUrls: boolean;
  clientDir: string;
  /** Enables GET /metrics for this bearer token (services/system/metrics.ts). */
  metricsToken: string | undefined;
  /** Single sign-on with OpenID Connect; null when OIDC_ISSUER is unset. */
  sso: SsoConfig | null;
  /** Proxies whose X-Forwarded-For is believed (http/client-address.ts); empty: none. */
  trustedProxies: string[];
  /** How long a request may wait in all on a body that does not move (http/request-guard.ts): 408 after. */
  bodyStallMs: number;
  /** Requests of one address in flight at once (http/request-guard.ts): 429 past it. */
  maxRequestsPerAddress: number;
  /** Downloads of one address open at once (http/downloads/open-downloads.ts): 429 past it. */
  maxDownloadsPerAddress: number;
  /** TASK_LEASE_SECONDS in ms: a killed process's claim on a task file ends after it (services/tasks/worker.ts). */
  taskLeaseMs: number;
  /** A server task copies a larger file in parts (docs/tasks.md); tests lower it. */
  taskPartsAboveBytes: number;
};

function isProxyList(entries: string[]): boolean {
  try {
    createClientAddress(entries);
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Validates the environment; throws ConfigError naming every bad variable on one line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // One line, so that a container's log shows the whole reason where a supervisor prints the last line.
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const values = parsed.data;
  const dataDir = prepareDataDir(resolve(values.DATA_DIR));
  const databaseUrl = values.DATABASE_URL ?? `file:${join(dataDir, "pastebox.db")}`;
  const host = values.HOST;
  const localHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return {
    port: values.PORT,
    host,
    publicUrl: (values.PUBLIC_URL ?? `http://${localHost}:${values.PORT}`).replace(/\/+$/, ""),
    dataDir,
    databaseUrl: normaliseSqliteUrl(databaseUrl),
    databaseProvider: databaseUrl.startsWith("file:") ? "sqlite" : "postgres",
    secret: values.SECRET ?? readOrCreateSecret(dataDir),
    isSecretFromEnv: values.SECRET !== undefined,
    adminUsername: values.ADMIN_USERNAME,
    adminPassword: values.ADMIN_PASSWORD,
    logLevel: values.LOG_LEVEL,
    accessLog: values.ACCESS_LOG === "true",
    allowPrivateUrls: values.ALLOW_PRIVATE_URLS === "true",
    clientDir: resolve(values.CLIENT_DIR ?? resolve(import.meta.dir, "../dist/client")),
    metricsToken: values.METRICS_TOKEN,
    sso: ssoConfigOf(values),
    trustedProxies: values.TRUSTED_PROXIES,
    bodyStallMs: BODY_STALL_MS,
    maxRequestsPerAddress: MAX_REQUESTS_PER_ADDRESS,
    maxDownloadsPerAddress: MAX_DOWNLOADS_PER_ADDRESS,
    taskLeaseMs: values.TASK_LEASE_SECONDS * 1000,
    taskPartsAboveBytes: TASK_PARTS_ABOVE_BYTES,
  };
}

/** Reads the OIDC_* variables: all of them or none, so a half-made setup stops the start with its name. */
function ssoConfigOf(values: z.output<typeof envSchema>): SsoConfig | null {
  const admin = { subject: values.OIDC_ADMIN_SUBJECT, email: values.OIDC_ADMIN_EMAIL, group: values.OIDC_ADMIN_GROUP };
  const hasAdminRule = Boolean(admin.subject || admin.email || admin.group);
  if (!values.OIDC_ISSUER) {
    if (values.OIDC_CLIENT_ID || hasAdminRule)
      throw new ConfigError("Invalid configuration: OIDC_ISSUER: required by the other OIDC_ variables");
    return null;
  }
  if (!values.OIDC_CLIENT_ID) throw new ConfigError("Invalid configuration: OIDC_CLIENT_ID: required with OIDC_ISSUER");
  if (!hasAdminRule) {
    throw new ConfigError(
      "Invalid configuration: OIDC_ADMIN_SUBJECT: name the admin with OIDC_ADMIN_SUBJECT, OIDC_ADMIN_EMAIL or OIDC_ADMIN_GROUP",
    );
  }
  const scopes = values.OIDC_SCOPES.split(/\s+/).filter(Boolean);
  if (!scopes.includes("openid")) scopes.unshift("openid");
  return {
    issuer: values.OIDC_ISSUER,
    clientId: values.OIDC_CLIENT_ID,
    clientSecret: values.OIDC_CLIENT_SECRET,
    name: values.OIDC_NAME,
    scopes: scopes.join(" "),
    admin,
    groupsClaim: values.OIDC_GROUPS_CLAIM,
  };
}

/**
 * Creates the data directory if needed and checks that this process may write there, so that a volume
 * mounted read-only or owned by another user stops the start with its name rather than a stack trace
 * from the first write.
 */
function prepareDataDir(dataDir: string): string {
  const who = typeof process.getuid === "function" ? ` (uid ${process.getuid()})` : "";
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(
      `DATA_DIR: cannot create ${dataDir}${who}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
  try {
    accessSync(dataDir, constants.W_OK | constants.X_OK);
  } catch {
    throw new ConfigError(
      `DATA_DIR: ${dataDir} is not writable${who}; give it to that user or mount a writable volume`,
    );
  }
  return dataDir;
}

/** A relative SQLite path is resolved against the working directory, once, so every part agrees. */
function normaliseSqliteUrl(url: string): string {
  if (!url.startsWith("file:")) return url;
  return `file:${resolve(url.slice("file:".length))}`;
}

/** The app secret is generated on first start and kept in the data directory (docs/rules.md). */
function readOrCreateSecret(dataDir: string): string {
  const path = join(dataDir, "secret.key");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}
