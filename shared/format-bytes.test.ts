import { expect, test } from "bun:test";
import { formatBytes } from "./format-bytes";

test("formats sizes with binary units", () => {
  expect(formatBytes(0, "en")).toBe("0 B");
  expect(formatBytes(512, "en")).toBe("512 B");
  expect(formatBytes(1536, "en")).toBe("1.5 KB");
  expect(formatBytes(10 * 1024 * 1024, "en")).toBe("10 MB");
  expect(formatBytes(-1, "en")).toBe("");
});
