// The toolbar of the Markdown source editor: each action edits the Markdown source itself (markers
// around the selection, prefixes on its lines, a fenced block or a table), so what the user sees is
// exactly what is stored. Pure functions of an EditorState: they run the same in a test as in the page.
import { EditorSelection, type EditorState, type TransactionSpec } from "@codemirror/state";

export type MarkdownAction =
  | "bold"
  | "italic"
  | "strikethrough"
  | "code"
  | "link"
  | "heading"
  | "bulletList"
  | "orderedList"
  | "taskList"
  | "quote"
  | "codeBlock"
  | "table"
  | "divider";

/** Words the table template needs in the interface language. */
export type MarkdownLabels = { column: string };

/** Puts `marker` around each selection, or takes it away when it is already there. */
function toggleInline(state: EditorState, marker: string): TransactionSpec {
  const size = marker.length;
  return state.changeByRange((range) => {
    const before = state.sliceDoc(range.from - size, range.from);
    const after = state.sliceDoc(range.to, range.to + size);
    if (before === marker && after === marker) {
      return {
        changes: [
          { from: range.from - size, to: range.from },
          { from: range.to, to: range.to + size },
        ],
        range: EditorSelection.range(range.from - size, range.to - size),
      };
    }
    return {
      changes: [
        { from: range.from, insert: marker },
        { from: range.to, insert: marker },
      ],
      range: EditorSelection.range(range.from + size, range.to + size),
    };
  });
}

/** `[text](https://)` with the address selected, ready to be typed or pasted over. */
function insertLink(state: EditorState): TransactionSpec {
  return state.changeByRange((range) => {
    const text = state.sliceDoc(range.from, range.to);
    const url = "https://";
    const insert = `[${text}](${url})`;
    const urlStart = range.from + text.length + 3;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: text ? EditorSelection.range(urlStart, urlStart + url.length) : EditorSelection.cursor(range.from + 1),
    };
  });
}

/** The numbers of the lines the selection touches, each once. */
function selectedLines(state: EditorState): number[] {
  const lines = new Set<number>();
  for (const range of state.selection.ranges) {
    const last = state.doc.lineAt(range.to).number;
    for (let line = state.doc.lineAt(range.from).number; line <= last; line++) lines.add(line);
  }
  return [...lines].sort((a, b) => a - b);
}

/** Adds `prefix` to every selected line, or removes it when all of them have it already. */
function toggleLinePrefix(state: EditorState, prefix: string): TransactionSpec {
  const lines = selectedLines(state).map((number) => state.doc.line(number));
  const hasAll = lines.every((line) => line.text.startsWith(prefix));
  const changes = lines.map((line) =>
    hasAll ? { from: line.from, to: line.from + prefix.length } : { from: line.from, insert: prefix },
  );
  const changeSet = state.changes(changes);
  return { changes: changeSet, selection: state.selection.map(changeSet, 1) };
}

/** Text to put at the cursor as a block of its own: blank lines around it unless there already are. */
function insertBlock(state: EditorState, lines: string[], selectFrom: number, selectLength: number): TransactionSpec {
  const nl = state.lineBreak;
  const { from, to } = state.selection.main;
  const startLine = state.doc.lineAt(from);
  const endLine = state.doc.lineAt(to);
  const needsBreakBefore =
    from > startLine.from || (startLine.number > 1 && state.doc.line(startLine.number - 1).length > 0);
  const needsBreakAfter =
    to < endLine.to || (endLine.number < state.doc.lines && state.doc.line(endLine.number + 1).length > 0);
  const head = from > startLine.from ? nl + nl : needsBreakBefore ? nl : "";
  const tail = to < endLine.to ? nl + nl : needsBreakAfter ? nl : "";
  const body = lines.join(nl);
  const start = from + head.length + selectFrom;
  return {
    changes: { from, to, insert: head + body + tail },
    selection: EditorSelection.range(start, start + selectLength),
  };
}

function insertCodeBlock(state: EditorState): TransactionSpec {
  const nl = state.lineBreak;
  const { from, to } = state.selection.main;
  const code = state.sliceDoc(from, to);
  // The cursor lands after the opening fence, where the language name goes.
  return insertBlock(state, ["```", ...(code ? code.split(nl) : [""]), "```"], 3, 0);
}

function insertTable(state: EditorState, labels: MarkdownLabels): TransactionSpec {
  const header = `| ${labels.column} 1 | ${labels.column} 2 |`;
  return insertBlock(state, [header, "| --- | --- |", "|  |  |"], 2, labels.column.length + 2);
}

type Change = (state: EditorState, labels: MarkdownLabels) => TransactionSpec;

/** What each action does at the current selection: one row per toolbar button. */
const CHANGES: Record<MarkdownAction, Change> = {
  bold: (state) => toggleInline(state, "**"),
  italic: (state) => toggleInline(state, "_"),
  strikethrough: (state) => toggleInline(state, "~~"),
  code: (state) => toggleInline(state, "`"),
  link: insertLink,
  heading: (state) => toggleLinePrefix(state, "## "),
  bulletList: (state) => toggleLinePrefix(state, "- "),
  orderedList: (state) => toggleLinePrefix(state, "1. "),
  taskList: (state) => toggleLinePrefix(state, "- [ ] "),
  quote: (state) => toggleLinePrefix(state, "> "),
  codeBlock: insertCodeBlock,
  table: insertTable,
  divider: (state) => insertBlock(state, ["---"], 3, 0),
};

/** The change an action makes at the current selection. */
export function markdownChange(state: EditorState, action: MarkdownAction, labels: MarkdownLabels): TransactionSpec {
  return CHANGES[action](state, labels);
}
