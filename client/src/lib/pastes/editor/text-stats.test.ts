import { describe, expect, test } from "bun:test";
import { byteLength } from "@shared/share-field-rules";
import { expectAnswers } from "../../../../test/answers";
import { countCharacters, countWords, utf8Length } from "./text-stats";

describe("text stats", () => {
  test("counts characters as code points", () => {
    expectAnswers(countCharacters, [
      ["", 0],
      ["hello", 5],
      ["你好", 2],
      ["a😀b", 3],
      ["line\nbreak", 10],
    ]);
  });

  test("counts words in Latin text, with contractions and hyphens kept whole", () => {
    expectAnswers(countWords, [
      ["", 0],
      ["   ", 0],
      ["Hello, world!", 2],
      ["don't stop well-known snake_case 2026", 5],
      ["# Heading\n\n- item one\n- item two", 5],
    ]);
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
