// One admin list in two shapes: a table on wide screens and cards below (down to 375 px phones), both
// with a checkbox per row and select-all. The caller describes the columns and the card of an item;
// the list's texts (`<ns>.table.label`, `<ns>.table.selectAll`) come from its namespace.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../../components/class-names";
import { currentLanguage } from "../../../../i18n";
import { formatDate, formatDateTime, formatRelativeTime } from "../../../../lib/format-date";
import type { ListTexts } from "./list-toolbar";
import type { Selection } from "./use-selection";

export type ResourceColumn<Item> = {
  key: string;
  header: string;
  /** Width and the like, for the header cell. */
  headerClassName?: string;
  cellClassName?: string;
  /** The column that names the row (a <th scope="row">). */
  isRowHeader?: boolean;
  render: (item: Item) => ReactNode;
};

export type CardField = { label: string; value: ReactNode; className?: string };

export type ResourceCard = {
  header: ReactNode;
  /** Beside the header, on the right (an action). */
  aside?: ReactNode;
  body?: ReactNode;
  fields: CardField[];
  fieldsClassName: string;
  footer?: ReactNode;
};

/** From which width the table replaces the cards. */
export type ListBreakpoint = "lg" | "xl";

type ListBase<Item extends { id: string }> = {
  ns: ListTexts;
  items: readonly Item[];
  selection: Selection;
  /** The accessible name of an item's checkbox ("Select report.pdf"). */
  selectLabel: (item: Item) => string;
  breakpoint: ListBreakpoint;
  testId?: string;
  itemTestId?: (item: Item) => string;
};

export type ResourceTableProps<Item extends { id: string }> = ListBase<Item> & {
  columns: ResourceColumn<Item>[];
  actions: { header: string; headerClassName: string; cellClassName: string; render: (item: Item) => ReactNode };
  /** Narrower cells, for a table with many columns. */
  isCompact?: boolean;
  /** Fixed column widths (the header classes set them). */
  isFixed?: boolean;
  selectCellClassName?: string;
  isDimmed?: (item: Item) => boolean;
};

export type ResourceCardsProps<Item extends { id: string }> = ListBase<Item> & {
  card: (item: Item) => ResourceCard;
  listClassName?: string;
  checkboxClassName?: string;
};

// Spelled out whole so that Tailwind finds the classes.
const TABLE_SHOWN: Record<ListBreakpoint, string> = { lg: "hidden lg:block", xl: "hidden xl:block" };
const CARDS_SHOWN: Record<ListBreakpoint, string> = { lg: "lg:hidden", xl: "xl:hidden" };

export const checkboxClass =
  "size-4.5 rounded border-slate-300 accent-indigo-600 dark:border-slate-600 dark:accent-indigo-400";

/** The checkbox of one row or card, named after its item. */
function SelectItem<Item extends { id: string }>({
  item,
  selection,
  selectLabel,
  className,
}: Pick<ListBase<Item>, "selection" | "selectLabel"> & { item: Item; className?: string }) {
  return (
    <input
      type="checkbox"
      checked={selection.selected.has(item.id)}
      onChange={() => selection.toggle(item.id)}
      aria-label={selectLabel(item)}
      className={cx(checkboxClass, className)}
    />
  );
}

function SelectAll<Item extends { id: string }>({
  ns,
  items,
  selection,
  id,
}: Pick<ListBase<Item>, "ns" | "items" | "selection"> & {
  /** Set when a visible <label> names the checkbox. */
  id?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const count = items.filter((item) => selection.selected.has(item.id)).length;
  const isAll = items.length > 0 && count === items.length;
  const isSome = count > 0 && !isAll;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = isSome;
  }, [isSome]);
  return (
    <input
      ref={ref}
      type="checkbox"
      id={id}
      checked={isAll}
      onChange={selection.toggleAll}
      aria-label={id ? undefined : t(`${ns}.table.selectAll`)}
      className={checkboxClass}
    />
  );
}

