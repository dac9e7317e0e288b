// The composition root: builds the app's long-lived parts (AppDeps) and the app around them, the one
// place main.ts and the test harness both do it, so a part added here is wired the same in both and a
// test runs the app a server runs. What differs is passed in: metrics, the periodic jobs, test limits.

import type { Config } from "../config";
import type { Database } from "../db/client";
import { createReadConnection, type ReadConnection } from "../db/read-connection";
import { createViewCounter } from "../db/view-counter/view-counter";
import type { AppDeps } from "../deps";
import { createOpenDownloads } from "../http/downloads/open-downloads";
import type { Logger } from "../logger";
import { type ClipboardLimits, createClipboardHub } from "../routers/clipboard/hub";
import { backupJob } from "../services/backup/backup-job";
import { createClipboardBus } from "../services/clipboard/bus";
import { createMemoryListingCache } from "../services/explorer/listing-cache";
import { createJobLedger } from "../services/jobs/ledger";
import { createScheduler } from "../services/jobs/scheduler";
import { systemJobs } from "../services/jobs/system-jobs";
import { indexCrawlJob } from "../services/search-index/crawl";
import { METRICS_OFF, type Metrics } from "../services/system/metrics";
import { createTaskWorker } from "../services/tasks/worker";
import { webhookDeliveryJob } from "../services/upload-requests/webhook";
import { createStorageService } from "../storage";
import { type App, createApp } from "./app";

export type ComposeOptions = {
  config: Config;
  db: Database;
  logger: Logger;
  /** Postgres: the schema the database lives in (each test database has its own). */
  pgSchema?: string;
  /** Builds the /metrics registry once the parts it reads exist (main.ts); none by default. */
  metrics?(sources: { clipboardConnections(): number; reads: ReadConnection }): Promise<Metrics>;
  /** Registers the server's periodic jobs (sweep, checkpoint, backup, index crawl); a test registers its own. */
  withJobs?: boolean;
  /** The live clipboard's limits, when a test needs them smaller. */
  clipboardLimits?: ClipboardLimits;
};

export type ComposedApp = {
  deps: AppDeps;
  app: App;
  /**
   * Stops taking work: jobs and tasks are told to stop (what runs finishes) and live clipboard
   * connections close. Resolves once the connections are closed; close() waits for the rest.
   */
  stopWork(): Promise<void>;
  /** Waits for the work stopWork stopped (calling it if nobody did), then closes every connection but `db`'s. */
  close(): Promise<void>;
};

export async function composeApp(options: ComposeOptions): Promise<ComposedApp> {
  const { config, db, logger, pgSchema } = options;
  const schema = pgSchema ? { pgSchema } : {};
  const reads = createReadConnection(config.databaseUrl, db);
  // The metrics read the hub, which is made after them: they ask for its count when scraped.
  let clipboardConnections = () => 0;
  const metrics = options.metrics
    ? await options.metrics({ clipboardConnections: () => clipboardConnections(), reads })
    : METRICS_OFF;
  const viewCounter = metrics.countingViews(createViewCounter(config.databaseUrl, db));
  const jobLedger = metrics.countingJobRuns(createJobLedger(config.databaseUrl, db));
  const scheduler = createScheduler({ ledger: jobLedger, logger });
  const storage = createStorageService(db, reads, {
    appSecret: config.secret,
    publicUrl: config.publicUrl,
    databaseUrl: config.databaseUrl,
    ...schema,
  });
  const serverJobs = options.withJobs ? systemJobs(config.databaseUrl) : null;
  if (serverJobs) {
    for (const job of serverJobs.jobs) scheduler.register(job);
    scheduler.register(backupJob({ config, db, reads, storage }));
    scheduler.register(indexCrawlJob({ db, storage }));
    scheduler.register(webhookDeliveryJob({ db, config, logger, reads }));
  }
  const listingCache = createMemoryListingCache();
  const clipboardBus = await createClipboardBus(config.databaseProvider, config.databaseUrl, logger);
  const clipboardHub = createClipboardHub({ db, reads, clipboardBus, logger }, options.clipboardLimits);
  clipboardConnections = () => clipboardHub.connectionCount();
  const tasks = createTaskWorker(
    { db, storage, config, listingCache, logger },
    { ...schema, leaseMs: config.taskLeaseMs, partsAbove: config.taskPartsAboveBytes },
  );
  const deps: AppDeps = {
    config,
    db,
    reads,
    viewCounter,
    logger,
    storage,
    listingCache,
    clipboardBus,
    clipboardHub,
    scheduler,
    tasks,
    openDownloads: createOpenDownloads(config.maxDownloadsPerAddress),
  };
  const app = await createApp(deps, metrics);

  let workStopped: Promise<void> | null = null;
  let connectionsClosed: Promise<void> | null = null;
  function stopWork() {
    if (!connectionsClosed) {
      // Jobs under way (a sweep) and tasks finish while requests do: they write to the database closed last.
      workStopped = Promise.all([scheduler.stop(), tasks.stop()]).then(() => undefined);
      connectionsClosed = clipboardHub.close();
    }
    return connectionsClosed;
  }
  return {
    deps,
    app,
    stopWork,
    async close() {
      await stopWork();
      await workStopped;
      serverJobs?.close();
      jobLedger.close();
      await viewCounter.close();
      await clipboardBus.close();
      reads.close();
    },
  };
}
