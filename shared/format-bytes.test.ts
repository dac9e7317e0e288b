import { expect, test } from "bun:test";
import { formatBytes, formatBytesForScripts } from "./format-bytes";

test("formats sizes with binary units", () => {
  expect(formatBytes(0, "en")).toBe("0 B");
  expect(formatBytes(512, "en")).toBe("512 B");
  expect(formatBytes(1536, "en")).toBe("1.5 KB");
  expect(formatBytes(10 * 1024 * 1024, "en")).toBe("10 MB");
  expect(formatBytes(-1, "en")).toBe("");
});

test("sizes for scripts are written as the CloudPaste document's totalSize: number and unit together", () => {
  expect(formatBytesForScripts(2.5 * 1024 ** 3)).toBe("2.5GB");
  expect(formatBytesForScripts(175)).toBe("175B");
  expect(formatBytesForScripts(1536)).toBe("1.5KB");
  // No digit grouping: 1,500 TB would read as 1 for parseFloat.
  expect(formatBytesForScripts(1500 * 1024 ** 4)).toBe("1500TB");
  expect(formatBytesForScripts(-1)).toBe("");
});
