// 页面显示的全部中文错误信息（与 en-errors.ts 对应）：外壳部分（zh-core.ts）与服务器文本（server.ts）共用。
import { zhBackupErrors } from "../locales/zh/backup-errors";
import { zhErrors } from "../locales/zh/errors";
import { zhFsErrors } from "../locales/zh/fs-errors";
import { zhUrlErrors } from "../locales/zh/url-errors";
import type { enErrorTexts } from "./en-errors";

export const zhErrorTexts: typeof enErrorTexts = { ...zhErrors, ...zhUrlErrors, ...zhFsErrors, ...zhBackupErrors };
