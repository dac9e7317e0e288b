// The text area's bookkeeping before the source editor runs (plain-editor.tsx): the one change an
// input made, positions in a text holding "\r", and the text "create" sends with inputs still queued.
import { describe, expect, test } from "bun:test";
import { changeBetween, textPosition, withQueued } from "./plain-editor";

describe("plain text area bookkeeping", () => {
  test("the change of a keystroke, a deletion and a paste over a selection", () => {
    expect(changeBetween("aa", "aaa", 3)).toEqual({ from: 2, to: 2, insert: "a" });
    expect(changeBetween("aa", "aaa", 1)).toEqual({ from: 0, to: 0, insert: "a" });
    expect(changeBetween("abc", "ac", 1)).toEqual({ from: 1, to: 2, insert: "" });
    expect(changeBetween("hello world", "hello there", 11)).toEqual({ from: 6, to: 11, insert: "there" });
  });

  test("a position of the text area counts CRLF as one character", () => {
    expect(textPosition("a\r\nb\rc", 0)).toBe(0);
    expect(textPosition("a\r\nb\rc", 2)).toBe(3);
    expect(textPosition("a\r\nb\rc", 4)).toBe(5);
    expect(textPosition("ab", 9)).toBe(2);
  });

  test("queued inputs applied as the editor applies them", () => {
    const empty = { from: 0, to: 0 };
    expect(withQueued("", empty, [{ paste: "one\r\ntwo\r\n" }, { insert: "three\nfour" }])).toBe(
      "one\r\ntwo\r\nthree\r\nfour",
    );
    expect(withQueued("", empty, [{ paste: "ab\r\n" }, { insert: "x" }, { delete: "backward" }])).toBe("ab\r\n");
    expect(withQueued("", empty, [{ paste: "ab\r\n" }, { delete: "backward" }])).toBe("ab");
    // Into an LF text a CRLF paste keeps its bytes (the editor keeps a stray "\r" as a character).
    expect(withQueued("x\ny", { from: 1, to: 1 }, [{ paste: "1\r\n2" }])).toBe("x1\r\n2\ny");
    expect(withQueued("😀", { from: 2, to: 2 }, [{ delete: "backward" }])).toBe("");
    expect(withQueued("text", empty, [{ action: "bold" }])).toBeNull();
  });
});
