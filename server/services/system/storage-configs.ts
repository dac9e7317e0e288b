// Storage configs: CRUD with secrets encrypted at rest and masked in answers, one default, delete
// refused while files or mounts use a config, and a real test (write, read, list, delete a probe
// object, then whether the bucket's CORS lets the browser upload directly).

import { LOCAL_PROVIDER } from "@shared/constants";
import {
  type createStorageConfigInput,
  SECRET_MASK,
  type StorageConfigView,
  type StorageTestResult,
  type updateStorageConfigInput,
} from "@shared/schemas/admin/storage";
import type { z } from "zod";
import { encryptSecret } from "../../crypto";
import type { Database } from "../../db/client";
import { AppError, describeError } from "../../errors";
import type { StorageConfigRow, StorageService } from "../../storage";
import { storageConfigDriverSelect } from "../../storage";
import type { CorsRule, StorageDriver } from "../../storage/driver";
import { RECOUNT_STALE_MS, storageUsageSelect } from "../../storage/usage";
import { discardUnfinishedUploads } from "../shares/upload/uploads";
import { usedBytes } from "../uploads/upload-limits";

export type StorageConfigDeps = {
  db: Database;
  storage: StorageService;
  config: { secret: string; publicUrl: string };
};

const configSelect = {
  ...storageConfigDriverSelect,
  name: true,
  defaultFolder: true,
  shareFolder: true,
  isPublic: true,
  isDefault: true,
  totalStorageBytes: true,
  customHost: true,
  signatureExpiresIn: true,
  createdAt: true,
  lastUsedAt: true,
  credentialsError: true,
  credentialsCheckedAt: true,
  usage: { select: storageUsageSelect },
} as const;

/** The driver's fields (storage/index.ts) and what the admin's view shows beside them. */
type ConfigRow = StorageConfigRow & {
  defaultFolder: string;
  shareFolder: string;
  isPublic: boolean;
  isDefault: boolean;
  totalStorageBytes: bigint | null;
  customHost: string | null;
  signatureExpiresIn: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  credentialsError: string | null;
  credentialsCheckedAt: Date | null;
  usage: StorageUsageRow | null;
};

type StorageUsageRow = {
  countedAt: Date | null;
  countedObjects: number;
  recountStatus: string;
  recountObjects: number;
  recountBytes: bigint;
  recountStartedAt: Date | null;
  recountHeartbeatAt: Date | null;
  recountError: string | null;
};

function toUsageView(usage: StorageUsageRow | null): StorageConfigView["usage"] {
  // A recount whose server died mid-walk shows as failed; starting one again takes over.
  const isStalled =
    usage?.recountStatus === "running" &&
    (usage.recountHeartbeatAt === null || Date.now() - usage.recountHeartbeatAt.getTime() > RECOUNT_STALE_MS);
  const status = isStalled
    ? "failed"
    : usage?.recountStatus === "running" || usage?.recountStatus === "failed"
      ? usage.recountStatus
      : "idle";
  return {
    counted_at: usage?.countedAt ?? null,
    counted_objects: usage?.countedObjects ?? 0,
    recount: {
      status,
      objects: usage?.recountObjects ?? 0,
      bytes: Number(usage?.recountBytes ?? 0n),
      started_at: usage?.recountStartedAt ?? null,
      error: isStalled
        ? "errors.recountStalled"
        : status === "failed"
          ? (usage?.recountError ?? "errors.recountFailed")
          : null,
    },
  };
}

async function toView(db: Database, row: ConfigRow): Promise<StorageConfigView> {
  return {
    id: row.id,
    name: row.name,
    provider_type: row.providerType,
    endpoint_url: row.endpointUrl,
    bucket_name: row.bucketName,
    region: row.region,
    access_key_id: row.accessKeyId,
    secret_access_key: row.secretAccessKeyEnc ? SECRET_MASK : null,
    has_secret: row.secretAccessKeyEnc !== null,
    path_style: row.pathStyle,
    default_folder: row.defaultFolder,
    share_folder: row.shareFolder,
    root_path: row.rootPath,
    is_public: row.isPublic,
    is_default: row.isDefault,
    total_storage_bytes: row.totalStorageBytes === null ? null : Number(row.totalStorageBytes),
    used_storage_bytes: await usedBytes(db, row.id),
    usage: toUsageView(row.usage),
    custom_host: row.customHost,
    signature_expires_in: row.signatureExpiresIn,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    last_used: row.lastUsedAt,
    credentials_error: row.credentialsError,
    credentials_checked_at: row.credentialsCheckedAt,
  };
}

