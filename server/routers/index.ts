// The app's tRPC router: one sub-router per domain (docs/architecture.md #2). The client infers its types
// from AppRouter; the REST adapter and OpenAPI document read the procedures' `meta.rest`.
import { router } from "../trpc";
import { adminRouter } from "./admin";
import { cacheRouter } from "./cache";
import { clipboardRouter } from "./clipboard";
import { dashboardRouter } from "./dashboard";
import { filesRouter } from "./files";
import { fsRouter } from "./fs";
import { keysRouter } from "./keys";
import { mountsRouter } from "./mounts";
import { pastesRouter } from "./pastes";
import { sessionRouter } from "./session";
import { storageRouter } from "./storage";
import { systemRouter } from "./system";
import { settingsRouter } from "./system-settings";
import { urlInfoRouter } from "./url-info";

export const appRouter = router({
  system: systemRouter,
  admin: adminRouter,
  session: sessionRouter,
  keys: keysRouter,
  pastes: pastesRouter,
  files: filesRouter,
  storage: storageRouter,
  settings: settingsRouter,
  url: urlInfoRouter,
  mounts: mountsRouter,
  fs: fsRouter,
  cache: cacheRouter,
  dashboard: dashboardRouter,
  clipboard: clipboardRouter,
});

export type AppRouter = typeof appRouter;
