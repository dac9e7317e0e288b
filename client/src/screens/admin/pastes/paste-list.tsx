// The paste list of text management: a table from lg up, cards below (375 px phones). Both show
// the link suffix and remark, a preview of the content, views against the limit, protection,
// expiry (with the expired or used-up state) and creation, with selection and row actions.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { CopyButton } from "../../../components/copy-button";
import { EyeIcon, LockIcon, PencilIcon, TrashIcon } from "../../../components/icons";
import { MarkdownIcon, TextIcon } from "../../../components/paste-icons";
import { currentLanguage } from "../../../i18n";
import { formatDate, formatDateTime } from "../../../lib/format-date";
import type { PasteSummary } from "./paste-api";

export type PasteListProps = {
  pastes: readonly PasteSummary[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onPreview: (paste: PasteSummary) => void;
  onEdit: (paste: PasteSummary) => void;
  onDelete: (paste: PasteSummary) => void;
};

const checkboxClass =
  "size-4.5 rounded border-slate-300 accent-indigo-600 dark:border-slate-600 dark:accent-indigo-400";

function DateTime({ date }: { date: Date }) {
  const language = currentLanguage();
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date, language)}>
      {formatDate(date, language)}
    </time>
  );
}

function isUsedUp(paste: PasteSummary): boolean {
  return paste.max_views > 0 && paste.views >= paste.max_views;
}

function Badge({ tone, children }: { tone: "red" | "amber" | "slate"; children: string }) {
  const tones = {
    red: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30",
    amber:
      "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30",
    slate: "bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-600/40",
  };
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

function Expiry({ paste }: { paste: PasteSummary }) {
  const { t } = useTranslation();
  if (paste.is_expired) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <Badge tone={isUsedUp(paste) ? "amber" : "red"}>
          {isUsedUp(paste) ? t("pastes.manage.table.used") : t("pastes.manage.table.expired")}
        </Badge>
        {paste.expires_at ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            <DateTime date={paste.expires_at} />
          </span>
        ) : null}
      </span>
    );
  }
  if (!paste.expires_at)
    return <span className="text-slate-500 dark:text-slate-400">{t("pastes.manage.table.never")}</span>;
  return <DateTime date={paste.expires_at} />;
}

function Views({ paste }: { paste: PasteSummary }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      {paste.max_views > 0
        ? t("pastes.manage.table.viewsOfMax", { views: paste.views, max: paste.max_views })
        : t("pastes.manage.table.unlimited", { views: paste.views })}
      {paste.has_password ? (
        <span title={t("pastes.manage.table.protected")} className="text-amber-600 dark:text-amber-400">
          <LockIcon className="size-4" />
          <span className="sr-only">{t("pastes.manage.table.protected")}</span>
        </span>
      ) : null}
    </span>
  );
}

function Preview({ paste, showCreated = false }: { paste: PasteSummary; showCreated?: boolean }) {
  const { t } = useTranslation();
  const FormatIcon = paste.format === "markdown" ? MarkdownIcon : TextIcon;
  return (
    <div className="min-w-0">
      <p className="line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300">{paste.preview}</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
        <FormatIcon className="size-3.5" />
        {t(`pastes.view.format.${paste.format}`)}
        <span aria-hidden="true">·</span>
        {t("pastes.manage.table.characters", { count: paste.content_length })}
        {showCreated ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              {t("pastes.manage.table.created")} <DateTime date={paste.created_at} />
            </span>
          </>
        ) : null}
      </p>
    </div>
  );
}

function Slug({ paste }: { paste: PasteSummary }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <p className="font-mono text-sm font-semibold break-all text-slate-900 dark:text-white">{paste.slug}</p>
      <p
        className={cx(
          "mt-0.5 text-xs break-words",
          paste.remark ? "text-slate-600 dark:text-slate-400" : "text-slate-400 italic dark:text-slate-500",
        )}
      >
        {paste.remark ?? t("pastes.manage.table.noRemark")}
      </p>
    </div>
  );
}

function RowActions({
  paste,
  onPreview,
  onEdit,
  onDelete,
}: { paste: PasteSummary } & Pick<PasteListProps, "onPreview" | "onEdit" | "onDelete">) {
  const { t } = useTranslation();
  const slug = paste.slug;
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Button
        size="sm"
        variant="ghost"
        icon={EyeIcon}
        onClick={() => onPreview(paste)}
        aria-label={t("pastes.manage.actions.previewOf", { slug })}
        title={t("pastes.manage.actions.preview")}
      >
        <span className="sr-only">{t("pastes.manage.actions.preview")}</span>
      </Button>
      <CopyButton
        text={paste.url}
        label={t("pastes.manage.actions.copyLinkOf", { slug })}
        copiedMessage={t("pastes.result.copied")}
        failedMessage={t("pastes.result.copyFailed")}
        variant="ghost"
        size="sm"
        isIconOnly
      />
      <Button
        size="sm"
        variant="ghost"
        icon={PencilIcon}
        onClick={() => onEdit(paste)}
        aria-label={t("pastes.manage.actions.editOf", { slug })}
        title={t("pastes.manage.actions.edit")}
      >
        <span className="sr-only">{t("pastes.manage.actions.edit")}</span>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon={TrashIcon}
        onClick={() => onDelete(paste)}
        aria-label={t("pastes.manage.actions.deleteOf", { slug })}
        title={t("pastes.manage.actions.delete")}
        className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-500/10 dark:hover:text-red-300"
      >
        <span className="sr-only">{t("pastes.manage.actions.delete")}</span>
      </Button>
    </div>
  );
}

