// Enter and typing in the source editor's Markdown: the prose after a code block starts where the block
// did, and a code block's own language re-indents a closing brace as it is typed.
import { afterEach, beforeAll, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { insertNewlineAndIndent } from "@codemirror/commands";
import { ensureSyntaxTree, indentOnInput } from "@codemirror/language";
import { languages } from "@codemirror/language-data";
import { EditorState } from "@codemirror/state";
import { markdownSupport } from "./markdown-language";

const extensions = [markdownSupport(), indentOnInput()];

// CodeMirror parses each new state within a 20 ms wall-clock budget (its Work.Apply), and a keystroke's
// input rule (indentOnInput) reads the tree of that very state: on a loaded machine a preempted parse
// is cut short and the rule sees no code block at all. A user's keystroke lands on a parsed document,
// so each test stops the clock (Date.now only, which is all the budget reads): every parse then runs
// to its end, and the assertions are about the indentation rules, not the machine's load.
beforeEach(() => setSystemTime(new Date()));
afterEach(() => setSystemTime());

function parsed(doc: string, at = doc.length): EditorState {
  const state = EditorState.create({ doc, selection: { anchor: at }, extensions });
  ensureSyntaxTree(state, state.doc.length, 5_000);
  return state;
}

/** The text Enter inserts at the end of `doc`. */
function enterAtEnd(doc: string): string {
  let inserted = "";
  insertNewlineAndIndent({
    state: parsed(doc),
    dispatch: (transaction) => {
      inserted = transaction.state.doc.toString().slice(doc.length);
    },
  });
  return inserted;
}

/** The document after typing `text` at the end of `doc`, as a keystroke does (so input rules run). */
function typeAtEnd(doc: string, text: string): string {
  const state = parsed(doc);
  const typed = state.update({
    changes: { from: doc.length, insert: text },
    selection: { anchor: doc.length + text.length },
    userEvent: "input.type",
  });
  return typed.state.doc.toString();
}

beforeAll(async () => {
  // A fenced block's language loads on demand; loaded here first, as after the editor's first use.
  await languages.find((language) => language.name === "JavaScript")?.load();
});

describe("Markdown source editing", () => {
  test("Enter after a closing fence starts at the opening fence's column, not the code's", () => {
    expect(enterAtEnd("```js\nfunction f() {\n  return 1;\n  }\n  ```")).toBe("\n");
    expect(enterAtEnd("Intro\n\n```\n   indented code\n   ```")).toBe("\n");
    // A block inside a list item: the next line stays in the item.
    expect(enterAtEnd("- item\n\n  ```\n  code\n  ```")).toBe("\n  ");
  });

  test("Enter inside code and in prose keeps the line's indentation", () => {
    expect(enterAtEnd("```js\nfunction f() {\n  return 1;")).toBe("\n  ");
    // An unclosed block is still code: its last line is not an end of a block.
    expect(enterAtEnd("```\n    indented code")).toBe("\n    ");
    expect(enterAtEnd("- item\n    continued")).toBe("\n    ");
  });

  test("a closing brace typed in a code block goes back to its block's level", () => {
    expect(typeAtEnd("```js\nif (x) {\n  y();\n  ", "}")).toBe("```js\nif (x) {\n  y();\n}");
  });
});
