// Error messages of backups, restores and the CloudPaste import (docs/backup.md), merged into the
// `errors` namespace. Keep the zh file in step (it is typed from this one).
export const enBackupErrors = {
  backupRunning: "A backup is running already; wait for it to finish",
  backupUnavailable: "Backups are not available in this server process",
  backupNotFound: "This backup archive does not exist (it may have been deleted)",
  cloudPasteUnreadable: "This file cannot be imported: {{reason}}",
  restoreNotBackup: "This file is not a Pastebox backup. Nothing was kept.",
  restoreCorrupt: "The backup is damaged: its contents do not match its checksums. Nothing was kept.",
  restoreTruncated: "The backup is incomplete (cut short, or interrupted while it was written). Nothing was kept.",
  restoreNewerVersion:
    "The backup was made by a newer version of Pastebox. Upgrade this server first. Nothing was kept.",
  restorePassphraseRequired: "The backup holds a sealed secret: enter its passphrase.",
  restoreWrongPassphrase: "Wrong passphrase for this backup. Nothing was kept.",
  restoreNotEmpty:
    "This server already has data. Restore into an empty install, or choose to replace everything. Nothing was kept.",
  restoreSecretMismatch:
    "The server's SECRET is set to another value than the backup's. Unset it or set it to the backup's secret, then try again.",
  restorePending: "A restore is already waiting for the next start. Cancel it first to upload another backup.",
};
