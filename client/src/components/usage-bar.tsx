// A bar for space used out of a capacity (a storage config): indigo, amber past 75 %, red past 90 %,
// exposed as a meter with the amounts in words.

import { formatBytes } from "@shared/format-bytes";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../i18n";
import { cx } from "./class-names";

export function UsageBar({ used, total, className }: { used: number; total: number; className?: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const fraction = total > 0 ? Math.min(1, used / total) : 1;
  const tone = fraction >= 0.9 ? "bg-red-500" : fraction >= 0.75 ? "bg-amber-500" : "bg-indigo-600 dark:bg-indigo-400";
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <meter> cannot be styled alike in every browser; the role gives the same semantics
    <div
      role="meter"
      aria-label={t("files.options.usageLabel")}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={Math.min(used, total)}
      aria-valuetext={t("files.options.usageValue", {
        used: formatBytes(used, language),
        total: formatBytes(total, language),
        percent: Math.round(fraction * 100),
      })}
      className={cx("mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800", className)}
    >
      <div
        className={cx("h-full rounded-full", tone)}
        style={{ width: `${Math.max(fraction > 0 ? 2 : 0, fraction * 100)}%` }}
      />
    </div>
  );
}
