// The file and text management modules' list: its state (search, debounced, at least 2 characters;
// page; checked rows; open dialog) and its frame (search box, refresh, "delete selected", the list's
// loading / failed / empty / no-match states, the selection count and the pages). The module supplies
// the query, the rows' table and cards, and its dialogs.
import { DEFAULT_PAGE_LIMIT } from "@shared/constants";
import type { ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../components/class-names";
import { LoadError } from "../../../components/feedback/request-status";
import type { ShareKind } from "../../../components/feedback/share-problem";
import { toast } from "../../../components/feedback/toast-store";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import type { DeleteDialogProps } from "./delete-items-dialog";
import { ListSkeleton } from "./list/list-states";
import { DeleteSelectedButton, Pagination, RefreshButton, SearchBox } from "./list/list-toolbar";
import { type Selection, selectedItems, useSelection } from "./list/use-selection";
import { NoResults } from "./share-cells";
import { deleteDialogProps, type ItemDialogs, useItemDialogs } from "./use-item-dialogs";

const SEARCH_DELAY_MS = 300;
const SEARCH_MIN_LENGTH = 2;

/**
 * What a list asks the server for: one page, and the search if there is one. `cursor` is the
 * previous page's `nextCursor` once it is known: the server then starts right below that page's last
 * row instead of skipping `offset` rows, which costs the same on page 2 and page 20,000
 * (docs/admin-lists.md).
 */
export type PageRequest = { limit: number; page: number; offset: number; search?: string; cursor?: string };

export type ListControls = {
  searchInput: string;
  /** What the list is searched for: the input once typing pauses, if it is long enough. */
  search: string;
  isSearchTooShort: boolean;
  changeSearch: (value: string) => void;
  page: number;
  setPage: (page: number) => void;
  limit: number;
  changeLimit: (limit: number) => void;
  /** What to ask the server for. */
  request: PageRequest;
  /** Keeps the answer's cursor to the page after `page`, for the request of that page. */
  rememberNextCursor: (page: number, cursor: string | null | undefined) => void;
};

export function useListControls(): ListControls {
  const [searchInput, setSearchInput] = useState("");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_LIMIT);
  const typed = searchInput.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const search = debounced.length >= SEARCH_MIN_LENGTH ? debounced : "";
  // The cursor that starts each page, learnt from the answer of the page before; they hold for one
  // search and page size, and start again when either changes.
  const cursors = useRef({ key: "", byPage: new Map<number, string>() });
  const cursorKey = `${limit}\u0000${search}`;
  if (cursors.current.key !== cursorKey) cursors.current = { key: cursorKey, byPage: new Map() };
  const cursor = page > 1 ? cursors.current.byPage.get(page) : undefined;
  return {
    searchInput,
    search,
    isSearchTooShort: typed.length > 0 && typed.length < SEARCH_MIN_LENGTH,
    changeSearch: (value) => {
      setSearchInput(value);
      setPage(1);
    },
    page,
    setPage,
    limit,
    changeLimit: (next) => {
      setLimit(next);
      setPage(1);
    },
    request: { limit, page, offset: (page - 1) * limit, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) },
    rememberNextCursor: (answered, next) => {
      if (next) cursors.current.byPage.set(answered + 1, next);
    },
  };
}

export type PageRows<Item> = { items: readonly Item[]; total: number; pages: number; offset: number };

/**
 * The rows of the page on screen, from a list answer's rows and its pagination; after the last rows
 * of the last page are deleted, it steps back.
 */
function usePageRows<Item>(
  controls: ListControls,
  items: readonly Item[] | undefined,
  pagination: ListPagination | undefined,
  isPlaceholderData: boolean,
): PageRows<Item> {
  const total = pagination?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / controls.limit));
  if (pagination && controls.page > pages) controls.setPage(pages);
  const { page, rememberNextCursor } = controls;
  const nextCursor = pagination?.nextCursor;
  useEffect(() => {
    if (!isPlaceholderData) rememberNextCursor(page, nextCursor);
  }, [isPlaceholderData, page, nextCursor, rememberNextCursor]);
  // A page read after a cursor answers offset 0: where its rows start is known from its number. While
  // the next page loads, the rows on screen are still the last page's, and so is their range.
  const shownOffset = useRef(0);
  if (pagination && !isPlaceholderData) shownOffset.current = (page - 1) * controls.limit;
  return {
    items: items ?? [],
    total,
    pages,
    offset: pagination ? shownOffset.current : (page - 1) * controls.limit,
  };
}

