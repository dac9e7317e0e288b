// Reads a backup archive back (docs/backup.md). `verifyArchive` reads it whole once and checks the
// header, every entry's SHA-256 against the manifest and the passphrase before anything is written;
// `restoreBackup` then replaces the install's rows in one transaction and writes the local objects.
// A marker in the data directory says a restore is under way until it has finished, so a start after
// a crash says so instead of serving half of the data.
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import { LOCAL_PROVIDER } from "@shared/constants";
import superjson from "superjson";
import tar from "tar-stream";
import { keyedHash } from "../../crypto";
import { settleAfterBulkWrite } from "../../db/after-bulk-write";
import type { Database } from "../../db/client";
import { resolveKeyPath } from "../../storage/local/local";
import { pasteSummaryColumns } from "../pastes/paste-summary";
import { SECRET_CHECK_TEXT } from "./create";
import {
  type ArchiveHeader,
  type ArchiveManifest,
  BACKED_UP_MODELS,
  type BackedUpModel,
  currentSchemaLevel,
  FORMAT_VERSION,
  HEADER_ENTRY,
  headerSchema,
  MANIFEST_ENTRY,
  manifestSchema,
  modelOfEntry,
  OBJECTS_PREFIX,
  TRANSIENT_MODELS,
  tableOf,
} from "./format";
import { markRestoreFinished, markRestoreStarted } from "./restore-marker";
import type { RestoreTarget } from "./restore-target";
import { openSecret } from "./secret-box";

/** The header is small; anything bigger is not one of ours. */
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

export type BackupErrorCode =
  | "notBackup"
  | "corrupt"
  | "truncated"
  | "newerVersion"
  | "passphraseRequired"
  | "wrongPassphrase"
  | "notEmpty"
  | "secretMismatch";

const MESSAGES: Record<BackupErrorCode, string> = {
  notBackup: "This file is not a Pastebox backup.",
  corrupt: "The backup is damaged: its contents do not match its checksums. Nothing was restored.",
  truncated: "The backup is incomplete (truncated or interrupted while it was written). Nothing was restored.",
  newerVersion: "The backup was made by a newer version of Pastebox. Upgrade this install first. Nothing was restored.",
  passphraseRequired: "The backup holds a sealed secret: give its passphrase.",
  wrongPassphrase: "Wrong passphrase for this backup. Nothing was restored.",
  notEmpty: "This install already has data. Restore into an empty install, or force it to replace everything.",
  secretMismatch:
    "SECRET is set to a different value than the backup's. Unset it (the backup's secret is then kept in the data directory) or set it to the backup's secret.",
};

/** A refusal with a reason the CLI prints and the admin screen translates (backup.errors.<code>). */
export class BackupError extends Error {
  override name = "BackupError";
  constructor(
    readonly code: BackupErrorCode,
    detail?: string,
  ) {
    super(detail ? `${MESSAGES[code]} (${detail})` : MESSAGES[code]);
  }
}

export type VerifiedArchive = {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
  /** The app secret opened with the passphrase, or null when the backup has none. */
  secret: string | null;
};

type EntryVisitor = (name: string, body: AsyncIterable<Buffer>) => Promise<void>;

/** Walks the archive's entries in order; a tar that breaks off mid-way is reported as truncated. */
async function walkArchive(path: string, visit: EntryVisitor): Promise<void> {
  const extract = tar.extract();
  const input = createReadStream(path);
  input.on("error", (error) => extract.destroy(error));
  input.pipe(extract as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of extract) {
      await visit(entry.header.name, entry as unknown as AsyncIterable<Buffer>);
      // Drain whatever the visitor left unread, so the next entry can start.
      entry.resume();
    }
  } catch (error) {
    input.destroy();
    if (error instanceof BackupError) throw error;
    throw new BackupError("truncated", error instanceof Error ? error.message : String(error));
  }
}

async function readAll(body: AsyncIterable<Buffer>, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer | null): unknown {
  if (!body) return null;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
}

export type VerifyOptions = {
  passphrase?: string;
  /**
   * The backup's secret, opened at an earlier check (a restore from the panel keeps it sealed until
   * the next start, decision 0015): checked against the archive's secret check instead of a passphrase.
   */
  openedSecret?: string;
};

