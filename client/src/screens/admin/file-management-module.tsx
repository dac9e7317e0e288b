// Admin module "file-management" (SPEC.md §2, §7 Files): the shared files with search (debounced,
// at least 2 characters), pagination, preview (the file's page), edit, delete with the stored object,
// and batch delete of a selection. An API key with file permission sees its own files here.
import { DEFAULT_PAGE_LIMIT } from "@shared/constants";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button, buttonClasses } from "../../components/button";
import { cx } from "../../components/class-names";
import { FormAlert, inputClasses } from "../../components/form-controls";
import { CloseIcon, FilesIcon, RefreshIcon, TrashIcon, UploadIcon } from "../../components/icons";
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from "../../components/paste-icons";
import { toast } from "../../components/toast-store";
import { useDebouncedValue } from "../../hooks/use-debounced-value";
import { currentLanguage } from "../../i18n";
import { errorMessageOf } from "../../lib/api-errors";
import { formatBytes } from "../../lib/format-bytes";
import { ROUTES } from "../../routes";
import { AdminModuleHeader } from "./admin-module-header";
import { DeleteFilesDialog } from "./files/delete-files-dialog";
import { type FileSummary, useFileApi } from "./files/file-api";
import { FileEditDialog } from "./files/file-edit-dialog";
import { FileCards, FileTable } from "./files/file-list";

const SEARCH_DELAY_MS = 300;
const SEARCH_MIN_LENGTH = 2;
const PAGE_SIZES = [20, DEFAULT_PAGE_LIMIT, 100] as const;

type OpenDialog = "edit" | "delete" | null;

export default function FileManagementModule() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { procedures } = useFileApi();
  const [searchInput, setSearchInput] = useState("");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_LIMIT);
  const typed = searchInput.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const search = debounced.length >= SEARCH_MIN_LENGTH ? debounced : "";
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  // Kept after closing, so a dialog keeps its content while it animates out.
  const [target, setTarget] = useState<FileSummary | null>(null);
  const [toDelete, setToDelete] = useState<readonly FileSummary[]>([]);

  const list = procedures.list.useQuery(
    { limit, offset: (page - 1) * limit, ...(search ? { search } : {}) },
    { placeholderData: (previous) => previous },
  );
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / limit));
  const selected = useMemo(
    () => new Set(items.filter((item) => selectedIds.has(item.id)).map((item) => item.id)),
    [items, selectedIds],
  );
  const selectedSize = items.filter((item) => selected.has(item.id)).reduce((sum, item) => sum + item.size, 0);

  // After deleting the last rows of the last page, step back to a page that exists.
  if (list.data && page > pages) setPage(pages);

  const changeSearch = (value: string) => {
    setSearchInput(value);
    setPage(1);
  };

  const toggle = (id: string) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelectedIds(selected.size === items.length ? new Set() : new Set(items.map((item) => item.id)));

  const open = (dialog: OpenDialog, file: FileSummary) => {
    setTarget(file);
    if (dialog === "delete") setToDelete([file]);
    setOpenDialog(dialog);
  };

  const deleteSelected = () => {
    if (selected.size === 0) {
      toast.warning(t("files.manage.selectionRequired"), { id: "files-selection-required" });
      return;
    }
    setToDelete(items.filter((item) => selected.has(item.id)));
    setOpenDialog("delete");
  };

  const isSearchTooShort = typed.length > 0 && typed.length < SEARCH_MIN_LENGTH;

  return (
    <div>
      <AdminModuleHeader
        module="file-management"
        actions={
          <Link href={ROUTES.upload} className={buttonClasses("primary")}>
            <UploadIcon className="size-4.5" />
            {t("files.manage.upload")}
          </Link>
        }
      />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="w-full sm:max-w-sm">
          <label htmlFor="file-search" className="sr-only">
            {t("files.manage.searchLabel")}
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-slate-400" />
            <input
              id="file-search"
              type="search"
              value={searchInput}
              onChange={(event) => changeSearch(event.target.value)}
              placeholder={t("files.manage.searchPlaceholder")}
              aria-describedby={isSearchTooShort ? "file-search-hint" : undefined}
              className={cx(inputClasses(false), "pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden")}
              autoComplete="off"
              data-testid="file-search"
            />
            {searchInput ? (
              <button
                type="button"
                onClick={() => changeSearch("")}
                aria-label={t("files.manage.noResults.clear")}
                className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-slate-400 hover:text-slate-700 dark:hover:text-white"
              >
                <CloseIcon className="size-4" />
              </button>
            ) : null}
          </div>
          {isSearchTooShort ? (
            <p id="file-search-hint" className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
              {t("files.manage.searchTooShort")}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            variant="ghost"
            icon={RefreshIcon}
            onClick={() => void list.refetch()}
            isLoading={list.isRefetching && !list.isPlaceholderData}
            aria-label={t("files.manage.refresh")}
            title={t("files.manage.refresh")}
          >
            <span className="sr-only sm:not-sr-only">{t("files.manage.refresh")}</span>
          </Button>
          <Button
            size="sm"
            variant="danger"
            icon={TrashIcon}
            onClick={deleteSelected}
            disabled={selected.size === 0}
            title={selected.size === 0 ? t("files.manage.selectionRequired") : undefined}
            data-testid="delete-selected-files"
          >
            {t("files.manage.deleteSelected")}
          </Button>
        </div>
      </div>

      <div className="mt-4">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <div className="flex flex-col items-start gap-3">
            <FormAlert title={t("files.manage.loadError")}>
              {errorMessageOf(list.error, { network: t("common.networkError"), fallback: t("common.unknownError") })}
            </FormAlert>
            <Button icon={RefreshIcon} onClick={() => void list.refetch()} isLoading={list.isRefetching}>
              {t("common.retry")}
            </Button>
          </div>
        ) : items.length === 0 ? (
          search ? (
            <NoResults search={search} onClear={() => changeSearch("")} />
          ) : (
            <EmptyList />
          )
        ) : (
          <div
            className={cx(list.isPlaceholderData && "opacity-60 transition-opacity")}
            aria-busy={list.isPlaceholderData || undefined}
          >
            <p
              className="mb-3 text-sm text-slate-600 dark:text-slate-400"
              aria-live="polite"
              data-testid="file-selection"
            >
              {selected.size > 0
                ? t("files.manage.selectedCount", { count: selected.size, size: formatBytes(selectedSize, language) })
                : `${t("files.manage.total", { count: total })} · ${t("files.manage.selectionHint")}`}
              {selected.size > 0 ? (
                <button
                  type="button"
                  onClick={() => setSelectedIds(new Set())}
                  className="ml-3 font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-300"
                >
                  {t("files.manage.clearSelection")}
                </button>
              ) : null}
            </p>
            <FileTable
              files={items}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onEdit={(file) => open("edit", file)}
              onDelete={(file) => open("delete", file)}
            />
            <FileCards
              files={items}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onEdit={(file) => open("edit", file)}
              onDelete={(file) => open("delete", file)}
            />
            <Pagination
              page={page}
              pages={pages}
              total={total}
              limit={limit}
              shown={items.length}
              onPage={setPage}
              onLimit={(next) => {
                setLimit(next);
                setPage(1);
              }}
            />
          </div>
        )}
      </div>

      <FileEditDialog file={target} open={openDialog === "edit"} onClose={() => setOpenDialog(null)} />
      <DeleteFilesDialog
        files={toDelete}
        open={openDialog === "delete"}
        onClose={() => setOpenDialog(null)}
        onDeleted={(ids) => {
          setSelectedIds((current) => new Set([...current].filter((id) => !ids.includes(id))));
          setOpenDialog(null);
        }}
      />
    </div>
  );
}

