// What Home shows in place of the source editor until the text is first used: a plain text area with
// the same label, description, toolbar and look. Its first use (focus, click, key, paste) downloads the
// source editor (CodeMirror, about 115 KiB), and the text area keeps working meanwhile; once the code is
// here, the source editor takes over in one synchronous step, after any IME composition ends, with the
// text, the caret, the focus, the text area's edits as undo history and the inputs the text area could
// not apply itself: a visitor who only reads Home never downloads it, and a fast typist loses nothing
// (docs/decisions/0008-source-editor.md, "Loading").
import { useEffect, useLayoutEffect, useRef } from "react";
import { lineSeparatorOf, withLineSeparator } from "../../lib/editor/line-breaks";
import type { EditorHandle, EditorStart, QueuedInput, SourceFieldProps, TextEdit } from "./editor-handle";
import { loadSourceEditor } from "./load-source-editor";
import { MarkdownToolbar } from "./markdown-toolbar";

export type PlainEditorProps = SourceFieldProps & {
  value: string;
  /** Called once the source editor's code is here and nothing is being composed: take over now. */
  onReady: () => void;
};

/** Past this many edits the text area's history is not replayed (the editor starts from the text). */
const MAX_REPLAYED_EDITS = 5000;

/** The one change from `before` to `after`, given where the caret ends (typing ends at the caret). */
export function changeBetween(before: string, after: string, caret: number): Omit<TextEdit, "time" | "userEvent"> {
  const shortest = Math.min(before.length, after.length);
  // Text after the caret is untouched: the common end may not reach before it.
  const endLimit = Math.min(shortest, after.length - caret);
  let end = 0;
  while (end < endLimit && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  let start = 0;
  while (start < shortest - end && before[start] === after[start]) start++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}

/** CodeMirror's name for a kind of browser input, so that its history groups the edits the same way. */
function userEventOf(inputType: string | undefined): string {
  if (inputType?.startsWith("delete")) return inputType.includes("Forward") ? "delete.forward" : "delete.backward";
  if (inputType === "insertFromPaste") return "input.paste";
  if (inputType === "insertFromDrop") return "input.drop";
  if (inputType?.includes("Composition")) return "input.type.compose";
  return "input.type";
}

/**
 * Where a position of the text area (which shows every line break as one "\n") falls in the text,
 * which may hold "\r\n" or "\r".
 */
export function textPosition(text: string, areaPosition: number): number {
  let position = 0;
  for (let seen = 0; seen < areaPosition && position < text.length; seen++) {
    position += text.startsWith("\r\n", position) ? 2 : 1;
  }
  return position;
}

/**
 * The text once the queued inputs are applied, as the source editor will apply them (a whole-text
 * paste brings its own line breaks, others take the text's): what "create" sends if pressed before
 * the editor runs. Null when an input needs the editor itself (a toolbar action).
 */
export function withQueued(
  text: string,
  selection: { from: number; to: number },
  queued: QueuedInput[],
): string | null {
  let result = text;
  let separator = lineSeparatorOf(text);
  let { from, to } = selection;
  const put = (insert: string, start: number, end: number) => {
    result = result.slice(0, start) + insert + result.slice(end);
    from = to = start + insert.length;
  };
  for (const input of queued) {
    if ("action" in input) return null;
    if ("paste" in input) {
      if (from === 0 && to === result.length && lineSeparatorOf(input.paste) !== separator) {
        result = input.paste;
        separator = lineSeparatorOf(result);
        from = to = result.length;
      } else put(withLineSeparator(input.paste, separator), from, to);
    } else if ("insert" in input) put(input.insert.replace(/\n/g, separator), from, to);
    else if (from !== to) put("", from, to);
    else if (input.delete === "backward" && from > 0) {
      const pair = result.slice(from - 2, from);
      put("", from - (pair === "\r\n" || /[\uDC00-\uDFFF]$/.test(pair) ? 2 : 1), from);
    } else if (input.delete === "forward" && from < result.length) {
      const pair = result.slice(from, from + 2);
      put("", from, from + (pair === "\r\n" || /^[\uD800-\uDBFF]/.test(pair) ? 2 : 1));
    }
  }
  return result;
}

export function PlainEditor(props: PlainEditorProps) {
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const latest = useRef(props);
  latest.current = props;
  // What the text area holds as the screen knows it, and the edits since the first one.
  const known = useRef(props.value);
  const history = useRef<EditorStart["history"]>(null);
  if (props.value !== known.current) {
    // Replaced from outside (not by typing here): the history no longer leads to it.
    known.current = props.value;
    history.current = null;
  }
  const queued = useRef<QueuedInput[]>([]);
  const isComposing = useRef(false);
  const isRequested = useRef(false);
  const isReady = useRef(false);
  const isMounted = useRef(true);
  const { handleRef, startRef } = props;

  // A text area reads every line break as "\n": a text holding "\r" (CRLF or mixed endings, kept as
  // they are: lib/editor/line-breaks.ts) is only shown here, and so is anything after a queued input.
  // Such input is queued for the source editor instead of being applied here.
  const mustQueue = () => queued.current.length > 0 || latest.current.value.includes("\r");

  useEffect(() => {
    isMounted.current = true;
    // "Create" pressed before the editor runs sends the text with what is queued for the editor.
    const flush = () => {
      const area = areaRef.current;
      const text = latest.current.value;
      if (!area || queued.current.length === 0) return text;
      const selection = { from: textPosition(text, area.selectionStart), to: textPosition(text, area.selectionEnd) };
      return withQueued(text, selection, queued.current) ?? text;
    };
    const handle: EditorHandle = { flush, focus: () => areaRef.current?.focus() };
    handleRef.current = handle;
    return () => {
      isMounted.current = false;
      if (handleRef.current === handle) handleRef.current = null;
    };
  }, [handleRef]);

  // Runs as the text area leaves the page, in the same commit that creates the source editor.
  useLayoutEffect(() => {
    const area = areaRef.current;
    return () => {
      if (!area) return;
      const isBackward = area.selectionDirection === "backward";
      const text = known.current;
      const start = textPosition(text, area.selectionStart);
      const end = textPosition(text, area.selectionEnd);
      startRef.current = {
        text,
        history: history.current,
        selection: { anchor: isBackward ? end : start, head: isBackward ? start : end },
        isFocused: document.activeElement === area,
        queued: queued.current,
      };
    };
  }, [startRef]);

  const takeOverWhenFree = () => {
    // A composition in progress belongs to the text area: the hand-over waits for its end.
    if (!isReady.current || isComposing.current || !isMounted.current) return;
    latest.current.onReady();
  };

  const requestEditor = () => {
    if (isRequested.current) return;
    isRequested.current = true;
    loadSourceEditor().then(
      () => {
        isReady.current = true;
        // A task of its own: never between a key's events, which the text area still receives.
        setTimeout(takeOverWhenFree, 0);
      },
      () => {
        // The text area keeps working; the next use tries again.
        isRequested.current = false;
      },
    );
  };

  /** Keeps an edit made in the text area (for the editor's undo history) and reports the new text. */
  const record = (after: string, caret: number, userEvent: string) => {
    const before = known.current;
    const edit: TextEdit = { ...changeBetween(before, after, caret), time: Date.now(), userEvent };
    history.current ??= { base: before, edits: [] };
    history.current.edits.push(edit);
    if (history.current.edits.length > MAX_REPLAYED_EDITS) history.current = null;
    known.current = after;
    latest.current.onChange(after);
  };

  const enqueue = (input: QueuedInput) => {
    queued.current.push(input);
    requestEditor();
  };

  // Typing after a queued input, or into a text holding "\r", is queued in order, not applied here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers read everything through refs
  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const onBeforeInput = (event: InputEvent) => {
      if (!mustQueue() || event.isComposing || event.inputType === "insertCompositionText") return;
      event.preventDefault();
      if (event.inputType === "insertText" && event.data) enqueue({ insert: event.data });
      else if (event.inputType === "insertLineBreak" || event.inputType === "insertParagraph")
        enqueue({ insert: "\n" });
      else if (event.inputType.startsWith("deleteContentBackward")) enqueue({ delete: "backward" });
      else if (event.inputType.startsWith("deleteContentForward")) enqueue({ delete: "forward" });
    };
    const onCompositionStart = () => {
      isComposing.current = true;
      requestEditor();
    };
    const onCompositionEnd = (event: CompositionEvent) => {
      isComposing.current = false;
      // A composition that could not be applied here is typed in the source editor.
      if (mustQueue() && event.data) enqueue({ insert: event.data });
      setTimeout(takeOverWhenFree, 0);
    };
    area.addEventListener("beforeinput", onBeforeInput);
    area.addEventListener("compositionstart", onCompositionStart);
    area.addEventListener("compositionend", onCompositionEnd);
    return () => {
      area.removeEventListener("beforeinput", onBeforeInput);
      area.removeEventListener("compositionstart", onCompositionStart);
      area.removeEventListener("compositionend", onCompositionEnd);
    };
  }, []);

  return (
    <div className="flex min-h-[inherit] flex-col" data-testid="plain-editor">
      {props.language === "markdown" ? (
        <MarkdownToolbar
          onAction={(action) => {
            areaRef.current?.focus();
            enqueue({ action });
          }}
        />
      ) : null}
      <textarea
        ref={areaRef}
        id={props.id}
        value={props.value}
        onChange={(event) => {
          // An input the text area could not help applying (a composition over queued input): the
          // screen's text stays, and React puts it back.
          if (mustQueue()) return;
          const native = event.nativeEvent as InputEvent;
          record(event.target.value, event.target.selectionEnd, userEventOf(native.inputType));
        }}
        onFocus={requestEditor}
        onPointerDown={requestEditor}
        onKeyDown={requestEditor}
        onPaste={(event) => {
          requestEditor();
          const text = event.clipboardData.getData("text/plain");
          if (!text) return;
          // Applied here by hand, not left to the browser, which would turn "\r" into "\n" (such a
          // paste waits for the source editor) and ignores a paste event it did not raise itself.
          event.preventDefault();
          if (text.includes("\r") || mustQueue()) {
            enqueue({ paste: text });
            return;
          }
          const area = event.currentTarget;
          area.setRangeText(text, area.selectionStart, area.selectionEnd, "end");
          record(area.value, area.selectionEnd, "input.paste");
        }}
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
