// Editing a text file in place (SPEC.md §5: at most 10 MB, Markdown detected by extension): Markdown
// files open in the Milkdown editor of the home page (loaded lazily; their source stays one switch
// away), other text files in a plain text area. Saved through fs.update; past 10 MB the "content too
// large" message shows and saving waits.
import { MAX_TEXT_BYTES } from "@shared/constants";
import type { FsEntry } from "@shared/schemas/fs";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { cx } from "../../components/class-names";
import { AppDialog } from "../../components/dialog";
import { FieldError, FormAlert, inputClasses } from "../../components/form-controls";
import { PencilIcon } from "../../components/icons";
import { LazyBoundary } from "../../components/lazy-boundary";
import { Spinner } from "../../components/spinner";
import { toast } from "../../components/toast-store";
import { currentLanguage } from "../../i18n";
import { explorerErrorMessage, fetchText } from "../../lib/explorer/fs-transfer";
import { previewKindOf } from "../../lib/files/file-kind";
import { formatBytes } from "../../lib/format-bytes";
import type { EditorHandle } from "../home/milkdown-editor";
import { useFsApi } from "./use-fs-api";

const MilkdownEditor = lazy(() => import("../home/milkdown-editor"));

type EditMode = "rich" | "source";

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
  const isMarkdown = previewKindOf(entry.mimetype, entry.name) === "markdown";
  const [mode, setMode] = useState<EditMode>(isMarkdown ? "rich" : "source");
  const [revision, setRevision] = useState(0);
  const handle = useRef<EditorHandle | null>(null);
  const areaId = useId();
  const messages = { network: t("common.networkError"), fallback: t("common.unknownError") };

  const isTooLargeToOpen = entry.size > MAX_TEXT_BYTES;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per file
  useEffect(() => {
    if (isTooLargeToOpen) return;
    let cancelled = false;
    fetchText({ authType, headers: headers(), path: entry.path })
      .then((text) => !cancelled && setContent(text))
      .catch((error: unknown) => !cancelled && setLoadError(explorerErrorMessage(error, messages)));
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
    // Milkdown reports changes after a short pause: read what it holds now.
    const latest = mode === "rich" ? (handle.current?.flush() ?? content) : content;
    if (byteLength(latest) > MAX_TEXT_BYTES) return;
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
  const switchMode = (next: EditMode) => {
    if (next === mode) return;
    if (mode === "rich") setContent(handle.current?.flush() ?? content);
    setRevision((value) => value + 1);
    setMode(next);
  };
  return (
    <div className="flex flex-col gap-3">
      {update.isError ? (
        <FormAlert title={t("explorer.editor.saveError")}>{explorerErrorMessage(update.error, messages)}</FormAlert>
      ) : null}
      {isMarkdown ? (
        <fieldset className="flex self-start rounded-lg ring-1 ring-slate-200 dark:ring-slate-700">
          <legend className="sr-only">{t("explorer.editor.modeLabel")}</legend>
          {(["rich", "source"] as const).map((option) => (
            <button
              key={option}
              type="button"
              onClick={() => switchMode(option)}
              aria-pressed={mode === option}
              className={cx(
                "px-2.5 py-1.5 text-xs font-medium first:rounded-l-lg last:rounded-r-lg",
                mode === option
                  ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900"
                  : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
              )}
              data-testid={`editor-mode-${option}`}
            >
              {t(`explorer.editor.modes.${option}`)}
            </button>
          ))}
        </fieldset>
      ) : null}
      <label htmlFor={areaId} className="sr-only">
        {t("explorer.editor.label")}
      </label>
      {isMarkdown && mode === "rich" ? (
        <div
          className={cx(
            "max-h-[60vh] min-h-72 overflow-y-auto rounded-lg ring-1",
            tooLarge ? "ring-red-500 dark:ring-red-400" : "ring-slate-300 dark:ring-slate-700",
          )}
        >
          <LazyBoundary
            key={`markdown-${revision}`}
            fallback={() => (
              <div className="p-4">
                <FormAlert title={t("explorer.editor.richFailed")}>
                  <Button size="sm" onClick={() => switchMode("source")}>
                    {t("explorer.editor.modes.source")}
                  </Button>
                </FormAlert>
              </div>
            )}
          >
            <Suspense
              fallback={
                <div className="flex justify-center py-10">
                  <Spinner className="size-6" />
                </div>
              }
            >
              <MilkdownEditor
                key={revision}
                initialValue={content}
                onChange={setContent}
                label={t("explorer.editor.label")}
                isInvalid={tooLarge}
                handleRef={handle}
              />
            </Suspense>
          </LazyBoundary>
        </div>
      ) : (
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
      )}
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
