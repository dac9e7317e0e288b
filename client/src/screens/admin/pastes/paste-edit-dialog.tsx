// Editing a paste in text management: content and format, remark, expiry (keep, or a new choice
// from now), max views, and the password (keep, set a new one, or remove). Only changed fields are
// sent; the link stays the same.
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../components/class-names";
import { DialogForm, FormDialog, useFormDialog } from "../../../components/dialogs/form-dialog";
import { versionKey } from "../../../components/dialogs/item-form-dialog";
import { RequestView } from "../../../components/feedback/request-status";
import { FieldError, inputClasses } from "../../../components/forms/form-controls";
import { currentLanguage } from "../../../i18n";
import { renderFieldMessage } from "../../../lib/form-messages";
import { formatDateTime } from "../../../lib/format-date";
import { buildUpdateRequest, type EditField, editStateFor, validateEdit } from "../../../lib/pastes/edit-form";
import { ShareEditFields, useShareEditForm } from "../shared/share-edit-fields";
import { type PasteDetail, type PasteSummary, usePasteApi } from "./paste-api";

export type PasteEditDialogProps = { paste: PasteSummary | null; open: boolean; onClose: () => void };

export function PasteEditDialog({ paste, open, onClose }: PasteEditDialogProps) {
  const { t } = useTranslation();
  const { procedures } = usePasteApi();
  // Always the latest content: another admin may have changed it since the list loaded.
  const detail = procedures.get.useQuery(
    { id: paste?.id ?? "" },
    { enabled: open && paste !== null, staleTime: 0, refetchOnMount: "always" },
  );

  return (
    <FormDialog
      name="paste-edit"
      open={open}
      onClose={onClose}
      icon={PencilIcon}
      title={t("pastes.manage.edit.title", { slug: paste?.slug ?? "" })}
      description={t("pastes.manage.edit.description")}
    >
      <RequestView
        request={detail}
        isRefreshing={detail.isFetching}
        loadingLabel={t("pastes.manage.edit.loading")}
        loadingClassName="py-6"
        failedTitle={t("pastes.manage.preview.failed")}
      >
        {(data) => <EditForm key={versionKey(data)} paste={data} />}
      </RequestView>
    </FormDialog>
  );
}

const SERVER_FIELDS: Record<string, EditField> = {
  content: "content",
  remark: "remark",
  max_views: "maxViews",
  password: "newPassword",
  expires_at: "expiry",
};

function EditForm({ paste }: { paste: PasteDetail }) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const { procedures, cache } = usePasteApi();
  const form = useShareEditForm({
    kind: "pastes",
    initial: () => editStateFor(paste),
    validate: validateEdit,
    buildRequest: (state) => buildUpdateRequest(paste, state),
    update: procedures.update.useMutation(),
    invalidate: () => cache.invalidate(),
    serverFields: SERVER_FIELDS,
  });
  const { state, change, errors } = form;
  const ids = useId();
  const language = currentLanguage();

  const contentId = `${ids}-content`;
  const contentError = renderFieldMessage(t, errors.content);
  const currentExpiry = paste.expires_at
    ? formatDateTime(paste.expires_at, language)
    : t("pastes.options.expiryChoices.never");

  return (
    <DialogForm
      form={form}
      onSubmit={form.submit}
      failedTitle={t("shareEdit.failed")}
      submitLabel={dialog.isSaving ? t("pastes.manage.edit.saving") : t("shareEdit.save")}
      testId="paste-edit-form"
    >
      {paste.encrypted ? (
        <p className="rounded-lg bg-slate-50 px-3.5 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200 dark:bg-slate-950/60 dark:text-slate-300 dark:ring-slate-800">
          {t("pastes.manage.preview.encrypted")}
        </p>
      ) : (
        <div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={contentId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t("pastes.manage.edit.content")}
            </label>
            <fieldset className="flex items-center gap-1 rounded-lg bg-slate-100 p-0.5 dark:bg-slate-800">
              <legend className="sr-only">{t("pastes.manage.edit.format")}</legend>
              {(["markdown", "text"] as const).map((format) => (
                <label
                  key={format}
                  className={cx(
                    "cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium has-focus-visible:outline-2 has-focus-visible:outline-indigo-500",
                    state.format === format
                      ? "bg-white text-indigo-700 shadow-sm dark:bg-slate-900 dark:text-indigo-300"
                      : "text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
                  )}
                >
                  <input
                    type="radio"
                    name="format"
                    value={format}
                    checked={state.format === format}
                    onChange={() => change({ format })}
                    className="sr-only"
                  />
                  {t(`pastes.view.format.${format}`)}
                </label>
              ))}
            </fieldset>
          </div>
          <textarea
            id={contentId}
            value={state.content}
            onChange={(event) => change({ content: event.target.value })}
            rows={10}
            spellCheck={false}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={contentError ? `${contentId}-error` : undefined}
            className={cx(inputClasses(Boolean(contentError)), "mt-1.5 resize-y font-mono text-sm leading-6")}
          />
          {contentError ? <FieldError id={`${contentId}-error`}>{contentError}</FieldError> : null}
        </div>
      )}

      <ShareEditFields
        kind="pastes"
        form={form}
        hasPassword={paste.has_password}
        keepLabel={t("pastes.options.expiryChoices.keep", { current: currentExpiry })}
        currentExpiry={currentExpiry}
        maxViewsHint={t("pastes.manage.edit.maxViewsHint", { views: paste.views })}
        canSetPassword={!paste.encrypted}
      />
    </DialogForm>
  );
}
