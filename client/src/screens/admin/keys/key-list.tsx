// The API key list: a table from xl up, cards below (down to 375 px phones). Both show the same facts:
// name, masked key, permissions, base path, expiry (with the expired state), last use and creation,
// with a checkbox per key and select-all.
import type { ApiKeyView } from "@shared/schemas/api-keys";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx, iconButton } from "../../../components/class-names";
import { PencilIcon } from "../../../components/icons";
import { PermissionBadges } from "../../../components/permission-badges";
import { currentLanguage } from "../../../i18n";
import { maskKey } from "../../../lib/api-key-form";
import { formatDate, formatDateTime, formatRelativeTime } from "../../../lib/format-date";

export type KeyListProps = {
  keys: readonly ApiKeyView[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onEdit: (key: ApiKeyView) => void;
  now: Date;
};

const checkboxClass =
  "size-4.5 rounded border-slate-300 accent-indigo-600 dark:border-slate-600 dark:accent-indigo-400";

function permissionsOf(key: ApiKeyView) {
  return { text: key.text_permission, file: key.file_permission, mount: key.mount_permission };
}

function MaskedKey({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
      {/* Screen readers hear "key starting with …" rather than a run of bullet characters. */}
      <code
        aria-hidden="true"
        className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-slate-700 dark:bg-slate-800 dark:text-slate-300"
      >
        {maskKey(apiKey.key_prefix)}
      </code>
      <span className="sr-only">{t("apiKeys.table.maskedKey", { prefix: apiKey.key_prefix })}</span>
      {apiKey.is_custom ? (
        <span className="text-xs text-slate-500 dark:text-slate-400">{t("apiKeys.table.custom")}</span>
      ) : null}
    </span>
  );
}

function DateTime({ date, relativeTo }: { date: Date; relativeTo?: Date }) {
  const language = currentLanguage();
  const full = formatDateTime(date, language);
  return (
    <time dateTime={date.toISOString()} title={full}>
      {relativeTo ? formatRelativeTime(date, relativeTo, language) : formatDate(date, language)}
    </time>
  );
}

function Expiry({ apiKey, now }: { apiKey: ApiKeyView; now: Date }) {
  const { t } = useTranslation();
  if (!apiKey.expires_at) return <span className="text-slate-500 dark:text-slate-400">{t("apiKeys.table.never")}</span>;
  const isExpired = apiKey.is_expired || apiKey.expires_at.getTime() <= now.getTime();
  if (isExpired) {
    return (
      <span className="inline-flex flex-col items-start gap-1">
        <span className="inline-flex items-center rounded-md bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-600/20 ring-inset dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30">
          {t("apiKeys.table.expired")}
        </span>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          <DateTime date={apiKey.expires_at} />
        </span>
      </span>
    );
  }
  return <DateTime date={apiKey.expires_at} />;
}

function LastUsed({ apiKey, now }: { apiKey: ApiKeyView; now: Date }) {
  const { t } = useTranslation();
  if (!apiKey.last_used)
    return <span className="text-slate-500 dark:text-slate-400">{t("apiKeys.table.neverUsed")}</span>;
  return <DateTime date={apiKey.last_used} relativeTo={now} />;
}

type SelectAllProps = Pick<KeyListProps, "keys" | "selected" | "onToggleAll"> & {
  /** Set when a visible <label> names the checkbox. */
  id?: string;
};

function SelectAll({ keys, selected, onToggleAll, id }: SelectAllProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const count = keys.filter((key) => selected.has(key.id)).length;
  const isAll = keys.length > 0 && count === keys.length;
  const isSome = count > 0 && !isAll;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = isSome;
  }, [isSome]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={isAll}
      id={id}
      onChange={onToggleAll}
      aria-label={id ? undefined : t("apiKeys.table.selectAll")}
      className={checkboxClass}
    />
  );
}

