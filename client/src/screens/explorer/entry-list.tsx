// The entries of one folder as a list (sortable columns, checkboxes) or a grid of tiles. Folders
// open on click; files open their preview.
import ChevronDownIcon from "@heroicons/react/24/outline/ChevronDownIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import ServerStackIcon from "@heroicons/react/24/outline/ServerStackIcon";
import { formatBytes } from "@shared/format-bytes";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { cx, fileNameText, focusRing } from "../../components/class-names";
import { opensDialog } from "../../components/dialogs/dialog-names";
import { FileTypeIcon } from "../../components/file-icons";
import { currentLanguage } from "../../i18n";
import { explorerHref } from "../../lib/explorer/explorer-paths";
import type { SelectionState } from "../../lib/explorer/explorer-selection";
import type { SortKey, SortState } from "../../lib/explorer/explorer-sort";
import { formatDateTime } from "../../lib/format-date";
import { type EntryAction, MenuRow } from "./entry-menu";

export type EntryListProps = {
  entries: FsEntry[];
  folder: string;
  view: "list" | "grid";
  sort: SortState;
  onSort: (key: SortKey) => void;
  selected: ReadonlySet<string>;
  selection: SelectionState;
  onToggle: (path: string) => void;
  onToggleAll: () => void;
  selectable: boolean;
  /** Each row's own menu (entry-menu.tsx); none when empty. */
  actionsFor?: (entry: FsEntry) => readonly EntryAction[];
};

function EntryIcon({ entry, size = "sm" }: { entry: FsEntry; size?: "sm" | "lg" }) {
  if (entry.type === "directory") {
    const Icon = entry.is_mount ? ServerStackIcon : FolderIcon;
    return (
      <span
        aria-hidden="true"
        className={cx(
          "flex shrink-0 items-center justify-center bg-amber-50 text-amber-600 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/20",
          size === "sm" ? "size-8 rounded-lg" : "size-14 rounded-2xl",
        )}
      >
        <Icon className={size === "sm" ? "size-4.5" : "size-8"} />
      </span>
    );
  }
  return <FileTypeIcon mimetype={entry.mimetype} filename={entry.name} size={size} />;
}

function hrefOf(entry: FsEntry, folder: string): string {
  return entry.type === "directory" ? explorerHref(entry.path) : explorerHref(folder, entry.path);
}

