// The writing area of the home page: Markdown or plain text in the source editor (with a preview and
// an optional rich mode, components/editor/text-editor.tsx), a file import,
// a clear button with undo, and a status line with words, characters, size and the draft state.

import { Radio, RadioGroup } from "@headlessui/react";
import Bars3BottomLeftIcon from "@heroicons/react/24/outline/Bars3BottomLeftIcon";
import DocumentArrowDownIcon from "@heroicons/react/24/outline/DocumentArrowDownIcon";
import HashtagIcon from "@heroicons/react/24/outline/HashtagIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import { MAX_TEXT_BYTES } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import { type ChangeEvent, type RefObject, useDeferredValue, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { cardSurface, cx, focusRing } from "../../components/class-names";
import type { EditorHandle } from "../../components/editor/editor-handle";
import { TextEditor } from "../../components/editor/text-editor";
import { toast } from "../../components/feedback/toast-store";
import { FieldError } from "../../components/forms/form-controls";
import { currentLanguage } from "../../i18n";
import type { EditorMode, PasteDraft } from "../../lib/pastes/editor/draft-store";
import { IMPORT_ACCEPT, readImportFile } from "../../lib/pastes/editor/file-import";
import { countCharacters, countWords, utf8Length } from "../../lib/pastes/editor/text-stats";
import type { DraftStatus } from "./use-paste-draft";

/** Sizes above this are shown next to the limit, so a long text's owner sees it coming. */
const SHOW_SIZE_FROM_BYTES = 64 * 1024;

export type PasteEditorPanelProps = {
  draft: PasteDraft;
  onDraftChange: (change: Partial<PasteDraft>) => void;
  /** Changes when the content is replaced from outside (import, clear, undo): the editor reloads. */
  revision: number;
  onReplaceContent: (content: string, mode?: EditorMode) => void;
  draftStatus: DraftStatus;
  error: string | null;
  editorId: string;
  /** Set while the Markdown editor runs, so the page can read its latest text. */
  editorHandle: RefObject<EditorHandle | null>;
};

export function PasteEditorPanel({
  draft,
  onDraftChange,
  revision,
  onReplaceContent,
  draftStatus,
  error,
  editorId,
  editorHandle,
}: PasteEditorPanelProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = `${useId()}-editor-hint`;
  const errorId = `${editorId}-error`;
  const maxSize = formatBytes(MAX_TEXT_BYTES, currentLanguage());

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const result = await readImportFile(file);
    if (!result.ok) {
      const key = {
        tooLarge: "pastes.editor.importTooLarge",
        notText: "pastes.editor.importNotText",
        unreadable: "pastes.editor.importUnreadable",
      }[result.reason];
      toast.error(t(key, { name: result.name, max: maxSize }), { id: "paste-import" });
      return;
    }
    const previous = { content: editorHandle.current?.flush() ?? draft.content, mode: draft.mode };
    onReplaceContent(result.content, result.mode);
    toast.success(t("pastes.editor.imported", { name: result.name }), {
      id: "paste-import",
      actions: previous.content
        ? [{ label: t("pastes.editor.undoImport"), onClick: () => onReplaceContent(previous.content, previous.mode) }]
        : [],
    });
  };

  const clear = () => {
    const previous = editorHandle.current?.flush() ?? draft.content;
    onReplaceContent("");
    toast.info(t("pastes.editor.cleared"), {
      id: "paste-clear",
      actions: [{ label: t("pastes.editor.undoClear"), onClick: () => onReplaceContent(previous) }],
    });
  };

  const isMarkdown = draft.mode === "markdown";
  return (
    <section aria-label={t("pastes.editor.label")} className={cx("flex min-w-0 flex-col", cardSurface)}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2.5 sm:px-4 dark:border-slate-800">
        <ModeSwitch
          mode={draft.mode}
          onChange={(mode) => {
            // Typing not reported yet goes with the text into the other mode.
            editorHandle.current?.flush();
            onDraftChange({ mode });
          }}
        />
        <div className="flex items-center gap-1">
          <input
            ref={fileInput}
            type="file"
            accept={IMPORT_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void importFile(event)}
            data-testid="paste-import-input"
          />
          <Button
            size="sm"
            variant="ghost"
            icon={DocumentArrowDownIcon}
            onClick={() => fileInput.current?.click()}
            title={t("pastes.editor.importHint", { max: maxSize })}
          >
            <span className="hidden sm:inline">{t("pastes.editor.import")}</span>
            <span className="sr-only sm:hidden">{t("pastes.editor.import")}</span>
          </Button>
          <Button size="sm" variant="ghost" icon={TrashIcon} onClick={clear} disabled={draft.content === ""}>
            <span className="hidden sm:inline">{t("pastes.editor.clear")}</span>
            <span className="sr-only sm:hidden">{t("pastes.editor.clear")}</span>
          </Button>
        </div>
      </div>

      <p id={hintId} className="sr-only">
        {t(isMarkdown ? "pastes.editor.modeHints.markdown" : "pastes.editor.modeHints.text")}
      </p>

      <div
        className={cx(
          "relative flex-1",
          "focus-within:outline-2 focus-within:-outline-offset-2 focus-within:outline-indigo-500/70 dark:focus-within:outline-indigo-400/70",
          error && "outline-2 -outline-offset-2 outline-red-500 dark:outline-red-400",
        )}
      >
        <TextEditor
          value={draft.content}
          onChange={(content) => onDraftChange({ content })}
          language={draft.mode}
          revision={revision}
          label={t("pastes.editor.label")}
          placeholder={t(isMarkdown ? "pastes.editor.placeholder" : "pastes.editor.plainPlaceholder")}
          describedBy={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
          isInvalid={Boolean(error)}
          id={editorId}
          handleRef={editorHandle}
          frameClassName="min-h-[22rem] max-h-[75vh] sm:min-h-[28rem] lg:min-h-[36rem]"
          isPlainUntilUsed
        />
      </div>

      {error ? (
        <div className="px-4 pb-1 sm:px-5">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      ) : null}
      <StatusLine content={draft.content} draftStatus={draftStatus} />
    </section>
  );
}