export function KeyTable({ keys, selected, onToggle, onToggleAll, onEdit, now }: KeyListProps) {
  const { t } = useTranslation();
  const th = "px-2 py-3 text-left text-xs font-semibold whitespace-nowrap text-slate-500 uppercase dark:text-slate-400";
  const td = "px-2 py-3.5";
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 xl:block dark:bg-slate-900 dark:ring-slate-800">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <caption className="sr-only">{t("apiKeys.table.label")}</caption>
        <thead className="bg-slate-50 dark:bg-slate-950/40">
          <tr>
            <th scope="col" className="w-10 py-3 pr-1 pl-3">
              <SelectAll keys={keys} selected={selected} onToggleAll={onToggleAll} />
            </th>
            <th scope="col" className={th}>
              {t("apiKeys.table.name")}
            </th>
            <th scope="col" className={th}>
              {t("apiKeys.table.key")}
            </th>
            <th scope="col" className={th}>
              {t("apiKeys.table.permissions")}
            </th>
            <th scope="col" className={th}>
              {t("apiKeys.table.basePath")}
            </th>
            <th scope="col" className={th}>
              {t("apiKeys.table.expires")}
            </th>
            <th scope="col" className={th}>
              {t("apiKeys.table.lastUsed")}
            </th>
            <th scope="col" className={th}>
              {t("apiKeys.table.created")}
            </th>
            <th scope="col" className="py-3 pr-2 pl-0">
              <span className="sr-only">{t("apiKeys.table.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800/70">
          {keys.map((key) => {
            const isSelected = selected.has(key.id);
            return (
              <tr
                key={key.id}
                className={cx(
                  "align-top transition-colors",
                  isSelected ? "bg-indigo-50/60 dark:bg-indigo-500/10" : "hover:bg-slate-50 dark:hover:bg-slate-800/40",
                )}
              >
                <td className="py-3.5 pr-1 pl-3 align-top">
                  <input
                    type="checkbox"
                    checked={isSelected}
                    onChange={() => onToggle(key.id)}
                    aria-label={t("apiKeys.table.select", { name: key.name })}
                    className={checkboxClass}
                  />
                </td>
                <th
                  scope="row"
                  className={cx(
                    td,
                    "min-w-28 max-w-52 text-left font-medium break-words text-slate-900 dark:text-white",
                  )}
                >
                  {key.name}
                </th>
                <td className={td}>
                  <MaskedKey apiKey={key} />
                </td>
                <td className={cx(td, "max-w-36")}>
                  <PermissionBadges permissions={permissionsOf(key)} mountReadOnly={key.mount_read_only} />
                </td>
                <td className={cx(td, "max-w-36 font-mono text-xs break-all text-slate-700 dark:text-slate-300")}>
                  {key.basic_path}
                </td>
                <td className={cx(td, "whitespace-nowrap text-slate-700 dark:text-slate-300")}>
                  <Expiry apiKey={key} now={now} />
                </td>
                <td className={cx(td, "whitespace-nowrap text-slate-700 dark:text-slate-300")}>
                  <LastUsed apiKey={key} now={now} />
                </td>
                <td className={cx(td, "whitespace-nowrap text-slate-700 dark:text-slate-300")}>
                  <DateTime date={key.created_at} />
                </td>
                <td className="py-2.5 pr-2 pl-0 text-right">
                  <button
                    type="button"
                    onClick={() => onEdit(key)}
                    aria-label={t("apiKeys.table.editKey", { name: key.name })}
                    title={t("apiKeys.table.edit")}
                    className={iconButton}
                  >
                    <PencilIcon className="size-4.5" />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function KeyCards({ keys, selected, onToggle, onToggleAll, onEdit, now }: KeyListProps) {
  const { t } = useTranslation();
  const selectAllId = useId();
  const dt = "text-xs text-slate-500 dark:text-slate-400";
  const dd = "mt-0.5 text-sm text-slate-800 dark:text-slate-200";
  return (
    <div className="xl:hidden">
      <div className="mb-3 flex items-center gap-2.5 px-1">
        <SelectAll id={selectAllId} keys={keys} selected={selected} onToggleAll={onToggleAll} />
        <label htmlFor={selectAllId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {t("apiKeys.table.selectAll")}
        </label>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2" aria-label={t("apiKeys.table.label")}>
        {keys.map((key) => {
          const isSelected = selected.has(key.id);
          return (
            <li
              key={key.id}
              className={cx(
                "rounded-xl bg-white p-4 shadow-sm ring-1 transition-colors dark:bg-slate-900",
                isSelected ? "ring-indigo-300 dark:ring-indigo-500/50" : "ring-slate-200 dark:ring-slate-800",
              )}
            >
              <div className="flex items-start gap-3">
                <input
                  type="checkbox"
                  checked={isSelected}
                  onChange={() => onToggle(key.id)}
                  aria-label={t("apiKeys.table.select", { name: key.name })}
                  className={cx(checkboxClass, "mt-0.5")}
                />
                <div className="min-w-0 flex-1">
                  <h3 className="text-base font-semibold break-words text-slate-900 dark:text-white">{key.name}</h3>
                  <div className="mt-1">
                    <MaskedKey apiKey={key} />
                  </div>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={PencilIcon}
                  onClick={() => onEdit(key)}
                  aria-label={t("apiKeys.table.editKey", { name: key.name })}
                  className="-mt-1 -mr-2"
                >
                  {t("apiKeys.table.edit")}
                </Button>
              </div>
              <PermissionBadges permissions={permissionsOf(key)} mountReadOnly={key.mount_read_only} className="mt-3" />
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2.5 border-t border-slate-100 pt-3 dark:border-slate-800">
                <div className="min-w-0">
                  <dt className={dt}>{t("apiKeys.table.basePath")}</dt>
                  <dd className={cx(dd, "font-mono text-xs break-all")}>{key.basic_path}</dd>
                </div>
                <div>
                  <dt className={dt}>{t("apiKeys.table.expires")}</dt>
                  <dd className={dd}>
                    <Expiry apiKey={key} now={now} />
                  </dd>
                </div>
                <div>
                  <dt className={dt}>{t("apiKeys.table.lastUsed")}</dt>
                  <dd className={dd}>
                    <LastUsed apiKey={key} now={now} />
                  </dd>
                </div>
                <div>
                  <dt className={dt}>{t("apiKeys.table.created")}</dt>
                  <dd className={dd}>
                    <DateTime date={key.created_at} />
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
