// The controls around an admin list: search box, refresh and "delete selected" buttons, the line that
// counts the selection, and the pages. Their texts come from the list's namespace (`<ns>.refresh`,
// `<ns>.pagination.*`, ...), which the files, pastes, API keys and WebDAV locks locales all provide.
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import ChevronLeftIcon from "@heroicons/react/24/outline/ChevronLeftIcon";
import ChevronRightIcon from "@heroicons/react/24/outline/ChevronRightIcon";
import MagnifyingGlassIcon from "@heroicons/react/24/outline/MagnifyingGlassIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import XMarkIcon from "@heroicons/react/24/outline/XMarkIcon";
import { DEFAULT_PAGE_LIMIT } from "@shared/constants";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/button";
import { cx } from "../../../../components/class-names";
import { type DialogName, opensDialog } from "../../../../components/dialogs/dialog-names";
import { inputClasses } from "../../../../components/forms/form-controls";
import { SelectInput } from "../../../../components/forms/select-input";

/** The i18n namespace of an admin list's texts. */
export type ListTexts = "files.manage" | "pastes.manage" | "apiKeys" | "davLocks";

export const PAGE_SIZES = [20, DEFAULT_PAGE_LIMIT, 100] as const;

export function SearchBox({
  ns,
  id,
  value,
  onChange,
  isTooShort,
}: {
  ns: ListTexts;
  id: string;
  value: string;
  onChange: (value: string) => void;
  isTooShort: boolean;
}) {
  const { t } = useTranslation();
  const hintId = `${id}-hint`;
  return (
    <div className="w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {t(`${ns}.searchLabel`)}
      </label>
      <div className="relative">
        <MagnifyingGlassIcon className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={t(`${ns}.searchPlaceholder`)}
          aria-describedby={isTooShort ? hintId : undefined}
          className={cx(inputClasses(false), "pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden")}
          autoComplete="off"
          data-testid={id}
        />
        {value ? (
          <button
            type="button"
            onClick={() => onChange("")}
            aria-label={t(`${ns}.noResults.clear`)}
            className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-slate-400 hover:text-slate-700 dark:hover:text-white"
          >
            <XMarkIcon className="size-4" />
          </button>
        ) : null}
      </div>
      {isTooShort ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {t(`${ns}.searchTooShort`)}
        </p>
      ) : null}
    </div>
  );
}

export function RefreshButton({
  ns,
  onRefresh,
  isRefreshing,
}: {
  ns: ListTexts;
  onRefresh: () => void;
  isRefreshing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant="ghost"
      icon={ArrowPathIcon}
      onClick={onRefresh}
      isLoading={isRefreshing}
      aria-label={t(`${ns}.refresh`)}
      title={t(`${ns}.refresh`)}
    >
      <span className="sr-only sm:not-sr-only">{t(`${ns}.refresh`)}</span>
    </Button>
  );
}

export function DeleteSelectedButton({
  ns,
  count,
  onDelete,
  dialog,
  testId,
}: {
  ns: ListTexts;
  count: number;
  onDelete: () => void;
  /** The confirmation it opens. */
  dialog: DialogName;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant="danger"
      icon={TrashIcon}
      onClick={onDelete}
      disabled={count === 0}
      title={count === 0 ? t(`${ns}.selectionRequired`) : undefined}
      {...opensDialog(dialog)}
      data-testid={testId}
    >
      {t(`${ns}.deleteSelected`)}
    </Button>
  );
}

export function Pagination({
  ns,
  page,
  pages,
  total,
  limit,
  offset,
  shown,
  onPage,
  onLimit,
}: {
  ns: ListTexts;
  page: number;
  pages: number;
  total: number;
  limit: number;
  /** Where the rows on screen start (from the answer, so a page still loading shows its old range). */
  offset: number;
  shown: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const { t } = useTranslation();
  const pageSizeId = useId();
  const from = total === 0 ? 0 : offset + 1;
  const to = offset + shown;
  return (
    <nav
      aria-label={t(`${ns}.pagination.label`)}
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
        {t(`${ns}.pagination.range`, { from, to, total })}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 sm:justify-end">
        <div className="flex items-center gap-2">
          <label htmlFor={pageSizeId} className="text-sm whitespace-nowrap text-slate-600 dark:text-slate-400">
            {t(`${ns}.pagination.pageSize`)}
          </label>
          <SelectInput<number>
            id={pageSizeId}
            options={PAGE_SIZES}
            value={limit}
            onValueChange={onLimit}
            className="w-auto py-1.5"
          />
        </div>
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            icon={ChevronLeftIcon}
            onClick={() => onPage(page - 1)}
            disabled={page <= 1}
            aria-label={t(`${ns}.pagination.previous`)}
          >
            <span className="hidden sm:inline">{t(`${ns}.pagination.previous`)}</span>
          </Button>
          <span
            className="px-1 text-sm whitespace-nowrap text-slate-700 tabular-nums dark:text-slate-300"
            aria-current="page"
          >
            {t(`${ns}.pagination.page`, { page, pages })}
          </span>
          <Button
            size="sm"
            onClick={() => onPage(page + 1)}
            disabled={page >= pages}
            aria-label={t(`${ns}.pagination.next`)}
          >
            <span className="hidden sm:inline">{t(`${ns}.pagination.next`)}</span>
            <ChevronRightIcon className="size-4.5" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
