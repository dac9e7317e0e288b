// `bun run test`: every suite in one command. Starts the real services the tests need (a private
// Postgres cluster and an S3-compatible server), builds the client, runs the server, client and
// end-to-end suites, stops the services, and ends with one line `N passed, N failed`.
import { startPostgres, startS3Server } from "./services";

type Suite = { name: string; args: string[]; env?: Record<string, string> };

const SUITES: Suite[] = [
  { name: "server", args: ["test", "--timeout", "30000", "./server", "./shared", "./scripts"] },
  { name: "client", args: ["test", "--preload", "./client/test/setup-dom.ts", "./client/src"] },
  { name: "e2e", args: ["test", "--timeout", "60000", "./client/e2e"] },
];

async function run(
  command: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(command, { env, stdout: "pipe", stderr: "pipe" });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const text = decoder.decode(chunk.value, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)]);
  return { code: await child.exited, output };
}

function countOf(output: string, word: "pass" | "fail"): number {
  const match = new RegExp(`^\\s*(\\d+) ${word}$`, "m").exec(output);
  return match?.[1] ? Number(match[1]) : 0;
}

const only = process.argv.slice(2);
const suites = only.length ? SUITES.filter((suite) => only.includes(suite.name)) : SUITES;
let passed = 0;
let failed = 0;

console.log("Starting test services (PostgreSQL, S3 server)...");
const postgres = await startPostgres();
const s3 = await startS3Server();
const stopServices = async () => {
  await Promise.allSettled([postgres.stop(), s3.stop()]);
};
process.on("SIGINT", () => void stopServices().then(() => process.exit(130)));

try {
  const env = {
    ...process.env,
    NODE_ENV: "test",
    TEST_POSTGRES_URL: postgres.url,
    TEST_S3_ENDPOINT: s3.endpoint,
    TEST_S3_ACCESS_KEY_ID: s3.accessKeyId,
    TEST_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    TEST_S3_BUCKET: s3.bucket,
  };
  if (suites.some((suite) => suite.name === "e2e")) {
    console.log("Building the client...");
    const build = await run(["bun", "run", "build"], env);
    if (build.code !== 0) {
      console.error("The client build failed; the end-to-end suite counts as failed.");
      failed += 1;
    }
  }
  for (const suite of suites) {
    console.log(`\n=== ${suite.name} tests ===`);
    const result = await run([process.execPath, ...suite.args], { ...env, ...suite.env });
    const suitePassed = countOf(result.output, "pass");
    const suiteFailed = countOf(result.output, "fail");
    passed += suitePassed;
    failed += suiteFailed;
    // A suite that crashed or ran nothing is a failure, not a pass.
    if (result.code !== 0 && suiteFailed === 0) failed += 1;
    if (suitePassed + suiteFailed === 0) {
      console.error(`The ${suite.name} suite executed no test.`);
      if (result.code === 0) failed += 1;
    }
  }
} finally {
  await stopServices();
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
