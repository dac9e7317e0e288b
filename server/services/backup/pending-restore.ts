// A restore from the admin panel (docs/decisions/0015-restore-from-the-panel.md): the uploaded archive
// is streamed to the data directory and verified at once with the CLI restore's checks, then kept as
// DATA_DIR/pending-restore.tar with DATA_DIR/pending-restore.json beside it (what it will restore, and
// the backup's secret sealed under the running secret; never the passphrase). The next start applies
// it before it listens (services/system/bootstrap.ts), under the restore marker. Cancelling deletes both.
import { existsSync, readFileSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { PendingRestoreView } from "@shared/schemas/admin/backups";
import { z } from "zod";
import { decryptSecret, encryptSecret, keyedHash } from "../../crypto";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { SECRET_CHECK_TEXT } from "./create";
import {
  BackupError,
  type BackupErrorCode,
  hasUserData,
  type RestoreSummary,
  restoreBackup,
  verifyArchive,
} from "./restore";
import { PENDING_ARCHIVE, PENDING_DETAILS } from "./restore-marker";
import type { RestoreTarget } from "./restore-target";
import { withSpooledUpload } from "./spooled-upload";

const pendingDetailsSchema = z.object({
  uploadedAt: z.string(),
  backupCreatedAt: z.string(),
  appVersion: z.string(),
  sourceProvider: z.enum(["sqlite", "postgres"]),
  rows: z.record(z.string(), z.number()),
  objects: z.object({ count: z.number(), bytes: z.number() }),
  /** The backup's app secret, encrypted under the secret this install ran with at the upload. */
  sealedSecret: z.string().nullable(),
  /** The archive has no secret and this install runs with another: API keys and S3 credentials are lost. */
  otherSecret: z.boolean(),
});
type PendingDetails = z.infer<typeof pendingDetailsSchema>;

const archivePath = (dataDir: string) => join(dataDir, PENDING_ARCHIVE);
const detailsPath = (dataDir: string) => join(dataDir, PENDING_DETAILS);

/** The message key of each refusal, in the admin's language (errors.restore*). */
const REFUSALS: Record<BackupErrorCode, [AppError["code"], string]> = {
  notBackup: ["BAD_REQUEST", "errors.restoreNotBackup"],
  corrupt: ["BAD_REQUEST", "errors.restoreCorrupt"],
  truncated: ["BAD_REQUEST", "errors.restoreTruncated"],
  newerVersion: ["BAD_REQUEST", "errors.restoreNewerVersion"],
  passphraseRequired: ["BAD_REQUEST", "errors.restorePassphraseRequired"],
  wrongPassphrase: ["BAD_REQUEST", "errors.restoreWrongPassphrase"],
  notEmpty: ["CONFLICT", "errors.restoreNotEmpty"],
  secretMismatch: ["CONFLICT", "errors.restoreSecretMismatch"],
};

function refusal(code: BackupErrorCode): AppError {
  const [status, key] = REFUSALS[code];
  return new AppError(status, key);
}

function readDetails(dataDir: string): PendingDetails | null {
  if (!existsSync(archivePath(dataDir)) || !existsSync(detailsPath(dataDir))) return null;
  try {
    const parsed = pendingDetailsSchema.safeParse(JSON.parse(readFileSync(detailsPath(dataDir), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function viewOf(details: PendingDetails): PendingRestoreView {
  return {
    uploaded_at: new Date(details.uploadedAt),
    backup_created_at: new Date(details.backupCreatedAt),
    app_version: details.appVersion,
    source_provider: details.sourceProvider,
    rows: Object.values(details.rows).reduce((sum, count) => sum + count, 0),
    tables: details.rows,
    objects: details.objects,
    secret_included: details.sealedSecret !== null,
    other_secret: details.otherSecret,
  };
}

/** The restore waiting for the next start, or null (what the Backups module and the dashboard show). */
export function pendingRestore(dataDir: string): PendingRestoreView | null {
  const details = readDetails(dataDir);
  return details ? viewOf(details) : null;
}

/** Deletes the pending archive and its details: the next start restores nothing. */
export async function cancelPendingRestore(dataDir: string): Promise<{ cancelled: boolean }> {
  const had = existsSync(archivePath(dataDir)) || existsSync(detailsPath(dataDir));
  await rm(detailsPath(dataDir), { force: true });
  await rm(archivePath(dataDir), { force: true });
  return { cancelled: had };
}

export type StageDeps = { db: Database; dataDir: string; secret: string; isSecretFromEnv: boolean };

/**
 * Streams `body` to a temporary file in the data directory (memory stays flat whatever its size),
 * verifies it as the CLI restore does, and only when every check passes keeps it as the pending
 * restore. A refusal leaves nothing behind.
 */
export async function stagePendingRestore(
  deps: StageDeps,
  body: Readable,
  options: { passphrase?: string; force: boolean },
): Promise<PendingRestoreView> {
  if (readDetails(deps.dataDir)) throw new AppError("CONFLICT", "errors.restorePending");
  if (!options.force && (await hasUserData(deps.db))) throw refusal("notEmpty");
  // No size cap (a backup with local objects may be many GiB); the counter only tells an empty body.
  const place = {
    folder: "restores",
    prefix: "upload-",
    file: "archive.tar",
    maxBytes: Number.MAX_SAFE_INTEGER,
    tooLarge: () => new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge"),
  };
  return withSpooledUpload(deps.dataDir, place, body, async (staged) => {
    let verified: Awaited<ReturnType<typeof verifyArchive>>;
    try {
      verified = await verifyArchive(staged, { passphrase: options.passphrase || undefined });
    } catch (error) {
      if (error instanceof BackupError) throw refusal(error.code);
      throw error;
    }
    const { header, manifest, secret } = verified;
    // The SECRET variable wins over secret.key: a backup of another secret could not take effect.
    if (secret !== null && secret !== deps.secret && deps.isSecretFromEnv) throw refusal("secretMismatch");
    const details: PendingDetails = {
      uploadedAt: new Date().toISOString(),
      backupCreatedAt: header.createdAt,
      appVersion: header.appVersion,
      sourceProvider: header.sourceProvider,
      rows: manifest.rows,
      objects: manifest.objects,
      sealedSecret: secret === null ? null : encryptSecret(deps.secret, secret),
      otherSecret:
        secret === null && keyedHash(deps.secret, "backup-secret-check", SECRET_CHECK_TEXT) !== header.secretCheck,
    };
    // The details are written only if none exist (two uploads at once: the second is refused), then
    // the archive moves into place; a start sees a pending restore only once both are there.
    try {
      await writeFile(detailsPath(deps.dataDir), JSON.stringify(details), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new AppError("CONFLICT", "errors.restorePending");
      throw error;
    }
    await rename(staged, archivePath(deps.dataDir));
    return viewOf(details);
  });
}

/**
 * At start, before the server listens: restores the pending archive (if any) with the CLI's restore,
 * under its marker, replacing whatever the install holds now (the admin chose it at the upload), then
 * deletes the pending files. Null when nothing was pending.
 */
export async function applyPendingRestore(target: RestoreTarget): Promise<RestoreSummary | null> {
  const details = readDetails(target.dataDir);
  if (!details) return null;
  const openedSecret = details.sealedSecret === null ? undefined : decryptSecret(target.secret, details.sealedSecret);
  const summary = await restoreBackup(target, archivePath(target.dataDir), { openedSecret, force: true });
  await cancelPendingRestore(target.dataDir);
  return summary;
}
