// Brings a CloudPaste install's data in (docs/backup.md, "Importing from CloudPaste"): pastes and
// file shares with their slugs, counts, limits, expiry and passwords; S3 storage configs with their
// credentials (recovered from CloudPaste's reversible "encrypted:" form, stored encrypted under our
// secret); mounts; API keys (hashed our way, so the same key keeps working); the settings that have a place here. Each item is imported on its
// own, keeping CloudPaste's id, so a second run finds it and skips it; a slug, name or path already
// taken by something else is a conflict for that item only. What has no place here is listed.
import { WEBDAV_UPLOAD_MODES } from "@shared/schemas/admin/settings";
import { S3_PROVIDERS } from "@shared/schemas/admin/storage";
import { encryptSecret } from "../../../crypto";
import { settleAfterBulkWrite } from "../../../db/after-bulk-write";
import type { Database } from "../../../db/client";
import { translate } from "../../../i18n";
import { createLazyS3Driver } from "../../../storage/s3/s3-lazy";
import { displayPrefix } from "../../auth/api-keys";
import { hashApiKey } from "../../auth/sessions";
import { pasteSummaryColumns } from "../../pastes/paste-summary";
import { hashSharePassword } from "../../shares/delivery";
import { getSystemSettings, updateSystemSettings } from "../../system/settings";
import { markCredentials } from "../../system/storage-configs";
import { type CloudPasteData, type CloudPasteRow, IMPORTED_TABLES } from "./source";

export type ImportAction = "import" | "skip" | "conflict" | "change";
export type ImportItem = { kind: string; name: string; action: ImportAction; note?: string };
export type ImportReport = { dryRun: boolean; items: ImportItem[]; unmapped: string[] };

/** The report's notes, in the language of the request that imports (English from the CLI). */
const say = {
  note: (key: string, params?: Record<string, unknown>) => translate(`cloudPasteImport.notes.${key}`, params),
  unmapped: (key: string, params?: Record<string, unknown>) => translate(`cloudPasteImport.unmapped.${key}`, params),
  /** A column of a storage config or mount with no place here, and its value. */
  value: (kind: "storage" | "mount", name: string, field: string, value: unknown) =>
    translate(`cloudPasteImport.unmapped.${kind}Value`, { name, field, value: JSON.stringify(value) }),
};

/** How long the import waits for a storage to answer the check of its credentials. */
const CREDENTIALS_CHECK_MS = 10_000;

/**
 * Lists one key under the storage's folder with the credentials CloudPaste held: null when they work,
 * else the failure's words. Read-only, so a dry run checks too; a storage that does not answer in time
 * counts as failing (the import goes on either way).
 */
