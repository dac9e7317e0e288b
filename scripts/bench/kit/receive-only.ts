// What Bun's receiving side costs by itself: a server whose handler only reads a POST body and drops
// it (no parsing, no storage), in a process of its own, so its RSS growth is the floor under the
// upload route's (`upload-stream`). Each way of reading runs in a fresh server process, in rounds.
// (A BYOB reader, `getReader({ mode: "byob" })`, is refused: Bun's request body is not a byte stream.)
// Run: bun scripts/bench/kit/receive-only.ts   (BENCH_UPLOAD_MB sets the size, default 256;
// BENCH_ROUNDS the rounds, default 2)
import { generatedStream, mib, sampleRss } from "./helpers";

const READERS = {
  /** `reader.read()` on the body stream, each chunk dropped. */
  read: async (body: ReadableStream<Uint8Array>) => {
    const reader = body.getReader();
    let size = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) size += next.value.byteLength;
    return size;
  },
  /** `reader.read()` at most ~100 MiB/s (a pause of 10 ms a MiB), as slow as a store downstream. */
  slowRead: async (body: ReadableStream<Uint8Array>) => {
    const reader = body.getReader();
    let size = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size % (1024 * 1024) < next.value.byteLength) await Bun.sleep(10);
    }
    return size;
  },
  /** `for await` over the body. */
  forAwait: async (body: ReadableStream<Uint8Array>) => {
    let size = 0;
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) size += chunk.byteLength;
    return size;
  },
  /** The body forwarded as it is to another server by `fetch` (a proxy's best case). */
  forwardBody: async (body: ReadableStream<Uint8Array>) => forward(body),
  /** The chunks read in JavaScript and forwarded by `fetch` from an async generator (what the S3 PUT does). */
  forwardChunks: async (body: ReadableStream<Uint8Array>) =>
    forward(
      (async function* () {
        for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) yield chunk;
      })(),
    ),
  /** The chunks read in JavaScript and written to a Bun "direct" stream that `fetch` sends. */
  forwardDirect: async (body: ReadableStream<Uint8Array>) =>
    forward(
      new ReadableStream({
        type: "direct",
        async pull(controller: { write(chunk: Uint8Array): void; flush(): Promise<void> | number; close(): void }) {
          for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
            controller.write(chunk);
            await controller.flush();
          }
          controller.close();
        },
      } as unknown as UnderlyingDefaultSource<Uint8Array>),
    ),
  /** The request's chunks through Bun's native sink: `Bun.write` of the body to /dev/null. */
  devNull: async (body: ReadableStream<Uint8Array>) => Bun.write("/dev/null", new Response(body)),
} as const;
type ReaderName = keyof typeof READERS;

/** PUTs a body to the sink server the benchmark runs in its own process; answers the bytes it took. */
async function forward(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>) {
  const response = await fetch(process.argv[4] ?? "", {
    method: "PUT",
    body: body as ReadableStream<Uint8Array>,
    headers: { "content-type": "application/octet-stream" },
  });
  return Number(await response.text());
}

if (process.argv[2] === "serve") {
  const read = READERS[process.argv[3] as ReaderName];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    maxRequestBodySize: 8 * 1024 ** 3,
    async fetch(request) {
      if (!request.body) return new Response("0");
      return new Response(String(await read(request.body)));
    },
  });
  console.log(server.port);
} else {
  const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 256);
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
  const size = SIZE_MB * 1024 * 1024;
  // Where the forwarding handlers send the body (in this process: its memory is not measured).
  const sink = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    maxRequestBodySize: 8 * 1024 ** 3,
    fetch: async (request) => new Response(String(await Bun.write("/dev/null", new Response(request.body)))),
  });
  const load = async () => (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
  console.log(`Bun ${Bun.version}: a ${SIZE_MB} MiB POST whose body the handler reads and drops\n`);
  console.log("| round | reader | MiB/s | RSS growth | RSS at start | load |");
  console.log("|---|---|---:|---:|---:|---|");
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of Object.keys(READERS) as ReaderName[]) {
      const child = Bun.spawn([process.execPath, import.meta.path, "serve", name, sink.url.href], { stdout: "pipe" });
      const reader = child.stdout.getReader();
      const port = Number(new TextDecoder().decode((await reader.read()).value).trim());
      await Bun.sleep(300);
      const rss = sampleRss(child.pid);
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        method: "POST",
        headers: { "content-length": String(size) },
        body: generatedStream(size),
      });
      const received = Number(await response.text());
      const seconds = (performance.now() - started) / 1000;
      const memory = rss.stop();
      child.kill();
      await child.exited;
      if (received !== size) throw new Error(`${name}: received ${received} of ${size}`);
      console.log(
        `| ${round} | ${name} | ${(SIZE_MB / seconds).toFixed(0)} | ${mib(memory.growth)} | ${mib(memory.baseline)} | ${await load()} |`,
      );
    }
  }
  sink.stop();
}
