// The last three uploads made in this browser (docs/product.md §9), so a link can be found again later.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../../../shared/format-bytes";
import { buttonClasses } from "../../components/button";
import { cx } from "../../components/class-names";
import { CopyButton } from "../../components/copy-button";
import { FileSummary } from "../../components/file-icons";
import { currentLanguage } from "../../i18n";
import { recentUploads } from "../../lib/files/recent-uploads";
import { formatRelativeTime } from "../../lib/format-date";

export function RecentUploadsPanel() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const items = useSyncExternalStore(recentUploads.subscribe, recentUploads.list, recentUploads.list);
  return (
    <section
      aria-labelledby="recent-uploads-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900 dark:ring-slate-800"
      data-testid="recent-uploads"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="recent-uploads-title" className="text-base font-semibold text-slate-900 dark:text-white">
          {t("files.recent.title")}
        </h2>
        {items.length > 0 ? (
          <button
            type="button"
            onClick={() => recentUploads.clear()}
            className="rounded text-sm font-medium text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:text-white"
          >
            {t("files.recent.clear")}
          </button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t("files.recent.empty")}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.slug} className="flex items-center gap-3" data-testid="recent-upload">
              <FileSummary
                mimetype={item.mimetype}
                filename={item.filename}
                detailIcon={
                  item.has_password ? (
                    <LockClosedIcon className="size-3.5 text-amber-500" aria-label={t("files.result.protected")} />
                  ) : null
                }
                detail={`${formatBytes(item.size, language)} · ${formatRelativeTime(new Date(item.created_at), new Date(), language)}`}
              />
              <CopyButton
                text={item.url}
                label={t("files.recent.copyLinkOf", { name: item.filename })}
                copiedMessage={t("files.result.copied")}
                failedMessage={t("files.result.copyFailed")}
                size="sm"
                variant="ghost"
                isIconOnly
              />
              <a
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                className={cx(buttonClasses("ghost", "sm"))}
                aria-label={t("files.result.openOf", { name: item.filename })}
                title={t("files.result.open")}
              >
                <ArrowTopRightOnSquareIcon className="size-4.5" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