/**
 * The storage configs a caller may see. The admin sees every config whole (secrets masked). An API key
 * (file permission, to choose where an upload goes) sees only the public ones, and none of their
 * infrastructure: no endpoint, access key id or local directory.
 */
export async function listStorageConfigs(db: Database, caller: "admin" | "apikey") {
  const rows = await db.storageConfig.findMany({
    where: caller === "apikey" ? { isPublic: true } : undefined,
    select: configSelect,
    orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }],
  });
  const views = await Promise.all(rows.map((row) => toView(db, row)));
  return views.map((view) => viewFor(caller, view));
}

/** What a caller may see of a config it may see: API keys get none of its infrastructure. */
function viewFor(caller: "admin" | "apikey", view: StorageConfigView): StorageConfigView {
  if (caller === "admin") return view;
  return { ...view, endpoint_url: null, access_key_id: null, root_path: null, credentials_error: null };
}

async function findConfig(db: Database, id: string): Promise<ConfigRow> {
  const row = await db.storageConfig.findUnique({ where: { id }, select: configSelect });
  if (!row) throw new AppError("NOT_FOUND", "errors.storageConfigNotFound");
  return row;
}

/** One config, as listStorageConfigs shows it to the caller; a config an API key may not see is not found. */
export async function getStorageConfig(db: Database, id: string, caller: "admin" | "apikey") {
  const row = await findConfig(db, id);
  if (caller === "apikey" && !row.isPublic) throw new AppError("NOT_FOUND", "errors.storageConfigNotFound");
  return viewFor(caller, await toView(db, row));
}

/** A secret field: absent, empty or the mask keeps the stored value; anything else replaces it. */
function secretUpdate(appSecret: string, secret: string | null | undefined): string | undefined {
  if (secret === undefined || secret === null || secret === "" || secret === SECRET_MASK) return undefined;
  return encryptSecret(appSecret, secret);
}

export async function createStorageConfig(
  { db, config, storage }: StorageConfigDeps,
  createdBy: string,
  input: z.output<typeof createStorageConfigInput>,
) {
  const isFirst = (await db.storageConfig.count()) === 0;
  const row = await db.storageConfig.create({
    data: {
      name: input.name,
      providerType: input.provider_type,
      endpointUrl: input.endpoint_url,
      bucketName: input.bucket_name || null,
      region: input.region || null,
      accessKeyId: input.access_key_id || null,
      secretAccessKeyEnc: secretUpdate(config.secret, input.secret_access_key) ?? null,
      pathStyle: input.path_style,
      defaultFolder: input.default_folder,
      shareFolder: input.share_folder,
      rootPath: input.provider_type === LOCAL_PROVIDER ? (input.root_path ?? null) : null,
      isPublic: input.is_public,
      isDefault: isFirst,
      totalStorageBytes: input.total_storage_bytes == null ? null : BigInt(input.total_storage_bytes),
      customHost: input.custom_host,
      signatureExpiresIn: input.signature_expires_in,
      createdBy,
      // A new storage starts at 0 bytes known; a recount counts what it already holds.
      usage: { create: {} },
    },
    select: configSelect,
  });
  storage.forgetOrigins();
  return toView(db, row);
}

