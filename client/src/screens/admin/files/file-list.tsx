// The file list of file management: a table from lg up, cards below (375 px phones). Both show the
// file with its type icon, link suffix and remark, size, views against the limit, protection, expiry
// (with the expired or used-up state) and upload time, with selection and row actions.

import { formatBytes } from "@shared/format-bytes";
import { useTranslation } from "react-i18next";
import { cx, fileNameText } from "../../../components/class-names";
import { FileTypeIcon } from "../../../components/file-icons";
import { currentLanguage } from "../../../i18n";
import { storageDisplayName } from "../../../lib/storage-name";
import { DateTime } from "../shared/list/resource-list";
import type { Selection } from "../shared/list/use-selection";
import {
  ShareExpiry,
  ShareRemark,
  ShareRowActions,
  type ShareRowHandlers,
  ShareViews,
  useShareCardFields,
} from "../shared/share-cells";
import { EncryptedShareNote, ShareList } from "../shared/share-list";
import type { FileSummary } from "./file-api";

export type FileListProps = ShareRowHandlers<FileSummary> & { files: readonly FileSummary[]; selection: Selection };

function FileName({ file }: { file: FileSummary }) {
  const { t } = useTranslation();
  const storageName = storageDisplayName(file.storage_config_name, t);
  return (
    <div className="flex min-w-0 items-start gap-3">
      <FileTypeIcon mimetype={file.mimetype} filename={file.filename} />
      <div className="min-w-0">
        {file.encrypted ? (
          // Its name and type are inside the ciphertext: the key is only in the share link.
          <EncryptedShareNote kind="files" className="font-semibold text-slate-900 dark:text-white" />
        ) : (
          <p className={cx(fileNameText, "text-sm font-semibold text-slate-900 dark:text-white")} title={file.filename}>
            {file.filename}
          </p>
        )}
        <p className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400" title={storageName}>
          <code className="font-mono text-slate-600 dark:text-slate-300">{file.slug}</code>
          <span aria-hidden="true"> · </span>
          {storageName}
        </p>
        <ShareRemark kind="files" remark={file.remark} className="mt-0.5 line-clamp-1 text-xs break-all" />
      </div>
    </div>
  );
}

export function FileList({ files, selection, ...handlers }: FileListProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const shareFields = useShareCardFields("files");
  const size = (file: FileSummary) => formatBytes(file.size, language);
  const actions = (file: FileSummary) => (
    <ShareRowActions kind="files" share={file} name={file.filename} preview={{ href: file.url }} handlers={handlers} />
  );
  const cell = "px-3 py-3.5 whitespace-nowrap text-slate-700 dark:text-slate-300";
  return (
    <ShareList
      kind="files"
      items={files}
      selection={selection}
      selectLabel={(file) => t("files.manage.table.select", { name: file.filename })}
      table={{
        selectCellClassName: "py-4",
        columns: [
          {
            key: "file",
            header: t("files.manage.table.file"),
            isRowHeader: true,
            cellClassName: "max-w-0 px-3 py-3 font-normal",
            render: (file) => <FileName file={file} />,
          },
          {
            key: "size",
            header: t("files.manage.table.size"),
            // Sizes and view counts are short: the width they leave is the file name's.
            headerClassName: "w-20",
            cellClassName: `${cell} tabular-nums`,
            render: size,
          },
          {
            key: "views",
            header: t("files.manage.table.views"),
            headerClassName: "w-20",
            cellClassName: cell,
            render: (file) => <ShareViews kind="files" share={file} />,
          },
          {
            key: "expires",
            header: t("files.manage.table.expires"),
            headerClassName: "w-32",
            cellClassName: cell,
            render: (file) => <ShareExpiry kind="files" share={file} />,
          },
          {
            key: "created",
            header: t("files.manage.table.created"),
            headerClassName: "w-32",
            cellClassName: cell,
            render: (file) => <DateTime date={file.created_at} />,
          },
        ],
        actions: {
          header: t("files.manage.table.actions"),
          // Five icon buttons: open, copy, edit, extend, delete.
          headerClassName: "w-46 py-3 pr-4 pl-3",
          cellClassName: "py-2.5 pr-3 pl-2",
          render: actions,
        },
      }}
      cards={{
        checkboxClassName: "mt-2.5",
        card: (file) => ({
          header: <FileName file={file} />,
          fieldsClassName: "mt-3 grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4",
          fields: [
            { label: t("files.manage.table.size"), value: size(file), className: "tabular-nums" },
            ...shareFields(file),
          ],
          footer: actions(file),
        }),
      }}
    />
  );
}