/** Reads the archive once and refuses it unless every check passes (nothing is written here). */
export async function verifyArchive(path: string, options: VerifyOptions = {}): Promise<VerifiedArchive> {
  if (!existsSync(path)) throw new BackupError("notBackup", `${path} does not exist`);
  let header: ArchiveHeader | null = null;
  let manifest: ArchiveManifest | null = null;
  const seen: ArchiveManifest["entries"] = [];
  try {
    await walkArchive(path, async (name, body) => {
      if (manifest) throw new BackupError("corrupt", `an entry follows the manifest: ${name}`);
      if (!header) {
        if (name !== HEADER_ENTRY) throw new BackupError("notBackup");
        const raw = await readAll(body, MAX_HEADER_BYTES);
        const parsed = headerSchema.safeParse(parseJson(raw));
        if (!parsed.success || !raw) throw new BackupError("notBackup");
        header = parsed.data;
        seen.push({ name, size: raw.length, sha256: createHash("sha256").update(raw).digest("hex") });
        return;
      }
      if (name === MANIFEST_ENTRY) {
        const parsed = manifestSchema.safeParse(parseJson(await readAll(body, MAX_MANIFEST_BYTES)));
        if (!parsed.success) throw new BackupError("corrupt", "unreadable manifest");
        manifest = parsed.data;
        return;
      }
      const hash = createHash("sha256");
      let size = 0;
      for await (const chunk of body) {
        size += chunk.length;
        hash.update(chunk);
      }
      seen.push({ name, size, sha256: hash.digest("hex") });
    });
  } catch (error) {
    // A file that is not a tar at all fails before any header: say so, not "truncated".
    if (!header && error instanceof BackupError && error.code === "truncated") throw new BackupError("notBackup");
    throw error;
  }
  const foundHeader = header as ArchiveHeader | null;
  const foundManifest = manifest as ArchiveManifest | null;
  if (!foundHeader) throw new BackupError("notBackup");
  if (foundHeader.formatVersion > FORMAT_VERSION || foundHeader.schemaLevel > currentSchemaLevel()) {
    throw new BackupError(
      "newerVersion",
      `made by ${foundHeader.appVersion}, format ${foundHeader.formatVersion}, schema ${foundHeader.schemaLevel}`,
    );
  }
  if (!foundManifest) throw new BackupError("truncated", "no manifest");
  const expected = foundManifest.entries;
  if (expected.length !== seen.length) {
    throw new BackupError("corrupt", `${seen.length} entries found, the manifest lists ${expected.length}`);
  }
  expected.forEach((entry, index) => {
    const actual = seen[index];
    if (!actual || actual.name !== entry.name || actual.size !== entry.size || actual.sha256 !== entry.sha256) {
      throw new BackupError("corrupt", `entry ${entry.name}`);
    }
  });
  let secret: string | null = null;
  if (foundHeader.secret && options.openedSecret !== undefined) {
    const check = keyedHash(options.openedSecret, "backup-secret-check", SECRET_CHECK_TEXT);
    if (check !== foundHeader.secretCheck)
      throw new BackupError("wrongPassphrase", "the kept secret is not this backup's");
    secret = options.openedSecret;
  } else if (foundHeader.secret) {
    if (!options.passphrase) throw new BackupError("passphraseRequired");
    secret = openSecret(options.passphrase, foundHeader.secret);
    if (secret === null) throw new BackupError("wrongPassphrase");
  }
  return { header: foundHeader, manifest: foundManifest, secret };
}

export type RestoreSummary = {
  rows: Record<string, number>;
  objects: { count: number; bytes: number };
  /** Set when the backup's secret was written to the data directory: the server must start with it. */
  secretWritten: boolean;
  /** What the user has to redo by hand (re-enter credentials, create new keys). */
  warnings: string[];
};

/** Whether the install holds anything a user made (an install after its first start holds none). */
export async function hasUserData(db: Database): Promise<boolean> {
  const counts = await Promise.all([
    db.paste.count(),
    db.fileShare.count(),
    db.apiKey.count(),
    db.mount.count(),
    db.clipboardRoom.count(),
  ]);
  return counts.some((count) => count > 0);
}

/** Moves a local root under the source's data directory to the same place under the target's. */
function relocatedRoot(rootPath: string, sourceDataDir: string, targetDataDir: string): string {
  if (rootPath === sourceDataDir) return targetDataDir;
  if (rootPath.startsWith(sourceDataDir + sep)) return targetDataDir + rootPath.slice(sourceDataDir.length);
  return rootPath;
}

