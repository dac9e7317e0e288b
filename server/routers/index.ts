// The app's tRPC router: one sub-router per domain (docs/architecture.md #2). The client infers its types
// from AppRouter; the REST adapter and OpenAPI document read the procedures' `meta.rest`.
import { router } from "../trpc";
import { backupsRouter } from "./admin/backups";
import { dashboardRouter } from "./admin/dashboard";
import { davLocksRouter } from "./admin/dav-locks";
import { jobsRouter } from "./admin/jobs";
import { keysRouter } from "./admin/keys";
import { mountsRouter } from "./admin/mounts";
import { settingsRouter } from "./admin/settings";
import { storageRouter } from "./admin/storage";
import { adminRouter } from "./auth/account";
import { appPasswordsRouter } from "./auth/app-passwords";
import { auditRouter } from "./auth/audit";
import { passkeysRouter } from "./auth/passkeys";
import { securityRouter } from "./auth/security";
import { sessionRouter } from "./auth/session";
import { ssoRouter } from "./auth/sso";
import { clipboardRouter } from "./clipboard/router";
import { cacheRouter } from "./explorer/cache";
import { fsRouter } from "./explorer/router";
import { fsIndexRouter } from "./explorer/search-index";
import { fsTasksRouter } from "./explorer/tasks";
import { pastesRouter } from "./pastes/router";
import { pathSharesRouter } from "./shares/path-share-routes";
import { filesRouter } from "./shares/router";
import { shareSetsRouter } from "./shares/share-set-routes";
import { urlInfoRouter } from "./shares/url-info";
import { systemRouter } from "./system/router";
import { uploadRequestsRouter } from "./upload-requests/router";

export const appRouter = router({
  system: systemRouter,
  admin: adminRouter,
  session: sessionRouter,
  security: securityRouter,
  passkeys: passkeysRouter,
  sso: ssoRouter,
  appPasswords: appPasswordsRouter,
  keys: keysRouter,
  pastes: pastesRouter,
  files: filesRouter,
  shares: pathSharesRouter,
  shareSets: shareSetsRouter,
  uploadRequests: uploadRequestsRouter,
  storage: storageRouter,
  settings: settingsRouter,
  url: urlInfoRouter,
  mounts: mountsRouter,
  fs: fsRouter,
  fsTasks: fsTasksRouter,
  fsIndex: fsIndexRouter,
  cache: cacheRouter,
  dashboard: dashboardRouter,
  clipboard: clipboardRouter,
  jobs: jobsRouter,
  backups: backupsRouter,
  audit: auditRouter,
  davLocks: davLocksRouter,
});

export type AppRouter = typeof appRouter;
