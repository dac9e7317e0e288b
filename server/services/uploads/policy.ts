// The upload policy: what one upload request is checked against (the system settings, the max upload
// size, the storage config's capacity) and the driver it stores through, loaded ONCE per request and
// passed down every step of the pipeline (docs/uploads.md). A step that needs one of them asks the
// policy, never the settings table or the storage service again.

import { megabytesToBytes } from "@shared/constants";
import type { SystemSettings } from "@shared/schemas/admin/settings";
import type { AppDeps } from "../../deps";
import type { StorageDriver } from "../../storage/driver";
import { getSystemSettings } from "../system/settings";
import { overLimit, roomWithin, type UploadRoom } from "./upload-limits";

export type UploadPolicy = {
  settings: SystemSettings;
  storageConfigId: string;
  driver: StorageDriver;
  /** The max upload size setting, in bytes. */
  maxBytes: number;
  /** The storage config's capacity in bytes; null is unlimited. */
  capacity: bigint | null;
  /**
   * The room left for this upload: the storage's use is read now (uploads come and go), less
   * `ownBytes` the upload itself is already counted with (upload-limits.ts, roomWithin).
   */
  room(ownBytes?: number): Promise<UploadRoom>;
  /** Refuses `size` bytes over the max upload size or the room left (413, 507); answers the room. */
  assertFits(size: number, ownBytes?: number): Promise<UploadRoom>;
};

export type PolicyDeps = Pick<AppDeps, "db" | "storage">;

/**
 * What a request already read is taken as it is: the settings (a route that needed them first, the
 * WebDAV mode), the driver (a WebDAV request that probed the path), the capacity (a storage row the
 * flow selected anyway). The rest is read here, once.
 */
export type KnownParts = {
  settings?: SystemSettings;
  driver?: StorageDriver;
  capacity?: bigint | null;
};

export async function loadUploadPolicy(
  deps: PolicyDeps,
  storageConfigId: string,
  known: KnownParts = {},
): Promise<UploadPolicy> {
  const [settings, driver, capacity] = await Promise.all([
    known.settings ?? getSystemSettings(deps.db),
    known.driver ?? deps.storage.driverFor(storageConfigId),
    known.capacity !== undefined ? known.capacity : capacityOf(deps, storageConfigId),
  ]);
  const maxBytes = megabytesToBytes(settings.max_upload_size);
  const limits = { storageConfigId, maxBytes, totalBytes: capacity };
  const room = (ownBytes = 0) => roomWithin(deps.db, limits, ownBytes);
  return {
    settings,
    storageConfigId,
    driver,
    maxBytes,
    capacity,
    room,
    async assertFits(size, ownBytes = 0) {
      const found = await room(ownBytes);
      const refusal = overLimit(found, size);
      if (refusal) throw refusal;
      return found;
    },
  };
}

async function capacityOf(deps: PolicyDeps, storageConfigId: string): Promise<bigint | null> {
  const row = await deps.db.storageConfig.findUnique({
    where: { id: storageConfigId },
    select: { totalStorageBytes: true },
  });
  return row?.totalStorageBytes ?? null;
}
