// The recent uploads themselves (recent-uploads-panel.tsx), loaded once there are some: each with its
// type, size and age, a copy button and a link.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import { formatBytes } from "@shared/format-bytes";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "../../components/button";
import { cx } from "../../components/class-names";
import { CopyButton } from "../../components/copy-button";
import { FileSummary } from "../../components/file-icons";
import { currentLanguage } from "../../i18n";
import { formatRelativeTime } from "../../lib/format-date";
import type { RecentUpload } from "../../lib/upload/queue/recent-uploads";

export function RecentUploadsList({ items }: { items: readonly RecentUpload[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <ul className="mt-3 flex flex-col gap-3">
      {items.map((item) => {
        // A set of files (docs/share-sets.md) is one row: its link, named by its count of files.
        const name = item.file_count ? t("files.recent.setOf", { count: item.file_count }) : item.filename;
        return (
          <li key={item.slug} className="flex items-center gap-3" data-testid="recent-upload">
            <FileSummary
              mimetype={item.file_count ? "inode/directory" : item.mimetype}
              filename={name}
              detailIcon={
                item.has_password ? (
                  <LockClosedIcon className="size-3.5 text-amber-500" aria-label={t("files.result.protected")} />
                ) : null
              }
              detail={`${formatBytes(item.size, language)} · ${formatRelativeTime(new Date(item.created_at), new Date(), language)}`}
            />
            <CopyButton
              text={item.url}
              label={t("files.recent.copyLinkOf", { name })}
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
              aria-label={t("files.result.openOf", { name })}
              title={t("files.result.open")}
            >
              <ArrowTopRightOnSquareIcon className="size-4.5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
