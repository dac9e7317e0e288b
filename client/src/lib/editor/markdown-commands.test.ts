import { describe, expect, test } from "bun:test";
import { EditorSelection, EditorState } from "@codemirror/state";
import { type MarkdownAction, markdownChange } from "./markdown-commands";

const LABELS = { column: "Column" };

/** Runs `action` on `doc` with the selection from..to; returns the text and the selected part. */
function apply(doc: string, from: number, to: number, action: MarkdownAction, separator: "\n" | "\r\n" = "\n") {
  const state = EditorState.create({
    doc,
    selection: EditorSelection.single(from, to),
    extensions: EditorState.lineSeparator.of(separator),
  });
  const next = state.update(markdownChange(state, action, LABELS)).state;
  const { main } = next.selection;
  return { text: next.sliceDoc(), selected: next.sliceDoc(main.from, main.to) };
}

describe("Markdown toolbar actions insert Markdown source", () => {
  test("inline marks wrap the selection and unwrap it again", () => {
    expect(apply("say hi", 4, 6, "bold")).toEqual({ text: "say **hi**", selected: "hi" });
    expect(apply("say **hi**", 6, 8, "bold")).toEqual({ text: "say hi", selected: "hi" });
    expect(apply("x", 1, 1, "italic").text).toBe("x__");
    expect(apply("gone", 0, 4, "strikethrough").text).toBe("~~gone~~");
    expect(apply("run ls", 4, 6, "code").text).toBe("run `ls`");
  });

  test("a link keeps the selected words and selects the address", () => {
    expect(apply("see docs", 4, 8, "link")).toEqual({ text: "see [docs](https://)", selected: "https://" });
  });

  test("line prefixes go on every selected line and come off when all have them", () => {
    expect(apply("one\ntwo\nthree", 0, 7, "bulletList").text).toBe("- one\n- two\nthree");
    expect(apply("- one\n- two", 0, 11, "bulletList").text).toBe("one\ntwo");
    expect(apply("todo", 0, 0, "taskList").text).toBe("- [ ] todo");
    expect(apply("title", 2, 2, "heading").text).toBe("## title");
    expect(apply("a\r\nb", 0, 3, "quote", "\r\n").text).toBe("> a\r\n> b");
  });

  test("blocks get blank lines around them, in the document's line breaks", () => {
    expect(apply("intro", 5, 5, "table").text).toBe("intro\n\n| Column 1 | Column 2 |\n| --- | --- |\n|  |  |");
    expect(apply("a\r\n\r\nb", 3, 3, "divider", "\r\n").text).toBe("a\r\n\r\n---\r\n\r\nb");
    expect(apply("let x = 1", 0, 9, "codeBlock").text).toBe("```\nlet x = 1\n```");
  });
});
