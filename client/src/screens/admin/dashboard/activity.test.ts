import { describe, expect, test } from "bun:test";
import { formatDayLong, formatDayTick, formatTzOffset } from "./activity";

describe("activity chart helpers", () => {
  test("offsets read as UTC±hh:mm", () => {
    expect(formatTzOffset(0)).toBe("UTC");
    expect(formatTzOffset(480)).toBe("UTC+08:00");
    expect(formatTzOffset(-210)).toBe("UTC-03:30");
    expect(formatTzOffset(345)).toBe("UTC+05:45");
  });

  test("a calendar day keeps its date whatever the browser's zone", () => {
    expect(formatDayTick("2026-03-10", "en")).toBe("3/10");
    expect(formatDayLong("2026-03-10", "en")).toBe("Tuesday, March 10");
    expect(formatDayLong("2026-03-10", "zh")).toBe("3月10日星期二");
  });
});
