// The Pastebox backup archive (docs/backup.md): a tar stream of a header, the database's rows as
// superjson lines in bounded chunks, the objects of local storage configs, and a manifest last that
// holds a SHA-256 per entry. Writer (create.ts) and reader (restore.ts) share these names and rules.
import { readdirSync } from "node:fs";
import { z } from "zod";
import type { Prisma } from "../../db/generated/sqlite/client";
import { migrationsDirFor } from "../../db/migrate";

export const ARCHIVE_FORMAT = "pastebox-backup";
/** Bumped when a reader of an older version could not restore what this version writes. */
export const FORMAT_VERSION = 1;
export const HEADER_ENTRY = "pastebox-backup.json";
export const MANIFEST_ENTRY = "manifest.json";
export const DB_PREFIX = "db/";
export const OBJECTS_PREFIX = "objects/";
/** Rows per db entry: each entry is built in memory before it is written, so this bounds memory. */
export const ROWS_PER_ENTRY = 500;

/**
 * Every table, parents before children (the order rows are inserted in; deleted in reverse), with
 * the columns that order its rows. A model missing here is neither backed up nor restored: the test
 * "every model is backed up or deliberately left out" fails until it is added to one of the lists.
 */
export const BACKED_UP_MODELS = [
  { model: "Admin", orderBy: ["id"] },
  { model: "AdminAppPassword", orderBy: ["id"] },
  { model: "AdminSession", orderBy: ["id"] },
  { model: "AdminRecoveryCode", orderBy: ["id"] },
  { model: "AdminPasskey", orderBy: ["id"] },
  { model: "AuditEvent", orderBy: ["id"] },
  { model: "ApiKey", orderBy: ["id"] },
  { model: "ApiKeySession", orderBy: ["id"] },
  { model: "Paste", orderBy: ["id"] },
  { model: "StorageConfig", orderBy: ["id"] },
  { model: "StorageUsage", orderBy: ["storageConfigId"] },
  { model: "ShareSet", orderBy: ["id"] },
  { model: "FileShare", orderBy: ["id"] },
  { model: "PathShare", orderBy: ["id"] },
  { model: "UploadRequest", orderBy: ["id"] },
  { model: "UploadRequestFile", orderBy: ["id"] },
  { model: "UploadRequestDelivery", orderBy: ["id"] },
  { model: "Mount", orderBy: ["id"] },
  { model: "SystemSetting", orderBy: ["key"] },
  { model: "DavLock", orderBy: ["token"] },
  { model: "DavProperty", orderBy: ["path", "namespace", "name"] },
  { model: "ClipboardRoom", orderBy: ["id"] },
  { model: "ClipboardItem", orderBy: ["id"] },
  { model: "JobRun", orderBy: ["id"] },
  { model: "PurgedSlug", orderBy: ["kind", "slugHash"] },
] as const;

/**
 * Tables whose rows describe this moment of one running install, not its data: rate-limit windows,
 * connected clipboard devices, writes and multipart uploads in flight. A restore starts them empty.
 */
export const TRANSIENT_MODELS = [
  "RateLimitBucket",
  "ClipboardDevice",
  "StorageWrite",
  "MultipartUpload",
  // Which process holds a scheduled job now; a restored install claims its jobs afresh.
  "JobLease",
  // Server-side explorer tasks: a restored install must not resume copies and deletes of another moment.
  "FsTaskFile",
  "FsTask",
  // Sign-in ceremonies waiting for the browser's answer, valid for minutes.
  "WebAuthnChallenge",
  "SsoSignIn",
  // The search index is made from the storages: a restored install crawls them again.
  "FsIndexEntry",
  "FsIndexState",
  // Counts of pastes and file shares kept by triggers (docs/admin-lists.md): restored rows count again.
  "ShareCount",
] as const;

export type BackedUpModel = (typeof BACKED_UP_MODELS)[number]["model"];

/** What backup and restore do with one table, whichever model it holds. */
export type TableDelegate = {
  findMany(args: object): Promise<Record<string, unknown>[]>;
  deleteMany(args?: object): Promise<unknown>;
  createMany(args: { data: object[] }): Promise<unknown>;
};

/** The table of `model` on a client or in a transaction: Prisma names it as the model, first letter lower-cased. */
export function tableOf(db: object, model: Prisma.ModelName): TableDelegate {
  return (db as Record<string, TableDelegate>)[model.charAt(0).toLowerCase() + model.slice(1)] as TableDelegate;
}

export const secretBoxSchema = z.object({
  kdf: z.literal("scrypt"),
  cost: z.number().int(),
  blockSize: z.number().int(),
  salt: z.string(),
  iv: z.string(),
  tag: z.string(),
  data: z.string(),
});
export type SecretBox = z.infer<typeof secretBoxSchema>;

/** What the header and the manifest both begin with: the archive's format, and what made it when. */
const archiveStamp = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().positive(),
  appVersion: z.string(),
  /** The newest migration of the source database: a restore needs a schema at least this new. */
  schemaLevel: z.string(),
  createdAt: z.string(),
});

export const headerSchema = archiveStamp.extend({
  sourceProvider: z.enum(["sqlite", "postgres"]),
  /** The source's data directory: local storage roots beneath it move with the target's. */
  sourceDataDir: z.string(),
  /** The app secret sealed with the passphrase, or null when the backup was made without one. */
  secret: secretBoxSchema.nullable(),
  /** HMAC of a fixed text under the app secret: tells a restore whether its secret is the source's. */
  secretCheck: z.string(),
});
export type ArchiveHeader = z.infer<typeof headerSchema>;

export const manifestSchema = archiveStamp.extend({
  rows: z.record(z.string(), z.number().int().nonnegative()),
  objects: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  /** Objects that vanished between listing and reading (deleted while the backup ran). */
  skippedObjects: z.array(z.string()),
  entries: z.array(z.object({ name: z.string(), size: z.number().int().nonnegative(), sha256: z.string() })),
});
export type ArchiveManifest = z.infer<typeof manifestSchema>;

/** The newest migration of this build: the schema level a backup records and a restore compares. */
export function currentSchemaLevel(): string {
  const names = readdirSync(migrationsDirFor("sqlite"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return (names.at(-1) ?? "").split("_")[0] ?? "";
}

/** `db/Paste/000001.jsonl` → "Paste"; anything else → null. */
export function modelOfEntry(name: string): string | null {
  if (!name.startsWith(DB_PREFIX)) return null;
  return name.slice(DB_PREFIX.length).split("/")[0] ?? null;
}
