// The text editor of Home and the explorer. Markdown and plain text are edited as source (CodeMirror,
// source-editor.tsx), so what is stored is exactly what was typed or pasted. Markdown adds a
// Preview tab and an optional Rich tab (Milkdown) that says plainly what an edit there rewrites.
// Each part loads lazily when first shown; this shell is small enough for the screens that hold it.
// On Home the source editor itself waits for the text's first use, behind a plain text area.
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import InformationCircleIcon from "@heroicons/react/24/outline/InformationCircleIcon";
import { lazy, Suspense, useDeferredValue, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Button } from "../button";
import { cx, focusRing } from "../class-names";
import { LazyBoundary } from "../feedback/lazy-boundary";
import { Spinner } from "../feedback/spinner";
import type { EditorStart, SourceFieldProps } from "./editor-handle";
import { loadedSourceEditor, loadSourceEditor } from "./load-source-editor";
import { PlainEditor } from "./plain-editor";

const LazySourceEditor = lazy(loadSourceEditor);
const MilkdownEditor = lazy(() => import("../../screens/home/milkdown-editor"));
/** What an edit in the Rich tab rewrites, as the loaded editor tells (milkdown-editor.tsx). */
type EditScope = "block" | "document";
const MarkdownView = lazy(() => import("../markdown/markdown-view"));

export type EditorView = "source" | "preview" | "rich";
const VIEWS: EditorView[] = ["source", "preview", "rich"];

export type TextEditorProps = Omit<SourceFieldProps, "startRef"> & {
  /** The text as the screen holds it: the editors start from it, the preview shows it. */
  value: string;
  /** Changes when the text is replaced from outside (import, clear, undo): the editor reloads. */
  revision?: number;
  /** Height rules of the writing area (min-h/max-h classes); the editors fill and scroll inside it. */
  frameClassName: string;
  /**
   * A plain text area until the text is first used, then the source editor (plain-editor.tsx): for
   * Home, which every visitor opens. The explorer's dialog is opened to edit, so it starts with the editor.
   */
  isPlainUntilUsed?: boolean;
};

export function TextEditor(props: TextEditorProps) {
  const { value, revision, frameClassName, isPlainUntilUsed, ...fieldProps } = props;
  const { t } = useTranslation();
  const [view, setView] = useState<EditorView>("source");
  // Known once the rich editor has loaded the text; its note waits for it, so it never says what is not so.
  const [richScope, setRichScope] = useState<EditScope | null>(null);
  const shown: EditorView = props.language === "markdown" ? view : "source";
  const [isSourceUsed, setSourceUsed] = useState(!isPlainUntilUsed);
  const start = useRef<EditorStart | null>(null);
  const field: SourceFieldProps = { ...fieldProps, startRef: start };
  // The plain text area calls this once the source editor's code is here: rendered and committed in
  // this very task, so no key, paste or caret move can arrive between the two (plain-editor.tsx).
  const startSource = () => flushSync(() => setSourceUsed(true));
  const SourceEditor = loadedSourceEditor() ?? LazySourceEditor;

  const switchView = (next: EditorView) => {
    if (next === shown) return;
    // What the editor holds goes to the screen first, so the next view starts from it.
    props.handleRef.current?.flush();
    setRichScope(null);
    setView(next);
  };

  return (
    <div className="flex min-w-0 flex-col">
      {props.language === "markdown" ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-2 pt-1.5 dark:border-slate-800">
          <div role="tablist" aria-label={t("editor.viewsLabel")} className="flex">
            {VIEWS.map((option) => (
              <button
                key={option}
                type="button"
                role="tab"
                aria-selected={shown === option}
                onClick={() => switchView(option)}
                className={cx(
                  "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
                  shown === option
                    ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                    : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
                  focusRing,
                )}
                data-testid={`editor-view-${option}`}
              >
                {t(`editor.views.${option}`)}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {shown === "rich" && richScope ? (
        <p
          className="flex items-start gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
          data-testid="rich-note"
        >
          <InformationCircleIcon className="mt-px size-4 shrink-0" />
          {richScope === "block" ? t("editor.richNote") : t("editor.richNoteWhole")}
        </p>
      ) : null}
      <div className={cx("flex min-w-0 flex-col", frameClassName)}>
        <LazyBoundary
          key={`${shown}-${props.language}-${revision ?? 0}`}
          fallback={(retry) => <EditorLoadFailed onRetry={retry} />}
        >
          <Suspense fallback={<EditorLoading />}>
            {shown === "source" && !isSourceUsed ? (
              <PlainEditor {...field} value={value} onReady={startSource} />
            ) : shown === "source" ? (
              <SourceEditor {...field} initialValue={value} />
            ) : shown === "rich" ? (
              <div className="min-h-[inherit] overflow-y-auto">
                <MilkdownEditor
                  initialValue={value}
                  onChange={props.onChange}
                  label={props.label}
                  describedBy={props.describedBy}
                  isInvalid={props.isInvalid}
                  handleRef={props.handleRef}
                  onEditScope={setRichScope}
                />
              </div>
            ) : (
              <Preview markdown={value} />
            )}
          </Suspense>
        </LazyBoundary>
      </div>
    </div>
  );
}

function Preview({ markdown }: { markdown: string }) {
  const { t } = useTranslation();
  const deferred = useDeferredValue(markdown);
  if (deferred.trim() === "") {
    return <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-300">{t("editor.previewEmpty")}</p>;
  }
  return (
    <div className="min-h-[inherit] overflow-y-auto px-4 py-4 sm:px-5" data-testid="editor-preview">
      <MarkdownView markdown={deferred} />
    </div>
  );
}

function EditorLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex min-h-[inherit] flex-1 items-center justify-center gap-3 py-10 text-sm text-slate-600 dark:text-slate-300"
    >
      <Spinner className="size-5 text-indigo-500" />
      {t("editor.loading")}
    </div>
  );
}

function EditorLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex min-h-[inherit] flex-col items-center justify-center gap-4 px-6 py-8 text-center">
      <ExclamationTriangleIcon className="size-8 text-amber-500" />
      <p className="max-w-sm text-sm text-slate-600 dark:text-slate-300">{t("editor.loadFailed")}</p>
      <Button size="sm" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </div>
  );
}
