// Editing a text file in place (SPEC.md §5: at most 10 MB): the content in a plain text area, saved
// through fs.update. Markdown is edited as its source.
import { MAX_TEXT_BYTES } from "@shared/constants";
import type { FsEntry } from "@shared/schemas/fs";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { AppDialog } from "../../components/dialog";
import { FieldError, FormAlert, inputClasses } from "../../components/form-controls";
import { PencilIcon } from "../../components/icons";
import { Spinner } from "../../components/spinner";
import { toast } from "../../components/toast-store";
import { currentLanguage } from "../../i18n";
import { explorerErrorMessage, fetchText } from "../../lib/explorer/fs-transfer";
import { formatBytes } from "../../lib/format-bytes";
import { useFsApi } from "./use-fs-api";

export function TextEditorDialog({
  entry,
  onClose,
  onSaved,
}: {
  entry: FsEntry | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog
      open={entry !== null}
      onClose={onClose}
      isBusy={busy}
      dismissible={!busy}
      size="lg"
      icon={PencilIcon}
      title={t("explorer.editor.title", { name: entry?.name ?? "" })}
      description={entry?.path}
    >
      {entry ? <Editor key={entry.path} entry={entry} onClose={onClose} onSaved={onSaved} onBusy={setBusy} /> : null}
    </AppDialog>
  );
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

function Editor({
  entry,
  onClose,
  onSaved,
  onBusy,
}: {
  entry: FsEntry;
  onClose: () => void;
  onSaved: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const { api, authType, headers } = useFsApi();
  const update = api.update.useMutation();
  const [content, setContent] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const areaId = useId();
  const messages = { network: t("common.networkError"), fallback: t("common.unknownError") };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per file
  useEffect(() => {
    let cancelled = false;
    fetchText({ authType, headers: headers(), path: entry.path })
      .then((text) => !cancelled && setContent(text))
      .catch((error: unknown) => !cancelled && setLoadError(explorerErrorMessage(error, messages)));
    return () => {
      cancelled = true;
    };
  }, [entry.path]);

  if (loadError) return <FormAlert title={t("explorer.editor.loadError")}>{loadError}</FormAlert>;
  if (content === null) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" />
      </div>
    );
  }
  const size = byteLength(content);
  const tooLarge = size > MAX_TEXT_BYTES;
  const save = () => {
    if (tooLarge) return;
    onBusy(true);
    update.mutate(
      { path: entry.path, content },
      {
        onSuccess: () => {
          toast.success(t("explorer.editor.saved", { name: entry.name }));
          onSaved();
          onClose();
        },
        onSettled: () => onBusy(false),
      },
    );
  };
  return (
    <div className="flex flex-col gap-3">
      {update.isError ? (
        <FormAlert title={t("explorer.editor.saveError")}>{explorerErrorMessage(update.error, messages)}</FormAlert>
      ) : null}
      <label htmlFor={areaId} className="sr-only">
        {t("explorer.editor.label")}
      </label>
      <textarea
        id={areaId}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        spellCheck={false}
        rows={18}
        className={`${inputClasses(tooLarge)} font-mono text-[13px] leading-relaxed`}
        aria-invalid={tooLarge ? true : undefined}
        data-testid="text-editor"
      />
      <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
        {t("explorer.editor.size", {
          size: formatBytes(size, currentLanguage()),
          max: formatBytes(MAX_TEXT_BYTES, currentLanguage()),
        })}
      </p>
      {tooLarge ? <FieldError id={`${areaId}-error`}>{t("errors.contentTooLarge")}</FieldError> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button onClick={onClose} disabled={update.isPending}>
          {t("common.cancel")}
        </Button>
        <Button
          variant="primary"
          onClick={save}
          isLoading={update.isPending}
          disabled={tooLarge}
          data-testid="editor-save"
        >
          {t("explorer.editor.save")}
        </Button>
      </div>
    </div>
  );
}
