// The periodic sweep: removes what has expired so tables and storage do not grow without bound. Each
// domain adds its purge step to SWEEP_STEPS; a failing step is logged and does not stop the others.
// The scheduler runs it every 10 minutes (services/jobs/system-jobs.ts), each time in a short-lived child process (server/app/child-task.ts), so that a server
// nobody uses does not load Prisma for it (docs/decisions/0013-idle-without-prisma.md).
import { LOCAL_PROVIDER } from "@shared/constants";
import { answerParentOnDatabase, runChildTask } from "../../app/child-task";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { createReadConnection } from "../../db/read-connection";
import type { AppDeps } from "../../deps";
import { createLogger } from "../../logger";
import { createStorageService } from "../../storage";
import { purgeExpiredRooms } from "../clipboard/rooms";
import { createMemoryListingCache } from "../explorer/listing-cache";
import { purgeStaleMultipartUploads } from "../explorer/uploads";
import { purgeGonePastes } from "../pastes/pastes";
import { purgeGoneShareSets } from "../shares/collections/share-sets";
import { purgeGoneFiles } from "../shares/manage";
import { trimPurgedSlugs } from "../shares/slugs/purged-slugs";
import { TASK_HISTORY_MS } from "../tasks/tasks";
import { purgeStaleArrivals } from "../upload-requests/arrivals";
import { STALE_UPLOAD_MS } from "../uploads/upload-limits";
import { purgeExpiredBuckets } from "./rate-limit";

export type SweepDeps = Pick<AppDeps, "db" | "storage" | "config" | "logger" | "listingCache">;

type SweepStep = { name: string; run(deps: SweepDeps, now: Date): Promise<unknown> };

const SWEEP_STEPS: SweepStep[] = [
  { name: "admin sessions", run: ({ db }, now) => db.adminSession.deleteMany({ where: { expiresAt: { lte: now } } }) },
  { name: "rate-limit buckets", run: ({ db }, now) => purgeExpiredBuckets(db, now) },
  { name: "expired and used-up pastes", run: ({ db }, now) => purgeGonePastes(db, now) },
  { name: "expired, used-up and emptied sets of files", run: (deps, now) => purgeGoneShareSets(deps, now) },
  { name: "expired, used-up and stale file uploads", run: (deps, now) => purgeGoneFiles(deps, now) },
  { name: "remembered links of removed shares", run: ({ db }, now) => trimPurgedSlugs(db, now) },
  { name: "expired clipboard rooms", run: ({ db }, now) => purgeExpiredRooms(db, now) },
  {
    name: "explorer tasks finished more than 7 days ago",
    run: ({ db }, now) =>
      db.fsTask.deleteMany({ where: { finishedAt: { lt: new Date(now.getTime() - TASK_HISTORY_MS) } } }),
  },
  { name: "stale multipart uploads into mounts", run: (deps, now) => purgeStaleMultipartUploads(deps, now) },
  {
    name: "upload request files never finished",
    run: (deps, now) => purgeStaleArrivals(deps, new Date(now.getTime() - STALE_UPLOAD_MS)),
  },
  // After the records: what they pointed at is gone by now, what is left in temp folders is a crash's.
  { name: "interrupted writes in local storage", run: (deps, now) => purgeLocalTemp(deps, now) },
];

/** Temp files and part folders that a killed process left in local storages, once as stale as uploads. */
async function purgeLocalTemp(deps: SweepDeps, now: Date) {
  const configs = await deps.db.storageConfig.findMany({
    where: { providerType: LOCAL_PROVIDER },
    select: { id: true },
  });
  let removed = 0;
  for (const config of configs) {
    const driver = await deps.storage.driverFor(config.id);
    removed += (await driver.purgeTemp?.(new Date(now.getTime() - STALE_UPLOAD_MS))) ?? 0;
  }
  return { removed };
}

export async function sweepOnce(deps: SweepDeps, now = new Date()): Promise<void> {
  for (const step of SWEEP_STEPS) {
    try {
      await step.run(deps, now);
    } catch (error) {
      deps.logger.warn(`sweep of ${step.name} failed`, { error: String(error) });
    }
  }
}

/** One sweep in a child process (the scheduler's "sweep" job, services/jobs/system-jobs.ts). */
export function sweepInChildProcess(): Promise<{ swept: true }> {
  return runChildTask(import.meta.path);
}

/** One sweep with parts of its own (reads, storage, logger), as the child process runs it. */
async function sweepInThisProcess(db: Database, config: Config): Promise<{ swept: true }> {
  const reads = createReadConnection(config.databaseUrl, db);
  const storage = createStorageService(db, reads, {
    appSecret: config.secret,
    publicUrl: config.publicUrl,
    databaseUrl: config.databaseUrl,
  });
  try {
    await sweepOnce({
      db,
      storage,
      config,
      logger: createLogger(config.logLevel),
      listingCache: createMemoryListingCache(),
    });
  } finally {
    reads.close();
  }
  return { swept: true };
}

if (import.meta.main) await answerParentOnDatabase(sweepInThisProcess);
