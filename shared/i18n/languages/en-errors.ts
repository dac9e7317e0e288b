// The English error messages of the "errors" part (text-parts.ts): the server's answers and the admin
// and explorer forms' checks, in the `errors` namespace. A page loads it with the screens that name
// its keys (client/src/app.tsx), or when it meets one it has not loaded (client/src/i18n.ts). The few
// the public screens show themselves are the shell's (locales/en/app/core-errors.ts); the server holds
// both (server.ts).
import { enBackupErrors } from "../locales/en/admin/backup-errors";
import { enErrors } from "../locales/en/app/errors";
import { enFsErrors } from "../locales/en/explorer/fs-errors";
import { enUrlErrors } from "../locales/en/shares/url-errors";

export const enErrorTexts = { ...enErrors, ...enUrlErrors, ...enFsErrors, ...enBackupErrors };
