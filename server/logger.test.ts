import { afterEach, expect, spyOn, test } from "bun:test";
import { createAccessLog } from "./logger";

const writes = spyOn(process.stdout, "write").mockImplementation(() => true);
afterEach(() => writes.mockClear());

test("the access log writes its lines in one batch, not one write per request", () => {
  const log = createAccessLog();
  log.request("GET", "/api/paste/abc", 200, 1);
  log.request("GET", "/api/raw/abc", 404, 2);
  expect(writes).not.toHaveBeenCalled();
  log.flush();
  expect(writes).toHaveBeenCalledTimes(1);
  const text = String(writes.mock.calls[0]?.[0]);
  expect(text.trimEnd().split("\n")).toHaveLength(2);
  expect(text).toContain("GET /api/paste/abc 200 1ms");
  expect(text).toContain("GET /api/raw/abc 404 2ms");
});

test("a full buffer is written at once, without waiting for the timer", () => {
  const log = createAccessLog();
  for (let i = 0; i < 2_000; i++) log.request("GET", `/api/paste/${"x".repeat(40)}`, 200, 1);
  expect(writes.mock.calls.length).toBeGreaterThan(0);
  log.flush();
});
