// The English texts of the admin modules beyond the content ones (pastes, files and mounts are their
// own parts, shared/i18n/text-parts.ts): API keys, the account, the dashboard, the settings and the storages.
import { enAdminSystem } from "../locales/en/admin-system";
import { enAdminWork } from "../locales/en/admin-work";
import { enApiKeys } from "../locales/en/api-keys";
import { enAudit } from "../locales/en/audit";
import { enBackups } from "../locales/en/backups";
import { enDavLocks } from "../locales/en/dav-locks";
import { enSecurity } from "../locales/en/security";
import { enSharedLinks } from "../locales/en/shared-links";
import { enStorageConfig } from "../locales/en/storage-config";
import { enUploadRequests } from "../locales/en/upload-requests";

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
