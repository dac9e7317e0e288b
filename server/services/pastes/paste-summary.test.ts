// The list's stored preview and length (services/pastes/paste-summary.ts) answer what the list showed
// when it cut them from the whole content: its first 200 UTF-16 units, and JavaScript's length.
import { describe, expect, test } from "bun:test";
import { pasteSummaryColumns, previewOf } from "./paste-summary";

const listed = (content: string, encrypted = false) => {
  const columns = pasteSummaryColumns(content, encrypted);
  return { preview: previewOf({ preview: columns.preview, encrypted }), length: columns.contentLength, columns };
};

describe("a paste's list summary", () => {
  const cases: [string, string][] = [
    ["empty", ""],
    ["short", "hello"],
    ["ASCII past 200", "x".repeat(1000)],
    ["characters beyond U+FFFF", "😀".repeat(300)],
    ["a pair across the 200th unit", `${"a".repeat(199)}😀tail`],
    ["a NUL", `a\u0000b${"c".repeat(300)}`],
  ];
  for (const [name, content] of cases) {
    test(`${name}: the first 200 UTF-16 units and the length, as cut from the content`, () => {
      const { preview, length } = listed(content);
      expect(preview).toBe(content.slice(0, 200));
      expect(length).toBe(content.length);
    });
  }

  test("the stored preview holds whole code points: never half of a pair, which a database cannot store", () => {
    const { columns } = listed(`${"a".repeat(199)}😀tail`);
    expect(columns.preview).toBe(`${"a".repeat(199)}😀`);
    expect([...listed("😀".repeat(300)).columns.preview]).toHaveLength(200);
  });

  test("an encrypted paste shows no preview, and its length is the envelope's", () => {
    expect(listed("ciphertext envelope", true)).toMatchObject({ preview: "", length: 19, columns: { preview: "" } });
    // A row stored with a preview (or restored with one) still shows none once encrypted.
    expect(previewOf({ preview: "leaked", encrypted: true })).toBe("");
  });
});
