// Benchmark: a large file uploaded through the server (POST /api/upload, multipart form, streamed to
// S3, with its size stated and without) against the same bytes sent straight to the same S3 server
// (one streamed PUT, and in parts with the server's own part engine and settings), in rounds. Prints
// each round's throughputs, their ratio to the direct PUT, the server process's peak RSS growth
// during each upload (after a warm-up), and the machine's load (the figures move with it).
// Run: bun run bench upload-stream
//   BENCH_UPLOAD_MB   the size (default 1024)
//   BENCH_ROUNDS      rounds (default 2)
//   BENCH_COMPARE     another checkout (e.g. /work/main) whose server runs beside this one, the two
//                     taking turns in each round: a change measured against what it replaces
//   BENCH_CPU_PROF    a directory for the server's CPU profile (with a Markdown summary)
//   BENCH_TARGET=local  the app's default local storage instead of S3
//   BENCH_ONLY=stated|parts  only the server's upload with the size stated, or only the one in parts
//   BENCH_BUN_ARGS    extra arguments for the server's bun (e.g. `--preload=<file>` that logs its heap)
import { Readable } from "node:stream";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { FetchHttpHandler } from "@smithy/fetch-http-handler";
import { PART_CONCURRENCY, partSizeFor } from "../../server/storage/part-upload";
import { createS3Driver } from "../../server/storage/s3/s3";
import { testS3Client } from "../../server/test/s3-client";
import { s3StorageBody } from "../test/s3-storage";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../test/server-process";
import { generatedStream, mib, sampleRss } from "./kit/helpers";
import { startS3Process } from "./kit/s3-process";

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const SIZE = SIZE_MB * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MIN_RATIO = 0.8;
const MAX_RSS_GROWTH = 32 * 1024 * 1024;
const WARM_UP_BYTES = 24 * 1024 * 1024;

const s3 = await startS3Process();
const password = "bench-admin-password";
const nodeStream = (size: number) =>
  Readable.fromWeb(generatedStream(size) as unknown as import("node:stream/web").ReadableStream<Uint8Array>);
const load = async () => (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

type App = { label: string; server: ServerProcess; auth: Record<string, string>; configId: string };

async function startApp(label: string, root?: string): Promise<App> {
  const server = await startServerProcess({
    env: { ADMIN_PASSWORD: password },
    root,
    bunArgs:
      process.env.BENCH_CPU_PROF && !root
        ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : (process.env.BENCH_BUN_ARGS?.split(" ").filter(Boolean) ?? []),
  });
  const base = server.baseUrl;
  const json = { "content-type": "application/json" };
  const auth = { authorization: await adminAuthorization(base, password) };
  await fetch(`${base}/api/admin/system-settings`, {
    method: "PUT",
    headers: { ...json, ...auth },
    body: JSON.stringify({ max_upload_size: SIZE_MB * 2 }),
  });
  const config = await (
    await fetch(`${base}/api/s3-configs`, {
      method: "POST",
      headers: { ...json, ...auth },
      body: JSON.stringify(s3StorageBody("bench s3", s3)),
    })
  ).json();
  return { label, server, auth, configId: config.data.id };
}

// Through the app: a multipart form whose file part is generated while it is sent; with the file's
// size stated (the app streams it to S3 in one PUT) and without (the app cuts it into parts).
async function uploadThroughApp(app: App, statesSize: boolean, size: number) {
  const boundary = `----pastebox${crypto.randomUUID()}`;
  const head = new TextEncoder().encode(
    (process.env.BENCH_TARGET === "local"
      ? ""
      : `--${boundary}\r\nContent-Disposition: form-data; name="s3_config_id"\r\n\r\n${app.configId}\r\n`) +
      (statesSize ? `--${boundary}\r\nContent-Disposition: form-data; name="size"\r\n\r\n${size}\r\n` : "") +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const fileStream = generatedStream(size);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(head);
      const reader = fileStream.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) controller.enqueue(next.value);
      controller.enqueue(tail);
      controller.close();
    },
  });
  Bun.gc(true);
  await Bun.sleep(300);
  const rss = sampleRss(app.server.pid);
  const started = performance.now();
  const response = await fetch(`${app.server.baseUrl}/api/upload`, {
    method: "POST",
    headers: {
      ...app.auth,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + size + tail.length),
    },
    body,
  });
  const seconds = (performance.now() - started) / 1000;
  const memory = rss.stop();
  const result = await response.json();
  if (response.status !== 201 || result.data.size !== size)
    throw new Error(`upload failed: ${JSON.stringify(result).slice(0, 300)}`);
  return { seconds, ...memory };
}

