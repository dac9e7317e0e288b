// "One link for these files" (docs/share-sets.md): once two or more uploads of this list are done, they
// can go out as one set behind one link, with the share options of the panel beside for the whole set;
// each set made shows its link with copy, QR code and open.
import LinkIcon from "@heroicons/react/24/outline/LinkIcon";
import Square2StackIcon from "@heroicons/react/24/outline/Square2StackIcon";
import { formatBytes } from "@shared/format-bytes";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { currentLanguage } from "../../i18n";
import { formatDateTime } from "../../lib/format-date";
import type { MadeSet } from "../../lib/upload/queue/upload-sets";
import { ShareLinkRow } from "./share-link-row";

export type OneLinkPanelProps = {
  /** Finished uploads that can still go out together (not encrypted, in no set yet). */
  candidateCount: number;
  sets: readonly MadeSet[];
  isMaking: boolean;
  onMake: () => void;
};

export function OneLinkPanel({ candidateCount, sets, isMaking, onMake }: OneLinkPanelProps) {
  const { t } = useTranslation();
  if (candidateCount < 2 && sets.length === 0) return null;
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-3.5 sm:px-5 dark:border-slate-800">
      {candidateCount >= 2 ? (
        <div
          className="flex flex-col gap-3 rounded-xl bg-indigo-50 p-3.5 ring-1 ring-indigo-100 ring-inset sm:flex-row sm:items-center sm:justify-between dark:bg-indigo-500/10 dark:ring-indigo-500/20"
          data-testid="one-link-offer"
        >
          <div className="min-w-0">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">
              {t("files.oneLink.title", { count: candidateCount })}
            </p>
            <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">{t("files.oneLink.description")}</p>
          </div>
          <Button
            size="sm"
            variant="primary"
            icon={Square2StackIcon}
            onClick={onMake}
            disabled={isMaking}
            className="shrink-0"
            data-testid="make-one-link"
          >
            {isMaking ? t("files.oneLink.making") : t("files.oneLink.make", { count: candidateCount })}
          </Button>
        </div>
      ) : null}
      {sets.map((set) => (
        <MadeSetCard key={set.id} set={set} />
      ))}
    </div>
  );
}

function MadeSetCard({ set }: { set: MadeSet }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const label = t("files.oneLink.linkOf", { count: set.file_count });
  return (
    <div data-testid="one-link-result">
      <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900 dark:text-white">
        <LinkIcon className="size-4 text-indigo-600 dark:text-indigo-300" aria-hidden="true" />
        {label}
        <span className="font-normal text-slate-600 dark:text-slate-400">
          {" · "}
          {formatBytes(set.total_size, language)}
          {" · "}
          {set.expires_at
            ? t("files.result.expires", { date: formatDateTime(set.expires_at, language) })
            : t("files.result.neverExpires")}
        </span>
      </p>
      <div className="mt-2">
        <ShareLinkRow
          id={`set-link-${set.id}`}
          url={set.url}
          label={label}
          openLabel={t("files.oneLink.open")}
          openTitle={t("files.oneLink.open")}
          testId="one-link-url"
        />
      </div>
    </div>
  );
}
