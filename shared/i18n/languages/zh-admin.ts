// 管理模块的中文文本（与 en-admin.ts 对应，类型为 typeof enAdmin）。
import { zhAdminSystem } from "../locales/zh/admin-system";
import { zhAdminWork } from "../locales/zh/admin-work";
import { zhApiKeys } from "../locales/zh/api-keys";
import { zhAudit } from "../locales/zh/audit";
import { zhBackups } from "../locales/zh/backups";
import { zhDavLocks } from "../locales/zh/dav-locks";
import { zhSecurity } from "../locales/zh/security";
import { zhSharedLinks } from "../locales/zh/shared-links";
import { zhStorageConfig } from "../locales/zh/storage-config";
import { zhUploadRequests } from "../locales/zh/upload-requests";
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
