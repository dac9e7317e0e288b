// Uploads into the current folder, one after another, with progress and cancel.
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { cx } from "../../components/class-names";
import { CheckCircleIcon, CloseIcon, ErrorCircleIcon } from "../../components/icons";
import { currentLanguage } from "../../i18n";
import { formatBytes } from "../../lib/format-bytes";

export type UploadItem = {
  id: string;
  name: string;
  size: number;
  loaded: number;
  status: "pending" | "uploading" | "done" | "failed" | "cancelled";
  error?: string;
};

export function UploadTray({
  items,
  onCancel,
  onClear,
}: {
  items: UploadItem[];
  onCancel: (id: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (items.length === 0) return null;
  const finished = items.every((item) => item.status !== "pending" && item.status !== "uploading");
  return (
    <section
      className="mt-4 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4 dark:bg-slate-900 dark:ring-slate-800"
      aria-label={t("explorer.upload.trayLabel")}
      data-testid="upload-tray"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">
          {finished
            ? t("explorer.upload.trayDone", { count: items.length })
            : t("explorer.upload.trayTitle", {
                count: items.filter((item) => item.status === "pending" || item.status === "uploading").length,
              })}
        </h2>
        {finished ? (
          <Button size="sm" variant="ghost" onClick={onClear}>
            {t("explorer.upload.clear")}
          </Button>
        ) : null}
      </div>
      <ul className="mt-2 flex flex-col gap-2">
        {items.map((item) => {
          const percent =
            item.size > 0
              ? Math.min(100, Math.round((item.loaded / item.size) * 100))
              : item.status === "done"
                ? 100
                : 0;
          return (
            <li key={item.id} className="text-sm" data-testid="upload-item" data-status={item.status}>
              <div className="flex items-center gap-2">
                {item.status === "done" ? (
                  <CheckCircleIcon className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                ) : item.status === "failed" ? (
                  <ErrorCircleIcon className="size-4 shrink-0 text-red-600 dark:text-red-400" />
                ) : null}
                <span className="min-w-0 flex-1 truncate text-slate-800 dark:text-slate-200" title={item.name}>
                  {item.name}
                </span>
                <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
                  {item.status === "uploading" || item.status === "pending"
                    ? `${percent}% · ${formatBytes(item.size, language)}`
                    : t(`explorer.upload.status.${item.status}`)}
                </span>
                {item.status === "uploading" || item.status === "pending" ? (
                  <button
                    type="button"
                    onClick={() => onCancel(item.id)}
                    className="rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
                    aria-label={t("explorer.upload.cancel", { name: item.name })}
                  >
                    <CloseIcon className="size-4" />
                  </button>
                ) : null}
              </div>
              {item.status === "uploading" || item.status === "pending" ? (
                <div
                  className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-label={item.name}
                >
                  <div
                    className={cx("h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400")}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              ) : null}
              {item.error ? <p className="mt-0.5 text-xs text-red-600 dark:text-red-400">{item.error}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
