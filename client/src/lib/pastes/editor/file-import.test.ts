import { describe, expect, test } from "bun:test";
import { MAX_TEXT_BYTES } from "@shared/constants";
import { expectAnswers } from "../../../../test/answers";
import { looksBinary, modeForFileName, readImportFile } from "./file-import";

const file = (name: string, content: string | Uint8Array<ArrayBuffer>, size?: number) => {
  const real = new File([content], name);
  return { name, size: size ?? real.size, text: () => real.text() };
};

describe("file import", () => {
  test("Markdown files open in Markdown mode, others as plain text", () => {
    expectAnswers(modeForFileName, [
      ["notes.md", "markdown"],
      ["README.MARKDOWN", "markdown"],
      ["log.txt", "text"],
      ["data.json", "text"],
    ]);
  });

  test("reads a text file, dropping a byte-order mark", async () => {
    expect(await readImportFile(file("a.md", "\uFEFF# Title"))).toEqual({
      ok: true,
      content: "# Title",
      mode: "markdown",
      name: "a.md",
    });
  });

  test("refuses a file over the editor's limit before reading it", async () => {
    let wasRead = false;
    const big = {
      name: "big.txt",
      size: MAX_TEXT_BYTES + 1,
      text: async () => {
        wasRead = true;
        return "";
      },
    };
    expect(await readImportFile(big)).toEqual({ ok: false, reason: "tooLarge", name: "big.txt" });
    expect(wasRead).toBe(false);
  });

  test("refuses binary content", async () => {
    expect(
      await readImportFile(file("image.txt", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]))).then(
        (r) => r.ok,
      ),
    ).toBe(false);
    expect(looksBinary("plain text")).toBe(false);
    expect(looksBinary("a\u0000b")).toBe(true);
  });

  test("an unreadable file is reported", async () => {
    const broken = { name: "x.txt", size: 3, text: () => Promise.reject(new Error("gone")) };
    expect(await readImportFile(broken)).toEqual({ ok: false, reason: "unreadable", name: "x.txt" });
  });
});
