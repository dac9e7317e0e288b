import { describe, expect, test } from "bun:test";
import { fromMegabytes, parseSizeInput, toMegabytes } from "./upload-size";

describe("max upload size units", () => {
  test("KB, MB and GB in megabytes (binary units)", () => {
    expect(toMegabytes(1, "KB")).toBe(1 / 1024);
    expect(toMegabytes(250, "MB")).toBe(250);
    expect(toMegabytes(1.5, "GB")).toBe(1536);
  });

  test("a stored size reads in the largest unit that keeps it short", () => {
    expect(fromMegabytes(100)).toEqual({ value: "100", unit: "MB" });
    expect(fromMegabytes(2048)).toEqual({ value: "2", unit: "GB" });
    expect(fromMegabytes(1536)).toEqual({ value: "1.5", unit: "GB" });
    // 1100 MB is 1.07421875 GB: clearer as MB.
    expect(fromMegabytes(1100)).toEqual({ value: "1100", unit: "MB" });
    expect(fromMegabytes(1 / 1024)).toEqual({ value: "1", unit: "KB" });
    expect(fromMegabytes(0.5)).toEqual({ value: "512", unit: "KB" });
    expect(fromMegabytes(0.3 / 1024)).toEqual({ value: "0.3", unit: "KB" });
  });

  test("parse: a number in the chosen unit, with the limit in bytes", () => {
    expect(parseSizeInput({ value: "1", unit: "KB" })).toEqual({ ok: true, megabytes: 1 / 1024, bytes: 1024 });
    expect(parseSizeInput({ value: " 2.5 ", unit: "MB" })).toEqual({ ok: true, megabytes: 2.5, bytes: 2_621_440 });
    expect(parseSizeInput({ value: "1,5", unit: "GB" })).toEqual({
      ok: true,
      megabytes: 1536,
      bytes: 1536 * 1024 ** 2,
    });
  });

  test("parse: the shared schema's rules, as message keys", () => {
    expect(parseSizeInput({ value: "", unit: "MB" })).toEqual({
      ok: false,
      error: { key: "systemSettings.errors.required" },
    });
    for (const value of ["abc", "-1", "1e3", "1.2.3", "10 MB"]) {
      expect(parseSizeInput({ value, unit: "MB" })).toEqual({
        ok: false,
        error: { key: "systemSettings.errors.notNumber" },
      });
    }
    expect(parseSizeInput({ value: "0", unit: "GB" })).toEqual({
      ok: false,
      error: { key: "errors.maxUploadSizePositive" },
    });
    // Less than one byte is not above 0 once it is a limit in bytes.
    expect(parseSizeInput({ value: "0.0001", unit: "KB" })).toEqual({
      ok: false,
      error: { key: "errors.maxUploadSizePositive" },
    });
    expect(parseSizeInput({ value: "1025", unit: "GB" })).toEqual({
      ok: false,
      error: { key: "errors.maxUploadSizeTooLarge" },
    });
    expect(parseSizeInput({ value: "1024", unit: "GB" }).ok).toBe(true);
  });
});
