import { describe, expect, test } from "bun:test";
import { boxAt, choosePlacement, NARROW_PLACEMENTS, WIDE_PLACEMENTS } from "./toast-placement";

const DESKTOP = { width: 1280, height: 800 };
const STACK = { width: 432, height: 120 };

describe("toast placement", () => {
  test("the first corner that misses every obstacle; the least covered when none does", () => {
    expect(choosePlacement(WIDE_PLACEMENTS, STACK, DESKTOP, [])).toBe("bottom-end");
    // A primary button in the bottom right corner (Create, Clear finished).
    const create = { left: 1100, top: 740, right: 1260, bottom: 790 };
    expect(choosePlacement(WIDE_PLACEMENTS, STACK, DESKTOP, [create])).toBe("bottom-start");
    // Both bottom corners taken: the top right, below the header.
    const editorFooter = { left: 20, top: 700, right: 400, bottom: 790 };
    expect(choosePlacement(WIDE_PLACEMENTS, STACK, DESKTOP, [create, editorFooter])).toBe("top-end");
    expect(boxAt("top-end", STACK, DESKTOP).top).toBe(64);
    const everywhere = { left: 0, top: 0, right: 1280, bottom: 800 };
    const small = { left: 0, top: 790, right: 10, bottom: 800 };
    expect(choosePlacement(WIDE_PLACEMENTS, STACK, DESKTOP, [everywhere, small])).not.toBe("bottom-start");
  });

  test("a phone's full-width stack goes top, or bottom when something to press is up there", () => {
    const phone = { width: 390, height: 844 };
    expect(choosePlacement(NARROW_PLACEMENTS, STACK, phone, [])).toBe("top-end");
    const create = { left: 16, top: 80, right: 374, bottom: 120 };
    expect(choosePlacement(NARROW_PLACEMENTS, STACK, phone, [create])).toBe("bottom-end");
  });
});
