// "Offline copy": shown beside data that was answered from this device's offline cache (a directory
// listing in the mount explorer), with when it was saved. Renders nothing for live data.
import SignalSlashIcon from "@heroicons/react/24/outline/SignalSlashIcon";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../i18n";
import { formatDateTime } from "../../lib/format-date";
import { offlineCacheInfo } from "../cache-store";

export function OfflineCopyBadge({ data }: { data: unknown }) {
  const { t } = useTranslation();
  const info = offlineCacheInfo(data);
  if (!info) return null;
  const savedAt = t("offline.badge.savedAt", { time: formatDateTime(new Date(info.cachedAt), currentLanguage()) });
  return (
    <p
      role="status"
      className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800 ring-1 ring-amber-200 ring-inset sm:w-fit dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30"
      data-testid="offline-copy-badge"
    >
      <SignalSlashIcon className="size-4 shrink-0" />
      <span>
        <span className="font-semibold whitespace-nowrap">{t("offline.badge.label")}</span>
        <span aria-hidden="true"> · </span>
        {savedAt}
      </span>
    </p>
  );
}
