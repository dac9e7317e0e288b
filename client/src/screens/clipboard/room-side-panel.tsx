// The room's right column: its link (QR code, the text of the link, a copy button) for the next device
// to join, and the devices present. Toasts keep clear of it (toast-placement.ts), so a status message
// never covers the QR code another device is scanning.
import type { WireDevice } from "@shared/clipboard";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../components/copy-button";
import { TOAST_AVOID_ATTRIBUTE } from "../../components/feedback/toast-placement";
import { QrCode } from "../../components/qr-code";
import { cardClasses } from "./card";

export function RoomSidePanel({
  link,
  devices,
  myDeviceId,
}: {
  link: string;
  devices: WireDevice[];
  myDeviceId: string | null;
}) {
  const { t } = useTranslation();
  return (
    <aside className="space-y-6" {...{ [TOAST_AVOID_ATTRIBUTE]: "" }} data-testid="clipboard-side-panel">
      <section aria-labelledby="clipboard-link-title" className={cardClasses}>
        <h2 id="clipboard-link-title" className="text-base font-semibold text-slate-900 dark:text-white">
          {t("clipboard.room.linkTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("clipboard.room.linkHint")}</p>
        <div className="mt-3 flex justify-center">
          <QrCode value={link} />
        </div>
        {/* As text too: to read it out, or to copy a part by hand where the clipboard is refused. */}
        <p
          className="mt-3 rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-700 select-all dark:bg-slate-950 dark:text-slate-300"
          data-testid="clipboard-room-link"
        >
          {link}
        </p>
        <CopyButton
          text={link}
          label={t("clipboard.room.copyLink")}
          copiedMessage={t("clipboard.room.linkCopied")}
          failedMessage={t("clipboard.room.copyFailed")}
          className="mt-3 w-full"
        />
      </section>
      <section aria-labelledby="clipboard-devices-title" className={cardClasses}>
        <h2 id="clipboard-devices-title" className="text-base font-semibold text-slate-900 dark:text-white">
          {t("clipboard.room.devicesTitle")}
        </h2>
        <ul className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="clipboard-devices">
          {devices.map((device) => (
            <li key={device.device_id} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
              {device.device_id === myDeviceId ? t("clipboard.room.thisDevice", { label: device.label }) : device.label}
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