export function ResourceTable<Item extends { id: string }>(props: ResourceTableProps<Item>) {
  const { t } = useTranslation();
  const { ns, items, selection, columns, actions, isCompact = false } = props;
  const th = cx(
    "py-3 text-left text-xs font-semibold whitespace-nowrap text-slate-500 uppercase dark:text-slate-400",
    isCompact ? "px-2" : "px-3 tracking-wide",
  );
  const edge = isCompact ? "pl-3" : "pl-4";
  return (
    <div
      className={cx(
        TABLE_SHOWN[props.breakpoint],
        "overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800",
      )}
    >
      <table
        className={cx(
          "min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800",
          props.isFixed && "table-fixed",
        )}
        data-testid={props.testId}
      >
        <caption className="sr-only">{t(`${ns}.table.label`)}</caption>
        <thead className="bg-slate-50 dark:bg-slate-950/40">
          <tr>
            <th scope="col" className={cx("w-10 py-3 pr-1", edge)}>
              <SelectAll ns={ns} items={items} selection={selection} />
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cx(th, column.headerClassName)}>
                {column.header}
              </th>
            ))}
            <th scope="col" className={actions.headerClassName}>
              <span className="sr-only">{actions.header}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800/70">
          {items.map((item) => {
            const isSelected = selection.selected.has(item.id);
            return (
              <tr
                key={item.id}
                data-testid={props.itemTestId?.(item)}
                className={cx(
                  "align-top transition-colors",
                  // A light tint: the row's quiet slate-500 text keeps 4.5:1 on it.
                  isSelected ? "bg-indigo-50/40 dark:bg-indigo-500/10" : "hover:bg-slate-50 dark:hover:bg-slate-800/40",
                  // Dimmed by a quieter background, not by opacity, which would take its text under 4.5:1.
                  props.isDimmed?.(item) && !isSelected && "bg-slate-50 dark:bg-slate-950/40",
                )}
              >
                <td className={cx("pr-1", edge, props.selectCellClassName ?? "py-3.5")}>
                  <SelectItem item={item} selection={selection} selectLabel={props.selectLabel} />
                </td>
                {columns.map((column) =>
                  column.isRowHeader ? (
                    <th key={column.key} scope="row" className={cx("text-left", column.cellClassName)}>
                      {column.render(item)}
                    </th>
                  ) : (
                    <td key={column.key} className={column.cellClassName}>
                      {column.render(item)}
                    </td>
                  ),
                )}
                <td className={actions.cellClassName}>{actions.render(item)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function CardFields({ fields, className }: { fields: CardField[]; className: string }) {
  return (
    <dl className={className}>
      {fields.map((field) => (
        <div key={field.label} className="min-w-0">
          <dt className="text-xs text-slate-500 dark:text-slate-400">{field.label}</dt>
          <dd className={cx("mt-0.5 text-sm text-slate-800 dark:text-slate-200", field.className)}>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ResourceCards<Item extends { id: string }>(props: ResourceCardsProps<Item>) {
  const { t } = useTranslation();
  const { ns, items, selection } = props;
  const selectAllId = useId();
  return (
    <div className={CARDS_SHOWN[props.breakpoint]}>
      <div className="mb-2 flex items-center gap-3 px-1">
        <SelectAll id={selectAllId} ns={ns} items={items} selection={selection} />
        <label htmlFor={selectAllId} className="text-sm text-slate-600 dark:text-slate-400">
          {t(`${ns}.table.selectAll`)}
        </label>
      </div>
      <ul
        className={props.listClassName ?? "flex flex-col gap-3"}
        aria-label={t(`${ns}.table.label`)}
        data-testid={props.testId}
      >
        {items.map((item) => {
          const isSelected = selection.selected.has(item.id);
          const card = props.card(item);
          return (
            <li
              key={item.id}
              data-testid={props.itemTestId?.(item)}
              className={cx(
                "rounded-xl bg-white p-4 shadow-sm ring-1 transition-colors dark:bg-slate-900",
                isSelected ? "ring-indigo-400 dark:ring-indigo-500/60" : "ring-slate-200 dark:ring-slate-800",
              )}
            >
              <div className="flex items-start gap-3">
                <SelectItem
                  item={item}
                  selection={selection}
                  selectLabel={props.selectLabel}
                  className={props.checkboxClassName ?? "mt-0.5"}
                />
                <div className="min-w-0 flex-1">{card.header}</div>
                {card.aside}
              </div>
              {card.body}
              <CardFields fields={card.fields} className={card.fieldsClassName} />
              {card.footer ? (
                <div className="mt-3 border-t border-slate-100 pt-2 dark:border-slate-800">{card.footer}</div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What the table and the cards of one list share: its items, texts, selection and breakpoint. */
type ListCommon<Item extends { id: string }> = Omit<ListBase<Item>, "testId" | "itemTestId">;

export type ResourceListProps<Item extends { id: string }> = ListCommon<Item> & {
  table: Omit<ResourceTableProps<Item>, keyof ListCommon<Item>>;
  cards: Omit<ResourceCardsProps<Item>, keyof ListCommon<Item>>;
};

/** The list in both shapes; CSS shows the one that fits the screen. */
export function ResourceList<Item extends { id: string }>({ table, cards, ...common }: ResourceListProps<Item>) {
  return (
    <>
      <ResourceTable {...common} {...table} />
      <ResourceCards {...common} {...cards} />
    </>
  );
}

/** A date (the full date and time on hover), or how long ago it was when `relativeTo` is given. */
export function DateTime({ date, relativeTo }: { date: Date; relativeTo?: Date }) {
  const language = currentLanguage();
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date, language)}>
      {relativeTo ? formatRelativeTime(date, relativeTo, language) : formatDate(date, language)}
    </time>
  );
}

const BADGE_TONES = {
  red: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30",
};

export function StatusBadge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: string }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        BADGE_TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
