// 管理模块的中文文本（与 en-admin.ts 对应，类型为 typeof enAdmin）。
import { zhAdminSystem } from "../locales/zh/admin/admin-system";
import { zhAdminWork } from "../locales/zh/admin/admin-work";
import { zhBackups } from "../locales/zh/admin/backups";
import { zhApiKeys } from "../locales/zh/auth/api-keys";
import { zhAudit } from "../locales/zh/auth/audit";
import { zhSecurity } from "../locales/zh/auth/security";
import { zhDavLocks } from "../locales/zh/explorer/dav-locks";
import { zhStorageConfig } from "../locales/zh/explorer/storage-config";
import { zhSharedLinks } from "../locales/zh/shares/shared-links";
import { zhUploadRequests } from "../locales/zh/upload-requests/upload-requests";
import type { enAdmin } from "./en-admin";

export const zhAdmin: typeof enAdmin = {
  ...zhApiKeys,
  ...zhAdminSystem,
  ...zhStorageConfig,
  ...zhSecurity,
  ...zhBackups,
  ...zhUploadRequests,
  ...zhSharedLinks,
  ...zhAudit,
  ...zhDavLocks,
  ...zhAdminWork,
};
