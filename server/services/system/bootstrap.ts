// Start-up set-up of the database: pending migrations, a restore uploaded from the admin panel
// (decision 0015), then the first-start records: the admin account (docs/rules.md: never a fixed
// default password) and a local storage config under the data directory as the default, so uploads
// work with no object store. The server runs it in a child process (server/app/child-task.ts): neither
// the migration engine nor Prisma stays in an idle server.
import { join } from "node:path";
import { DEFAULT_STORAGE_NAME, LOCAL_PROVIDER } from "@shared/constants";
import { answerParent, runChildTask } from "../../app/child-task";
import { type Config, loadConfig } from "../../config";
import { createDatabase, type Database } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { createLogger, type Logger } from "../../logger";
import { hasPendingRestore, PENDING_ARCHIVE, PENDING_DETAILS } from "../backup/restore-marker";
import { restoreTargetOf } from "../backup/restore-target";

export type PreparedDatabase = {
  applied: string[];
  /** A pending restore was applied: the server reads its configuration again (the secret may be new). */
  restored: boolean;
};

/** Migrates the configured database and creates the first-start records, in a child process. */
export function prepareDatabaseInChildProcess(): Promise<PreparedDatabase> {
  return runChildTask(import.meta.path);
}

async function prepareDatabase(config: Config): Promise<PreparedDatabase> {
  const logger = createLogger(config.logLevel);
  const { applied } = await migrateDatabase(config.databaseUrl);
  if (applied.length > 0) logger.info("database migrated", { applied });
  const db = createDatabase(config.databaseUrl);
  try {
    const restored = await applyRestoreFromPanel(db, config, logger);
    await ensureAdmin(db, config, logger);
    await ensureDefaultStorage(db, config, logger);
    return { applied, restored };
  } finally {
    await db.$disconnect();
  }
}

/**
 * The restore the admin uploaded and the panel verified (docs/backup.md), applied on the migrated
 * schema before the server listens; loaded only when one is pending, so a plain start reads no archive code.
 */
async function applyRestoreFromPanel(db: Database, config: Config, logger: Logger): Promise<boolean> {
  if (!hasPendingRestore(config.dataDir)) return false;
  const { applyPendingRestore } = await import("../backup/pending-restore");
  logger.info("applying the restore uploaded from the admin panel", { archive: join(config.dataDir, PENDING_ARCHIVE) });
  try {
    const summary = await applyPendingRestore(restoreTargetOf(db, config));
    if (!summary) return false;
    const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
    logger.info("restore from the admin panel applied", {
      rows,
      objects: summary.objects.count,
      secretWritten: summary.secretWritten,
    });
    for (const warning of summary.warnings) logger.warn(warning);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `the restore uploaded from the admin panel failed: ${reason}. Start again to retry, or delete ${PENDING_ARCHIVE} and ${PENDING_DETAILS} in DATA_DIR to start without it`,
    );
  }
}

export async function ensureAdmin(db: Database, config: Config, logger: Logger): Promise<void> {
  if ((await db.admin.count()) > 0) return;
  const generated = config.adminPassword ? null : generatePassword();
  const password = config.adminPassword ?? (generated as string);
  await db.admin.create({
    data: { username: config.adminUsername, passwordHash: await Bun.password.hash(password, "argon2id") },
    select: { id: true },
  });
  if (generated) {
    // Printed once, on purpose: it is stored only as a hash.
    console.log(
      `\n  Admin account created.\n    username: ${config.adminUsername}\n    password: ${generated}\n  Save this password now; it will not be shown again.\n`,
    );
  } else {
    logger.info("admin account created", { username: config.adminUsername });
  }
}

export async function ensureDefaultStorage(db: Database, config: Config, logger: Logger): Promise<void> {
  if ((await db.storageConfig.count()) > 0) return;
  const rootPath = join(config.dataDir, "storage");
  await db.storageConfig.create({
    // Public: on a fresh install the only storage is this one, and a key with file permission must be
    // able to upload to it (keys only use public storage, docs/rules.md).
    data: {
      name: DEFAULT_STORAGE_NAME,
      providerType: LOCAL_PROVIDER,
      rootPath,
      isDefault: true,
      isPublic: true,
      createdBy: "system",
    },
    select: { id: true },
  });
  logger.info("default local storage created", { rootPath });
}

function generatePassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
}

if (import.meta.main) await answerParent(() => prepareDatabase(loadConfig()));
