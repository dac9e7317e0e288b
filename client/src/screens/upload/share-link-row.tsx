// A share link as Upload shows it, for one file or for a set of them: the link in a field that selects
// itself, Copy, a QR code shown and hidden in place, and Open in a new tab. What describes the share
// (its expiry, its views) goes between the row and the QR code.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import QrCodeIcon from "@heroicons/react/24/outline/QrCodeIcon";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../components/button";
import { CopyButton } from "../../components/copy-button";
import { QrCode } from "../../components/qr-code";

export type ShareLinkRowProps = {
  /** Unique on the page: names the field and the QR code's box. */
  id: string;
  url: string;
  /** The field's label, for screen readers (which file's or which set's link). */
  label: string;
  /** The Open link's accessible name and its tooltip. */
  openLabel: string;
  openTitle: string;
  testId?: string;
  children?: ReactNode;
};

export function ShareLinkRow({ id, url, label, openLabel, openTitle, testId, children }: ShareLinkRowProps) {
  const { t } = useTranslation();
  const [isQrOpen, setIsQrOpen] = useState(false);
  const qrId = `${id}-qr`;
  const qrLabel = isQrOpen ? t("files.result.hideQr") : t("files.result.showQr");
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
          data-testid={testId}
        />
        <div className="flex gap-2">
          <CopyButton
            text={url}
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
            aria-label={qrLabel}
            title={qrLabel}
          >
            <span className="sr-only">{qrLabel}</span>
          </Button>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses("secondary", "sm")}
            aria-label={openLabel}
            title={openTitle}
          >
            <ArrowTopRightOnSquareIcon className="size-4.5" />
          </a>
        </div>
      </div>
      {children}
      {isQrOpen ? (
        <div id={qrId} className="mt-3 flex justify-center sm:justify-start">
          <QrCode value={url} size={160} />
        </div>
      ) : null}
    </>
  );
}