/** The header of a sortable column, named after its key (`explorer.list.<key>`). */
function SortHeader({
  sortKey,
  sort,
  onSort,
  className,
}: {
  sortKey: SortKey;
  sort: SortState;
  onSort: (key: SortKey) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const active = sort.key === sortKey;
  return (
    <button
      type="button"
      onClick={() => onSort(sortKey)}
      className={cx(
        "inline-flex items-center gap-1 rounded text-xs font-semibold tracking-wide text-slate-500 uppercase hover:text-slate-900 dark:text-slate-400 dark:hover:text-white",
        focusRing,
        className,
      )}
      data-testid={`sort-${sortKey}`}
    >
      {t(`explorer.list.${sortKey}`)}
      <ChevronDownIcon
        aria-hidden="true"
        className={cx(
          "size-3.5 transition-transform",
          !active && "opacity-0",
          active && sort.direction === "asc" && "rotate-180",
        )}
      />
    </button>
  );
}

function Checkbox({
  checked,
  indeterminate,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: () => void;
}) {
  return (
    <input
      type="checkbox"
      className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-600 dark:bg-slate-800"
      checked={checked}
      ref={(element) => {
        if (element) element.indeterminate = Boolean(indeterminate);
      }}
      onChange={onChange}
      aria-label={label}
    />
  );
}

export function EntryList(props: EntryListProps) {
  const { entries, folder, view, sort, onSort, selected, selection, onToggle, onToggleAll, selectable } = props;
  const actionsFor = props.actionsFor ?? (() => []);
  const { t } = useTranslation();
  const language = currentLanguage();
  const sizeOf = (entry: FsEntry) => (entry.type === "directory" ? "—" : formatBytes(entry.size, language));
  const modifiedOf = (entry: FsEntry) => (entry.modified ? formatDateTime(entry.modified, language) : "—");

  if (view === "grid") {
    return (
      <ul className="grid grid-cols-2 gap-3 p-3 sm:grid-cols-3 sm:p-4 lg:grid-cols-5" data-testid="entry-grid">
        <EntryItems entries={entries} look="grid" selected={selected} actionsFor={actionsFor}>
          {(entry, isSelected) => (
            <>
              {selectable ? (
                <span className="absolute top-2 left-2">
                  <SelectBox entry={entry} isSelected={isSelected} onToggle={onToggle} />
                </span>
              ) : null}
              <EntryIcon entry={entry} size="lg" />
              <EntryLink entry={entry} folder={folder} className="mt-2 w-full" />
              {/* On a selected card's indigo-50, slate-500 falls under 4.5:1 (docs/accessibility.md). */}
              <span
                className={cx(
                  "mt-0.5 text-xs tabular-nums dark:text-slate-400",
                  isSelected ? "text-slate-600" : "text-slate-500",
                )}
              >
                {entry.type === "directory" ? t("explorer.list.folder") : sizeOf(entry)}
              </span>
            </>
          )}
        </EntryItems>
      </ul>
    );
  }

  return (
    <div data-testid="entry-list">
      <div className="flex items-center gap-3 border-b border-slate-200 px-3 py-2 sm:px-4 dark:border-slate-800">
        {selectable ? (
          <Checkbox
            checked={selection === "all"}
            indeterminate={selection === "some"}
            label={t("explorer.list.selectAll")}
            onChange={onToggleAll}
          />
        ) : null}
        <SortHeader sortKey="name" sort={sort} onSort={onSort} className="min-w-0 flex-1" />
        <SortHeader sortKey="size" sort={sort} onSort={onSort} className="w-20 justify-end sm:w-24" />
        <span className="hidden w-44 md:block">
          <SortHeader sortKey="modified" sort={sort} onSort={onSort} />
        </span>
        {/* Above the rows' menu buttons. */}
        {props.actionsFor ? <span aria-hidden="true" className="-mr-1.5 w-10 shrink-0 sm:w-8" /> : null}
      </div>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        <EntryItems entries={entries} look="list" selected={selected} actionsFor={actionsFor}>
          {(entry, isSelected) => (
            <>
              {selectable ? <SelectBox entry={entry} isSelected={isSelected} onToggle={onToggle} /> : null}
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <EntryIcon entry={entry} />
                <div className="min-w-0">
                  <EntryLink entry={entry} folder={folder} />
                  {entry.share_slug || entry.holds_shares ? (
                    <span
                      className="ml-0 inline-flex rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-500/15 dark:text-amber-200"
                      title={entry.share_slug ? `/file/${entry.share_slug}` : undefined}
                      data-testid="share-badge"
                    >
                      {entry.share_slug ? t("explorer.shares.badge") : t("explorer.shares.folderBadge")}
                    </span>
                  ) : null}
                  <p className="truncate text-xs text-slate-600 md:hidden dark:text-slate-400">
                    {entry.is_mount ? t("explorer.list.mount") : modifiedOf(entry)}
                  </p>
                </div>
              </div>
              <span className="w-20 shrink-0 text-right text-sm text-slate-600 tabular-nums sm:w-24 dark:text-slate-400">
                {sizeOf(entry)}
              </span>
              <span className="hidden w-44 shrink-0 text-sm text-slate-600 tabular-nums md:block dark:text-slate-400">
                {entry.is_mount ? t("explorer.list.mount") : modifiedOf(entry)}
              </span>
            </>
          )}
        </EntryItems>
      </ul>
    </div>
  );
}

/** How an entry stands in each view: the tile or row, marked while selected, and where its menu sits. */
const ITEM_LOOKS = {
  grid: {
    item: "relative flex flex-col items-center rounded-xl p-3 text-center ring-1 transition-colors",
    selected: "bg-indigo-50 ring-indigo-300 dark:bg-indigo-500/10 dark:ring-indigo-500/40",
    unselected: "ring-slate-200 hover:bg-slate-50 dark:ring-slate-800 dark:hover:bg-slate-800/50",
    menu: "absolute top-1 right-1",
  },
  list: {
    item: "flex items-center gap-3 px-3 py-2 sm:px-4",
    selected: "bg-indigo-50/70 dark:bg-indigo-500/10",
    unselected: "hover:bg-slate-50 dark:hover:bg-slate-800/40",
    menu: "-my-1 -mr-1.5 shrink-0",
  },
} as const;

/** Each entry as an item with its own menu; `children` draws what the item shows. */
function EntryItems({
  entries,
  look,
  selected,
  actionsFor,
  children,
}: {
  entries: FsEntry[];
  look: keyof typeof ITEM_LOOKS;
  selected: ReadonlySet<string>;
  actionsFor: (entry: FsEntry) => readonly EntryAction[];
  children: (entry: FsEntry, isSelected: boolean) => ReactNode;
}) {
  const classes = ITEM_LOOKS[look];
  return entries.map((entry) => {
    const isSelected = selected.has(entry.path);
    return (
      <MenuRow
        key={entry.path}
        entry={entry}
        actions={actionsFor(entry)}
        menuClassName={classes.menu}
        className={cx(classes.item, isSelected ? classes.selected : classes.unselected)}
      >
        {children(entry, isSelected)}
      </MenuRow>
    );
  });
}

function SelectBox({
  entry,
  isSelected,
  onToggle,
}: {
  entry: FsEntry;
  isSelected: boolean;
  onToggle: (path: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      checked={isSelected}
      label={t("explorer.list.select", { name: entry.name })}
      onChange={() => onToggle(entry.path)}
    />
  );
}

/** The entry's name, opening it: a folder in the explorer, a file in the preview. */
function EntryLink({ entry, folder, className }: { entry: FsEntry; folder: string; className?: string }) {
  return (
    <Link
      href={hrefOf(entry, folder)}
      className={cx(
        className,
        fileNameText,
        "rounded text-sm font-medium text-slate-900 hover:text-indigo-700 dark:text-white dark:hover:text-indigo-300",
        focusRing,
      )}
      title={entry.name}
      {...(entry.type === "file" ? opensDialog("explorer-preview") : {})}
    >
      {entry.name}
    </Link>
  );
}
