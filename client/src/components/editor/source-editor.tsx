// The source editor (CodeMirror 6) for Markdown and plain text, on Home and in the explorer: it
// edits the characters themselves, so the stored text is byte for byte what was typed or pasted
// (line endings, trailing spaces, list markers, tables, HTML, front matter). Markdown gets syntax
// highlighting and a toolbar whose actions insert Markdown source. Loaded lazily, with its Markdown
// language, only by screens that edit text: the paste page never downloads it.
import {
  defaultKeymap,
  deleteCharBackward,
  deleteCharForward,
  history,
  historyKeymap,
  indentWithTab,
} from "@codemirror/commands";
import { indentOnInput } from "@codemirror/language";
import { highlightSelectionMatches, search, searchKeymap } from "@codemirror/search";
import { EditorState, type Extension, Transaction } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightSpecialChars,
  keymap,
  placeholder as placeholderExtension,
} from "@codemirror/view";
import type { TFunction } from "i18next";
import { useEffect, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { codeMirrorPhrases } from "../../lib/editor/codemirror-phrases";
import { lineSeparatorOf, withLineSeparator } from "../../lib/editor/line-breaks";
import { type MarkdownAction, markdownChange } from "../../lib/editor/markdown-commands";
import { codeTheme } from "./code-theme";
import type { EditorStart, QueuedInput, SourceFieldProps } from "./editor-handle";
import { markdownSupport } from "./markdown-language";
import { MarkdownToolbar } from "./markdown-toolbar";

/** Typing is reported after this pause: turning a 10 MB document into a string on every key would lag. */
const REPORT_DELAY_MS = 200;

export type SourceEditorProps = SourceFieldProps & {
  /** Read once, when the editor is created; later changes come from the editor itself. */
  initialValue: string;
};

const layout = EditorView.theme({
  "&": { minHeight: "inherit", maxHeight: "inherit", fontSize: "0.875rem" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: "var(--font-mono)", lineHeight: "1.5rem", overflow: "auto", minHeight: "inherit" },
  ".cm-content": { padding: "1rem 0" },
  ".cm-line": { padding: "0 1rem" },
  ".cm-placeholder": { color: "var(--syntax-comment)" },
});

/**
 * A carriage return kept inside a line (a text with mixed line endings, see line-breaks.ts) is part of
 * the text but nothing to look at: it renders as an empty mark instead of CodeMirror's red dot.
 */
const hiddenCarriageReturn = highlightSpecialChars({
  render: (code, description, shown) => {
    const mark = document.createElement("span");
    if (code === 13) return mark;
    // Any other invisible character shows as CodeMirror does by default, with its name for readers.
    mark.className = "cm-specialChar";
    mark.textContent = shown;
    if (description) {
      mark.title = description;
      mark.setAttribute("aria-label", description);
    }
    return mark;
  },
});

/**
 * A paste that replaces the whole text (into an empty editor, or over a full selection) brings its
 * own line breaks: a CRLF text pasted into an empty editor is then edited in CRLF, and Enter keeps it so.
 * The separator is fixed when a state is created, hence a new state for such a paste.
 */
function pasteAsNewText(onReplace: (text: string) => void): Extension {
  return EditorView.domEventHandlers({
    paste(event, view) {
      const text = event.clipboardData?.getData("text/plain");
      const { state } = view;
      const isWhole =
        state.selection.ranges.length === 1 &&
        state.selection.main.from === 0 &&
        state.selection.main.to === state.doc.length;
      if (!text || !isWhole || lineSeparatorOf(text) === state.lineBreak) return false;
      event.preventDefault();
      onReplace(text);
      return true;
    },
  });
}

function extensionsFor(
  props: SourceEditorProps,
  text: string,
  onDocChanged: () => void,
  onReplace: (text: string) => void,
  t: TFunction,
): Extension[] {
  const separator = lineSeparatorOf(text);
  return [
    pasteAsNewText(onReplace),
    codeMirrorPhrases(t),
    EditorState.lineSeparator.of(separator),
    EditorView.clipboardInputFilter.of((text) => withLineSeparator(text, separator)),
    history(),
    drawSelection(),
    hiddenCarriageReturn,
    highlightActiveLine(),
    // A code block's language re-indents a line as it is typed (`}` goes back to its block's level).
    indentOnInput(),
    highlightSelectionMatches(),
    search({ top: true }),
    keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
    EditorView.lineWrapping,
    layout,
    codeTheme,
    props.language === "markdown" ? markdownSupport() : [],
    props.placeholder ? placeholderExtension(props.placeholder) : [],
    EditorView.contentAttributes.of({
      "aria-label": props.label,
      "aria-multiline": "true",
      // Focusable anyway (contenteditable); said explicitly so checkers see that the scrolling frame
      // around it can be reached by keyboard.
      tabindex: "0",
      spellcheck: props.language === "markdown" ? "true" : "false",
      ...(props.id ? { id: props.id } : {}),
    }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onDocChanged();
    }),
  ];
}