type ListPagination = { total: number; offset: number; nextCursor?: string | null };

/** A list query as the frame reads it. */
export type ShareListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isRefetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

export type ShareListState<Item extends { id: string }, Dialog extends string> = {
  controls: ListControls;
  list: ShareListQuery;
  rows: PageRows<Item>;
  selection: Selection;
  dialogs: ItemDialogs<Dialog | "delete", Item>;
  /** The props of the module's delete dialog. */
  deleteDialog: DeleteDialogProps<Item>;
};

/**
 * The state of a file or text management list around its query (asked with `controls.request`): the
 * page's rows, the checked rows and which dialog is open.
 */
export function useShareList<Item extends { id: string }, Dialog extends string>(
  controls: ListControls,
  list: ShareListQuery & { data?: { pagination: ListPagination } },
  items: readonly Item[] | undefined,
): ShareListState<Item, Dialog> {
  const rows = usePageRows(controls, items, list.data?.pagination, list.isPlaceholderData);
  const selection = useSelection(rows.items);
  const dialogs = useItemDialogs<Dialog | "delete", Item>();
  return { controls, list, rows, selection, dialogs, deleteDialog: deleteDialogProps(dialogs, selection) };
}

// Test ids and element ids of each kind ("file-search", "paste-selection", ...).
const ID_PREFIX: Record<ShareKind, string> = { files: "file", pastes: "paste" };

export function ShareListFrame<Item extends { id: string }, Dialog extends string>({
  kind,
  state,
  selectedCountValues,
  empty,
  children,
}: {
  kind: ShareKind;
  state: ShareListState<Item, Dialog>;
  /** More values for `<kind>.manage.selectedCount` (the files' total size). */
  selectedCountValues?: (items: Item[]) => Record<string, unknown>;
  empty: ReactNode;
  /** The table and the cards of the rows. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { controls, list, rows, selection } = state;
  const ns = `${kind}.manage` as const;
  const prefix = ID_PREFIX[kind];
  const selected = selectedItems(rows.items, selection);

  const deleteSelected = () => {
    if (selected.length === 0) {
      toast.warning(t(`${ns}.selectionRequired`), { id: `${kind}-selection-required` });
      return;
    }
    state.dialogs.openDelete("delete", selected);
  };

  return (
    <>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <SearchBox
          ns={ns}
          id={`${prefix}-search`}
          value={controls.searchInput}
          onChange={controls.changeSearch}
          isTooShort={controls.isSearchTooShort}
        />
        <div className="flex items-center gap-2">
          <RefreshButton
            ns={ns}
            onRefresh={() => void list.refetch()}
            isRefreshing={list.isRefetching && !list.isPlaceholderData}
          />
          <DeleteSelectedButton
            ns={ns}
            count={selected.length}
            onDelete={deleteSelected}
            dialog={kind === "pastes" ? "paste-delete" : "file-delete"}
            testId={`delete-selected-${kind}`}
          />
        </div>
      </div>

      <div className="mt-4">
        {list.isPending ? (
          <ListSkeleton label={t(`${ns}.loading`)} />
        ) : list.isError ? (
          <LoadError title={t(`${ns}.loadError`)} query={list} />
        ) : rows.items.length === 0 ? (
          controls.search ? (
            <NoResults kind={kind} search={controls.search} onClear={() => controls.changeSearch("")} />
          ) : (
            empty
          )
        ) : (
          <div
            className={cx(list.isPlaceholderData && "opacity-60 transition-opacity")}
            aria-busy={list.isPlaceholderData || undefined}
          >
            <p
              className="mb-3 text-sm text-slate-600 dark:text-slate-400"
              aria-live="polite"
              data-testid={`${prefix}-selection`}
            >
              {selected.length > 0
                ? t(`${ns}.selectedCount`, { count: selected.length, ...selectedCountValues?.(selected) })
                : `${t(`${ns}.total`, { count: rows.total })} · ${t(`${ns}.selectionHint`)}`}
              {selected.length > 0 ? (
                <button
                  type="button"
                  onClick={selection.clear}
                  className="ml-3 font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-300"
                >
                  {t(`${ns}.clearSelection`)}
                </button>
              ) : null}
            </p>
            {children}
            <Pagination
              ns={ns}
              page={controls.page}
              pages={rows.pages}
              total={rows.total}
              limit={controls.limit}
              offset={rows.offset}
              shown={rows.items.length}
              onPage={controls.setPage}
              onLimit={controls.changeLimit}
            />
          </div>
        )}
      </div>
    </>
  );
}
