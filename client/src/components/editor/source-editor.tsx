// The source editor (CodeMirror 6) for Markdown and plain text, on Home and in the explorer: it
// edits the characters themselves, so the stored text is byte for byte what was typed or pasted
// (line endings, trailing spaces, list markers, tables, HTML, front matter). Markdown gets syntax
// highlighting and a toolbar whose actions insert Markdown source. Loaded lazily, with its Markdown
// language, only by screens that edit text: the paste page never downloads it.
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { highlightSelectionMatches, search, searchKeymap } from "@codemirror/search";
import { EditorState, type Extension } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightSpecialChars,
  keymap,
  placeholder,
} from "@codemirror/view";
import type { TFunction } from "i18next";
import { type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { codeMirrorPhrases } from "../../lib/editor/codemirror-phrases";
import { lineSeparatorOf, withLineSeparator } from "../../lib/editor/line-breaks";
import { type MarkdownAction, markdownChange } from "../../lib/editor/markdown-commands";
import { cx, focusRing } from "../class-names";
import { codeTheme } from "./code-theme";
import type { EditorHandle } from "./editor-handle";
import { MARKDOWN_ACTION_ICONS } from "./markdown-icons";
import { markdownSupport } from "./markdown-language";

/** Typing is reported after this pause: turning a 10 MB document into a string on every key would lag. */
const REPORT_DELAY_MS = 200;

export type SourceEditorProps = {
  /** Read once, when the editor is created; later changes come from the editor itself. */
  initialValue: string;
  onChange: (text: string) => void;
  language: "markdown" | "text";
  label: string;
  placeholderText?: string;
  describedBy?: string;
  isInvalid?: boolean;
  id?: string;
  handleRef?: RefObject<EditorHandle | null>;
};

const TOOLBAR: MarkdownAction[][] = [
  ["heading", "bold", "italic", "strikethrough"],
  ["link", "code", "codeBlock", "quote"],
  ["bulletList", "orderedList", "taskList", "table", "divider"],
];

const layout = EditorView.theme({
  "&": { minHeight: "inherit", maxHeight: "inherit", fontSize: "0.875rem" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: "var(--font-mono)", lineHeight: "1.5rem", overflow: "auto", minHeight: "inherit" },
  ".cm-content": { padding: "1rem 0" },
  ".cm-line": { padding: "0 1rem" },
  ".cm-placeholder": { color: "var(--code-comment)" },
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
    highlightSelectionMatches(),
    search({ top: true }),
    keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
    EditorView.lineWrapping,
    layout,
    codeTheme,
    props.language === "markdown" ? markdownSupport() : [],
    props.placeholderText ? placeholder(props.placeholderText) : [],
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

  useEffect(() => {
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
    const view = new EditorView({ parent: host, state: stateFor(first.initialValue) });
    viewRef.current = view;
    if (first.handleRef) first.handleRef.current = { flush, focus: () => view.focus() };
    return () => {
      // Keystrokes of the last moments are not reported yet: report them before the editor goes.
      flush();
      if (first.handleRef?.current?.flush === flush) first.handleRef.current = null;
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
    if (!view) return;
    view.dispatch(
      view.state.update(markdownChange(view.state, action, { column: t("editor.actions.column") }), {
        scrollIntoView: true,
        userEvent: "input",
      }),
    );
    view.focus();
  };

  return (
    <div className="source-editor flex min-h-[inherit] flex-col" data-testid="source-editor">
      {props.language === "markdown" ? (
        <div
          role="toolbar"
          aria-label={t("editor.toolbar")}
          className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 px-2 py-1.5 dark:border-slate-800"
        >
          {TOOLBAR.map((group) => (
            <div key={group[0]} className="flex items-center">
              {group.map((action) => {
                const Icon = MARKDOWN_ACTION_ICONS[action];
                return (
                  <button
                    key={action}
                    type="button"
                    // Keeps the selection in the text while the button is pressed.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => run(action)}
                    title={t(`editor.actions.${action}`)}
                    aria-label={t(`editor.actions.${action}`)}
                    className={cx(
                      "inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
                      focusRing,
                    )}
                    data-testid={`markdown-action-${action}`}
                  >
                    <Icon className="size-4.5" />
                  </button>
                );
              })}
            </div>
          ))}
        </div>
      ) : null}
      <div ref={hostRef} className="flex min-h-[inherit] max-h-[inherit] flex-1 flex-col [&>.cm-editor]:flex-1" />
    </div>
  );
}
