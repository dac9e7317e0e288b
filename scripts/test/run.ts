// `bun run test`: every suite in one command. Starts the real services the tests need (a private
// Postgres cluster and an S3-compatible server), builds the client, checks the build's page weight
// budgets (scripts/bench/weight.ts), runs the server, client, end-to-end and container suites, stops
// the services, and ends with one line `N passed, N failed`.
//
// The counts come from each suite's JUnit report (bun test --reporter=junit), not from its console
// output. A skipped or todo test counts as failed: a suite is green only when every test in it ran.
// Each suite has a time limit; past it the suite's whole process group is killed and counts as failed.
// Every failure is named again just above that line: CI shows only the end of a long log.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DOMParser, type Element } from "@xmldom/xmldom";
import { type PostgresService, type S3Service, startPostgres, startS3Server } from "./services";

const MINUTE = 60_000;

type Suite = { name: string; args: string[]; limitMinutes: number };

const SUITES: Suite[] = [
  { name: "server", args: ["--timeout", "30000", "./server", "./shared", "./scripts"], limitMinutes: 60 },
  // Screen tests render whole admin modules in happy-dom: 3-4 s each on a busy 2-core machine, so
  // bun's default 5 s per test failed them at random; they assert behaviour, not speed.
  {
    name: "client",
    args: ["--timeout", "20000", "--preload", "./client/test/setup-dom.ts", "./client/src"],
    limitMinutes: 15,
  },
  // The accessibility walk of every state and dialog (docs/accessibility.md) took 837 s (English) and
  // 696 s (Chinese) at a load of 25-30 on 2 cores; the rest of the suite took about 25 minutes in the
  // last full CI. A ceiling against a hang, with room for a loaded machine.
  { name: "e2e", args: ["--timeout", "60000", "./client/e2e"], limitMinutes: 65 },
  // The container image built and run with podman (deploy/container.integration.test.ts): the first
  // run on a machine also makes the stand-in base image (~3 min), later runs reuse it.
  { name: "container", args: ["--timeout", "600000", "./deploy"], limitMinutes: 25 },
];

/** `failures` names each failed test (or why a suite failed outside its tests), `skipped` each one not run. */
type Tally = { passed: number; failed: number; failures: string[]; skipped: string[] };

/** Reads a JUnit report: every test case with a failure or error failed, one with `skipped` did not run. */
export function tallyJunitReport(xml: string): Tally {
  const document = new DOMParser().parseFromString(xml, "text/xml");
  const tally: Tally = { passed: 0, failed: 0, failures: [], skipped: [] };
  for (const testCase of Array.from(document.getElementsByTagName("testcase")) as Element[]) {
    const children = Array.from(testCase.childNodes).filter((node): node is Element => node.nodeType === 1);
    const has = (tag: string) => children.some((child) => child.tagName === tag);
    const where = `${testCase.getAttribute("file")}:${testCase.getAttribute("line")}`;
    const name = [testCase.getAttribute("classname"), testCase.getAttribute("name")].filter(Boolean).join(" > ");
    if (has("failure") || has("error")) {
      tally.failed += 1;
      tally.failures.push(`${where} ${name}`);
    } else if (has("skipped")) tally.skipped.push(`${where} ${name}`);
    else tally.passed += 1;
  }
  return tally;
}

/** A suite that failed outside its tests: one failure, named by why. */
function suiteFailure(why: string): Tally {
  console.error(why);
  return { passed: 0, failed: 1, failures: [why], skipped: [] };
}

/** Runs a command with the console passed through; past the limit its whole process group is killed. */
export async function run(command: string[], env: Record<string, string | undefined>, limitMs: number) {
  // Detached: the child leads its own process group, so servers and browsers it started go with it.
  const child = Bun.spawn(command, { env, stdout: "inherit", stderr: "inherit", detached: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.kill(-child.pid, "SIGKILL");
  }, limitMs);
  const code = await child.exited;
  clearTimeout(timer);
  return { code, timedOut };
}

async function runSuite(suite: Suite, env: Record<string, string | undefined>, reportDir: string): Promise<Tally> {
  console.log(`\n=== ${suite.name} tests (limit ${suite.limitMinutes} min) ===`);
  const report = path.join(reportDir, `${suite.name}.xml`);
  const args = ["test", "--reporter=junit", `--reporter-outfile=${report}`, ...suite.args];
  const result = await run([process.execPath, ...args], env, suite.limitMinutes * MINUTE);
  return tallyRun(suite, result, report);
}