export async function updateStorageConfig(
  { db, config, storage }: StorageConfigDeps,
  input: z.output<typeof updateStorageConfigInput>,
) {
  const existing = await findConfig(db, input.id);
  const providerType = input.provider_type ?? existing.providerType;
  const merged = {
    bucketName: input.bucket_name === undefined ? existing.bucketName : input.bucket_name || null,
    accessKeyId: input.access_key_id === undefined ? existing.accessKeyId : input.access_key_id || null,
    secret: secretUpdate(config.secret, input.secret_access_key) ?? existing.secretAccessKeyEnc,
    rootPath: input.root_path === undefined ? existing.rootPath : input.root_path || null,
  };
  // The same completeness rules as on creation, on the merged result.
  if (providerType === LOCAL_PROVIDER) {
    if (!merged.rootPath?.startsWith("/")) throw new AppError("BAD_REQUEST", "errors.rootPathRequired");
  } else if (!merged.bucketName || !merged.accessKeyId || !merged.secret) {
    throw new AppError("BAD_REQUEST", "errors.storageMisconfigured");
  }
  const row = await db.storageConfig.update({
    where: { id: input.id },
    data: {
      name: input.name,
      providerType,
      endpointUrl: input.endpoint_url === undefined ? undefined : input.endpoint_url,
      bucketName: merged.bucketName,
      region: input.region === undefined ? undefined : input.region || null,
      accessKeyId: merged.accessKeyId,
      secretAccessKeyEnc: merged.secret,
      pathStyle: input.path_style,
      defaultFolder: input.default_folder,
      shareFolder: input.share_folder,
      rootPath: providerType === LOCAL_PROVIDER ? merged.rootPath : null,
      isPublic: input.is_public,
      totalStorageBytes:
        input.total_storage_bytes === undefined
          ? undefined
          : input.total_storage_bytes === null
            ? null
            : BigInt(input.total_storage_bytes),
      customHost: input.custom_host === undefined ? undefined : input.custom_host,
      signatureExpiresIn: input.signature_expires_in,
      // New credentials have not failed yet: the mark waits for the next check.
      ...(merged.accessKeyId !== existing.accessKeyId || merged.secret !== existing.secretAccessKeyEnc
        ? { credentialsError: null, credentialsCheckedAt: null }
        : {}),
    },
    select: configSelect,
  });
  storage.forgetOrigins();
  return toView(db, row);
}

export async function setDefaultStorageConfig(db: Database, id: string) {
  await findConfig(db, id);
  await db.$transaction([
    db.storageConfig.updateMany({ where: { isDefault: true, id: { not: id } }, data: { isDefault: false } }),
    db.storageConfig.update({ where: { id }, data: { isDefault: true }, select: { id: true } }),
  ]);
  return getStorageConfig(db, id, "admin");
}

export async function deleteStorageConfig(deps: StorageConfigDeps, id: string) {
  const { db } = deps;
  const row = await findConfig(db, id);
  const [files, mounts] = await Promise.all([
    db.fileShare.count({ where: { storageConfigId: id, status: { not: "uploading" } } }),
    db.mount.count({ where: { storageConfigId: id } }),
  ]);
  if (files > 0 || mounts > 0) throw new AppError("CONFLICT", "errors.storageConfigInUse", { files, mounts });
  // Unfinished uploads are not shares anyone can open: they go with the config instead of blocking it.
  await discardUnfinishedUploads(deps, id);
  await db.storageConfig.delete({ where: { id }, select: { id: true } });
  deps.storage.forgetOrigins();
  if (row.isDefault) {
    const next = await db.storageConfig.findFirst({ orderBy: { createdAt: "asc" }, select: { id: true } });
    if (next)
      await db.storageConfig.update({ where: { id: next.id }, data: { isDefault: true }, select: { id: true } });
  }
  return { deleted: 1 };
}

function describeFailure(error: unknown): string {
  if (error instanceof AppError) return describeError(error).message;
  const named = error as { name?: string; message?: string };
  return [named.name, named.message].filter(Boolean).join(": ").slice(0, 300) || "unknown error";
}

async function timed(step: StorageTestResult["result"]["steps"][number]["step"], run: () => Promise<void>) {
  const started = performance.now();
  try {
    await run();
    return { step, ok: true, ms: Math.round(performance.now() - started), error: null };
  } catch (error) {
    return { step, ok: false, ms: Math.round(performance.now() - started), error: describeFailure(error) };
  }
}

/** True when some rule lets `origin` PUT with any headers (what the upload screen sends). */
export function corsAllowsBrowserUpload(rules: CorsRule[], origin: string): boolean {
  return rules.some(
    (rule) =>
      rule.allowedOrigins.some((allowed) => allowed === "*" || allowed === origin) &&
      rule.allowedMethods.some((method) => method.toUpperCase() === "PUT") &&
      rule.allowedHeaders.some((header) => header === "*" || header.toLowerCase() === "content-type"),
  );
}

