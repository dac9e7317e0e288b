// Confirmation before deleting one file share or the selection, with their stored objects: names
// each file with its size and says how much is freed.

import { formatBytes } from "@shared/format-bytes";
import { FileTypeIcon } from "../../../components/file-icons";
import { currentLanguage } from "../../../i18n";
import { type DeleteDialogProps, DeleteItemsDialog, useShareDeletion } from "../shared/delete-items-dialog";
import { type FileSummary, useFileApi } from "./file-api";

export function DeleteFilesDialog(props: DeleteDialogProps<FileSummary>) {
  const language = currentLanguage();
  const { procedures, cache } = useFileApi();
  const deletion = useShareDeletion(procedures, cache);
  const total = props.items.reduce((sum, file) => sum + file.size, 0);
  return (
    <DeleteItemsDialog
      name="file-delete"
      {...props}
      {...deletion}
      ns="files.manage"
      descriptionValues={{ size: formatBytes(total, language) }}
      confirmTestId="confirm-delete-files"
      renderItem={(file) => (
        <>
          <FileTypeIcon mimetype={file.mimetype} filename={file.filename} size="sm" />
          <span className="min-w-0 flex-1 truncate font-medium text-slate-800 dark:text-slate-100">
            {file.filename}
          </span>
          <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {formatBytes(file.size, language)}
          </span>
        </>
      )}
    />
  );
}
