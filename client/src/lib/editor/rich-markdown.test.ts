import { describe, expect, test } from "bun:test";
import { trimEditorTail } from "./rich-markdown";

describe("trimEditorTail", () => {
  test("drops the rich editor's empty trailing paragraphs and nothing else", () => {
    expect(trimEditorTail("# Title\n\n<br />\n")).toBe("# Title\n");
    expect(trimEditorTail("text\n\n<br />\n\n<br />\n\n")).toBe("text\n");
    expect(trimEditorTail("a <br /> inside\n")).toBe("a <br /> inside\n");
    // A rich editor holding only empty paragraphs reports a blank text, which the form refuses.
    expect(trimEditorTail("<br />\n\n<br />\n")).toBe("\n");
    expect(trimEditorTail("keep\n\n<br />\n\nmore\n")).toBe("keep\n\n<br />\n\nmore\n");
  });
});
