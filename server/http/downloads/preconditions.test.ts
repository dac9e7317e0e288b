import { describe, expect, test } from "bun:test";
import { selectRange } from "./preconditions";

const validators = { etag: '"v1"', lastModified: new Date("2026-01-01T00:00:00Z").toUTCString() };
const get = (range: string) => new Request("http://x/file", { headers: { range } });

describe("selectRange", () => {
  test("a suffix longer than the file selects all of it (RFC 9110 §14.1.2), not 416", () => {
    expect(selectRange(get("bytes=-500"), 100, validators)).toEqual({ start: 0, end: 99 });
    expect(selectRange(get("bytes=-100"), 100, validators)).toEqual({ start: 0, end: 99 });
    expect(selectRange(get("bytes=-10"), 100, validators)).toEqual({ start: 90, end: 99 });
  });

  test("a start past the end, or any range of an empty file, is unsatisfiable", () => {
    expect(selectRange(get("bytes=100-"), 100, validators)).toBe("unsatisfiable");
    expect(selectRange(get("bytes=-5"), 0, validators)).toBe("unsatisfiable");
  });
});
