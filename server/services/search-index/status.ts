// What the admin reads of the search index (docs/search-index.md): per mount and in total, the files it
// holds, its state and when it was last crawled whole.

import type { fsIndexStatusOutput } from "@shared/schemas/explorer/search-index";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { StorageService } from "../../storage";
import { loadActiveMounts, mountKeyPrefix } from "../explorer/mounts";
import { CRAWL_STALE_MS, crawlPrefixes, mountedStorages, startCrawls } from "./crawl";

type Status = z.infer<typeof fsIndexStatusOutput>;
type State = Status["state"];

/** The state the admin sees: a crawl whose process died shows as failed until it is resumed. */
function stateOf(row: { status: string; heartbeatAt: Date | null } | undefined): State {
  if (!row) return "idle";
  if (row.status === "crawling") {
    const isAlive = row.heartbeatAt !== null && Date.now() - row.heartbeatAt.getTime() < CRAWL_STALE_MS;
    return isAlive ? "crawling" : "failed";
  }
  return row.status === "ready" || row.status === "failed" ? row.status : "idle";
}

/** The total's state: any crawl running first, then any failure, then any storage never crawled. */
function overallState(states: State[]): State {
  for (const state of ["crawling", "failed", "idle"] as const) if (states.includes(state)) return state;
  return states.length === 0 ? "idle" : "ready";
}

export async function indexStatus(deps: { db: Database; storage: StorageService }): Promise<Status> {
  const index = deps.storage.index();
  const mounts = await loadActiveMounts(deps.db);
  const rows = await deps.db.fsIndexState.findMany({
    select: {
      storageConfigId: true,
      status: true,
      heartbeatAt: true,
      indexedAt: true,
      crawledObjects: true,
      error: true,
    },
  });
  const stateOfStorage = new Map(rows.map((row) => [row.storageConfigId, row]));
  const perMount = [];
  for (const mount of [...mounts].sort((a, b) => (a.mountPath < b.mountPath ? -1 : 1))) {
    const row = stateOfStorage.get(mount.storageConfigId);
    perMount.push({
      mount_id: mount.id,
      name: mount.name,
      mount_path: mount.mountPath,
      storage_config_id: mount.storageConfigId,
      objects: await index.countFiles(mount.storageConfigId, mountKeyPrefix(mount)),
      state: stateOf(row),
      indexed_at: row?.indexedAt ?? null,
      crawled_objects: row?.crawledObjects ?? 0,
      error: row?.error ?? null,
    });
  }
  // The total counts each storage's files once, however many mounts show them.
  let objects = 0;
  const storages = await mountedStorages(deps.db);
  for (const id of storages) {
    for (const prefix of await crawlPrefixes(deps.db, id)) objects += await index.countFiles(id, prefix);
  }
  const states = storages.map((id) => stateOf(stateOfStorage.get(id)));
  const dates = storages.map((id) => stateOfStorage.get(id)?.indexedAt ?? null);
  const isComplete = dates.length > 0 && dates.every((date) => date !== null);
  return {
    objects,
    state: overallState(states),
    indexed_at: isComplete ? new Date(Math.min(...dates.map((date) => (date as Date).getTime()))) : null,
    mounts: perMount,
  };
}

/** The admin's rebuild: crawls every mounted storage, or one, in the background. */
export async function rebuildIndex(
  deps: { db: Database; storage: StorageService; logger: { warn(message: string, meta?: object): void } },
  storageConfigId?: string,
) {
  if (storageConfigId !== undefined && !(await mountedStorages(deps.db)).includes(storageConfigId)) {
    throw new AppError("NOT_FOUND", "errors.storageConfigNotFound");
  }
  return startCrawls(deps, storageConfigId === undefined ? undefined : [storageConfigId]);
}
