// CloudPaste 导入报告的说明（docs/backup.md）：仅服务器使用。与 en/cloudpaste-import.ts 保持一致。
import type { enCloudPasteImport } from "../../en/admin/cloudpaste-import";

export const zhCloudPasteImport: typeof enCloudPasteImport = {
  cloudPasteImport: {
    notes: {
      adminPassword: "CloudPaste 只保存管理员密码的无盐 SHA-256：请继续使用本实例的管理员账户",
      storageUnsupported: "此处不支持 {{type}} 存储",
      alreadyImported: "已导入",
      placeholderCredentials: "其凭据是格式错误的占位值",
      providerChanged: "服务商“{{from}}”改为“{{to}}”",
      notDefault: "未设为默认（本实例保留自己的默认存储）",
      guestKey: "CloudPaste 的访客密钥在此没有对应项",
      disabledKey: "在 CloudPaste 中已停用：不导入，因此仍会被拒绝",
      keyExists: "已存在同名或相同的密钥",
      pasteExists: "已存在使用此短链接的文本",
      fileExists: "已存在使用此短链接的文件分享",
      mountExists: "此路径已有挂载点",
      storageNotImported: "其存储未被导入",
      newPassword: "其密码无法迁移；新密码：{{password}}",
      credentialsFail: "其凭据在此无法使用（{{error}}）：已导入并标记；请在存储设置中修正",
      alreadySet: "已设置",
    },
    unmapped: {
      ownTable: "表 {{table}}：CloudPaste 自身的状态，不导入",
      unknownTable: "表 {{table}}：此处未知，不导入",
      fsMeta: "fs_meta：{{count}} 条目录页眉、页脚、隐藏规则和密码在此没有对应项",
      storageValue: "存储 {{name}}：{{field}} = {{value}}",
      mountValue: "挂载 {{name}}：{{field}} = {{value}}",
      pasteTitle: "文本 {{slug}}：标题 {{title}}",
      pasteUnlisted: "文本 {{slug}}：is_public = 0（不公开列出）",
      webdavBits: "API 密钥 {{name}}：WebDAV 权限位（此处 WebDAV 跟随挂载权限）",
      setting: "设置 {{key}} = {{value}}",
    },
  },
};