export function suggestedCorsRule(origin: string): string {
  return JSON.stringify(
    [
      {
        AllowedOrigins: [origin],
        AllowedMethods: ["GET", "HEAD", "PUT", "POST"],
        AllowedHeaders: ["*"],
        ExposeHeaders: ["ETag"],
        MaxAgeSeconds: 3600,
      },
    ],
    null,
    2,
  );
}

async function runStorageTest(driver: StorageDriver, folder: string, publicUrl: string): Promise<StorageTestResult> {
  const key = [folder, `.pastebox-probe-${crypto.randomUUID()}.txt`].filter(Boolean).join("/");
  const body = `pastebox storage test ${new Date().toISOString()}`;
  const steps = [
    await timed("write", async () => {
      await driver.put(key, body, { contentType: "text/plain" });
    }),
  ];
  steps.push(
    await timed("read", async () => {
      const text = await new Response((await driver.get(key)).body).text();
      if (text !== body) throw new Error("read back different content");
    }),
  );
  steps.push(
    await timed("list", async () => {
      const listing = await driver.list(key);
      if (!listing.objects.some((object) => object.key === key))
        throw new Error("the probe is missing from the listing");
    }),
  );
  steps.push(
    await timed("delete", async () => {
      await driver.delete(key);
      if (await driver.head(key)) throw new Error("the probe is still there after delete");
    }),
  );
  const origin = new URL(publicUrl).origin;
  let cors: StorageTestResult["result"]["cors"];
  try {
    const rules = await driver.getCorsRules();
    if (rules === undefined) {
      cors = { applicable: false, allows_browser_upload: true, origin, suggested_rule: null, error: null };
    } else {
      const allows = rules !== null && corsAllowsBrowserUpload(rules, origin);
      cors = {
        applicable: true,
        allows_browser_upload: allows,
        origin,
        suggested_rule: allows ? null : suggestedCorsRule(origin),
        error: null,
      };
    }
  } catch (error) {
    cors = {
      applicable: true,
      allows_browser_upload: null,
      origin,
      suggested_rule: suggestedCorsRule(origin),
      error: describeFailure(error),
    };
  }
  return { success: steps.every((step) => step.ok), result: { steps, cors } };
}

export async function testStorageConfig(deps: StorageConfigDeps, id: string) {
  const row = await findConfig(deps.db, id);
  let driver: StorageDriver;
  try {
    driver = await deps.storage.driverFor(id);
  } catch (error) {
    const failed = (step: "write" | "read" | "list" | "delete") => ({
      step,
      ok: false,
      ms: 0,
      error: describeFailure(error),
    });
    const origin = new URL(deps.config.publicUrl).origin;
    const result = {
      success: false,
      result: {
        steps: [failed("write"), failed("read"), failed("list"), failed("delete")],
        cors: { applicable: false, allows_browser_upload: null, origin, suggested_rule: null, error: null },
      },
    };
    await markCredentials(deps.db, id, describeFailure(error));
    return result;
  }
  const result = await runStorageTest(driver, row.defaultFolder, deps.config.publicUrl);
  await markCredentials(deps.db, id, result.result.steps.find((step) => !step.ok)?.error ?? null);
  return result;
}

/** Records the outcome of a credentials check: the config shows the failure until a check passes. */
export async function markCredentials(db: Database, id: string, error: string | null): Promise<void> {
  await db.storageConfig.updateMany({
    where: { id },
    data: { credentialsError: error, credentialsCheckedAt: new Date() },
  });
}

/**
 * Starts a recount of what the storage holds (docs/storage-usage.md): the walk goes on in the
 * background and the config's `usage.recount` shows its progress; its result replaces the record.
 */
export async function recountStorage(deps: StorageConfigDeps, id: string) {
  await findConfig(deps.db, id);
  if (!(await deps.storage.startRecount(id))) throw new AppError("CONFLICT", "errors.recountRunning");
  return getStorageConfig(deps.db, id, "admin");
}
