// The app's long-lived parts, handed to services, the HTTP handlers and WebDAV. Kept apart from the tRPC
// setup (server/trpc.ts) so that services depend on what they use, not on the RPC layer above them.

import type { Config } from "./config";
import type { Database } from "./db/client";
import type { ReadConnection } from "./db/read-connection";
import type { ViewCounter } from "./db/view-counter/view-counter";
import type { OpenDownloads } from "./http/downloads/open-downloads";
import type { Logger } from "./logger";
import type { ClipboardHub } from "./routers/clipboard/hub";
import type { ClipboardBus } from "./services/clipboard/bus";
import type { ListingCache } from "./services/explorer/listing-cache";
import type { Scheduler } from "./services/jobs/scheduler";
import type { TaskWorker } from "./services/tasks/worker";
import type { StorageService } from "./storage";

/** Long-lived parts of the app, created once at start (or once per test). */
export type AppDeps = {
  config: Config;
  db: Database;
  /** Reads made without a request asking for them, kept off Prisma on SQLite (db/read-connection.ts). */
  reads: ReadConnection;
  /** Counts paste views (db/view-counter/view-counter.ts): a thread of its own on SQLite, Prisma on Postgres. */
  viewCounter: ViewCounter;
  logger: Logger;
  storage: StorageService;
  /** The mount explorer's directory listings (services/explorer/listing-cache.ts). */
  listingCache: ListingCache;
  /** Live clipboard events to every process (services/clipboard/bus.ts). */
  clipboardBus: ClipboardBus;
  /** This process's live clipboard connections (routers/clipboard/hub.ts). */
  clipboardHub: ClipboardHub;
  /** The periodic jobs (services/jobs/scheduler.ts): started by main.ts, listed and run now by the admin. */
  scheduler: Scheduler;
  /** This process's worker of server-side explorer tasks (services/tasks/worker.ts). */
  tasks: TaskWorker;
  /** Downloads open now, per address (http/downloads/open-downloads.ts). */
  openDownloads: OpenDownloads;
};
