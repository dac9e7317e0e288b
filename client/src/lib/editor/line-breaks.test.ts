import { describe, expect, test } from "bun:test";
import { EditorState } from "@codemirror/state";
import { expectAnswers } from "../../../test/answers";
import { lineSeparatorOf, withLineSeparator } from "./line-breaks";

/** What the source editor gives back for `text` after loading it, as source-editor.tsx configures it. */
function roundTrip(text: string): string {
  return EditorState.create({ doc: text, extensions: EditorState.lineSeparator.of(lineSeparatorOf(text)) }).sliceDoc();
}

describe("line breaks in the source editor", () => {
  test("LF, CRLF, mixed and lone CR texts come back byte for byte", () => {
    for (const text of [
      "a\nb\n",
      "a\r\nb\r\n",
      "a\r\nb\nc\r\n",
      "a\rb\r",
      "a\r\n\r\n  \r\n",
      "",
      "\r\n",
      "x  \n\ty\t\n",
    ]) {
      expect(roundTrip(text)).toBe(text);
    }
  });

  test("a CRLF text is edited in CRLF; any other text keeps LF as its break", () => {
    expectAnswers(lineSeparatorOf, [
      ["a\r\nb", "\r\n"],
      ["a\nb", "\n"],
      ["a\r\nb\nc", "\n"],
      ["a\rb", "\n"],
    ]);
    const crlf = EditorState.create({ doc: "a\r\nb", extensions: EditorState.lineSeparator.of("\r\n") });
    const typed = crlf.update({ changes: { from: 1, insert: crlf.lineBreak } }).state;
    expect(typed.sliceDoc()).toBe("a\r\n\r\nb");
  });

  test("text pasted into a CRLF document takes its line breaks; into any other it stays as it was", () => {
    expect(withLineSeparator("x\ny\r\nz\r", "\r\n")).toBe("x\r\ny\r\nz\r\n");
    expect(withLineSeparator("x\ny\r\nz\r", "\n")).toBe("x\ny\r\nz\r");
  });
});
