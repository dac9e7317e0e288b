// First-start set-up: the admin account (docs/rules.md: never a fixed default password) and a local
// storage config under the data directory as the default, so uploads work with no object store.
import { join } from "node:path";
import { LOCAL_PROVIDER } from "../../shared/constants";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../logger";

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
      name: "Local storage",
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
