import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../../../../test/answers";
import { validateSlugInput } from "./share-field-checks";

describe("custom link suffix, as typed", () => {
  test("empty is fine: a suffix is generated", () => {
    expect(validateSlugInput("")).toBeNull();
    expect(validateSlugInput("   ")).toBeNull();
  });

  test("letters, digits, hyphen and underscore pass", () => {
    expect(validateSlugInput("my-notes_2026")).toBeNull();
    expect(validateSlugInput("a")).toBeNull();
    expect(validateSlugInput("x".repeat(50))).toBeNull();
  });

  test("other characters are refused with the shared message key", () => {
    for (const value of ["with space", "slash/path", "dot.name", "中文", "emoji😀", "a?b"]) {
      expect(validateSlugInput(value)).toEqual({ key: "errors.slugInvalid" });
    }
  });

  test("more than 50 characters is too long", () => {
    expect(validateSlugInput("x".repeat(51))).toEqual({ key: "errors.slugTooLong" });
  });

  test("reserved words are refused whatever their case", () => {
    expectAnswers(validateSlugInput, [
      ["admin", { key: "errors.slugReserved" }],
      ["API", { key: "errors.slugReserved" }],
      ["mount-explorer", { key: "errors.slugReserved" }],
      ["administrator", null],
    ]);
  });

  test("each keystroke gets its verdict", () => {
    const typed = ["m", "my", "my ", "my n", "my"];
    // A trailing space is trimmed, as the server does; an inner one is not.
    expect(typed.map((value) => validateSlugInput(value) === null)).toEqual([true, true, true, false, true]);
  });
});
