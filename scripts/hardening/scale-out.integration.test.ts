// Two server processes on one Postgres database and one S3 server (item 1 of the hardening issue; see
// scale-out.ts for the rules checked): exact view limits across processes, sessions, API keys and
// rate limits shared, and the listing-cache TTL rule.
import { expect, test } from "bun:test";
import { printScaleOut, runScaleOut, scaleOutProblems } from "./scale-out";
import { hardeningServicesOfSuite } from "./test-services";

const services = hardeningServicesOfSuite();

test("500 views over two processes give exactly 50 deliveries; auth, limits and cache hold across them", async () => {
  const report = await runScaleOut(services.current);
  printScaleOut(report);
  expect(scaleOutProblems(report)).toEqual([]);
  expect(report.paste.deliveries).toBe(50);
  expect(report.file.deliveries).toBe(50);
}, 300_000);
