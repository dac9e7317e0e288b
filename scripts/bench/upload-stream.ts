// Benchmark: a large file uploaded through the server (POST /api/upload, multipart form, streamed to
// S3, with its size stated and without) against the same bytes PUT straight to the same S3 server, in
// the same run. Prints the throughputs, their ratio to the direct PUT, the server process's peak RSS
// growth during each upload, and the machine's load (the figures move with it).
// Run: bun run bench upload-stream   (BENCH_UPLOAD_MB sets the size, default 1024)
import { Readable } from "node:stream";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { startS3Server } from "../test/services";
import { generatedStream, mib, sampleRss } from "./helpers";

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const SIZE = SIZE_MB * 1024 * 1024;
const MIN_RATIO = 0.8;
const MAX_RSS_GROWTH = 32 * 1024 * 1024;

const s3 = await startS3Server();
const password = "bench-admin-password";
const app = await startServerProcess({
  env: { ADMIN_PASSWORD: password },
  bunArgs: process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [],
});

try {
  const base = app.baseUrl;
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
      body: JSON.stringify({
        name: "bench s3",
        provider_type: "Other S3 Compatible",
        endpoint_url: s3.endpoint,
        bucket_name: s3.bucket,
        region: s3.region,
        access_key_id: s3.accessKeyId,
        secret_access_key: s3.secretAccessKey,
        path_style: true,
      }),
    })
  ).json();

  // Direct: one streamed PUT from this process to S3, the client's best case.
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
  const started = performance.now();
  await client.send(
    new PutObjectCommand({
      Bucket: s3.bucket,
      Key: "bench/direct.bin",
      Body: Readable.fromWeb(generatedStream(SIZE) as unknown as import("node:stream/web").ReadableStream<Uint8Array>),
      ContentLength: SIZE,
    }),
  );
  const directSeconds = (performance.now() - started) / 1000;

  // Through the app: a multipart form whose file part is generated while it is sent; with the file's
  // size stated (the app streams it to S3 in one PUT) and without (the app cuts it into parts).
  async function uploadThroughApp(statesSize: boolean) {
    const boundary = `----pastebox${crypto.randomUUID()}`;
    const head = new TextEncoder().encode(
      (process.env.BENCH_TARGET === "local"
        ? ""
        : `--${boundary}\r\nContent-Disposition: form-data; name="s3_config_id"\r\n\r\n${config.data.id}\r\n`) +
        (statesSize ? `--${boundary}\r\nContent-Disposition: form-data; name="size"\r\n\r\n${SIZE}\r\n` : "") +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    const fileStream = generatedStream(SIZE);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(head);
        const reader = fileStream.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) controller.enqueue(next.value);
        controller.enqueue(tail);
        controller.close();
      },
    });
    const rss = sampleRss(app.pid);
    const started = performance.now();
    const response = await fetch(`${base}/api/upload`, {
      method: "POST",
      headers: {
        ...auth,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(head.length + SIZE + tail.length),
      },
      body,
    });
    const seconds = (performance.now() - started) / 1000;
    const memory = rss.stop();
    const result = await response.json();
    if (response.status !== 201 || result.data.size !== SIZE)
      throw new Error(`upload failed: ${JSON.stringify(result).slice(0, 300)}`);
    return { seconds, ...memory };
  }
  const stated = await uploadThroughApp(true);
  const parts = await uploadThroughApp(false);

  console.log(`\nUpload of ${SIZE_MB} MiB to the same S3 server (s3rver), same run:\n`);
  console.log("| path | seconds | MiB/s | vs direct | server RSS growth |");
  console.log("|---|---:|---:|---:|---:|");
  console.log(`| direct PUT to S3 | ${directSeconds.toFixed(1)} | ${(SIZE_MB / directSeconds).toFixed(1)} | 1.00 | |`);
  for (const [label, run] of [
    ["POST /api/upload, size stated (one streamed PUT)", stated],
    ["POST /api/upload, no size (in parts)", parts],
  ] as const) {
    console.log(
      `| ${label} | ${run.seconds.toFixed(1)} | ${(SIZE_MB / run.seconds).toFixed(1)} | ${(directSeconds / run.seconds).toFixed(2)} | ${mib(run.growth)} (from ${mib(run.baseline)}) |`,
    );
  }
  const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
  console.log(`\nMachine load average (1, 5, 15 min) at the end: ${load}`);
  for (const [label, run] of [
    ["size stated", stated],
    ["no size", parts],
  ] as const) {
    const ratio = directSeconds / run.seconds;
    console.log(
      `Budgets (issue 17), ${label}: upload >= ${MIN_RATIO}x of the direct PUT: ${ratio >= MIN_RATIO ? "met" : "NOT met"}; ` +
        `RSS growth < ${mib(MAX_RSS_GROWTH)}: ${run.growth < MAX_RSS_GROWTH ? "met" : "NOT met"}`,
    );
  }
} finally {
  // SIGTERM lets the server shut down cleanly (and write its CPU profile when asked).
  await app.stop();
  await s3.stop();
}