async function credentialsFailure(options: Parameters<typeof createLazyS3Driver>[0], prefix: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CREDENTIALS_CHECK_MS / 1000} s`)),
      CREDENTIALS_CHECK_MS,
    );
  });
  try {
    await Promise.race([createLazyS3Driver(options).list(prefix, { maxKeys: 1 }), timeout]);
    return null;
  } catch (error) {
    const named = error as { name?: string; message?: string };
    return [named.name, named.message].filter(Boolean).join(": ").slice(0, 300) || "unknown error";
  } finally {
    clearTimeout(timer);
  }
}

const NEVER = "9999-12-31";
const PERMISSION = {
  text: 1,
  file: 2,
  textManage: 4,
  fileManage: 8,
  mountView: 256,
  mountWrites: 512 | 1024 | 2048 | 4096,
};
/** Tables that describe CloudPaste's own running state: never imported. */
const IGNORED_TABLES = new Set([
  "admin_tokens",
  "schema_migrations",
  "metrics_cache",
  "tasks",
  "scheduled_jobs",
  "scheduled_job_runs",
  "upload_sessions",
  "upload_parts",
  "vfs_nodes",
  "principal_storage_acl",
]);
const HANDLED_TABLES = new Set<string>(IMPORTED_TABLES);

/** CloudPaste times: ISO strings, or SQLite's "YYYY-MM-DD HH:MM:SS" meaning UTC. */
export function cloudPasteTime(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return new Date(value);
  const text = String(value);
  const normalised = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text) ? `${text.replace(" ", "T")}Z` : text;
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An "encrypted:<hmac>:<base64>" value's plaintext (no key needed), a plain value as is, null if malformed. */
export function revealCloudPasteSecret(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  if (!value.startsWith("encrypted:")) return value;
  const parts = value.split(":");
  if (parts.length !== 3 || !parts[2]) return null;
  return Buffer.from(parts[2], "base64").toString("utf8");
}

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function flag(value: unknown): boolean {
  return value === 1 || value === true || value === "1" || value === "true";
}

function trimFolder(value: unknown): string {
  return String(value ?? "")
    .replace(/^\/+|\/+$/g, "")
    .trim();
}

type StorageSource = { id: string; name: string; type: string; settings: CloudPasteRow; row: CloudPasteRow };

function storageSources(data: CloudPasteData): StorageSource[] {
  // An upgraded database keeps the stale s3_configs beside storage_configs: the latter wins.
  if (data.tables.storage_configs) {
    return data.tables.storage_configs.map((row) => {
      let settings: CloudPasteRow = {};
      try {
        settings = JSON.parse(String(row.config_json ?? "{}"));
      } catch {}
      return { id: String(row.id), name: String(row.name), type: String(row.storage_type ?? "S3"), settings, row };
    });
  }
  return (data.tables.s3_configs ?? []).map((row) => ({
    id: String(row.id),
    name: String(row.name),
    type: "S3",
    settings: row,
    row,
  }));
}

export async function importCloudPaste(
  deps: { db: Database; secret: string },
  data: CloudPasteData,
  options: { dryRun?: boolean } = {},
): Promise<ImportReport> {
  const { db, secret } = deps;
  const dryRun = options.dryRun === true;
  const items: ImportItem[] = [];
  const unmapped: string[] = [];
  const note = (item: ImportItem) => items.push(item);
  /**
   * Leaves a row out for the first reason that holds, checked in order (its id already imported, its
   * storage not imported, its name taken): notes it and answers true; false when none holds.
   */
  const leftOut = async (
    kind: string,
    name: string,
    reasons: [action: "skip" | "conflict", noteKey: string, holds: () => unknown][],
  ) => {
    for (const [action, noteKey, holds] of reasons) {
      if (!(await holds())) continue;
      note({ kind, name, action, note: say.note(noteKey) });
      return true;
    }
    return false;
  };
  const admin = await db.admin.findFirst({ select: { id: true }, orderBy: { createdAt: "asc" } });
  const adminCreator = `admin:${admin?.id ?? "unknown"}`;

  for (const table of Object.keys(data.tables)) {
    if (IGNORED_TABLES.has(table)) {
      if ((data.tables[table]?.length ?? 0) > 0) unmapped.push(say.unmapped("ownTable", { table }));
    } else if (!HANDLED_TABLES.has(table)) {
      unmapped.push(say.unmapped("unknownTable", { table }));
    }
  }
  for (const row of data.tables.admins ?? []) {
    note({
      kind: "admin",
      name: String(row.username),
      action: "skip",
      note: say.note("adminPassword"),
    });
  }
  if ((data.tables.fs_meta?.length ?? 0) > 0) {
    unmapped.push(say.unmapped("fsMeta", { count: data.tables.fs_meta?.length }));
  }

  // Storage configs first: files and mounts point at them.
  const storageIds = new Set<string>();
  for (const source of storageSources(data)) {
    const s = source.settings;
    if (source.type !== "S3") {
      note({
        kind: "storage",
        name: source.name,
        action: "skip",
        note: say.note("storageUnsupported", { type: source.type }),
      });
      continue;
    }
    const accessKeyId = revealCloudPasteSecret(s.access_key_id);
    const secretKey = revealCloudPasteSecret(s.secret_access_key);
    const existing = await db.storageConfig.findUnique({ where: { id: source.id }, select: { id: true } });
    if (existing) {
      storageIds.add(source.id);
      note({ kind: "storage", name: source.name, action: "skip", note: say.note("alreadyImported") });
      continue;
    }
    if (accessKeyId === null || secretKey === null) {
      note({ kind: "storage", name: source.name, action: "skip", note: say.note("placeholderCredentials") });
      continue;
    }
    const providerType = (S3_PROVIDERS as readonly string[]).includes(String(s.provider_type))
      ? String(s.provider_type)
      : "Other S3 Compatible";
    const changes: string[] = [];
    if (providerType !== s.provider_type)
      changes.push(say.note("providerChanged", { from: s.provider_type, to: providerType }));
    if (flag(source.row.is_default)) changes.push(say.note("notDefault"));
    for (const field of ["url_proxy", "remark"]) {
      if (source.row[field]) unmapped.push(say.value("storage", source.name, field, source.row[field]));
    }
    const defaultFolder = trimFolder(s.default_folder);
    // Imported either way, but marked and reported: the admin fixes the keys in Storage settings.
    const failure = await credentialsFailure(
      {
        endpoint: text(s.endpoint_url) ?? undefined,
        region: text(s.region) ?? "auto",
        bucket: text(s.bucket_name) ?? "",
        accessKeyId,
        secretAccessKey: secretKey,
        forcePathStyle: flag(s.path_style),
      },
      defaultFolder ? `${defaultFolder}/` : "",
    );
    if (failure) changes.push(say.note("credentialsFail", { error: failure }));
    if (!dryRun) {
      await db.storageConfig.create({
        data: {
          id: source.id,
          name: source.name,
          providerType,
          endpointUrl: text(s.endpoint_url),
          bucketName: text(s.bucket_name),
          region: text(s.region),
          accessKeyId,
          secretAccessKeyEnc: encryptSecret(secret, secretKey),
          pathStyle: flag(s.path_style),
          defaultFolder,
          // CloudPaste stored shares under the default folder: keep them there.
          shareFolder: defaultFolder || "shares",
          isPublic: flag(source.row.is_public ?? s.is_public),
          isDefault: false,
          totalStorageBytes: s.total_storage_bytes == null ? null : BigInt(Number(s.total_storage_bytes)),
          customHost: text(s.custom_host),
          signatureExpiresIn: Number(s.signature_expires_in ?? 3600) || 3600,
          createdBy: adminCreator,
          createdAt: cloudPasteTime(source.row.created_at) ?? new Date(),
          lastUsedAt: cloudPasteTime(source.row.last_used),
        },
        select: { id: true },
      });
      await markCredentials(db, source.id, failure);
    }
    storageIds.add(source.id);
    note({
      kind: "storage",
      name: source.name,
      action: changes.length > 0 ? "change" : "import",
      note: changes.join("; ") || undefined,
    });
  }

  // API keys: plaintext in CloudPaste, so hashed here and the same key keeps authenticating.
  const keyIds = new Set<string>();
  for (const row of data.tables.api_keys ?? []) {
    const id = String(row.id);
    const name = String(row.name);
    const key = String(row.key ?? "");
    if (row.role === "GUEST" || (name === "guest" && key === "guest")) {
      note({ kind: "apiKey", name, action: "skip", note: say.note("guestKey") });
      continue;
    }
    if ("is_enable" in row && !flag(row.is_enable)) {
      note({ kind: "apiKey", name, action: "skip", note: say.note("disabledKey") });
      continue;
    }
    if (await db.apiKey.findUnique({ where: { id }, select: { id: true } })) {
      keyIds.add(id);
      note({ kind: "apiKey", name, action: "skip", note: say.note("alreadyImported") });
      continue;
    }
    const keyHash = hashApiKey(secret, key);
    if (await db.apiKey.findFirst({ where: { OR: [{ name }, { keyHash }] }, select: { id: true } })) {
      note({ kind: "apiKey", name, action: "conflict", note: say.note("keyExists") });
      continue;
    }
    let text_ = flag(row.text_permission);
    let file = flag(row.file_permission);
    let mount = flag(row.mount_permission);
    let mountReadOnly = false;
    if (typeof row.permissions === "number") {
      const bits = row.permissions;
      text_ = (bits & (PERMISSION.text | PERMISSION.textManage)) !== 0;
      file = (bits & (PERMISSION.file | PERMISSION.fileManage)) !== 0;
      mount = (bits & PERMISSION.mountView) !== 0;
      mountReadOnly = mount && (bits & PERMISSION.mountWrites) === 0;
      if (bits & (65536 | 131072)) unmapped.push(say.unmapped("webdavBits", { name }));
    }
    const expiry = String(row.expires_at ?? "");
    if (!dryRun) {
      await db.apiKey.create({
        data: {
          id,
          name,
          keyHash,
          keyPrefix: displayPrefix(key, true),
          isCustom: true,
          textPermission: text_,
          filePermission: file,
          mountPermission: mount,
          mountReadOnly,
          basicPath: String(row.basic_path ?? "/") || "/",
          expiresAt: expiry.startsWith(NEVER) ? null : cloudPasteTime(expiry),
          lastUsedAt: cloudPasteTime(row.last_used),
          createdAt: cloudPasteTime(row.created_at) ?? new Date(),
        },
        select: { id: true },
      });
    }
    keyIds.add(id);
    note({ kind: "apiKey", name, action: "import" });
  }

  const creatorOf = (createdBy: unknown) => {
    const value = String(createdBy ?? "");
    if (value.startsWith("apikey:") && keyIds.has(value.slice("apikey:".length))) return value;
    return adminCreator;
  };
  const plainOf = (table: string, column: string) =>
    new Map((data.tables[table] ?? []).map((row) => [String(row[column]), String(row.plain_password)]));

  /** Our hash of the share's password, a new password when only CloudPaste's unsalted hash is left. */
  const passwordFor = async (row: CloudPasteRow, plain: string | undefined) => {
    if (!row.password) return { hash: null, replaced: null };
    if (plain !== undefined) return { hash: dryRun ? "" : await hashSharePassword(plain), replaced: null };
    // Never open a protected share to everyone: it gets a new password the admin hands out.
    const fresh = Buffer.from(crypto.getRandomValues(new Uint8Array(9))).toString("base64url");
    return { hash: dryRun ? "" : await hashSharePassword(fresh), replaced: fresh };
  };

  /** What a paste and a file share keep alike: remark, password, expiry, views, creator and age. */
  const shareColumns = (row: CloudPasteRow, passwordHash: string | null) => ({
    remark: text(row.remark),
    passwordHash,
    expiresAt: cloudPasteTime(row.expires_at),
    maxViews: Number(row.max_views ?? 0) || 0,
    views: Number(row.views ?? 0) || 0,
    createdBy: creatorOf(row.created_by),
    createdAt: cloudPasteTime(row.created_at) ?? new Date(),
  });
  /** An imported share, with the new password it got when CloudPaste kept only an unsalted hash. */
  const noteImported = (kind: "paste" | "file", slug: string, replaced: string | null) =>
    note({
      kind,
      name: slug,
      action: replaced ? "change" : "import",
      note: replaced ? say.note("newPassword", { password: replaced }) : undefined,
    });

  const pastePlain = plainOf("paste_passwords", "paste_id");
  for (const row of data.tables.pastes ?? []) {
    const id = String(row.id);
    const slug = String(row.slug);
    const pasteLeftOut = await leftOut("paste", slug, [
      ["skip", "alreadyImported", () => db.paste.findUnique({ where: { id }, select: { id: true } })],
      ["conflict", "pasteExists", () => db.paste.findUnique({ where: { slug }, select: { id: true } })],
    ]);
    if (pasteLeftOut) continue;
    const password = await passwordFor(row, pastePlain.get(id));
    if (row.title && row.title !== slug)
      unmapped.push(say.unmapped("pasteTitle", { slug, title: JSON.stringify(row.title) }));
    if (row.is_public !== undefined && !flag(row.is_public)) unmapped.push(say.unmapped("pasteUnlisted", { slug }));
    if (!dryRun) {
      await db.paste.create({
        data: {
          id,
          slug,
          content: String(row.content ?? ""),
          ...pasteSummaryColumns(String(row.content ?? ""), false),
          format: "markdown",
          ...shareColumns(row, password.hash),
        },
        select: { id: true },
      });
    }
    noteImported("paste", slug, password.replaced);
  }

  const filePlain = plainOf("file_passwords", "file_id");
  for (const row of data.tables.files ?? []) {
    const id = String(row.id);
    const slug = String(row.slug);
    const storageId = String(row.storage_config_id ?? row.s3_config_id ?? "");
    const fileLeftOut = await leftOut("file", slug, [
      ["skip", "alreadyImported", () => db.fileShare.findUnique({ where: { id }, select: { id: true } })],
      ["skip", "storageNotImported", () => !storageIds.has(storageId)],
      ["conflict", "fileExists", () => db.fileShare.findUnique({ where: { slug }, select: { id: true } })],
    ]);
    if (fileLeftOut) continue;
    const password = await passwordFor(row, filePlain.get(id));
    if (!dryRun) {
      await db.fileShare.create({
        data: {
          id,
          slug,
          filename: String(row.filename ?? slug),
          mimetype: String(row.mimetype ?? "application/octet-stream"),
          size: BigInt(Number(row.size ?? 0) || 0),
          storageConfigId: storageId,
          storagePath: String(row.storage_path ?? ""),
          s3Url: text(row.s3_url),
          etag: text(row.etag),
          useProxy: flag(row.use_proxy),
          status: "ready",
          ...shareColumns(row, password.hash),
        },
        select: { id: true },
      });
    }
    noteImported("file", slug, password.replaced);
  }

  for (const row of data.tables.storage_mounts ?? []) {
    const id = String(row.id);
    const mountPath = String(row.mount_path);
    const storageId = String(row.storage_config_id ?? "");
    const mountLeftOut = await leftOut("mount", mountPath, [
      ["skip", "alreadyImported", () => db.mount.findUnique({ where: { id }, select: { id: true } })],
      ["skip", "storageNotImported", () => !storageIds.has(storageId)],
      ["conflict", "mountExists", () => db.mount.findUnique({ where: { mountPath }, select: { id: true } })],
    ]);
    if (mountLeftOut) continue;
    for (const field of [
      "web_proxy",
      "webdav_policy",
      "enable_sign",
      "sign_expires",
      "enable_folder_summary_compute",
    ]) {
      if (row[field] !== undefined && row[field] !== null && row[field] !== 0 && row[field] !== "302_redirect") {
        unmapped.push(say.value("mount", mountPath, field, row[field]));
      }
    }
    if (!dryRun) {
      await db.mount.create({
        data: {
          id,
          name: String(row.name ?? mountPath),
          mountPath,
          storageType: "S3",
          storageConfigId: storageId,
          folder: "",
          remark: text(row.remark),
          isActive: row.is_active === undefined ? true : flag(row.is_active),
          sortOrder: Number(row.sort_order ?? 0) || 0,
          cacheTtl: Number(row.cache_ttl ?? 300) || 300,
          createdBy: adminCreator,
          createdAt: cloudPasteTime(row.created_at) ?? new Date(),
        },
        select: { id: true },
      });
    }
    note({ kind: "mount", name: mountPath, action: "import" });
  }

  // Settings: the latest row per key (a schema.sql D1 database may hold a key twice).
  const settings = new Map<string, CloudPasteRow>();
  for (const row of data.tables.system_settings ?? []) {
    const key = String(row.key);
    const before = settings.get(key);
    if (!before || String(row.updated_at ?? "") >= String(before.updated_at ?? "")) settings.set(key, row);
  }
  const current = await getSystemSettings(db);
  const update: { max_upload_size?: number; webdav_upload_mode?: (typeof WEBDAV_UPLOAD_MODES)[number] } = {};
  for (const [key, row] of settings) {
    const value = String(row.value ?? "");
    if (key === "max_upload_size" && Number(value) > 0) {
      const same = current.max_upload_size === Number(value);
      if (!same) update.max_upload_size = Number(value);
      note({
        kind: "setting",
        name: key,
        action: same ? "skip" : "import",
        note: same ? say.note("alreadySet") : `${value} MB`,
      });
    } else if (key === "webdav_upload_mode" && (WEBDAV_UPLOAD_MODES as readonly string[]).includes(value)) {
      const same = current.webdav_upload_mode === value;
      if (!same) update.webdav_upload_mode = value as (typeof WEBDAV_UPLOAD_MODES)[number];
      note({
        kind: "setting",
        name: key,
        action: same ? "skip" : "import",
        note: same ? say.note("alreadySet") : value,
      });
    } else if (!["schema_version", "db_initialized"].includes(key) && !key.startsWith("migration_")) {
      unmapped.push(
        say.unmapped("setting", { key, value: JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value) }),
      );
    }
  }
  if (!dryRun && Object.keys(update).length > 0) await updateSystemSettings(db, update);
  if (!dryRun) await settleAfterBulkWrite(db);

  return { dryRun, items, unmapped };
}

/** The report as the CLI prints it: one line per item, then the values with no place here. */
export function formatImportReport(report: ImportReport): string {
  const verb: Record<ImportAction, string> = report.dryRun
    ? { import: "would import", skip: "would skip", conflict: "conflict", change: "would import, changed" }
    : { import: "imported", skip: "skipped", conflict: "conflict", change: "imported, changed" };
  const lines = report.items.map(
    (item) => `  ${verb[item.action]}: ${item.kind} ${item.name}${item.note ? ` (${item.note})` : ""}`,
  );
  const counts = (action: ImportAction) => report.items.filter((item) => item.action === action).length;
  lines.push(
    `${report.dryRun ? "Dry run: nothing was written. " : ""}${counts("import") + counts("change")} to import, ${counts("skip")} skipped, ${counts("conflict")} conflicts.`,
  );
  if (report.unmapped.length > 0) {
    lines.push("CloudPaste values with no place in Pastebox (not imported):");
    for (const line of report.unmapped) lines.push(`  ${line}`);
  }
  return lines.join("\n");
}
