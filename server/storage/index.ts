// Builds the driver for a storage config row (decrypting its credentials) and keeps one driver per
// config, rebuilt when the config changes.

import { LOCAL_PROVIDER } from "@shared/constants";
import { decryptSecret } from "../crypto";
import type { Database } from "../db/client";
import type { ReadConnection } from "../db/read-connection";
import { AppError } from "../errors";
import { createIndexStore, type IndexStore } from "../services/search-index/store";
import { indexStoredKey, trackIndex } from "../services/search-index/writes";
import type { StorageDriver } from "./driver";
import { withStorageErrors } from "./driver-errors";
import { createLocalDriver } from "./local/local";
import { signLocalUrl } from "./local/local-signing";
import { createLazyS3Driver } from "./s3/s3-lazy";
import { settleDirectWrites, startRecount, trackUsage } from "./usage";

export type StorageConfigRow = {
  id: string;
  name: string;
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
  name: true,
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

/**
 * What drivers need from the app: the secret (credentials, URL signing) and the public URL; and the
 * database's URL, for the search index every write updates (services/search-index/).
 */
export type DriverContext = { appSecret: string; publicUrl: string; databaseUrl: string; pgSchema?: string };

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
  return createLazyS3Driver({
    endpoint: row.endpointUrl ?? undefined,
    region: row.region ?? "auto",
    bucket: row.bucketName,
    accessKeyId: row.accessKeyId,
    secretAccessKey: decryptSecret(appSecret, row.secretAccessKeyEnc),
    forcePathStyle: row.pathStyle,
  });
}

export type StorageService = {
  /** The search index's rows (services/search-index/store.ts), which every write through `driverFor` updates. */
  index(): IndexStore;
  /**
   * The config's driver; every write through it is counted in the config's usage record and told to
   * the search index.
   */
  driverFor(storageConfigId: string): Promise<StorageDriver>;
  /**
   * A presigned upload to `key` is done: its bytes, written past the app, are counted now. `driver`
   * is the config's driver when the caller holds it already (an upload's policy, services/uploads/).
   */
  settleDirectUpload(storageConfigId: string, key: string, driver?: StorageDriver): Promise<void>;
  /**
   * Starts a recount of what the storage holds (in the background; its record shows progress).
   * False when one is already running. `onFinished` receives the walk's outcome (tests, logs).
   */
  startRecount(storageConfigId: string, onFinished?: (outcome: Promise<void>) => void): Promise<boolean>;
  /**
   * Origins the browser talks to directly for the configured buckets (presigned PUTs, previews, the
   * custom host), for the page's Content-Security-Policy. Cached; `forgetOrigins` after a config
   * change. Other server processes pick changes up when their cache expires.
   */
  browserOrigins(): Promise<string[]>;
  forgetOrigins(): void;
};

const ORIGINS_TTL_MS = 30_000;

export function createStorageService(db: Database, reads: ReadConnection, context: DriverContext): StorageService {
  /** Per config: its driver as built (`raw`) and the one services get, counting writes (`tracked`). */
  const drivers = new Map<string, { version: number; raw: StorageDriver; tracked: StorageDriver }>();
  let indexStore: IndexStore | null = null;
  // Built on first use: the store reads the database's provider, not the database.
  const index = () => {
    indexStore ??= createIndexStore(db, context.databaseUrl, context.pgSchema);
    return indexStore;
  };
  let origins: { at: number; value: Promise<string[]> } | null = null;

  function driversOf(row: StorageConfigRow) {
    const cached = drivers.get(row.id);
    if (cached && cached.version === row.updatedAt.getTime()) return cached;
    const raw = withStorageErrors(createDriver(row, context), row.name);
    const built = {
      version: row.updatedAt.getTime(),
      raw,
      tracked: trackIndex(trackUsage(raw, db, row.id), index(), row.id),
    };
    drivers.set(row.id, built);
    return built;
  }

  async function collectOrigins(): Promise<string[]> {
    // Asked with every response: a server whose storages are all local answers without Prisma.
    if (!(await reads.hasRemoteStorage())) return [];
    const rows = await db.storageConfig.findMany({
      where: { providerType: { not: LOCAL_PROVIDER } },
      select: { ...storageConfigDriverSelect, customHost: true },
    });
    const found = new Set<string>();
    for (const row of rows) {
      // A presigned URL is built locally (no request) and names exactly the host the SDK would use
      // for this bucket: path style or virtual-hosted, custom endpoint or AWS's regional one.
      try {
        // The raw driver: a probe is no upload to count.
        const url = await driversOf(row).raw.presignPut("origin-probe", { expiresIn: 60, contentType: "text/plain" });
        found.add(new URL(url).origin);
      } catch {
        // A config that cannot build a driver has no origin to allow; its test reports why.
      }
      const customOrigin = originOf(row.customHost);
      if (customOrigin) found.add(customOrigin);
    }
    return [...found].sort();
  }

  return {
    index,
    async driverFor(storageConfigId: string) {
      const row = await db.storageConfig.findUnique({
        where: { id: storageConfigId },
        select: storageConfigDriverSelect,
      });
      if (!row) throw new AppError("NOT_FOUND", "errors.storageConfigNotFound");
      return driversOf(row).tracked;
    },
    async settleDirectUpload(storageConfigId, key, known) {
      const driver = known ?? (await this.driverFor(storageConfigId));
      await settleDirectWrites(db, driver, storageConfigId, key);
      await indexStoredKey(index(), driver, storageConfigId, key).catch(() => undefined);
    },
    async startRecount(storageConfigId, onFinished) {
      return startRecount(db, await this.driverFor(storageConfigId), storageConfigId, onFinished);
    },
    browserOrigins() {
      if (!origins || Date.now() - origins.at > ORIGINS_TTL_MS) {
        const value = collectOrigins();
        origins = { at: Date.now(), value };
        // A failed lookup (database briefly away) is retried on the next call, not kept for the TTL.
        value.catch(() => {
          if (origins?.value === value) origins = null;
        });
      }
      return origins.value;
    },
    forgetOrigins() {
      origins = null;
    },
  };
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}
