// The test command's own rules: counts come from bun's JUnit report, a skip or todo is not a pass, and
// a suite past its time limit is killed with everything it started.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { budgetJunitReport } from "../bench/weight";
import { run, tallyJunitReport } from "./run";

const dir = mkdtempSync(path.join(tmpdir(), "pastebox-run-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a JUnit report from bun test: passes, failures, and skips and todos by name", async () => {
  const file = path.join(dir, "mixed.test.ts");
  writeFileSync(
    file,
    `import { describe, expect, test } from "bun:test";
test("adds", () => expect(1 + 1).toBe(2));
test.skip("skipped", () => {});
test.todo("later");
test.skipIf(true)("skipped on this machine", () => {});
describe("group", () => {
  test("fails", () => expect(1).toBe(2));
  test("passes", () => expect(true).toBe(true));
});
`,
  );
  const report = path.join(dir, "mixed.xml");
  const child = Bun.spawn([process.execPath, "test", "--reporter=junit", `--reporter-outfile=${report}`, file], {
    cwd: dir,
    stdout: "ignore",
    stderr: "ignore",
  });
  expect(await child.exited).toBe(1);
  const tally = tallyJunitReport(readFileSync(report, "utf8"));
  expect(tally.passed).toBe(2);
  expect(tally.failed).toBe(1);
  expect(tally.failures).toEqual(["mixed.test.ts:7 group > fails"]);
  expect(tally.skipped).toEqual([
    "mixed.test.ts:3 skipped",
    "mixed.test.ts:4 later",
    "mixed.test.ts:5 skipped on this machine",
  ]);
}, 30_000);

test("a command past its time limit is killed with the processes it started", async () => {
  const marker = path.join(dir, "survivor");
  // The shell starts a grandchild that would write the marker after 2 s, then waits.
  const started = Date.now();
  const result = await run(["sh", "-c", `(sleep 2; touch ${marker}) & sleep 30`], process.env, 500);
  expect(result.timedOut).toBe(true);
  expect(Date.now() - started).toBeLessThan(10_000);
  await Bun.sleep(3000);
  expect(existsSync(marker)).toBe(false);
}, 30_000);

test("the page weight budgets count as tests: one over its budget fails, and the run with it", () => {
  const tally = tallyJunitReport(
    budgetJunitReport([
      { name: "Paste link (Markdown) (JS)", bytes: 116.7 * 1024, budget: 120 * 1024 },
      { name: "Upload (JS)", bytes: 161.4 * 1024, budget: 160 * 1024 },
      { name: "Anonymous visitor <8 s> & co", bytes: 356 * 1024, budget: 400 * 1024 },
    ]),
  );
  expect(tally).toMatchObject({ passed: 2, failed: 1, skipped: [] });
  expect(tally.failures).toEqual([expect.stringContaining("Upload (JS)")]);
});
