// One lazily loaded screen per admin module, so each module's code (tables, forms) loads only when
// the admin opens it. Later issues replace the files these point to.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { AdminModule } from "../../routes";

export const ADMIN_MODULE_SCREENS: Record<AdminModule, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import("./dashboard-module")),
  "text-management": lazy(() => import("./text-management-module")),
  "file-management": lazy(() => import("./file-management-module")),
  "upload-requests": lazy(() => import("./upload-requests-module")),
  "shared-links": lazy(() => import("./shared-links-module")),
  "storage-config": lazy(() => import("./storage-config-module")),
  "mount-management": lazy(() => import("./mount-management-module")),
  "key-management": lazy(() => import("./key-management-module")),
  settings: lazy(() => import("./settings-module")),
  security: lazy(() => import("./security-module")),
  backups: lazy(() => import("./backups-module")),
  "audit-log": lazy(() => import("./audit-log-module")),
  "dav-locks": lazy(() => import("./dav-locks-module")),
  tasks: lazy(() => import("./tasks-module")),
  jobs: lazy(() => import("./jobs-module")),
};
