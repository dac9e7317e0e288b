// Editing a file share: link suffix (checked as typed with the shared schema), remark, expiry (keep,
// or a new choice counted from now), max views, and the password (keep, set a new one, or remove).
// Only changed fields are sent; a taken suffix is reported at its field.
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import { SLUG_MAX_LENGTH } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import { useTranslation } from "react-i18next";
import { DialogForm, FormDialog } from "../../../components/dialogs/form-dialog";
import { versionKey } from "../../../components/dialogs/item-form-dialog";
import { FileTypeIcon } from "../../../components/file-icons";
import { TextField } from "../../../components/forms/form-controls";
import { VERBATIM_INPUT } from "../../../components/forms/use-field-form";
import { currentLanguage } from "../../../i18n";
import { appCodeOf } from "../../../lib/api/api-errors";
import { formatDateTime } from "../../../lib/format-date";
import {
  buildFileUpdate,
  type FileEditField,
  type FileUpdateRequest,
  fileEditStateFor,
  validateFileEdit,
} from "../../../lib/shares/forms/file-edit-form";
import { ShareEditFields, useShareEditForm } from "../shared/share-edit-fields";
import { type FileSummary, useFileApi } from "./file-api";

export type FileEditDialogProps = { file: FileSummary | null; open: boolean; onClose: () => void };

export function FileEditDialog({ file, open, onClose }: FileEditDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="file-edit"
      open={open}
      onClose={onClose}
      icon={PencilIcon}
      title={t("files.manage.edit.title")}
      description={file ? file.filename : undefined}
    >
      {file ? <EditForm key={versionKey(file)} file={file} /> : null}
    </FormDialog>
  );
}

// Every field the dialog sends has a place for the server's objection (a new one fails to typecheck).
const SERVER_FIELDS: Record<Exclude<keyof FileUpdateRequest, "id">, FileEditField> = {
  slug: "slug",
  remark: "remark",
  max_views: "maxViews",
  password: "newPassword",
  expires_in: "expiry",
};

function EditForm({ file }: { file: FileSummary }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { procedures, cache } = useFileApi();
  const form = useShareEditForm({
    kind: "files",
    initial: () => fileEditStateFor(file),
    validate: (state) => validateFileEdit(file, state),
    buildRequest: (state) => buildFileUpdate(file, state),
    update: procedures.update.useMutation(),
    invalidate: () => cache.invalidate(),
    serverFields: SERVER_FIELDS,
    fieldErrorsOf: (error) => (appCodeOf(error) === "CONFLICT" ? { slug: { key: "files.errors.slugTaken" } } : null),
  });

  return (
    <DialogForm
      form={form}
      onSubmit={form.submit}
      failedTitle={t("shareEdit.failed")}
      submitLabel={t("shareEdit.save")}
      testId="file-edit-form"
      submitTestId="save-file"
    >
      <div className="flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 dark:bg-slate-950/50 dark:ring-slate-800">
        <FileTypeIcon mimetype={file.mimetype} filename={file.filename} size="sm" />
        <p className="min-w-0 truncate text-sm text-slate-700 dark:text-slate-300">
          {formatBytes(file.size, language)} · {file.mimetype}
        </p>
      </div>

      <TextField
        label={t("files.manage.edit.slug")}
        {...form.text("slug")}
        {...VERBATIM_INPUT}
        hint={t("files.manage.edit.slugHint", { max: SLUG_MAX_LENGTH })}
        name="slug"
      />

      <ShareEditFields
        kind="files"
        form={form}
        hasPassword={file.has_password}
        keepLabel={t("files.manage.edit.expiryKeep")}
        currentExpiry={
          file.expires_at ? formatDateTime(file.expires_at, language) : t("files.options.expiryChoices.never")
        }
        maxViewsHint={t("files.manage.edit.maxViewsHint", { count: file.views })}
      />
    </DialogForm>
  );
}
