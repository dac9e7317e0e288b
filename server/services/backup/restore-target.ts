// The install a restore writes into (docs/backup.md): its database, data folder and secret, as the CLI's
// `restore` and the start that applies a restore uploaded from the admin panel both name it. Kept apart
// from restore.ts so that a plain start, which imports this, loads no archive code.
import type { Config } from "../../config";
import { type Database, type DatabaseProvider, postgresTarget } from "../../db/client";

export type RestoreTarget = {
  db: Database;
  provider: DatabaseProvider;
  dataDir: string;
  /** The secret this install runs with now. */
  secret: string;
  /** Whether that secret comes from the SECRET variable (then it cannot be replaced by the backup's). */
  isSecretFromEnv: boolean;
  /** Postgres: the schema the tables live in (default `public`). */
  pgSchema?: string;
};

/** The install this process is configured for, as a restore's target. */
export function restoreTargetOf(db: Database, config: Config): RestoreTarget {
  return {
    db,
    provider: config.databaseProvider,
    dataDir: config.dataDir,
    secret: config.secret,
    isSecretFromEnv: config.isSecretFromEnv,
    pgSchema: config.databaseProvider === "postgres" ? postgresTarget(config.databaseUrl).schema : undefined,
  };
}
