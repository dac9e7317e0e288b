import { describe, test } from "bun:test";
import { expectAnswers } from "../../../test/answers";
import { PASTE_TITLE_MAX_CHARS, pasteTitleOf } from "./paste-title";

describe("pasteTitleOf", () => {
  test("Markdown: the first line of words, without its marks; front matter's title", () => {
    expectAnswers(
      (content: string) => pasteTitleOf(content, "markdown"),
      [
        ["# Release notes\n\n- first", "Release notes"],
        ["\n\n  ## Trip plan  \r\nday one", "Trip plan"],
        ["- [x] pack the bags\n- book", "pack the bags"],
        ["> a quote\nafter", "a quote"],
        ['---\ntitle: "Meeting notes"\ndate: 2026-11-29\n---\n# Heading', "Meeting notes"],
        ["---\ndate: 2026-11-29\n---\n\n# After the front matter", "After the front matter"],
        ["```js\nconst a = 1;\n```\nprose", "const a = 1;"],
        ["", null],
        ["\n   \n#\n", null],
      ],
    );
  });

  test("plain text: the first non-blank line as written, marks and all", () => {
    expectAnswers(
      (content: string) => pasteTitleOf(content, "text"),
      [
        ["# not a heading here\nmore", "# not a heading here"],
        ["\n\n  indented first line\n", "indented first line"],
        ["   \n\t\n", null],
      ],
    );
  });

  test("a long first line is cut to a tab's length with an ellipsis, by characters", () => {
    const title = pasteTitleOf("字".repeat(200), "text") ?? "";
    expectAnswers((text: string) => [...text].length, [[title, PASTE_TITLE_MAX_CHARS]]);
    expectAnswers((text: string) => text.endsWith("…"), [[title, true]]);
  });
});
