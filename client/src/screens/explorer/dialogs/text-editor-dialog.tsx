// Editing a text file in place (at most 10 MB, Markdown detected by extension; docs/decisions/0008-source-editor.md) in the
// source editor of Home (components/editor/text-editor.tsx): the file keeps its exact bytes, Markdown
// files get a preview and an optional rich mode. Saved through fs.update, and only when something
// changed; past 10 MB the "content too large" message shows and saving waits.
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import { MAX_TEXT_BYTES } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { AppDialog } from "../../../components/dialogs/dialog";
import type { EditorHandle } from "../../../components/editor/editor-handle";
import { TextEditor } from "../../../components/editor/text-editor";
import { Spinner } from "../../../components/feedback/spinner";
import { toast } from "../../../components/feedback/toast-store";
import { FieldError, FormAlert } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { currentLanguage } from "../../../i18n";
import { explorerErrorMessage, fetchText } from "../../../lib/explorer/fs-transfer";
import { previewKindOf } from "../../../lib/shares/file-kind";
import { useFsApi } from "../use-fs-api";

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
      name="explorer-text-editor"
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
  // The file as read, to tell whether anything changed, and the text as it is now.
  const [loaded, setLoaded] = useState<string | null>(null);
  const [content, setContent] = useState("");
  const [loadError, setLoadError] = useState<string | null>(null);
  const isMarkdown = previewKindOf(entry.mimetype, entry.name) === "markdown";
  const handle = useRef<EditorHandle | null>(null);
  const errorId = useId();
  const errorMessage = useErrorMessage(explorerErrorMessage);

  const isTooLargeToOpen = entry.size > MAX_TEXT_BYTES;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per file
  useEffect(() => {
    if (isTooLargeToOpen) return;
    let cancelled = false;
    fetchText({ authType, headers: headers(), path: entry.path })
      .then((text) => {
        if (cancelled) return;
        setLoaded(text);
        setContent(text);
      })
      .catch((error: unknown) => !cancelled && setLoadError(errorMessage(error)));
    return () => {
      cancelled = true;
    };
  }, [entry.path]);

  if (isTooLargeToOpen) {
    return (
      <FormAlert title={t("explorer.editor.loadError")}>
        <span data-testid="editor-too-large">
          {t("errors.contentTooLarge")} ({formatBytes(entry.size, currentLanguage())} /{" "}
          {formatBytes(MAX_TEXT_BYTES, currentLanguage())})
        </span>
      </FormAlert>
    );
  }
  if (loadError) return <FormAlert title={t("explorer.editor.loadError")}>{loadError}</FormAlert>;
  if (loaded === null) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" />
      </div>
    );
  }
  const size = byteLength(content);
  const tooLarge = size > MAX_TEXT_BYTES;
  const save = () => {
    // Editors report typing after a short pause: read what they hold now.
    const latest = handle.current?.flush() ?? content;
    if (byteLength(latest) > MAX_TEXT_BYTES) return;
    // Nothing changed: nothing is written, so the file keeps its bytes and its modification time.
    if (latest === loaded) {
      toast.info(t("explorer.editor.unchanged", { name: entry.name }));
      onClose();
      return;
    }
    onBusy(true);
    update.mutate(
      { path: entry.path, content: latest },
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
        <FormAlert title={t("explorer.editor.saveError")}>{errorMessage(update.error)}</FormAlert>
      ) : null}
      <div
        className={cx(
          "overflow-hidden rounded-lg ring-1",
          tooLarge ? "ring-red-500 dark:ring-red-400" : "ring-slate-300 dark:ring-slate-700",
        )}
        data-testid="text-editor"
      >
        <TextEditor
          value={content}
          onChange={setContent}
          language={isMarkdown ? "markdown" : "text"}
          label={t("explorer.editor.label")}
          describedBy={tooLarge ? errorId : undefined}
          isInvalid={tooLarge}
          handleRef={handle}
          frameClassName="min-h-72 max-h-[60vh]"
        />
      </div>
      <p className="text-xs text-slate-600 tabular-nums dark:text-slate-300">
        {t("explorer.editor.size", {
          size: formatBytes(size, currentLanguage()),
          max: formatBytes(MAX_TEXT_BYTES, currentLanguage()),
        })}
      </p>
      {tooLarge ? <FieldError id={errorId}>{t("errors.contentTooLarge")}</FieldError> : null}
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
