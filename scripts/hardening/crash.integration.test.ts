// Crash consistency (item 6 of the hardening issue; see crash.ts): SIGKILL during 50 concurrent
// uploads (through the server and multipart) and paste writes, restart on the same data, sweep; no
// committed work lost, no record without its object, unfinished multipart uploads and interrupted
// writes cleaned, database integrity intact. SQLite (local storage) and Postgres (S3 storage).
import { describe, expect, test } from "bun:test";
import { crashProblems, printCrash, runCrash } from "./crash";
import { hardeningServicesOfSuite } from "./test-services";

const services = hardeningServicesOfSuite();

describe.each(["sqlite", "postgres"] as const)("crash on %s", (provider) => {
  test("kill -9 mid-upload: nothing committed is lost, nothing dangles, the sweep cleans the rest", async () => {
    const report = await runCrash(provider, services.current);
    printCrash(report);
    expect(crashProblems(report)).toEqual([]);
    expect(report.committed.upload).toBeGreaterThan(0);
    expect(report.committed.multipart).toBeGreaterThan(0);
    expect(report.committed.paste).toBeGreaterThan(0);
  }, 300_000);
});
