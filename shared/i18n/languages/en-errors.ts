// Every English error message the pages show, in one `errors` namespace: the shell's part
// (en-core.ts) and the server's texts (server.ts) both hold it.
import { enBackupErrors } from "../locales/en/backup-errors";
import { enErrors } from "../locales/en/errors";
import { enFsErrors } from "../locales/en/fs-errors";
import { enUrlErrors } from "../locales/en/url-errors";

export const enErrorTexts = { ...enErrors, ...enUrlErrors, ...enFsErrors, ...enBackupErrors };
