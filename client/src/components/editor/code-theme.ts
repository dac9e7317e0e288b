// The look of CodeMirror in the app: the source editor and the code blocks inside Milkdown, in CSS
// variables that code-colors.css and syntax-colors.css set for light and dark. One theme for both, so switching the app's
// theme recolours the text without rebuilding the editor (which would drop what was just typed).
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorView } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import "../markdown/syntax-colors.css";
import "./code-colors.css";

const editorLook = EditorView.theme({
  "&": { color: "var(--code-text)", backgroundColor: "transparent" },
  ".cm-content": { caretColor: "var(--code-caret)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--code-caret)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection": {
    backgroundColor: "var(--code-selection)",
  },
  ".cm-gutters": { backgroundColor: "transparent", color: "var(--code-gutter)", border: "none" },
  ".cm-activeLine": { backgroundColor: "var(--code-active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--code-active-line)" },
  ".cm-matchingBracket, &.cm-focused .cm-matchingBracket": { backgroundColor: "var(--code-selection)" },
  ".cm-tooltip": {
    backgroundColor: "var(--code-surface)",
    color: "var(--code-text)",
    border: "1px solid var(--code-border)",
  },
});

const tokens = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.operatorKeyword, tags.controlKeyword], color: "var(--syntax-keyword)" },
  {
    tag: [tags.function(tags.variableName), tags.function(tags.propertyName), tags.className, tags.typeName],
    color: "var(--syntax-title)",
  },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: "var(--syntax-string)" },
  { tag: [tags.number, tags.bool, tags.null, tags.atom, tags.literal], color: "var(--syntax-number)" },
  {
    tag: [tags.comment, tags.lineComment, tags.blockComment, tags.docComment],
    color: "var(--syntax-comment)",
    fontStyle: "italic",
  },
  { tag: [tags.propertyName, tags.attributeName, tags.labelName], color: "var(--syntax-attr)" },
  {
    tag: [tags.standard(tags.variableName), tags.self, tags.namespace, tags.macroName],
    color: "var(--syntax-built-in)",
  },
  { tag: [tags.tagName, tags.heading, tags.meta], color: "var(--syntax-meta)" },
  { tag: tags.heading, fontWeight: "600" },
  // Markdown's own marks (#, *, >, fences) stay quieter than the words they format.
  { tag: [tags.processingInstruction, tags.contentSeparator, tags.quote], color: "var(--syntax-comment)" },
  { tag: tags.monospace, color: "var(--syntax-string)" },
  { tag: tags.url, color: "var(--syntax-number)" },
  { tag: tags.strong, fontWeight: "600" },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: tags.link, textDecoration: "underline" },
  { tag: tags.invalid, color: "var(--code-invalid)" },
]);

export const codeTheme = [editorLook, syntaxHighlighting(tokens)];
