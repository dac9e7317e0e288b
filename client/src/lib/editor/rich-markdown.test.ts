import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../../../test/answers";
import { type BlockEdit, spliceEditedBlocks, trimEditorTail } from "./rich-markdown";

describe("trimEditorTail", () => {
  test("drops the rich editor's empty trailing paragraphs and nothing else", () => {
    expectAnswers(trimEditorTail, [
      ["# Title\n\n<br />\n", "# Title\n"],
      ["text\n\n<br />\n\n<br />\n\n", "text\n"],
      ["a <br /> inside\n", "a <br /> inside\n"],
      // A rich editor holding only empty paragraphs reports a blank text, which the form refuses.
      ["<br />\n\n<br />\n", "\n"],
      ["keep\n\n<br />\n\nmore\n", "keep\n\n<br />\n\nmore\n"],
    ]);
  });
});

/** The spans of "- one\n- two\n\n| a |\n|---|\n\n[r]: /u\n\nlast\n": a list, a table, a paragraph. */
const TEXT = "- one\n- two\n\n| a |\n|---|\n\n[r]: /u\n\nlast\n";
const SPANS = [
  { start: 0, end: 11 },
  { start: 13, end: 24 },
  { start: 35, end: 39 },
];

describe("spliceEditedBlocks", () => {
  test("rewrites only the edited blocks and keeps every other byte", () => {
    expectAnswers(
      (edit: BlockEdit) => spliceEditedBlocks(TEXT, SPANS, edit),
      [
        // The list edited: its markers change, the table, the definition and the rest do not.
        [
          { from: 0, to: 1, written: ["* one\n* two more\n"] },
          "* one\n* two more\n\n| a |\n|---|\n\n[r]: /u\n\nlast\n",
        ],
        // Two blocks edited one for one: the definition between them stays.
        [
          { from: 1, to: 3, written: ["| b |\n| - |\n", "last!\n"] },
          "- one\n- two\n\n| b |\n| - |\n\n[r]: /u\n\nlast!\n",
        ],
        // A block typed into the editor's closing empty paragraph comes after the last one.
        [{ from: 3, to: 4, written: ["new\n"] }, "- one\n- two\n\n| a |\n|---|\n\n[r]: /u\n\nlast\n\nnew\n"],
        // A block inserted before another, and one deleted with its blank lines.
        [{ from: 1, to: 1, written: ["# Head\n"] }, "- one\n- two\n\n# Head\n\n| a |\n|---|\n\n[r]: /u\n\nlast\n"],
        [{ from: 0, to: 1, written: [] }, "| a |\n|---|\n\n[r]: /u\n\nlast\n"],
        [{ from: 2, to: 3, written: [] }, "- one\n- two\n\n| a |\n|---|\n"],
        // Two blocks merged into one (a different count) replace the run as a whole.
        [{ from: 0, to: 2, written: ["joined\n"] }, "joined\n\n[r]: /u\n\nlast\n"],
        // An empty paragraph (`<br />`) written in the middle adds nothing.
        [{ from: 3, to: 4, written: ["<br />\n"] }, TEXT],
      ],
    );
  });

  test("new text takes the loaded text's line separator", () => {
    const crlf = "a\r\n\r\nb\r\n";
    const spans = [
      { start: 0, end: 1 },
      { start: 5, end: 6 },
    ];
    expect(spliceEditedBlocks(crlf, spans, { from: 1, to: 2, written: ["* x\n* y\n"] })).toBe(
      "a\r\n\r\n* x\r\n* y\r\n",
    );
  });

  test("an empty text takes what was written", () => {
    expect(spliceEditedBlocks("", [], { from: 0, to: 1, written: ["hello\n"] })).toBe("hello\n");
  });
});
