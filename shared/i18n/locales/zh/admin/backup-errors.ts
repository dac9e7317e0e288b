import type { enBackupErrors } from "../../en/admin/backup-errors";

export const zhBackupErrors: typeof enBackupErrors = {
  backupRunning: "已有备份正在进行，请等待其完成",
  backupUnavailable: "此服务器进程无法进行备份",
  backupNotFound: "该备份文件不存在（可能已被删除）",
  cloudPasteUnreadable: "无法导入此文件：{{reason}}",
  restoreNotBackup: "此文件不是 Pastebox 备份。未保留任何内容。",
  restoreCorrupt: "备份已损坏：内容与校验和不符。未保留任何内容。",
  restoreTruncated: "备份不完整（被截断，或写入时被中断）。未保留任何内容。",
  restoreNewerVersion: "此备份由更新版本的 Pastebox 创建。请先升级此服务器。未保留任何内容。",
  restorePassphraseRequired: "此备份包含加密封存的密钥：请输入其口令。",
  restoreWrongPassphrase: "此备份的口令错误。未保留任何内容。",
  restoreNotEmpty: "此服务器已有数据。请恢复到空的安装，或选择替换全部数据。未保留任何内容。",
  restoreSecretMismatch: "服务器的 SECRET 与备份中的密钥不同。请取消设置，或设为备份的密钥后重试。",
  restorePending: "已有一个恢复在等待下次启动。请先取消它，再上传其他备份。",
};
