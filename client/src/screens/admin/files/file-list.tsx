// The file list of file management: a table from lg up, cards below (375 px phones). Both show the
// file with its type icon, link suffix and remark, size, views against the limit, protection, expiry
// (with the expired or used-up state) and upload time, with selection and row actions.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { CopyButton } from "../../../components/copy-button";
import { FileTypeIcon } from "../../../components/file-icons";
import { EyeIcon, LockIcon, PencilIcon, TrashIcon } from "../../../components/icons";
import { currentLanguage } from "../../../i18n";
import { formatBytes } from "../../../lib/format-bytes";
import { formatDate, formatDateTime } from "../../../lib/format-date";
import type { FileSummary } from "./file-api";

export type FileListProps = {
  files: readonly FileSummary[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onEdit: (file: FileSummary) => void;
  onDelete: (file: FileSummary) => void;
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

function isUsedUp(file: FileSummary): boolean {
  return file.max_views > 0 && file.views >= file.max_views;
}

function Badge({ tone, children }: { tone: "red" | "amber"; children: string }) {
  const tones = {
    red: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30",
    amber:
      "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30",
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

function Expiry({ file }: { file: FileSummary }) {
  const { t } = useTranslation();
  if (file.is_expired) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <Badge tone={isUsedUp(file) ? "amber" : "red"}>
          {isUsedUp(file) ? t("files.manage.table.used") : t("files.manage.table.expired")}
        </Badge>
        {file.expires_at ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            <DateTime date={file.expires_at} />
          </span>
        ) : null}
      </span>
    );
  }
  if (!file.expires_at)
    return <span className="text-slate-500 dark:text-slate-400">{t("files.manage.table.never")}</span>;
  return <DateTime date={file.expires_at} />;
}

function Views({ file }: { file: FileSummary }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      {file.max_views > 0
        ? t("files.manage.table.viewsOfMax", { views: file.views, max: file.max_views })
        : t("files.manage.table.unlimited", { views: file.views })}
      {file.has_password ? (
        <span title={t("files.manage.table.protected")} className="text-amber-600 dark:text-amber-400">
          <LockIcon className="size-4" />
          <span className="sr-only">{t("files.manage.table.protected")}</span>
        </span>
      ) : null}
    </span>
  );
}

function FileName({ file }: { file: FileSummary }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-start gap-3">
      <FileTypeIcon mimetype={file.mimetype} filename={file.filename} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-900 dark:text-white" title={file.filename}>
          {file.filename}
        </p>
        <p className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400" title={file.storage_config_name}>
          <code className="font-mono text-slate-600 dark:text-slate-300">{file.slug}</code>
          <span aria-hidden="true"> · </span>
          {file.storage_config_name}
        </p>
        <p
          className={cx(
            "mt-0.5 line-clamp-1 text-xs break-all",
            file.remark ? "text-slate-600 dark:text-slate-400" : "text-slate-400 italic dark:text-slate-500",
          )}
        >
          {file.remark ?? t("files.manage.table.noRemark")}
        </p>
      </div>
    </div>
  );
}

function RowActions({ file, onEdit, onDelete }: { file: FileSummary } & Pick<FileListProps, "onEdit" | "onDelete">) {
  const { t } = useTranslation();
  const name = file.filename;
  return (
    <div className="flex items-center justify-end gap-0.5">
      <a
        href={file.url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses("ghost", "sm")}
        aria-label={t("files.manage.actions.previewOf", { name })}
        title={t("files.manage.actions.preview")}
      >
        <EyeIcon className="size-4.5" />
      </a>
      <CopyButton
        text={file.url}
        label={t("files.manage.actions.copyLinkOf", { name })}
        copiedMessage={t("files.result.copied")}
        failedMessage={t("files.result.copyFailed")}
        variant="ghost"
        size="sm"
        isIconOnly
      />
      <Button
        size="sm"
        variant="ghost"
        icon={PencilIcon}
        onClick={() => onEdit(file)}
        aria-label={t("files.manage.actions.editOf", { name })}
        title={t("files.manage.actions.edit")}
      >
        <span className="sr-only">{t("files.manage.actions.edit")}</span>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon={TrashIcon}
        onClick={() => onDelete(file)}
        aria-label={t("files.manage.actions.deleteOf", { name })}
        title={t("files.manage.actions.delete")}
        className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-500/10 dark:hover:text-red-300"
      >
        <span className="sr-only">{t("files.manage.actions.delete")}</span>
      </Button>
    </div>
  );
}

function SelectAll({ files, selected, onToggleAll }: Pick<FileListProps, "files" | "selected" | "onToggleAll">) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const count = files.filter((file) => selected.has(file.id)).length;
  const isAll = files.length > 0 && count === files.length;
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
      aria-label={t("files.manage.table.selectAll")}
      className={checkboxClass}
    />
  );
}

