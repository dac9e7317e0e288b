import type { enBackupErrors } from "../en/backup-errors";

export const zhBackupErrors: typeof enBackupErrors = {
  backupRunning: "已有备份正在进行，请等待其完成",
  backupUnavailable: "此服务器进程无法进行备份",
  backupNotFound: "该备份文件不存在（可能已被删除）",
  cloudPasteUnreadable: "无法导入此文件：{{reason}}",
};
