// The file basket (docs/product.md §1, §4): a toolbar button with the number of files collected, opening a
// panel that lists them with the total size (a warning for large totals), removes one or all, and
// downloads them as one zip built in the browser (a task of the task manager).

import ArrowDownTrayIcon from "@heroicons/react/24/outline/ArrowDownTrayIcon";
import ShoppingBagIcon from "@heroicons/react/24/outline/ShoppingBagIcon";
import XMarkIcon from "@heroicons/react/24/outline/XMarkIcon";
import { formatBytes } from "@shared/format-bytes";
import { parentOf } from "@shared/paths";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { iconButton } from "../../../components/class-names";
import { toast } from "../../../components/feedback/toast-store";
import { FileSummary } from "../../../components/file-icons";
import { FormAlert } from "../../../components/forms/form-controls";
import { currentLanguage } from "../../../i18n";
import { basket, basketItemOf, basketTotal, LARGE_BASKET_BYTES } from "../../../lib/explorer/basket-store";
import { chooseZipSink, zipFileName } from "../../../lib/explorer/basket-zip";
import { type StartedTask, startZipTask } from "../../../lib/explorer/tasks/explorer-tasks";
import { useBasket, useTaskDeps } from "../use-explorer-tasks";
import { PanelButton, SidePanel } from "./side-panel";

export function BasketButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const items = useBasket();
  return (
    <PanelButton
      icon={ShoppingBagIcon}
      label={t("explorer.basket.open")}
      count={items.length}
      onClick={onClick}
      dialog="explorer-basket"
      testId="basket-button"
    />
  );
}

export function BasketPanel({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  /** The zip task started: the caller announces it and may show the task list. */
  onStarted: (started: StartedTask) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const items = useBasket();
  const taskDeps = useTaskDeps();
  const total = basketTotal(items);
  const isLarge = total > LARGE_BASKET_BYTES;

  const downloadZip = async () => {
    // The save dialog must open while the click still counts as the user's.
    const sink = await chooseZipSink(zipFileName());
    if (!sink) return;
    onStarted(startZipTask(taskDeps(), items, sink));
  };

  return (
    <SidePanel
      name="explorer-basket"
      open={open}
      onClose={onClose}
      ns="explorer.basket"
      isEmpty={items.length === 0}
      emptyIcon={ShoppingBagIcon}
      description={t("explorer.basket.summary", { count: items.length, size: formatBytes(total, language) })}
      testId="basket-panel"
      footer={
        <>
          <Button size="sm" variant="ghost" onClick={() => basket.clear()} data-testid="basket-clear">
            {t("explorer.basket.clear")}
          </Button>
          <Button
            size="sm"
            variant="primary"
            icon={ArrowDownTrayIcon}
            onClick={() => void downloadZip()}
            data-testid="basket-download"
          >
            {t("explorer.basket.download")}
          </Button>
        </>
      }
    >
      {isLarge ? (
        <FormAlert tone="warning" className="mb-3" testId="basket-warning">
          {t("explorer.basket.largeWarning", {
            size: formatBytes(total, language),
            limit: formatBytes(LARGE_BASKET_BYTES, language),
          })}
        </FormAlert>
      ) : null}
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="basket-items">
        {items.map((item) => (
          <li key={item.path} className="flex items-center gap-3 py-2" data-testid="basket-item" data-path={item.path}>
            <FileSummary
              mimetype={item.mimetype}
              filename={item.name}
              detail={parentOf(item.path)}
              detailTitle={item.path}
            />
            <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
              {formatBytes(item.size, language)}
            </span>
            <button
              type="button"
              className={iconButton}
              onClick={() => basket.remove([item.path])}
              aria-label={t("explorer.basket.remove", { name: item.name })}
            >
              <XMarkIcon className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </SidePanel>
  );
}

/** Adds the files among `entries` to the basket and says what happened (folders are not added). */
export function addToBasket(
  entries: readonly {
    path: string;
    name: string;
    size: number;
    mimetype: string | null;
    modified: Date | null;
    type: string;
  }[],
  t: TFunction,
): void {
  const files = entries.filter((entry) => entry.type === "file");
  if (files.length === 0) {
    toast.warning(t("explorer.basket.onlyFiles"), { id: "basket-add" });
    return;
  }
  const added = basket.add(files.map(basketItemOf));
  const total = basket.getItems().length;
  if (added === 0) toast.info(t("explorer.basket.already", { count: files.length }), { id: "basket-add" });
  else toast.success(t("explorer.basket.added", { count: added, total }), { id: "basket-add" });
}