/** Inserts a toolbar action's Markdown source at the selection. */
function runAction(view: EditorView, action: MarkdownAction, columnWord: string) {
  view.dispatch(
    view.state.update(markdownChange(view.state, action, { column: columnWord }), {
      scrollIntoView: true,
      userEvent: "input",
    }),
  );
  view.focus();
}

/** Delivered as the browser delivers a paste, so it takes the one path every paste takes. */
function paste(view: EditorView, text: string) {
  const data = new DataTransfer();
  data.setData("text/plain", text);
  view.contentDOM.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
}

function applyQueued(view: EditorView, input: QueuedInput, columnWord: string) {
  if ("action" in input) runAction(view, input.action, columnWord);
  else if ("paste" in input) paste(view, input.paste);
  else if ("delete" in input) (input.delete === "backward" ? deleteCharBackward : deleteCharForward)(view);
  else {
    const text = input.insert.replace(/\n/g, view.state.lineBreak);
    view.dispatch(view.state.replaceSelection(text), { scrollIntoView: true, userEvent: "input.type" });
  }
}

/** The text the editor starts from: the text area's first text when its edits lead to its last one. */
function startingText(start: EditorStart): string {
  if (!start.history) return start.text;
  let text = start.history.base;
  for (const edit of start.history.edits) text = text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
  return text === start.text ? start.history.base : start.text;
}

/**
 * Continues from the plain text area: its edits (as undo history, with their own times so that they
 * group as typing here would), its caret, its focus, then the inputs it queued, in order.
 */
function takeOver(view: EditorView, start: EditorStart, columnWord: string) {
  if (start.history && view.state.sliceDoc() === start.history.base) {
    for (const edit of start.history.edits) {
      view.dispatch({
        changes: { from: edit.from, to: edit.to, insert: edit.insert },
        annotations: [Transaction.userEvent.of(edit.userEvent), Transaction.time.of(edit.time)],
      });
    }
  }
  const within = (position: number) => Math.min(position, view.state.doc.length);
  view.dispatch({
    selection: { anchor: within(start.selection.anchor), head: within(start.selection.head) },
    scrollIntoView: true,
  });
  if (start.isFocused) view.focus();
  for (const input of start.queued) applyQueued(view, input, columnWord);
}

export default function SourceEditor(props: SourceEditorProps) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;
  // The first values only: the parent re-creates the editor (a new key) to load other content.
  const initial = useRef(props);
  // CodeMirror's own words, in the language of the moment the editor was made.
  const firstT = useRef(t);

  // A layout effect: on Home the text area leaves and the editor arrives in one synchronous step.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const first = initial.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isDirty = false;
    const flush = (): string => {
      clearTimeout(timer);
      // sliceDoc, not doc.toString(): only the former writes the document's own line separator.
      const text = view.state.sliceDoc();
      if (isDirty) {
        isDirty = false;
        onChangeRef.current(text);
      }
      return text;
    };
    const onDocChanged = () => {
      isDirty = true;
      clearTimeout(timer);
      timer = setTimeout(flush, REPORT_DELAY_MS);
    };
    const stateFor = (text: string): EditorState =>
      EditorState.create({ doc: text, extensions: extensionsFor(first, text, onDocChanged, replace, firstT.current) });
    function replace(text: string) {
      view.setState(stateFor(text));
      view.dispatch({ selection: { anchor: view.state.doc.length }, scrollIntoView: true });
      view.focus();
      onDocChanged();
    }
    const start = first.startRef.current;
    first.startRef.current = null;
    const view = new EditorView({ parent: host, state: stateFor(start ? startingText(start) : first.initialValue) });
    viewRef.current = view;
    first.handleRef.current = { flush, focus: () => view.focus() };
    if (start) takeOver(view, start, firstT.current("editor.actions.column"));
    return () => {
      // Keystrokes of the last moments are not reported yet: report them before the editor goes.
      flush();
      if (first.handleRef.current?.flush === flush) first.handleRef.current = null;
      viewRef.current = null;
      view.destroy();
    };
  }, []);

  // The description and the invalid state can change while the editor lives.
  useEffect(() => {
    const content = viewRef.current?.contentDOM;
    if (!content) return;
    if (props.describedBy) content.setAttribute("aria-describedby", props.describedBy);
    else content.removeAttribute("aria-describedby");
    if (props.isInvalid) content.setAttribute("aria-invalid", "true");
    else content.removeAttribute("aria-invalid");
  });

  const run = (action: MarkdownAction) => {
    const view = viewRef.current;
    if (view) runAction(view, action, t("editor.actions.column"));
  };

  return (
    <div className="source-editor flex min-h-[inherit] flex-col" data-testid="source-editor">
      {props.language === "markdown" ? <MarkdownToolbar onAction={run} /> : null}
      <div ref={hostRef} className="flex min-h-[inherit] max-h-[inherit] flex-1 flex-col [&>.cm-editor]:flex-1" />
    </div>
  );
}
