// Admin module "text-management" (SPEC.md §2, §7 Pastes): the shared texts with search (debounced,
// at least 2 characters), pagination, preview, edit, delete, batch delete of a selection and, for
// the admin, clearing expired texts. An API key with text permission sees its own texts here.
import { DEFAULT_PAGE_LIMIT } from "@shared/constants";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button, buttonClasses } from "../../components/button";
import { cx } from "../../components/class-names";
import { FormAlert, inputClasses } from "../../components/form-controls";
import { CloseIcon, DocumentTextIcon, PlusIcon, RefreshIcon, TrashIcon } from "../../components/icons";
import { BroomIcon, ChevronLeftIcon, ChevronRightIcon, SearchIcon } from "../../components/paste-icons";
import { toast } from "../../components/toast-store";
import { useDebouncedValue } from "../../hooks/use-debounced-value";
import { errorMessageOf } from "../../lib/api-errors";
import { ROUTES } from "../../routes";
import { AdminModuleHeader } from "./admin-module-header";
import { ClearExpiredDialog } from "./pastes/clear-expired-dialog";
import { DeletePastesDialog } from "./pastes/delete-pastes-dialog";
import { type PasteSummary, usePasteApi } from "./pastes/paste-api";
import { PasteEditDialog } from "./pastes/paste-edit-dialog";
import { PasteCards, PasteTable } from "./pastes/paste-list";
import { PastePreviewDialog } from "./pastes/paste-preview-dialog";

const SEARCH_DELAY_MS = 300;
const SEARCH_MIN_LENGTH = 2;
const PAGE_SIZES = [20, DEFAULT_PAGE_LIMIT, 100] as const;

type OpenDialog = "preview" | "edit" | "delete" | "clear" | null;