// Direct, one streamed PUT from this process to S3: the client's best case, and the budget's baseline.
// Through Bun's fetch, as the server sends it: Bun's node:http client (the SDK's default) sent the same
// PUT 1.9-3.9 times slower here
// (256 MiB, three rounds, load average 22-23), which flattered the server.
const client = testS3Client(s3, {
  requestChecksumCalculation: "WHEN_REQUIRED",
  requestHandler: new FetchHttpHandler(),
});
async function directPut() {
  const started = performance.now();
  await client.send(
    new PutObjectCommand({
      Bucket: s3.bucket,
      Key: "bench/direct.bin",
      Body: generatedStream(SIZE),
      ContentLength: SIZE,
    }),
  );
  return (performance.now() - started) / 1000;
}
// Direct in parts: the server's own S3 driver and part engine (same part size and parts in flight),
// run in this process: what a multipart upload costs the store (s3rver writes each part, then
// copies them all into the object on completion), without the server's receiving side.
const driver = createS3Driver({ ...s3, forcePathStyle: true });
async function directParts() {
  const started = performance.now();
  const stored = await driver.put("bench/direct-parts.bin", nodeStream(SIZE), {});
  if (stored.size !== SIZE) throw new Error(`direct parts stored ${stored.size}`);
  return (performance.now() - started) / 1000;
}

const apps = [await startApp("this checkout")];
if (process.env.BENCH_COMPARE) apps.push(await startApp(`BENCH_COMPARE`, process.env.BENCH_COMPARE));
type Row = { round: number; app: string; path: string; seconds: number; direct: number; growth?: number };
const rows: Row[] = [];
try {
  // One small upload of each kind first, so that one-time costs (the AWS SDK loaded, code compiled)
  // do not count as the upload's growth.
  for (const app of apps) {
    await uploadThroughApp(app, true, WARM_UP_BYTES);
    await uploadThroughApp(app, false, WARM_UP_BYTES);
  }
  console.log(
    `\nUpload of ${SIZE_MB} MiB to the same S3 server (s3rver, its own process); parts of ${mib(partSizeFor(undefined))}, ${PART_CONCURRENCY} in flight\n`,
  );
  console.log("| round | path | seconds | MiB/s | vs direct PUT | server RSS growth | load (1, 5, 15 min) |");
  console.log("|---:|---|---:|---:|---:|---:|---|");
  const print = async (row: Row) => {
    rows.push(row);
    console.log(
      `| ${row.round} | ${row.app ? `${row.app}: ` : ""}${row.path} | ${row.seconds.toFixed(1)} | ${(SIZE_MB / row.seconds).toFixed(1)} | ${(row.direct / row.seconds).toFixed(2)} | ${row.growth === undefined ? "" : mib(row.growth)} | ${await load()} |`,
    );
  };
  for (let round = 1; round <= ROUNDS; round++) {
    const direct = await directPut();
    await print({ round, app: "", path: "direct PUT to S3", seconds: direct, direct });
    await print({ round, app: "", path: "direct, in parts", seconds: await directParts(), direct });
    // The two checkouts take turns going first.
    const order = round % 2 === 1 ? apps : [...apps].reverse();
    for (const statesSize of process.env.BENCH_ONLY === "stated"
      ? [true]
      : process.env.BENCH_ONLY === "parts"
        ? [false]
        : [true, false]) {
      for (const app of order) {
        const run = await uploadThroughApp(app, statesSize, SIZE);
        await print({
          round,
          app: apps.length > 1 ? app.label : "",
          path: statesSize
            ? "POST /api/upload, size stated (one streamed PUT)"
            : "POST /api/upload, no size (in parts)",
          seconds: run.seconds,
          direct,
          growth: run.growth,
        });
      }
    }
  }
  console.log(`\nOver ${ROUNDS} round(s): median (range); the budgets are judged on the medians:`);
  const paths = [...new Set(rows.map((row) => `${row.app ? `${row.app}: ` : ""}${row.path}`))];
  for (const path of paths) {
    const of = rows.filter((row) => `${row.app ? `${row.app}: ` : ""}${row.path}` === path);
    const ratios = of.map((row) => row.direct / row.seconds);
    const growths = of.map((row) => row.growth ?? 0);
    const ratio = median(ratios);
    const growth = of[0]?.growth === undefined ? undefined : median(growths);
    const range = (values: number[], show: (value: number) => string) =>
      `${show(Math.min(...values))}-${show(Math.max(...values))}`;
    const budget =
      growth === undefined || path.startsWith("BENCH_COMPARE")
        ? ""
        : `; budgets (docs/performance.md): >= ${MIN_RATIO}x ${ratio >= MIN_RATIO ? "met" : "NOT met"}, RSS growth < ${mib(MAX_RSS_GROWTH)} ${growth < MAX_RSS_GROWTH ? "met" : "NOT met"}`;
    console.log(
      `- ${path}: ${ratio.toFixed(2)}x (${range(ratios, (value) => value.toFixed(2))})` +
        `${growth === undefined ? "" : `, RSS +${mib(growth)} (${range(growths, mib)})`}${budget}`,
    );
  }
} finally {
  // SIGTERM lets the server shut down cleanly (and write its CPU profile when asked).
  for (const app of apps) await app.server.stop();
  await s3.stop();
}
