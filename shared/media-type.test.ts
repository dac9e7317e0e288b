import { describe, expect, test } from "bun:test";
import { mediaTypeForName, normalizeMediaType } from "./media-type";

describe("normalizeMediaType", () => {
  test("refuses everything but one well-formed media type (the probe's spellings included)", () => {
    for (const bad of [
      "application/pdf, text/html",
      "application/pdf;text/html",
      ";text/html",
      "application/pdf\ttext/html",
      "application/pdf,image/svg+xml",
      "text/plain\r\nX-Injected: 1",
      "text/plain\u0000",
      "text/plain; charset",
      "text/plain; charset=utf-8\n",
      "pdf",
      "a/b/c",
      "",
      `text/${"x".repeat(300)}`,
    ]) {
      expect(`${JSON.stringify(bad)} ${normalizeMediaType(bad)}`).toBe(`${JSON.stringify(bad)} null`);
    }
  });

  test("lower-cases the type and keeps only the charset", () => {
    expect(normalizeMediaType(" Text/HTML; Charset=UTF-8 ")).toBe("text/html; charset=utf-8");
    expect(normalizeMediaType('text/plain; charset="utf-8"; format=flowed')).toBe("text/plain; charset=utf-8");
    expect(normalizeMediaType('application/pdf; x="a;b"')).toBe("application/pdf");
    expect(normalizeMediaType("image/svg+xml")).toBe("image/svg+xml");
  });
});

describe("mediaTypeForName", () => {
  test("names source files the generic tables miss or misname, by the last extension in any case", () => {
    expect(mediaTypeForName("tool.py")).toBe("text/x-python");
    expect(mediaTypeForName("dir.v2/MAIN.PY")).toBe("text/x-python");
    expect(mediaTypeForName("app.ts")).toBe("text/x-typescript");
    expect(mediaTypeForName("lib.rs")).toBe("text/x-rust");
    expect(mediaTypeForName("photo.png")).toBeNull();
    expect(mediaTypeForName("Makefile")).toBeNull();
  });
});
