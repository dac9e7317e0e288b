import { describe, expect, test } from "bun:test";
import { byteLength } from "@shared/share-field-rules";
import { countCharacters, countWords, utf8Length } from "./text-stats";

describe("text stats", () => {
  test("counts characters as code points", () => {
    expect(countCharacters("")).toBe(0);
    expect(countCharacters("hello")).toBe(5);
    expect(countCharacters("你好")).toBe(2);
    expect(countCharacters("a😀b")).toBe(3);
    expect(countCharacters("line\nbreak")).toBe(10);
  });

  test("counts words in Latin text, with contractions and hyphens kept whole", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   ")).toBe(0);
    expect(countWords("Hello, world!")).toBe(2);
    expect(countWords("don't stop well-known snake_case 2026")).toBe(5);
    expect(countWords("# Heading\n\n- item one\n- item two")).toBe(5);
  });

  test("counts each Chinese character as a word, next to Latin words", () => {
    expect(countWords("你好世界")).toBe(4);
    expect(countWords("Hello 世界 again")).toBe(4);
  });
});

describe("utf8Length", () => {
  test("agrees with a real UTF-8 encoder", () => {
    for (const text of ["", "abc", "é", "你好", "a😀b", "\ud800 lone surrogate", "mixed 中文 and emoji 🎉 text"]) {
      expect(utf8Length(text)).toBe(byteLength(text));
    }
  });
});
