// "errors" 部分的中文错误信息（与 en-errors.ts 对应）：服务器的回答与管理、浏览器表单的检查。
import { zhBackupErrors } from "../locales/zh/admin/backup-errors";
import { zhErrors } from "../locales/zh/app/errors";
import { zhFsErrors } from "../locales/zh/explorer/fs-errors";
import { zhUrlErrors } from "../locales/zh/shares/url-errors";
import type { enErrorTexts } from "./en-errors";

export const zhErrorTexts: typeof enErrorTexts = { ...zhErrors, ...zhUrlErrors, ...zhFsErrors, ...zhBackupErrors };
