import { describe, test } from "bun:test";
import { expectAnswers } from "../../../test/answers";
import { trimEditorTail } from "./rich-markdown";

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
