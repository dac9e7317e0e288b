// Brute force against a real server process: login, API keys and share passwords limited with 429 and
// Retry-After (the right secret refused while limited, accepted after the window), bursts of
// simultaneous guesses held to the limit, and no timing difference between a wrong user name and a
// wrong password (item 7 of the hardening issue; see brute-force.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type ServerProcess, startServerProcess } from "../test/server-process";
import { bruteForceProblems, printBruteForce, runBruteForce } from "./brute-force";

const PASSWORD = "brute-force-admin-password";
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD } });
});

afterAll(async () => {
  await server?.stop();
});

test("login, API keys and share passwords are limited; wrong user and wrong password take the same time", async () => {
  const report = await runBruteForce({
    baseUrl: server.baseUrl,
    databaseUrl: `file:${server.dataDir}/pastebox.db`,
    adminPassword: PASSWORD,
    timingSamples: 200,
  });
  printBruteForce(report);
  expect(bruteForceProblems(report)).toEqual([]);
  expect(report.checks.map((check) => check.name)).toEqual([
    "admin login",
    "API key",
    "paste password",
    "file share password",
  ]);
  expect(server.isAlive()).toBe(true);
}, 900_000);
