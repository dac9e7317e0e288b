import { expect, test } from "bun:test";

test("zod, loaded after the page's configuration, compiles no parsers (no 'unsafe-eval' under the CSP)", async () => {
  // A process of its own: in this one, other test files may have loaded zod already.
  const script = `await import(${JSON.stringify(`${import.meta.dir}/zod-config.ts`)}); const { z } = await import("zod"); console.log(z.config().jitless);`;
  const child = Bun.spawn([process.execPath, "-e", script], { cwd: import.meta.dir, stdout: "pipe" });
  expect((await new Response(child.stdout).text()).trim()).toBe("true");
});
