// What Home shows in place of the source editor until the text is first used: a plain text area with
// the same label, description, toolbar and look. Focusing it (click, tap or Tab) loads the source
// editor (CodeMirror, about 115 KiB), which takes over with the text, the caret and whatever was
// pasted or chosen in the toolbar meanwhile: a visitor who only reads Home never downloads it
// (docs/decisions/0008-source-editor.md, "Loading").
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { EditorHandle, EditorStart, SourceFieldProps } from "./editor-handle";
import { MarkdownToolbar } from "./markdown-toolbar";

export type PlainEditorProps = SourceFieldProps & {
  value: string;
  /** Called on the first use: the screen loads the source editor. */
  onUse: () => void;
};

export function PlainEditor(props: PlainEditorProps) {
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const latest = useRef(props.value);
  latest.current = props.value;
  const pendingInput = useRef<EditorStart["input"]>(undefined);
  const [isWaiting, setWaiting] = useState(false);
  const { handleRef, startRef } = props;
  // A text area reads every line break as "\n": a text holding "\r" (CRLF or mixed endings, kept as
  // they are: lib/editor/line-breaks.ts) is shown here but edited only once the source editor runs.
  // So is anything after a paste or a toolbar action, which the source editor applies first.
  const isReadOnly = isWaiting || props.value.includes("\r");

  useEffect(() => {
    const handle: EditorHandle = { flush: () => latest.current, focus: () => areaRef.current?.focus() };
    handleRef.current = handle;
    return () => {
      if (handleRef.current === handle) handleRef.current = null;
    };
  }, [handleRef]);

  // Runs as the text area leaves the page, before the source editor is created.
  useLayoutEffect(() => {
    const area = areaRef.current;
    return () => {
      if (!area) return;
      startRef.current = {
        selection: { anchor: area.selectionStart, head: area.selectionEnd },
        isFocused: document.activeElement === area,
        input: pendingInput.current,
      };
    };
  }, [startRef]);

  const startWith = (input: EditorStart["input"]) => {
    pendingInput.current = input;
    setWaiting(true);
    props.onUse();
  };

  return (
    <div className="flex min-h-[inherit] flex-col" data-testid="plain-editor">
      {props.language === "markdown" ? (
        <MarkdownToolbar
          onAction={(action) => {
            areaRef.current?.focus();
            startWith({ action });
          }}
        />
      ) : null}
      <textarea
        ref={areaRef}
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onFocus={props.onUse}
        onPaste={(event) => {
          const text = event.clipboardData.getData("text/plain");
          if (!text) return;
          event.preventDefault();
          startWith({ paste: text });
        }}
        readOnly={isReadOnly}
        aria-label={props.label}
        aria-describedby={props.describedBy || undefined}
        aria-invalid={props.isInvalid || undefined}
        placeholder={props.placeholder}
        spellCheck={props.language === "markdown"}
        className="min-h-[inherit] w-full flex-1 resize-none bg-transparent px-4 py-4 font-mono text-sm leading-6 text-slate-800 outline-none placeholder:text-slate-500 dark:text-slate-200 dark:placeholder:text-slate-400"
      />
    </div>
  );
}
