// 外壳的中文文本（与 en-core.ts 对应，类型为 typeof enCore）。
import { zhAccounts } from "../locales/zh/accounts";
import { zhCoreErrors } from "../locales/zh/core-errors";
import { zhOffline } from "../locales/zh/offline";
import { zhShell } from "../locales/zh/shell";
import type { enCore } from "./en-core";

export const zhCore: typeof enCore = {
  ...zhShell,
  ...zhAccounts,
  ...zhOffline,
  errors: zhCoreErrors,
};
