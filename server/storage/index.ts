// Builds the driver for a storage config row (decrypting its credentials) and keeps one driver per
// config, rebuilt when the config changes.

import { LOCAL_PROVIDER } from "../../shared/schemas/storage";
import { decryptSecret } from "../crypto";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import type { StorageDriver } from "./driver";
import { createLocalDriver } from "./local";
import { signLocalUrl } from "./local-signing";
import { createS3Driver } from "./s3";

export type StorageConfigRow = {
  id: string;
  providerType: string;
  endpointUrl: string | null;
  bucketName: string | null;
  region: string | null;
  accessKeyId: string | null;
  secretAccessKeyEnc: string | null;
  pathStyle: boolean;
  rootPath: string | null;
  updatedAt: Date;
};

export const storageConfigDriverSelect = {
  id: true,
  providerType: true,
  endpointUrl: true,
  bucketName: true,
  region: true,
  accessKeyId: true,
  secretAccessKeyEnc: true,
  pathStyle: true,
  rootPath: true,
  updatedAt: true,
} as const;

/** What drivers need from the app: the secret (credentials, URL signing) and the public URL. */
export type DriverContext = { appSecret: string; publicUrl: string };

export function createDriver(row: StorageConfigRow, { appSecret, publicUrl }: DriverContext): StorageDriver {
  if (row.providerType === LOCAL_PROVIDER) {
    if (!row.rootPath) throw new AppError("BAD_REQUEST", "errors.storageMisconfigured");
    return createLocalDriver(row.rootPath, (grant, expiresIn) =>
      signLocalUrl(appSecret, publicUrl, {
        ...grant,
        configId: row.id,
        expires: Math.floor(Date.now() / 1000) + expiresIn,
      }),
    );
  }
  if (!row.bucketName || !row.accessKeyId || !row.secretAccessKeyEnc) {
    throw new AppError("BAD_REQUEST", "errors.storageMisconfigured");
  }
  return createS3Driver({
    endpoint: row.endpointUrl ?? undefined,
    region: row.region ?? "auto",
    bucket: row.bucketName,
    accessKeyId: row.accessKeyId,
    secretAccessKey: decryptSecret(appSecret, row.secretAccessKeyEnc),
    forcePathStyle: row.pathStyle,
  });
}

export type StorageService = {
  driverFor(storageConfigId: string): Promise<StorageDriver>;
};

export function createStorageService(db: Database, context: DriverContext): StorageService {
  const drivers = new Map<string, { version: number; driver: StorageDriver }>();
  return {
    async driverFor(storageConfigId: string) {
      const row = await db.storageConfig.findUnique({
        where: { id: storageConfigId },
        select: storageConfigDriverSelect,
      });
      if (!row) throw new AppError("NOT_FOUND", "errors.storageConfigNotFound");
      const cached = drivers.get(row.id);
      if (cached && cached.version === row.updatedAt.getTime()) return cached.driver;
      const driver = createDriver(row, context);
      drivers.set(row.id, { version: row.updatedAt.getTime(), driver });
      return driver;
    },
  };
}
