import { expect, test } from "bun:test";
import "./zod-config";

test("zod, loaded after the page's configuration, compiles no parsers (no 'unsafe-eval' under the CSP)", async () => {
  const { z } = await import("zod");
  expect(z.config().jitless).toBe(true);
});
