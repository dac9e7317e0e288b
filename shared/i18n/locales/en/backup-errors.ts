// Error messages of backups, restores and the CloudPaste import (docs/backup.md), merged into the
// `errors` namespace. Keep the zh file in step (it is typed from this one).
export const enBackupErrors = {
  backupRunning: "A backup is running already; wait for it to finish",
  backupUnavailable: "Backups are not available in this server process",
  backupNotFound: "This backup archive does not exist (it may have been deleted)",
  cloudPasteUnreadable: "This file cannot be imported: {{reason}}",
};