function ModeSwitch({ mode, onChange }: { mode: EditorMode; onChange: (mode: EditorMode) => void }) {
  const { t } = useTranslation();
  const options: { value: EditorMode; icon: typeof HashtagIcon }[] = [
    { value: "markdown", icon: HashtagIcon },
    { value: "text", icon: Bars3BottomLeftIcon },
  ];
  return (
    <RadioGroup
      value={mode}
      onChange={onChange}
      aria-label={t("pastes.editor.modesLabel")}
      className="inline-flex rounded-lg bg-slate-100 p-0.5 dark:bg-slate-800"
    >
      {options.map(({ value, icon: Icon }) => (
        <Radio
          key={value}
          value={value}
          className={cx(
            "flex cursor-pointer items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 data-checked:bg-white data-checked:text-indigo-700 data-checked:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-checked:bg-slate-900 dark:data-checked:text-indigo-300",
            focusRing,
          )}
        >
          <Icon className="size-4.5 shrink-0" />
          {t(`pastes.editor.modes.${value}`)}
        </Radio>
      ))}
    </RadioGroup>
  );
}

function StatusLine({ content, draftStatus }: { content: string; draftStatus: DraftStatus }) {
  const { t } = useTranslation();
  const deferred = useDeferredValue(content);
  const language = currentLanguage();
  const bytes = utf8Length(deferred);
  const isOverLimit = bytes > MAX_TEXT_BYTES;
  const draftText =
    draftStatus === "restored"
      ? t("pastes.editor.draft.restored")
      : draftStatus === "saved"
        ? t("pastes.editor.draft.saved")
        : draftStatus === "tooLarge"
          ? t("pastes.editor.draft.tooLarge")
          : draftStatus === "unavailable"
            ? t("pastes.editor.draft.unavailable")
            : null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-200 px-4 py-2 text-xs text-slate-500 sm:px-5 dark:border-slate-800 dark:text-slate-400">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 tabular-nums" data-testid="editor-stats">
        <span>{t("pastes.editor.words", { count: countWords(deferred) })}</span>
        <span aria-hidden="true">·</span>
        <span>{t("pastes.editor.characters", { count: countCharacters(deferred) })}</span>
        {bytes >= SHOW_SIZE_FROM_BYTES ? (
          <>
            <span aria-hidden="true">·</span>
            <span className={isOverLimit ? "font-semibold text-red-600 dark:text-red-400" : undefined}>
              {t("pastes.editor.size", {
                size: formatBytes(bytes, language),
                max: formatBytes(MAX_TEXT_BYTES, language),
              })}
            </span>
          </>
        ) : null}
      </p>
      {draftText ? (
        <p
          className={cx(
            draftStatus === "tooLarge" || draftStatus === "unavailable" ? "text-amber-600 dark:text-amber-400" : null,
          )}
          data-testid="draft-status"
        >
          {draftText}
        </p>
      ) : null}
    </div>
  );
}