export function FileTable(props: FileListProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { files, selected, onToggle } = props;
  const th =
    "px-3 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase dark:text-slate-400";
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 lg:block dark:bg-slate-900 dark:ring-slate-800">
      <table
        className="min-w-full table-fixed divide-y divide-slate-200 text-sm dark:divide-slate-800"
        data-testid="file-table"
      >
        <caption className="sr-only">{t("files.manage.table.label")}</caption>
        <thead className="bg-slate-50 dark:bg-slate-950/40">
          <tr>
            <th scope="col" className="w-10 py-3 pr-1 pl-4">
              <SelectAll files={files} selected={selected} onToggleAll={props.onToggleAll} />
            </th>
            <th scope="col" className={th}>
              {t("files.manage.table.file")}
            </th>
            <th scope="col" className={cx(th, "w-22")}>
              {t("files.manage.table.size")}
            </th>
            <th scope="col" className={cx(th, "w-22")}>
              {t("files.manage.table.views")}
            </th>
            <th scope="col" className={cx(th, "w-32")}>
              {t("files.manage.table.expires")}
            </th>
            <th scope="col" className={cx(th, "w-32")}>
              {t("files.manage.table.created")}
            </th>
            <th scope="col" className="w-38 py-3 pr-4 pl-3">
              <span className="sr-only">{t("files.manage.table.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800/70">
          {files.map((file) => {
            const isSelected = selected.has(file.id);
            return (
              <tr
                key={file.id}
                data-testid={`file-row-${file.slug}`}
                className={cx(
                  "align-top transition-colors",
                  isSelected ? "bg-indigo-50/60 dark:bg-indigo-500/10" : "hover:bg-slate-50 dark:hover:bg-slate-800/40",
                  file.is_expired && "opacity-70",
                )}
              >
                <td className="py-4 pr-1 pl-4">
                  <input
                    type="checkbox"
                    checked={isSelected}
                    onChange={() => onToggle(file.id)}
                    aria-label={t("files.manage.table.select", { name: file.filename })}
                    className={checkboxClass}
                  />
                </td>
                <th scope="row" className="max-w-0 px-3 py-3 text-left font-normal">
                  <FileName file={file} />
                </th>
                <td className="px-3 py-3.5 whitespace-nowrap text-slate-700 tabular-nums dark:text-slate-300">
                  {formatBytes(file.size, language)}
                </td>
                <td className="px-3 py-3.5 whitespace-nowrap text-slate-700 dark:text-slate-300">
                  <Views file={file} />
                </td>
                <td className="px-3 py-3.5 whitespace-nowrap text-slate-700 dark:text-slate-300">
                  <Expiry file={file} />
                </td>
                <td className="px-3 py-3.5 whitespace-nowrap text-slate-700 dark:text-slate-300">
                  <DateTime date={file.created_at} />
                </td>
                <td className="py-2.5 pr-3 pl-2">
                  <RowActions file={file} onEdit={props.onEdit} onDelete={props.onDelete} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function FileCards(props: FileListProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { files, selected, onToggle } = props;
  return (
    <div className="lg:hidden">
      <div className="mb-2 flex items-center gap-3 px-1">
        <SelectAll files={files} selected={selected} onToggleAll={props.onToggleAll} />
        <span className="text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
          {t("files.manage.table.selectAll")}
        </span>
      </div>
      <ul className="flex flex-col gap-3" aria-label={t("files.manage.table.label")} data-testid="file-cards">
        {files.map((file) => {
          const isSelected = selected.has(file.id);
          return (
            <li
              key={file.id}
              data-testid={`file-card-${file.slug}`}
              className={cx(
                "rounded-xl bg-white p-4 shadow-sm ring-1 dark:bg-slate-900",
                isSelected ? "ring-indigo-400 dark:ring-indigo-500/60" : "ring-slate-200 dark:ring-slate-800",
              )}
            >
              <div className="flex items-start gap-3">
                <input
                  type="checkbox"
                  checked={isSelected}
                  onChange={() => onToggle(file.id)}
                  aria-label={t("files.manage.table.select", { name: file.filename })}
                  className={cx(checkboxClass, "mt-2.5")}
                />
                <div className="min-w-0 flex-1">
                  <FileName file={file} />
                </div>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-xs sm:grid-cols-4">
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t("files.manage.table.size")}</dt>
                  <dd className="mt-0.5 text-sm text-slate-800 tabular-nums dark:text-slate-200">
                    {formatBytes(file.size, language)}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t("files.manage.table.views")}</dt>
                  <dd className="mt-0.5 text-sm text-slate-800 dark:text-slate-200">
                    <Views file={file} />
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t("files.manage.table.expires")}</dt>
                  <dd className="mt-0.5 text-sm text-slate-800 dark:text-slate-200">
                    <Expiry file={file} />
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t("files.manage.table.created")}</dt>
                  <dd className="mt-0.5 text-sm text-slate-800 dark:text-slate-200">
                    <DateTime date={file.created_at} />
                  </dd>
                </div>
              </dl>
              <div className="mt-3 border-t border-slate-100 pt-2 dark:border-slate-800">
                <RowActions file={file} onEdit={props.onEdit} onDelete={props.onDelete} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
