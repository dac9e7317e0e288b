// A share page's own link as a QR code, for opening it on a phone (the paste and the file page). Drawn
// only when asked for: the QR library is not part of the page's first load.
import QrCodeIcon from "@heroicons/react/24/outline/QrCodeIcon";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { cardSurface, cx } from "./class-names";
import { QrCode } from "./qr-code";

export function PageQrCode({ link, testId, className }: { link: string; testId: string; className?: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const qrId = useId();
  return (
    <section className={cx(cardSurface, "flex flex-col items-center p-4", className)}>
      <h2 className="self-start text-sm font-semibold text-slate-900 dark:text-white">{t("common.pageQr.title")}</h2>
      <p className="mt-0.5 self-start text-xs text-slate-500 dark:text-slate-400">{t("common.pageQr.description")}</p>
      <Button
        size="sm"
        icon={QrCodeIcon}
        className="mt-3 self-start"
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={qrId}
        data-testid={testId}
      >
        {isOpen ? t("common.pageQr.hide") : t("common.pageQr.show")}
      </Button>
      <div id={qrId} className="mt-3 empty:hidden">
        {isOpen ? <QrCode value={link} size={160} /> : null}
      </div>
    </section>
  );
}
