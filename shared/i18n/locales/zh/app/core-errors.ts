// 公开页面自己显示的错误信息（与 en/core-errors.ts 对应）。
import type { enCoreErrors } from "../../en/app/core-errors";

export const zhCoreErrors: typeof enCoreErrors = {
  slugInvalid: "只能包含字母、数字、连字符和下划线",
  slugTooLong: "最多 50 个字符",
  slugReserved: "这是保留词，请换一个",
  contentEmpty: "内容不能为空",
  contentTooLarge: "内容超过 10 MB",
  maxViewsInvalid: "最大查看次数必须是不小于 0 的整数（0 表示不限）",
  maxViewsTooLarge: "最大查看次数不能超过 1,000,000,000",
  pasteExpired: "文本已过期",
  viewLimitReached: "已达到查看次数上限",
  fileExpired: "文件分享已过期",
  shareFolderEscape: '文件夹必须位于存储的分享文件夹内：不能包含 ".."、"."、反斜杠、盘符或以 "//" 开头',
  filenameRequired: "文件需要一个名称",
  urlInvalid: "请输入有效的 http:// 或 https:// 链接",
};