export default function TextManagementModule() {
  const { t } = useTranslation();
  const { isAdmin, procedures } = usePasteApi();
  const [searchInput, setSearchInput] = useState("");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_LIMIT);
  const typed = searchInput.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const search = debounced.length >= SEARCH_MIN_LENGTH ? debounced : "";
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  // Kept after closing, so a dialog keeps its content while it animates out.
  const [target, setTarget] = useState<PasteSummary | null>(null);
  const [toDelete, setToDelete] = useState<readonly PasteSummary[]>([]);

  const list = procedures.list.useQuery(
    { page, limit, ...(search ? { search } : {}) },
    { placeholderData: (previous) => previous },
  );
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / limit));
  // Selection is per page: rows that left the page (deleted, another page) drop out.
  const selected = useMemo(
    () => new Set(items.filter((item) => selectedIds.has(item.id)).map((item) => item.id)),
    [items, selectedIds],
  );

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

  const open = (dialog: OpenDialog, paste: PasteSummary) => {
    setTarget(paste);
    if (dialog === "delete") setToDelete([paste]);
    setOpenDialog(dialog);
  };

  const deleteSelected = () => {
    if (selected.size === 0) {
      toast.warning(t("pastes.manage.selectionRequired"), { id: "pastes-selection-required" });
      return;
    }
    setToDelete(items.filter((item) => selected.has(item.id)));
    setOpenDialog("delete");
  };

  const actions = isAdmin ? (
    <Button icon={BroomIcon} onClick={() => setOpenDialog("clear")}>
      {t("pastes.manage.clearExpired")}
    </Button>
  ) : undefined;

  const isSearchTooShort = typed.length > 0 && typed.length < SEARCH_MIN_LENGTH;

  return (
    <div>
      <AdminModuleHeader module="text-management" actions={actions} />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="w-full sm:max-w-sm">
          <label htmlFor="paste-search" className="sr-only">
            {t("pastes.manage.searchLabel")}
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-slate-400" />
            <input
              id="paste-search"
              type="search"
              value={searchInput}
              onChange={(event) => changeSearch(event.target.value)}
              placeholder={t("pastes.manage.searchPlaceholder")}
              aria-describedby={isSearchTooShort ? "paste-search-hint" : undefined}
              className={cx(inputClasses(false), "pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden")}
              autoComplete="off"
            />
            {searchInput ? (
              <button
                type="button"
                onClick={() => changeSearch("")}
                aria-label={t("pastes.manage.noResults.clear")}
                className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-slate-400 hover:text-slate-700 dark:hover:text-white"
              >
                <CloseIcon className="size-4" />
              </button>
            ) : null}
          </div>
          {isSearchTooShort ? (
            <p id="paste-search-hint" className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
              {t("pastes.manage.searchTooShort")}
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
            aria-label={t("pastes.manage.refresh")}
            title={t("pastes.manage.refresh")}
          >
            <span className="sr-only sm:not-sr-only">{t("pastes.manage.refresh")}</span>
          </Button>
          <Button
            size="sm"
            variant="danger"
            icon={TrashIcon}
            onClick={deleteSelected}
            disabled={selected.size === 0}
            title={selected.size === 0 ? t("pastes.manage.selectionRequired") : undefined}
          >
            {t("pastes.manage.deleteSelected")}
          </Button>
        </div>
      </div>

      <div className="mt-4">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <div className="flex flex-col items-start gap-3">
            <FormAlert title={t("pastes.manage.loadError")}>
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
            <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {selected.size > 0
                ? t("pastes.manage.selectedCount", { count: selected.size })
                : `${t("pastes.manage.total", { count: total })} · ${t("pastes.manage.selectionHint")}`}
              {selected.size > 0 ? (
                <button
                  type="button"
                  onClick={() => setSelectedIds(new Set())}
                  className="ml-3 font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-300"
                >
                  {t("pastes.manage.clearSelection")}
                </button>
              ) : null}
            </p>
            <PasteTable
              pastes={items}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onPreview={(paste) => open("preview", paste)}
              onEdit={(paste) => open("edit", paste)}
              onDelete={(paste) => open("delete", paste)}
            />
            <PasteCards
              pastes={items}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onPreview={(paste) => open("preview", paste)}
              onEdit={(paste) => open("edit", paste)}
              onDelete={(paste) => open("delete", paste)}
            />
            <Pagination
              page={page}
              pages={pages}
              total={total}
              limit={limit}
              offset={list.data?.offset ?? 0}
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

      <PastePreviewDialog paste={target} open={openDialog === "preview"} onClose={() => setOpenDialog(null)} />
      <PasteEditDialog paste={target} open={openDialog === "edit"} onClose={() => setOpenDialog(null)} />
      <DeletePastesDialog
        pastes={toDelete}
        open={openDialog === "delete"}
        onClose={() => setOpenDialog(null)}
        onDeleted={(ids) => {
          setSelectedIds((current) => new Set([...current].filter((id) => !ids.includes(id))));
          setOpenDialog(null);
        }}
      />
      {isAdmin ? <ClearExpiredDialog open={openDialog === "clear"} onClose={() => setOpenDialog(null)} /> : null}
    </div>
  );
}

function Pagination({
  page,
  pages,
  total,
  limit,
  offset,
  shown,
  onPage,
  onLimit,
}: {
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
      aria-label={t("pastes.manage.pagination.label")}
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
        {t("pastes.manage.pagination.range", { from, to, total })}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 sm:justify-end">
        <div className="flex items-center gap-2">
          <label htmlFor={pageSizeId} className="text-sm whitespace-nowrap text-slate-600 dark:text-slate-400">
            {t("pastes.manage.pagination.pageSize")}
          </label>
          <select
            id={pageSizeId}
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
        </div>
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            icon={ChevronLeftIcon}
            onClick={() => onPage(page - 1)}
            disabled={page <= 1}
            aria-label={t("pastes.manage.pagination.previous")}
          >
            <span className="hidden sm:inline">{t("pastes.manage.pagination.previous")}</span>
          </Button>
          <span
            className="px-1 text-sm whitespace-nowrap text-slate-700 tabular-nums dark:text-slate-300"
            aria-current="page"
          >
            {t("pastes.manage.pagination.page", { page, pages })}
          </span>
          <Button
            size="sm"
            onClick={() => onPage(page + 1)}
            disabled={page >= pages}
            aria-label={t("pastes.manage.pagination.next")}
          >
            <span className="hidden sm:inline">{t("pastes.manage.pagination.next")}</span>
            <ChevronRightIcon className="size-4.5" />
          </Button>
        </div>
      </div>
    </nav>
  );
}

function EmptyList() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 px-6 py-14 text-center dark:border-slate-800">
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
        <DocumentTextIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{t("pastes.manage.empty.title")}</h2>
      <p className="mt-1.5 max-w-md text-sm text-slate-600 dark:text-slate-400">
        {t("pastes.manage.empty.description")}
      </p>
      <Link href={ROUTES.home} className={cx(buttonClasses("primary"), "mt-6")}>
        <PlusIcon className="size-4.5" />
        {t("pastes.manage.empty.action")}
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
        {t("pastes.manage.noResults.title", { search })}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("pastes.manage.noResults.description")}</p>
      <Button className="mt-5" onClick={onClear}>
        {t("pastes.manage.noResults.clear")}
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
      <span className="sr-only">{t("pastes.manage.loading")}</span>
      {[0, 1, 2, 3].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="flex items-center gap-4 border-b border-slate-100 px-4 py-4 last:border-b-0 motion-safe:animate-pulse dark:border-slate-800"
        >
          <span className="size-4 rounded bg-slate-200 dark:bg-slate-700" />
          <span className="h-3.5 w-24 rounded bg-slate-200 dark:bg-slate-700" />
          <span className="hidden h-3.5 flex-1 rounded bg-slate-100 sm:block dark:bg-slate-800" />
          <span className="ml-auto h-3.5 w-16 rounded bg-slate-100 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}
