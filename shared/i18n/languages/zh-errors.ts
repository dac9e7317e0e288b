// "errors" 部分的中文错误信息（与 en-errors.ts 对应）：服务器的回答与管理、浏览器表单的检查。
import { zhBackupErrors } from "../locales/zh/backup-errors";
import { zhErrors } from "../locales/zh/errors";
import { zhFsErrors } from "../locales/zh/fs-errors";
import { zhUrlErrors } from "../locales/zh/url-errors";
import type { enErrorTexts } from "./en-errors";

export const zhErrorTexts: typeof enErrorTexts = { ...zhErrors, ...zhUrlErrors, ...zhFsErrors, ...zhBackupErrors };
