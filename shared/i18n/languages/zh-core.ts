// 外壳的中文文本（与 en-core.ts 对应，类型为 typeof enCore）。

// biome-ignore assist/source/organizeImports: this order keeps the shell's chunk as small as before
import { zhAccounts } from "../locales/zh/auth/accounts";
import { zhCoreErrors } from "../locales/zh/app/core-errors";
import { zhOffline } from "../locales/zh/app/offline";
import { zhShell } from "../locales/zh/app/shell";
import type { enCore } from "./en-core";

export const zhCore: typeof enCore = {
  ...zhShell,
  ...zhAccounts,
  ...zhOffline,
  errors: zhCoreErrors,
};
