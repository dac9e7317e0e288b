// 外壳的中文文本（与 en-core.ts 对应，类型为 typeof enCore）。
import { zhAccounts } from "../locales/zh/accounts";
import { zhBackupErrors } from "../locales/zh/backup-errors";
import { zhErrors } from "../locales/zh/errors";
import { zhFsErrors } from "../locales/zh/fs-errors";
import { zhOffline } from "../locales/zh/offline";
import { zhShell } from "../locales/zh/shell";
import { zhUrlErrors } from "../locales/zh/url-errors";
import type { enCore } from "./en-core";

export const zhCore: typeof enCore = {
  ...zhShell,
  ...zhAccounts,
  ...zhOffline,
  errors: { ...zhErrors, ...zhUrlErrors, ...zhFsErrors, ...zhBackupErrors },
};