export async function restoreBackup(
  target: RestoreTarget,
  archivePath: string,
  options: VerifyOptions & { force?: boolean } = {},
): Promise<RestoreSummary> {
  const { header, manifest, secret } = await verifyArchive(archivePath, options);
  if (!options.force && (await hasUserData(target.db))) throw new BackupError("notEmpty");
  const warnings: string[] = [];
  let secretToWrite: string | null = null;
  if (secret !== null) {
    if (secret !== target.secret) {
      if (target.isSecretFromEnv) throw new BackupError("secretMismatch");
      secretToWrite = secret;
    }
  } else if (keyedHash(target.secret, "backup-secret-check", SECRET_CHECK_TEXT) !== header.secretCheck) {
    warnings.push(
      "The backup was made without a passphrase and this install runs with another secret: API keys will not authenticate (create new ones), and the credentials of S3 storage configs must be entered again.",
    );
  }

  await markRestoreStarted(target.dataDir, archivePath);
  const roots = new Map<string, string>();
  const objects = { count: 0, bytes: 0 };
  await target.db.$transaction(
    async (tx) => {
      for (const model of TRANSIENT_MODELS) await tableOf(tx, model).deleteMany();
      for (const { model } of [...BACKED_UP_MODELS].reverse()) await tableOf(tx, model).deleteMany();
      // Deleting the shares took each off the kept counts, which were cleared before: -1 buckets
      // (docs/admin-lists.md "The fold of old buckets"). Cleared again, the restored rows count from zero.
      await tableOf(tx, "ShareCount").deleteMany();
      const backedUp = new Set<string>(BACKED_UP_MODELS.map(({ model }) => model));
      await walkArchive(archivePath, async (name, body) => {
        const model = modelOfEntry(name);
        if (model) {
          if (!backedUp.has(model)) return;
          const text = (await readAll(body, Number.MAX_SAFE_INTEGER))?.toString("utf8") ?? "";
          const rows = text
            .split("\n")
            .filter(Boolean)
            .map((line) => superjson.parse<Record<string, unknown>>(line));
          if (model === "Paste") {
            // A backup from before the list's stored preview and length has neither; one from after is
            // computed again rather than trusted (services/pastes/paste-summary.ts).
            for (const row of rows) {
              Object.assign(row, pasteSummaryColumns(String(row.content ?? ""), row.encrypted === true));
            }
          }
          if (model === "StorageConfig") {
            for (const row of rows) {
              if (row.providerType === LOCAL_PROVIDER && typeof row.rootPath === "string") {
                row.rootPath = relocatedRoot(row.rootPath, header.sourceDataDir, target.dataDir);
                roots.set(String(row.id), row.rootPath as string);
              }
            }
          }
          await tableOf(tx, model as BackedUpModel).createMany({ data: rows });
          return;
        }
        if (name.startsWith(OBJECTS_PREFIX)) {
          const rest = name.slice(OBJECTS_PREFIX.length);
          const slash = rest.indexOf("/");
          const root = roots.get(rest.slice(0, slash));
          if (slash < 0 || !root) return;
          const path = resolveKeyPath(root, rest.slice(slash + 1));
          await mkdir(dirname(path), { recursive: true });
          const staging = `${path}.restoring`;
          const size = await Bun.write(staging, new Response(toReadableStream(body)));
          await rename(staging, path);
          objects.count++;
          objects.bytes += size;
        }
      });
      if (target.provider === "postgres") {
        // Explicit ids were inserted: move the counter past them so new items do not collide.
        const schema = target.pgSchema ?? "public";
        if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid Postgres schema ${schema}`);
        const table = `"${schema}"."ClipboardItem"`;
        await tx.$executeRawUnsafe(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE((SELECT MAX("id") FROM ${table}), 0) + 1, false)`,
        );
      }
    },
    { maxWait: 30_000, timeout: 60 * 60_000 },
  );
  await settleAfterBulkWrite(target.db);
  if (secretToWrite !== null) {
    await writeFile(join(target.dataDir, "secret.key"), `${secretToWrite}\n`, { mode: 0o600 });
  }
  await markRestoreFinished(target.dataDir);
  return { rows: manifest.rows, objects, secretWritten: secretToWrite !== null, warnings };
}

function toReadableStream(body: AsyncIterable<Buffer>): ReadableStream<Uint8Array> {
  const iterator = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
}
