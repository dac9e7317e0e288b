// One item of the room: its text (copied with one click), its image or file (downloaded), who sent it
// and when, and its delete button. An item still in the outbox is marked as waiting.
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import { formatBytes } from "@shared/format-bytes";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../components/button";
import { cx } from "../../components/class-names";
import { CopyButton } from "../../components/copy-button";
import { currentLanguage } from "../../i18n";
import type { ShownItem } from "../../lib/clipboard/items";
import { formatDateTime } from "../../lib/format-date";

export function ItemCard({
  item,
  isMine,
  isWaiting = false,
  onDelete,
}: {
  item: ShownItem;
  isMine: boolean;
  /** Not on the server yet: said so, and deleting it takes it out of the outbox. */
  isWaiting?: boolean;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const meta = `${isMine ? t("clipboard.room.fromThisDevice") : t("clipboard.room.fromDevice")} · ${formatDateTime(item.createdAt, language)}`;
  return (
    <li
      className={cx(
        "rounded-xl border p-3",
        isWaiting
          ? "border-dashed border-amber-300 dark:border-amber-500/40"
          : "border-slate-200 dark:border-slate-700",
      )}
      data-testid="clipboard-item"
      data-waiting={isWaiting || undefined}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <ItemBody item={item} />
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {meta}
            {isWaiting ? (
              <span className="font-medium text-amber-800 dark:text-amber-200"> · {t("clipboard.room.pending")}</span>
            ) : null}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {item.kind === "text" ? (
            <CopyButton
              text={item.text}
              label={t("clipboard.room.copy")}
              copiedMessage={t("clipboard.room.copied")}
              failedMessage={t("clipboard.room.copyFailed")}
              size="sm"
              data-testid="clipboard-item-copy"
            />
          ) : null}
          {item.kind === "file" ? (
            <a
              href={item.url}
              download={item.name}
              className={buttonClasses("secondary", "sm")}
              data-testid="clipboard-item-download"
            >
              {t("clipboard.room.download")}
            </a>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            onClick={onDelete}
            aria-label={t("clipboard.room.delete")}
            title={t("clipboard.room.delete")}
          >
            <TrashIcon className="size-4" />
          </Button>
        </div>
      </div>
    </li>
  );
}

function ItemBody({ item }: { item: ShownItem }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (item.kind === "text") {
    return (
      <p
        className="break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100"
        data-testid="clipboard-item-text"
      >
        {item.text}
      </p>
    );
  }
  if (item.kind === "undecryptable") {
    return <p className="text-sm text-red-700 dark:text-red-300">{t("clipboard.room.undecryptable")}</p>;
  }
  return (
    <div className="space-y-2">
      {item.isImage ? (
        <img
          src={item.url}
          alt={t("clipboard.room.imageAlt", { name: item.name })}
          className="max-h-64 rounded-lg border border-slate-200 dark:border-slate-700"
          data-testid="clipboard-item-image"
        />
      ) : null}
      <p className="truncate text-sm font-medium text-slate-900 dark:text-white" data-testid="clipboard-item-file">
        {item.name} · {formatBytes(item.size, language)}
      </p>
    </div>
  );
}
