// One lazily loaded screen per admin module, so each module's code (tables, forms) loads only when
// the admin opens it. Later issues replace the files these point to.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { AdminModule } from "../../routes";

export const ADMIN_MODULE_SCREENS: Record<AdminModule, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import("./dashboard/dashboard-module")),
  "text-management": lazy(() => import("./pastes/text-management-module")),
  "file-management": lazy(() => import("./files/file-management-module")),
  "upload-requests": lazy(() => import("./upload-requests/upload-requests-module")),
  "shared-links": lazy(() => import("./shared-links/shared-links-module")),
  "storage-config": lazy(() => import("./storage/storage-config-module")),
  "mount-management": lazy(() => import("./mounts/mount-management-module")),
  "key-management": lazy(() => import("./keys/key-management-module")),
  settings: lazy(() => import("./settings/settings-module")),
  security: lazy(() => import("./security/security-module")),
  backups: lazy(() => import("./backups/backups-module")),
  "audit-log": lazy(() => import("./audit/audit-log-module")),
  "dav-locks": lazy(() => import("./dav-locks/dav-locks-module")),
  tasks: lazy(() => import("./tasks/tasks-module")),
  jobs: lazy(() => import("./jobs/jobs-module")),
};
