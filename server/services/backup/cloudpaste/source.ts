// Reads what a CloudPaste install holds, from either of its two forms (docs/coming-from-cloudpaste.md,
// "Moving your data"): a backup file (JSON, CloudPaste 0.8 to 1.9, checksum verified as CloudPaste's
// own restore does) or its SQLite database (cloudpaste.db, 0.6.8 and later, opened read-only). Both
// become the same shape: table name -> rows as CloudPaste stores them.
import { Database as SqliteDatabase } from "bun:sqlite";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

export type CloudPasteRow = Record<string, unknown>;
export type CloudPasteData = {
  kind: "backup" | "database";
  schemaVersion: number | null;
  tables: Record<string, CloudPasteRow[]>;
};

/** The newest CloudPaste schema this importer knows (v1.9.1); a newer one is refused. */
export const NEWEST_KNOWN_SCHEMA = 34;
/**
 * The tables the importer carries over, the only ones read from a database file; the rest are
 * CloudPaste's own machinery (import.ts reports which of them a backup held).
 */
export const IMPORTED_TABLES = [
  "pastes",
  "paste_passwords",
  "files",
  "file_passwords",
  "api_keys",
  "admins",
  "s3_configs",
  "storage_configs",
  "storage_mounts",
  "system_settings",
  "fs_meta",
];

export class CloudPasteSourceError extends Error {
  override name = "CloudPasteSourceError";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** CloudPaste's backup checksum: SHA-256 of `data` with every object's keys sorted, first 16 hex digits. */
export function cloudPasteChecksum(data: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(sortKeys(data)), "utf8")
    .digest("hex")
    .slice(0, 16);
}

export function readCloudPaste(path: string): CloudPasteData {
  const head = readFileSync(path).subarray(0, 16).toString("latin1");
  if (head.startsWith("SQLite format 3")) return readDatabase(path);
  return readBackupFile(path);
}

function readBackupFile(path: string): CloudPasteData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    throw new CloudPasteSourceError(
      "This file is neither a CloudPaste backup (JSON) nor a CloudPaste database (SQLite).",
    );
  }
  const document = parsed as { metadata?: Record<string, unknown>; data?: Record<string, unknown> };
  if (!document?.metadata || !document.data || typeof document.data !== "object") {
    throw new CloudPasteSourceError("This JSON file is not a CloudPaste backup: it has no metadata and data.");
  }
  const { metadata, data } = document;
  if (metadata.version !== "1.0" || typeof metadata.timestamp !== "string") {
    throw new CloudPasteSourceError(`Unknown CloudPaste backup version ${JSON.stringify(metadata.version)}.`);
  }
  const schemaVersion = metadata.schema_version == null ? null : Number(metadata.schema_version);
  if (schemaVersion !== null && !(schemaVersion <= NEWEST_KNOWN_SCHEMA)) {
    throw new CloudPasteSourceError(
      `This CloudPaste backup has schema ${metadata.schema_version}; this importer knows up to ${NEWEST_KNOWN_SCHEMA} (CloudPaste 1.9).`,
    );
  }
  if (cloudPasteChecksum(data) !== metadata.checksum) {
    throw new CloudPasteSourceError("The backup's checksum does not match its contents: the file is damaged.");
  }
  const tables: Record<string, CloudPasteRow[]> = {};
  for (const [name, rows] of Object.entries(data)) if (Array.isArray(rows)) tables[name] = rows as CloudPasteRow[];
  return { kind: "backup", schemaVersion, tables };
}

function readDatabase(path: string): CloudPasteData {
  let sqlite: SqliteDatabase;
  try {
    sqlite = new SqliteDatabase(path, { readonly: true });
  } catch (error) {
    throw new CloudPasteSourceError(`Cannot open the database: ${error instanceof Error ? error.message : error}`);
  }
  try {
    const present = new Set(
      sqlite
        .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => row.name),
    );
    if (!present.has("pastes") || !present.has("api_keys")) {
      throw new CloudPasteSourceError(
        "This SQLite database is not a CloudPaste database (no pastes or api_keys table).",
      );
    }
    const tables: Record<string, CloudPasteRow[]> = {};
    for (const table of IMPORTED_TABLES) {
      if (present.has(table)) tables[table] = sqlite.query<CloudPasteRow, []>(`SELECT * FROM "${table}"`).all();
    }
    let schemaVersion: number | null = null;
    const setting = tables.system_settings?.find((row) => row.key === "schema_version");
    if (setting) schemaVersion = Number(setting.value);
    if (present.has("schema_migrations")) {
      const ids = sqlite.query<{ id: string }, []>("SELECT id FROM schema_migrations").all();
      const levels = ids
        .map((row) => /^app-v(\d+)$/.exec(row.id)?.[1])
        .filter(Boolean)
        .map(Number);
      if (levels.length > 0) schemaVersion = Math.max(...levels);
    }
    if (schemaVersion !== null && schemaVersion > NEWEST_KNOWN_SCHEMA) {
      throw new CloudPasteSourceError(
        `This CloudPaste database has schema ${schemaVersion}; this importer knows up to ${NEWEST_KNOWN_SCHEMA} (CloudPaste 1.9).`,
      );
    }
    return { kind: "database", schemaVersion, tables };
  } finally {
    sqlite.close();
  }
}
