// "One link for these files" (docs/share-sets.md): once two or more uploads of this list are done, they
// can go out as one set behind one link, with the share options of the panel beside for the whole set;
// each set made shows its link with copy, QR code and open.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import LinkIcon from "@heroicons/react/24/outline/LinkIcon";
import QrCodeIcon from "@heroicons/react/24/outline/QrCodeIcon";
import Square2StackIcon from "@heroicons/react/24/outline/Square2StackIcon";
import { formatBytes } from "@shared/format-bytes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../components/button";
import { CopyButton } from "../../components/copy-button";
import { QrCode } from "../../components/qr-code";
import { currentLanguage } from "../../i18n";
import { formatDateTime } from "../../lib/format-date";
import type { MadeSet } from "../../lib/upload/upload-sets";

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
  const [isQrOpen, setIsQrOpen] = useState(false);
  const qrId = `set-qr-${set.id}`;
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
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor={`set-link-${set.id}`}>
          {label}
        </label>
        <input
          id={`set-link-${set.id}`}
          readOnly
          value={set.url}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
          data-testid="one-link-url"
        />
        <div className="flex gap-2">
          <CopyButton
            text={set.url}
            label={t("files.result.copyLink")}
            copiedMessage={t("files.result.copied")}
            failedMessage={t("files.result.copyFailed")}
            size="sm"
            variant="primary"
            className="flex-1 sm:flex-none"
          />
          <Button
            size="sm"
            icon={QrCodeIcon}
            onClick={() => setIsQrOpen((open) => !open)}
            aria-expanded={isQrOpen}
            aria-controls={qrId}
            aria-label={isQrOpen ? t("files.result.hideQr") : t("files.result.showQr")}
            title={isQrOpen ? t("files.result.hideQr") : t("files.result.showQr")}
          >
            <span className="sr-only">{isQrOpen ? t("files.result.hideQr") : t("files.result.showQr")}</span>
          </Button>
          <a
            href={set.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses("secondary", "sm")}
            aria-label={t("files.oneLink.open")}
            title={t("files.oneLink.open")}
          >
            <ArrowTopRightOnSquareIcon className="size-4.5" />
          </a>
        </div>
      </div>
      {isQrOpen ? (
        <div id={qrId} className="mt-3 flex justify-center sm:justify-start">
          <QrCode value={set.url} size={160} />
        </div>
      ) : null}
    </div>
  );
}
