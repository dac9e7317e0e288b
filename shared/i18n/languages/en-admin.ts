// The English texts of the admin modules beyond the content ones (pastes, files and mounts are their
// own parts, shared/i18n/text-parts.ts): API keys, the account, the dashboard, the settings and the storages.
import { enAdminSystem } from "../locales/en/admin/admin-system";
import { enAdminWork } from "../locales/en/admin/admin-work";
import { enBackups } from "../locales/en/admin/backups";
import { enApiKeys } from "../locales/en/auth/api-keys";
import { enAudit } from "../locales/en/auth/audit";
import { enSecurity } from "../locales/en/auth/security";
import { enDavLocks } from "../locales/en/explorer/dav-locks";
import { enStorageConfig } from "../locales/en/explorer/storage-config";
import { enSharedLinks } from "../locales/en/shares/shared-links";
import { enUploadRequests } from "../locales/en/upload-requests/upload-requests";

export const enAdmin = {
  ...enApiKeys,
  ...enAdminSystem,
  ...enStorageConfig,
  ...enSecurity,
  ...enBackups,
  ...enUploadRequests,
  ...enSharedLinks,
  ...enAudit,
  ...enDavLocks,
  ...enAdminWork,
};
