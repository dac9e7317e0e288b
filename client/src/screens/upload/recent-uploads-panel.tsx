// The last three uploads made in this browser (docs/product.md §9), so a link can be found again later.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { cardSurface, cx } from "../../components/class-names";
import { recentUploads } from "../../lib/upload/queue/recent-uploads";
import { lazyPart } from "./lazy-part";

const RecentUploadsList = lazyPart(() => import("./recent-uploads-list").then((module) => module.RecentUploadsList));

export function RecentUploadsPanel() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(recentUploads.subscribe, recentUploads.list, recentUploads.list);
  return (
    <section
      aria-labelledby="recent-uploads-title"
      className={cx(cardSurface, "p-4 sm:p-5")}
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
        <RecentUploadsList items={items} />
      )}
    </section>
  );
}