function Pagination({
  page,
  pages,
  total,
  limit,
  shown,
  onPage,
  onLimit,
}: {
  page: number;
  pages: number;
  total: number;
  limit: number;
  shown: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const { t } = useTranslation();
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = (page - 1) * limit + shown;
  return (
    <nav
      aria-label={t("files.manage.pagination.label")}
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
        {t("files.manage.pagination.range", { from, to, total })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-600 dark:text-slate-400">
          {t("files.manage.pagination.pageSize")}
          <select
            value={limit}
            onChange={(event) => onLimit(Number(event.target.value))}
            className={cx(inputClasses(false), "w-auto py-1.5")}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" icon={ChevronLeftIcon} onClick={() => onPage(page - 1)} disabled={page <= 1}>
          {t("files.manage.pagination.previous")}
        </Button>
        <span className="px-1 text-sm text-slate-700 tabular-nums dark:text-slate-300" aria-current="page">
          {t("files.manage.pagination.page", { page, pages })}
        </span>
        <Button size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          {t("files.manage.pagination.next")}
          <ChevronRightIcon className="size-4.5" />
        </Button>
      </div>
    </nav>
  );
}

function EmptyList() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 px-6 py-14 text-center dark:border-slate-800">
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
        <FilesIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{t("files.manage.empty.title")}</h2>
      <p className="mt-1.5 max-w-md text-sm text-slate-600 dark:text-slate-400">
        {t("files.manage.empty.description")}
      </p>
      <Link href={ROUTES.upload} className={cx(buttonClasses("primary"), "mt-6")}>
        <UploadIcon className="size-4.5" />
        {t("files.manage.empty.action")}
      </Link>
    </div>
  );
}

function NoResults({ search, onClear }: { search: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 px-6 py-12 text-center dark:border-slate-800">
      <SearchIcon className="size-8 text-slate-400" />
      <h2 className="mt-3 text-base font-semibold break-all text-slate-900 dark:text-white">
        {t("files.manage.noResults.title", { search })}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("files.manage.noResults.description")}</p>
      <Button className="mt-5" onClick={onClear}>
        {t("files.manage.noResults.clear")}
      </Button>
    </div>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <span className="sr-only">{t("files.manage.loading")}</span>
      {[0, 1, 2, 3].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="flex items-center gap-4 border-b border-slate-100 px-4 py-4 last:border-b-0 motion-safe:animate-pulse dark:border-slate-800"
        >
          <span className="size-4 rounded bg-slate-200 dark:bg-slate-700" />
          <span className="size-9 rounded-lg bg-slate-200 dark:bg-slate-700" />
          <span className="h-3.5 w-40 rounded bg-slate-200 dark:bg-slate-700" />
          <span className="ml-auto h-3.5 w-16 rounded bg-slate-100 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}
