import { describe, expect, test } from "bun:test";
import { boxAt, choosePlacement, NARROW_PLACEMENTS, placeToasts, WIDE_PLACEMENTS } from "./toast-placement";

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

describe("toasts and an open menu", () => {
  const phone = { width: 375, height: 667 };
  test("a menu that leaves a corner free is not covered; one that fills the screen holds the toasts", () => {
    // The phone's main menu under the header: the bottom is free.
    const mainMenu = { left: 0, top: 64, right: 375, bottom: 420, hold: true };
    expect(placeToasts(NARROW_PLACEMENTS, STACK, phone, [mainMenu])).toEqual({ placement: "bottom-end", held: false });
    // The admin module menu opened and scrolled: it covers the whole viewport.
    const moduleMenu = { left: 16, top: 0, right: 359, bottom: 667, hold: true };
    expect(placeToasts(NARROW_PLACEMENTS, STACK, phone, [moduleMenu]).held).toBe(true);
    // A dialog as tall as the screen does not hold them: its own errors must show.
    const dialog = { left: 0, top: 0, right: 375, bottom: 667 };
    expect(placeToasts(NARROW_PLACEMENTS, STACK, phone, [dialog]).held).toBe(false);
  });
});
