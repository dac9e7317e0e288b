// The share link as a QR code: drawn by `qrcode` (loaded on demand) into a PNG data: URL, which the
// CSP allows for images, and shown dark on white in both themes so every scanner can read it.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "./feedback/spinner";

type QrState = { url: string; dataUrl: string | null; failed: boolean };

/** `alt`: what the code holds, when it is not a share link. */
export function QrCode({ value, size = 176, alt }: { value: string; size?: number; alt?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<QrState>({ url: value, dataUrl: null, failed: false });

  useEffect(() => {
    let isCurrent = true;
    import("qrcode")
      .then((QRCode) =>
        QRCode.toDataURL(value, {
          errorCorrectionLevel: "M",
          margin: 1,
          width: size * 2,
          color: { dark: "#0f172a", light: "#ffffff" },
        }),
      )
      .then(
        (dataUrl) => {
          if (isCurrent) setState({ url: value, dataUrl, failed: false });
        },
        () => {
          if (isCurrent) setState({ url: value, dataUrl: null, failed: true });
        },
      );
    return () => {
      isCurrent = false;
    };
  }, [value, size]);

  const isReady = state.url === value && state.dataUrl;
  return (
    <div
      className="flex shrink-0 items-center justify-center rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200 dark:ring-slate-700"
      style={{ width: size + 16, height: size + 16 }}
    >
      {isReady ? (
        <img src={state.dataUrl ?? ""} width={size} height={size} alt={alt ?? t("common.qr")} data-testid="share-qr" />
      ) : state.failed ? (
        <p className="px-2 text-center text-xs text-slate-500">{t("common.qrFailed")}</p>
      ) : (
        <span role="status" className="flex flex-col items-center gap-2 text-xs text-slate-500">
          <Spinner className="size-5 text-indigo-500" />
          <span className="sr-only">{t("common.qrLoading")}</span>
        </span>
      )}
    </div>
  );
}
