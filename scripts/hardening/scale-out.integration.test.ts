// Two server processes on one Postgres database and one S3 server (item 1 of the hardening issue; see
// scale-out.ts for the rules checked): exact view limits across processes, sessions, API keys and
// rate limits shared, and the listing-cache TTL rule.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { requirePostgresUrl } from "../../server/test/harness";
import { type Services, startHardeningServices } from "./kit";
import { printScaleOut, runScaleOut, scaleOutProblems } from "./scale-out";

let services: Services;

beforeAll(async () => {
  requirePostgresUrl();
  services = await startHardeningServices();
});

afterAll(async () => {
  await services?.stop();
});

test("500 views over two processes give exactly 50 deliveries; auth, limits and cache hold across them", async () => {
  const report = await runScaleOut(services);
  printScaleOut(report);
  expect(scaleOutProblems(report)).toEqual([]);
  expect(report.paste.deliveries).toBe(50);
  expect(report.file.deliveries).toBe(50);
}, 300_000);
