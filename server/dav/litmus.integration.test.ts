// The litmus WebDAV compliance suite (Debian's litmus 0.13: basic, copymove, props, locks, http)
// against /dav on a real port, with the mount on local storage and on the real S3 server, on SQLite
// and Postgres (locks and dead properties live in the database). Every suite must end with zero
// failures and zero warnings.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STORAGE_CASES } from "../test/harness";
import { ADMIN_PASSWORD, ADMIN_USER, type DavServer, startDavServer } from "./dav-test-kit";

const LITMUS = "/usr/bin/litmus";
const SUITES = ["basic", "copymove", "props", "locks", "http"] as const;

type LitmusRun = { passed: number; failed: number; warnings: string[]; output: string };

async function runLitmus(url: string, suite: string, cwd: string): Promise<LitmusRun> {
  const child = Bun.spawn([LITMUS, url, ADMIN_USER, ADMIN_PASSWORD], {
    cwd,
    env: { ...process.env, TESTS: suite },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [output, errors] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  await child.exited;
  const summary = /summary for `[^']+': of (\d+) tests run: (\d+) passed, (\d+) failed/.exec(output);
  return {
    passed: Number(summary?.[2] ?? 0),
    failed: summary ? Number(summary[3]) : Number.NaN,
    warnings: output.split("\n").filter((line) => line.includes("WARNING")),
    output: output + errors,
  };
}

describe.each(STORAGE_CASES)("litmus on %s with %s storage", (provider, storage) => {
  let server: DavServer;
  let workDir: string;

  beforeAll(async () => {
    server = await startDavServer(provider, storage);
    workDir = mkdtempSync(join(tmpdir(), "pastebox-litmus-"));
  });
  afterAll(async () => {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  for (const suite of SUITES) {
    test(`${suite}: zero failures, zero warnings`, async () => {
      const run = await runLitmus(`${server.origin}/dav/docs/`, suite, workDir);
      if (run.failed !== 0 || run.warnings.length > 0) console.error(run.output);
      expect(run.failed).toBe(0);
      expect(run.passed).toBeGreaterThan(0);
      expect(run.warnings).toEqual([]);
    }, 120_000);
  }
});