function SelectAll({ pastes, selected, onToggleAll }: Pick<PasteListProps, "pastes" | "selected" | "onToggleAll">) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const count = pastes.filter((paste) => selected.has(paste.id)).length;
  const isAll = pastes.length > 0 && count === pastes.length;
  const isSome = count > 0 && !isAll;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = isSome;
  }, [isSome]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={isAll}
      onChange={onToggleAll}
      aria-label={t("pastes.manage.table.selectAll")}
      className={checkboxClass}
    />
  );
}

export function PasteTable(props: PasteListProps) {
  const { t } = useTranslation();
  const { pastes, selected, onToggle } = props;
  const th =
    "px-3 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase dark:text-slate-400";
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 lg:block dark:bg-slate-900 dark:ring-slate-800">
      <table
        className="min-w-full table-fixed divide-y divide-slate-200 text-sm dark:divide-slate-800"
        data-testid="paste-table"
      >
        <caption className="sr-only">{t("pastes.manage.table.label")}</caption>
        <thead className="bg-slate-50 dark:bg-slate-950/40">
          <tr>
            <th scope="col" className="w-10 py-3 pr-1 pl-4">
              <SelectAll pastes={pastes} selected={selected} onToggleAll={props.onToggleAll} />
            </th>
            <th scope="col" className={cx(th, "w-40")}>
              {t("pastes.manage.table.slug")}
            </th>
            <th scope="col" className={th}>
              {t("pastes.manage.table.content")}
            </th>
            <th scope="col" className={cx(th, "w-20")}>
              {t("pastes.manage.table.views")}
            </th>
            <th scope="col" className={cx(th, "w-32")}>
              {t("pastes.manage.table.expires")}
            </th>
            <th scope="col" className="w-40 py-3 pr-4 pl-3">
              <span className="sr-only">{t("pastes.manage.table.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800/70">
          {pastes.map((paste) => {
            const isSelected = selected.has(paste.id);
            return (
              <tr
                key={paste.id}
                data-testid={`paste-row-${paste.slug}`}
                className={cx(
                  "align-top transition-colors",
                  isSelected ? "bg-indigo-50/60 dark:bg-indigo-500/10" : "hover:bg-slate-50 dark:hover:bg-slate-800/40",
                  paste.is_expired && "opacity-70",
                )}
              >
                <td className="py-3.5 pr-1 pl-4">
                  <input
                    type="checkbox"
                    checked={isSelected}
                    onChange={() => onToggle(paste.id)}
                    aria-label={t("pastes.manage.table.select", { slug: paste.slug })}
                    className={checkboxClass}
                  />
                </td>
                <th scope="row" className="px-3 py-3 text-left font-normal">
                  <Slug paste={paste} />
                </th>
                <td className="px-3 py-3">
                  <Preview paste={paste} showCreated />
                </td>
                <td className="px-3 py-3.5 whitespace-nowrap text-slate-700 dark:text-slate-300">
                  <Views paste={paste} />
                </td>
                <td className="px-3 py-3.5 text-slate-700 dark:text-slate-300">
                  <Expiry paste={paste} />
                </td>
                <td className="py-2.5 pr-3 pl-2">
                  <RowActions
                    paste={paste}
                    onPreview={props.onPreview}
                    onEdit={props.onEdit}
                    onDelete={props.onDelete}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function PasteCards(props: PasteListProps) {
  const { t } = useTranslation();
  const { pastes, selected, onToggle } = props;
  return (
    <div className="lg:hidden">
      <div className="mb-2 flex items-center gap-3 px-1">
        <SelectAll pastes={pastes} selected={selected} onToggleAll={props.onToggleAll} />
        <span className="text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
          {t("pastes.manage.table.selectAll")}
        </span>
      </div>
      <ul className="flex flex-col gap-3" aria-label={t("pastes.manage.table.label")} data-testid="paste-cards">
        {pastes.map((paste) => {
          const isSelected = selected.has(paste.id);
          return (
            <li
              key={paste.id}
              data-testid={`paste-card-${paste.slug}`}
              className={cx(
                "rounded-xl bg-white p-4 shadow-sm ring-1 dark:bg-slate-900",
                isSelected ? "ring-indigo-400 dark:ring-indigo-500/60" : "ring-slate-200 dark:ring-slate-800",
              )}
            >
              <div className="flex items-start gap-3">
                <input
                  type="checkbox"
                  checked={isSelected}
                  onChange={() => onToggle(paste.id)}
                  aria-label={t("pastes.manage.table.select", { slug: paste.slug })}
                  className={cx(checkboxClass, "mt-0.5")}
                />
                <div className="min-w-0 flex-1">
                  <Slug paste={paste} />
                </div>
              </div>
              <div className="mt-3">
                <Preview paste={paste} />
              </div>
              <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t("pastes.manage.table.views")}</dt>
                  <dd className="mt-0.5 text-sm text-slate-800 dark:text-slate-200">
                    <Views paste={paste} />
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t("pastes.manage.table.expires")}</dt>
                  <dd className="mt-0.5 text-sm text-slate-800 dark:text-slate-200">
                    <Expiry paste={paste} />
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t("pastes.manage.table.created")}</dt>
                  <dd className="mt-0.5 text-sm text-slate-800 dark:text-slate-200">
                    <DateTime date={paste.created_at} />
                  </dd>
                </div>
              </dl>
              <div className="mt-3 border-t border-slate-100 pt-2 dark:border-slate-800">
                <RowActions paste={paste} onPreview={props.onPreview} onEdit={props.onEdit} onDelete={props.onDelete} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
