import { describe, expect, test } from "bun:test";
import { copyText } from "./copy-text";

describe("copyText", () => {
  test("uses the Clipboard API when it works", async () => {
    const written: string[] = [];
    const clipboard = { writeText: async (text: string) => void written.push(text) };
    expect(await copyText("pb_secret", { clipboard, document: null })).toBe(true);
    expect(written).toEqual(["pb_secret"]);
  });

  test("falls back to the copy command when the Clipboard API refuses", async () => {
    const clipboard = {
      writeText: async () => {
        throw new DOMException("denied", "NotAllowedError");
      },
    };
    const copied: string[] = [];
    const original = document.execCommand;
    document.execCommand = ((command: string) => {
      const area = document.querySelector("textarea");
      if (command === "copy" && area) copied.push(area.value);
      return true;
    }) as typeof document.execCommand;
    const button = document.createElement("button");
    document.body.appendChild(button);
    button.focus();
    try {
      expect(await copyText("pb_secret", { clipboard })).toBe(true);
    } finally {
      document.execCommand = original;
    }
    expect(copied).toEqual(["pb_secret"]);
    // The helper textarea is gone and focus is back where it was.
    expect(document.querySelector("textarea")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  test("reports failure when neither way works", async () => {
    const original = document.execCommand;
    document.execCommand = (() => false) as typeof document.execCommand;
    try {
      expect(await copyText("x", { clipboard: null })).toBe(false);
    } finally {
      document.execCommand = original;
    }
    expect(await copyText("x", { clipboard: null, document: null })).toBe(false);
  });
});
