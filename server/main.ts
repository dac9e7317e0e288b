// Server entry: validate the configuration, migrate the database and create the first-start records (in a
// child process), then serve HTTP until SIGTERM/SIGINT, finishing in-flight requests before exiting.
import { APP_VERSION, PRODUCT_NAME } from "@shared/constants";
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createDatabase } from "./db/client";
import { createReadConnection } from "./db/read-connection";
import { createViewCounter } from "./db/view-counter";
import { serveApp } from "./http/serve";
import { createLogger } from "./logger";
import { createClipboardHub } from "./routers/clipboard/hub";
import { unfinishedRestore } from "./services/backup/restore-marker";
import { createClipboardBus } from "./services/clipboard/bus";
import { createMemoryListingCache } from "./services/explorer/listing-cache";
import { createJobLedger } from "./services/jobs/ledger";
import { createScheduler } from "./services/jobs/scheduler";
import { systemJobs } from "./services/jobs/system-jobs";
import { prepareDatabaseInChildProcess } from "./services/system/bootstrap";
import { createStorageService } from "./storage";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const restore = unfinishedRestore(config.dataDir);
  if (restore) {
    // The data may be half of the backup's: say so loudly on every start until a restore completes.
    logger.error(
      "A restore did not finish: run `bun run pastebox restore FILE --force` again (docs/backup.md)",
      restore,
    );
  }
  await prepareDatabaseInChildProcess();
  // Prisma loads with the first request that needs it (db/client.ts).
  const db = createDatabase(config.databaseUrl);
  const reads = createReadConnection(config.databaseUrl, db);
  const viewCounter = createViewCounter(config.databaseUrl, db);
  const jobLedger = createJobLedger(config.databaseUrl, db);
  const scheduler = createScheduler({ ledger: jobLedger, logger });
  const serverJobs = systemJobs(config.databaseUrl);
  for (const job of serverJobs.jobs) scheduler.register(job);
  const storage = createStorageService(db, reads, { appSecret: config.secret, publicUrl: config.publicUrl });
  const listingCache = createMemoryListingCache();
  const clipboardBus = await createClipboardBus(config.databaseProvider, config.databaseUrl, logger);
  const clipboardHub = createClipboardHub({ db, clipboardBus, logger });
  const app = await createApp({
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
  });
  const server = await serveApp(app, clipboardHub, { port: config.port, hostname: config.host, logger, db });
  logger.info(`${PRODUCT_NAME} ${APP_VERSION} listening`, {
    url: `http://${config.host}:${server.port}`,
    publicUrl: config.publicUrl,
    database: config.databaseProvider,
    dataDir: config.dataDir,
  });

  await scheduler.start();

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, finishing in-flight requests`);
    // Jobs under way (a sweep) finish while in-flight requests do: both write to the database closed below.
    const jobsStopped = scheduler.stop();
    await clipboardHub.close();
    await server.stop(false);
    app.flushLogs();
    await jobsStopped;
    serverJobs.close();
    jobLedger.close();
    await viewCounter.close();
    await clipboardBus.close();
    reads.close();
    await db.$disconnect();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

await main();