/** The page weight check: each budget of scripts/bench/weight.ts is one test case, failed when over. */
const WEIGHT_CHECK = { name: "weight", limitMinutes: 10 };

async function runWeightCheck(env: Record<string, string | undefined>, reportDir: string): Promise<Tally> {
  console.log(`\n=== page weight budgets (limit ${WEIGHT_CHECK.limitMinutes} min) ===`);
  const report = path.join(reportDir, "weight.xml");
  const command = [process.execPath, "scripts/bench/weight.ts"];
  const result = await run(command, { ...env, WEIGHT_REPORT: report }, WEIGHT_CHECK.limitMinutes * MINUTE);
  return tallyRun(WEIGHT_CHECK, result, report);
}

/**
 * A finished run's tally from its JUnit report. A run that timed out, wrote no report or failed
 * outside its tests fails.
 */
function tallyRun(
  suite: { name: string; limitMinutes: number },
  result: { code: number; timedOut: boolean },
  report: string,
): Tally {
  if (result.timedOut) {
    return suiteFailure(`The ${suite.name} suite ran past its ${suite.limitMinutes}-minute limit and was stopped.`);
  }
  let tally: Tally;
  try {
    tally = tallyJunitReport(readFileSync(report, "utf8"));
  } catch {
    return suiteFailure(`The ${suite.name} suite wrote no test report (exit code ${result.code}).`);
  }
  // An error outside any test (a file that fails to load, an unhandled rejection) fails the run
  // without a failed test case: count it, so that such a suite is never green.
  const outside = (why: string) => {
    console.error(why);
    tally.failed += 1;
    tally.failures.push(why);
  };
  if (result.code !== 0 && tally.failed === 0)
    outside(`The ${suite.name} suite exited with code ${result.code} outside any test.`);
  if (tally.passed + tally.failed + tally.skipped.length === 0) outside(`The ${suite.name} suite executed no test.`);
  if (tally.skipped.length > 0) {
    console.error(`The ${suite.name} suite did not run ${tally.skipped.length} test(s) (skip or todo):`);
    for (const name of tally.skipped) console.error(`  ${name}`);
  }
  return tally;
}

if (import.meta.main) {
  const only = process.argv.slice(2);
  const suites = only.length ? SUITES.filter((suite) => only.includes(suite.name)) : SUITES;
  let passed = 0;
  let failed = 0;
  const notPassed: string[] = [];
  const count = (suite: string, tally: Tally) => {
    passed += tally.passed;
    failed += tally.failed + tally.skipped.length;
    for (const name of tally.failures) notPassed.push(`${suite}: failed ${name}`);
    for (const name of tally.skipped) notPassed.push(`${suite}: not run ${name}`);
  };
  let postgres: PostgresService | undefined;
  let s3: S3Service | undefined;
  const stopServices = async () => {
    await Promise.allSettled([postgres?.stop(), s3?.stop()]);
  };
  process.on("SIGINT", () => void stopServices().then(() => process.exit(130)));
  const reportDir = mkdtempSync(path.join(tmpdir(), "pastebox-junit-"));

  try {
    console.log("Starting test services (PostgreSQL, S3 server)...");
    postgres = await startPostgres();
    s3 = await startS3Server();
    const env = {
      ...process.env,
      NODE_ENV: "test",
      TEST_POSTGRES_URL: postgres.url,
      TEST_S3_ENDPOINT: s3.endpoint,
      TEST_S3_ACCESS_KEY_ID: s3.accessKeyId,
      TEST_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      TEST_S3_BUCKET: s3.bucket,
    };
    // The page weight is checked on the build the end-to-end suite uses (`bun run test weight` alone too).
    const checkWeight = only.length === 0 || only.includes("weight");
    if (checkWeight || suites.some((suite) => suite.name === "e2e")) {
      console.log("Building the client...");
      const build = await run(["bun", "run", "build"], env, 10 * MINUTE);
      if (build.code !== 0) {
        count(
          "build",
          suiteFailure("The client build failed; the end-to-end suite and the page weight check count as failed."),
        );
      } else if (checkWeight) {
        count("weight", await runWeightCheck(env, reportDir));
      }
    }
    for (const suite of suites) count(suite.name, await runSuite(suite, env, reportDir));
  } catch (error) {
    count(
      "run",
      suiteFailure(`The test run stopped: ${error instanceof Error ? (error.stack ?? error.message) : error}`),
    );
  } finally {
    await stopServices();
    rmSync(reportDir, { recursive: true, force: true });
  }

  if (notPassed.length > 0) console.log(`\nNot passed:\n${notPassed.map((line) => `  ${line}`).join("\n")}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
