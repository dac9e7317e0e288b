// Server entry: validate the configuration, migrate the database, apply a restore uploaded from the admin
// panel and create the first-start records (in a child process), then serve HTTP until SIGTERM/SIGINT, finishing in-flight requests before exiting.
// A start that cannot succeed (bad configuration, unwritable data directory, unreachable database)
// ends with exit code 1 and one line naming the problem, never a stack trace (docs/deploy.md).
import { APP_VERSION, PRODUCT_NAME } from "@shared/constants";
import { composeApp } from "./app/compose";
import { ConfigError, loadConfig } from "./config";
import { createDatabase } from "./db/client";
import { serveApp } from "./http/serve";
import { createLogger } from "./logger";
import { hasPendingRestore, unfinishedRestore } from "./services/backup/restore-marker";
import { prepareDatabaseInChildProcess } from "./services/system/bootstrap";
import { createMetrics } from "./services/system/metrics";

/** Requests in flight get this long after SIGTERM; then their connections are closed. */
const REQUEST_GRACE_MS = 7_000;
/** Docker and podman send SIGKILL 10 s after SIGTERM: everything is closed before that. */
const SHUTDOWN_LIMIT_MS = 9_500;

class StartError extends Error {
  override name = "StartError";
}

async function main() {
  let config = loadConfig();
  const logger = createLogger(config.logLevel);
  const restore = unfinishedRestore(config.dataDir);
  if (restore) {
    // The data may be half of the backup's: say so loudly on every start until a restore completes.
    logger.error(
      hasPendingRestore(config.dataDir)
        ? "A restore did not finish: the restore uploaded from the admin panel is applied again now (docs/backup.md)"
        : "A restore did not finish: run `bun run pastebox restore FILE --force` again (docs/backup.md)",
      restore,
    );
  }
  try {
    const prepared = await prepareDatabaseInChildProcess();
    // A restore from the panel may have written the backup's secret to DATA_DIR/secret.key.
    if (prepared.restored) config = loadConfig();
  } catch (error) {
    // The child has printed its own details; the reason is the first line of its error that says something.
    const message = error instanceof Error ? error.message : String(error);
    const reason = message.split("\n").find((line) => line.trim() !== "") ?? "no reason given";
    throw new StartError(`the database (${config.databaseProvider}) could not be prepared: ${reason}`);
  }
  // Prisma loads with the first request that needs it (db/client.ts).
  const db = createDatabase(config.databaseUrl);
  const root = await composeApp({
    config,
    db,
    logger,
    withJobs: true,
    metrics: (sources) => createMetrics(config.metricsToken, sources),
  });
  const { app } = root;
  const { clipboardHub, reads, scheduler, tasks } = root.deps;
  const server = await serveApp(app, clipboardHub, { port: config.port, hostname: config.host, logger, reads }).catch(
    (error: unknown) => {
      if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
      throw new StartError(`port ${config.port} on ${config.host} is in use (another server is running there)`);
    },
  );
  logger.info(`${PRODUCT_NAME} ${APP_VERSION} listening`, {
    url: `http://${config.host}:${server.port}`,
    publicUrl: config.publicUrl,
    database: config.databaseProvider,
    dataDir: config.dataDir,
  });

  await scheduler.start();
  // Resumes tasks a stopped or killed process left, and takes those other processes create.
  tasks.start(() => reads.hasUnfinishedTasks());

  let stopping = false;
  async function shutdown(signal: NodeJS.Signals) {
    if (stopping) {
      // A second signal: the operator wants it gone now.
      logger.warn(`${signal} received again, exiting at once`);
      process.exit(128 + (signal === "SIGINT" ? 2 : 15));
    }
    stopping = true;
    logger.info(`${signal} received, finishing in-flight requests`);
    setTimeout(() => {
      logger.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s, exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    // Jobs and tasks under way finish while in-flight requests do; live clipboard connections close.
    await root.stopWork();
    // New connections are refused at once; requests under way (uploads too) finish within the grace.
    const graceful = server.stop(false);
    const grace = setTimeout(() => {
      logger.warn(`requests still running after ${REQUEST_GRACE_MS / 1000} s are cut`);
      void server.stop(true);
    }, REQUEST_GRACE_MS);
    await graceful;
    clearTimeout(grace);
    app.flushLogs();
    await root.close();
    await db.$disconnect();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

try {
  await main();
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof StartError)) throw error;
  console.error(`${PRODUCT_NAME} could not start: ${error.message}`);
  process.exit(1);
}
