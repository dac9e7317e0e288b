// The `pastebox` command line (`bun run pastebox <command>`): backup, restore and the CloudPaste
// import, on the install the environment names (DATA_DIR, DATABASE_URL, SECRET), as the server would
// open it. Backups and imports may run beside a running server; restore wants an empty install.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config";
import { createDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { resetAdminSecondFactors } from "../services/auth/second-factor";
import { turnPasswordLoginOn } from "../services/auth/sso";
import { formatImportReport, importCloudPaste } from "../services/backup/cloudpaste/import";
import { CloudPasteSourceError, readCloudPaste } from "../services/backup/cloudpaste/source";
import { writeBackup } from "../services/backup/create";
import { BackupError, restoreBackup } from "../services/backup/restore";
import { restoreTargetOf } from "../services/backup/restore-target";

const PASSPHRASE_ENV = "PASTEBOX_BACKUP_PASSPHRASE";

const HELP = `Usage: bun run pastebox <command> [options]

Works on the install named by DATA_DIR, DATABASE_URL and SECRET (as the server reads them).

Commands:
  backup --out FILE [--no-objects]       Write a backup archive (see docs/backup.md). Safe while the
                                         server runs. Local storage objects are included unless
                                         --no-objects; S3 objects stay in their bucket.
  admin reset-2fa                        Remove the admin's second factors (TOTP, recovery codes) and
                                         end every admin session: the way back when all are lost.
  restore FILE [--force]                 Restore an archive into this install. Every checksum is
                                         verified first; an install that already has data is refused
                                         unless --force (which replaces all of it).
  import-cloudpaste FILE [--dry-run]     Import a CloudPaste backup (.json, CloudPaste 0.8 to 1.9) or
                                         its SQLite database (cloudpaste.db, 0.6.8 and later). Safe
                                         to run twice; --dry-run prints what it would do.

Options:
  --passphrase-file FILE   Read the passphrase from FILE (first line). Or set ${PASSPHRASE_ENV}.
                           backup: seals the app secret into the archive with it; without one the
                           secret is left out, and a restore on another secret loses API keys and
                           S3 credentials. restore: opens that sealed secret.
  -h, --help               Show this help.
`;

function readPassphrase(file: string | undefined): string | undefined {
  if (file) return readFileSync(file, "utf8").split(/\r?\n/)[0] || undefined;
  return process.env[PASSPHRASE_ENV] || undefined;
}

/** The schema a Postgres URL names with `?schema=` (as the migrations read it). */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      help: { type: "boolean", short: "h" },
      out: { type: "string", short: "o" },
      force: { type: "boolean" },
      "no-objects": { type: "boolean" },
      "dry-run": { type: "boolean" },
      "passphrase-file": { type: "string" },
    },
  });
  const [command, file] = positionals;
  if (values.help || !command) {
    console.log(HELP);
    return;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const passphrase = readPassphrase(values["passphrase-file"]);

  if (command === "backup") {
    if (!values.out) fail("backup needs --out FILE");
    const out = resolve(values.out);
    if (existsSync(out) && !values.force) fail(`${out} exists; choose another name or add --force`);
    const db = createDatabase(config.databaseUrl);
    try {
      let lastReport = 0;
      const summary = await writeBackup(
        { db, provider: config.databaseProvider, dataDir: config.dataDir, secret: config.secret },
        out,
        {
          passphrase,
          includeObjects: !values["no-objects"],
          onProgress: (progress) => {
            if (Date.now() - lastReport < 1000) return;
            lastReport = Date.now();
            console.error(
              `  ${progress.phase}: ${progress.rows} rows, ${progress.objects} objects, ${progress.bytes} bytes`,
            );
          },
        },
      );
      const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
      console.log(`Backup written: ${summary.path} (${summary.bytes} bytes)`);
      console.log(`  ${rows} rows, ${summary.objects.count} local objects (${summary.objects.bytes} bytes)`);
      if (summary.skippedObjects.length > 0) {
        console.log(`  ${summary.skippedObjects.length} objects were deleted while the backup ran and are not in it`);
      }
      if (!summary.secretIncluded) {
        console.log(
          `  No passphrase given: the app secret is not in the archive. Restore it on an install with the same SECRET, or API keys must be created again and S3 credentials re-entered. Set ${PASSPHRASE_ENV} to include it.`,
        );
      }
    } finally {
      await db.$disconnect();
    }
    return;
  }

  if (command === "restore") {
    if (!file) fail("restore needs the archive: bun run pastebox restore FILE");
    await migrateDatabase(config.databaseUrl);
    const db = createDatabase(config.databaseUrl);
    try {
      const summary = await restoreBackup(restoreTargetOf(db, config), resolve(file), {
        passphrase,
        force: values.force,
      });
      const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
      console.log(`Restored ${rows} rows and ${summary.objects.count} local objects (${summary.objects.bytes} bytes).`);
      if (summary.secretWritten) console.log(`  The backup's secret was written to ${config.dataDir}/secret.key.`);
      for (const warning of summary.warnings) console.log(`  Note: ${warning}`);
    } catch (error) {
      if (error instanceof BackupError) fail(error.message);
      throw error;
    } finally {
      await db.$disconnect();
    }
    return;
  }

  if (command === "import-cloudpaste") {
    if (!file) fail("import-cloudpaste needs the file: bun run pastebox import-cloudpaste FILE");
    let data: ReturnType<typeof readCloudPaste>;
    try {
      data = readCloudPaste(resolve(file));
    } catch (error) {
      if (error instanceof CloudPasteSourceError) fail(error.message);
      throw error;
    }
    // No migration here: the import runs beside a live server, whose start has migrated the database
    // (and the wasm migration engine fails on a SQLite file another process holds open).
    const db = createDatabase(config.databaseUrl);
    try {
      const report = await importCloudPaste({ db, secret: config.secret }, data, { dryRun: values["dry-run"] });
      console.log(`CloudPaste ${data.kind}${data.schemaVersion === null ? "" : ` (schema ${data.schemaVersion})`}:`);
      console.log(formatImportReport(report));
    } finally {
      await db.$disconnect();
    }
    return;
  }

  if (command === "admin" && file === "reset-2fa") {
    const db = createDatabase(config.databaseUrl);
    try {
      const names = await resetAdminSecondFactors(db);
      // The provider may be what was lost: the password signs in again.
      await turnPasswordLoginOn(db);
      console.log(`Second factors removed and every session ended for: ${names.join(", ") || "(no admin yet)"}`);
      console.log("Signing in with the password is on.");
    } finally {
      await db.$disconnect();
    }
    return;
  }

  fail(`Unknown command: ${command}\n\n${HELP}`);
}

await main(process.argv.slice(2));
