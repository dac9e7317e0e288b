// Benchmark: a shared folder downloaded whole as a zip (GET /api/public/shares/{slug}/zip, streamed by the
// server with client-zip) against the same objects read straight through the server one by one
// (GET /api/admin/fs/download). Prints MiB/s of each and the server process's peak RSS growth during each,
// and checks the zip's length against its Content-Length. Files are written straight into the app's
// default local storage (a mount of it), so setting up costs no upload.
// With many entries (BENCH_ZIP_FILES=100000) it also prints the server's RSS at each quarter of the zip's
// bytes: flat memory means those figures stay level while the entries stream (docs/performance.md).
// Run: bun run bench zip
//   BENCH_ZIP_MB     the folder's size (default 2048)
//   BENCH_ZIP_FILES  how many files it is cut into (default 16); past 1000 the one-by-one reading,
//                    one request per file, is left out
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { mib, rssOf, sampleRss } from "./kit/helpers";

const SIZE_MB = Number(process.env.BENCH_ZIP_MB ?? 2048);
const FILES = Number(process.env.BENCH_ZIP_FILES ?? 16);
const FILE_SIZE = Math.floor((SIZE_MB * 1024 * 1024) / FILES);
const CHUNK = 4 * 1024 * 1024;
/** Past this many files, reading each one straight (a request per file) measures HTTP, not storage. */
const STRAIGHT_MAX_FILES = 1000;
const fileName = (index: number) => `file-${String(index).padStart(Math.max(3, String(FILES - 1).length), "0")}.bin`;
const password = "bench-admin-password";

const server = await startServerProcess({ env: { ADMIN_PASSWORD: password } });
try {
  const base = server.baseUrl;
  const auth = { authorization: await adminAuthorization(base, password) };
  const json = { ...auth, "content-type": "application/json" };
  const storages = await (await fetch(`${base}/api/s3-configs`, { headers: auth })).json();
  const mount = await fetch(`${base}/api/admin/mounts`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      name: "bench",
      mount_path: "/bench",
      storage_config_id: storages.data[0].id,
      folder: "bench",
    }),
  });
  if (mount.status !== 201) throw new Error(`mount: ${await mount.text()}`);

  // The folder, written chunk by chunk (never whole in memory).
  const folder = join(server.dataDir, "storage", "bench", "folder");
  mkdirSync(folder, { recursive: true });
  const chunk = crypto.getRandomValues(new Uint8Array(CHUNK));
  for (let index = 0; index < FILES; index++) {
    const writer = Bun.file(join(folder, fileName(index))).writer();
    for (let written = 0; written < FILE_SIZE; written += CHUNK)
      writer.write(chunk.subarray(0, Math.min(CHUNK, FILE_SIZE - written)));
    await writer.end();
  }

  /** Reads a body to its end; with `expected`, notes the server's RSS as each quarter of it arrives. */
  async function drain(response: Response, expected = 0, quarters: number[] = []): Promise<number> {
    if (!response.ok || !response.body) throw new Error(`${response.status} ${await response.text()}`);
    let bytes = 0;
    const reader = response.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      bytes += next.value.length;
      if (expected > 0 && bytes >= (expected * (quarters.length + 1)) / 4 && quarters.length < 4)
        quarters.push(rssOf(server.pid));
    }
    return bytes;
  }

  async function measure(label: string, run: () => Promise<number>) {
    Bun.gc(true);
    await Bun.sleep(300);
    const rss = sampleRss(server.pid);
    const started = performance.now();
    const bytes = await run();
    const seconds = (performance.now() - started) / 1000;
    const memory = rss.stop();
    console.log(
      `| ${label} | ${mib(bytes)} | ${(bytes / 1024 / 1024 / seconds).toFixed(1)} | ${mib(memory.growth)} | ${mib(memory.peak)} |`,
    );
    return bytes;
  }

  const shared = await fetch(`${base}/api/admin/fs/share`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ path: "/bench/folder" }),
  });
  const slug = (await shared.json()).data.slug as string;
  const visit = (await (await fetch(`${base}/api/public/shares/${slug}`)).json()).data.visit as string;

  console.log(
    `A folder of ${FILES} files, ${mib(FILE_SIZE * FILES)}; load ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`,
  );
  console.log("| read | bytes | MiB/s | server RSS growth | server RSS peak |");
  console.log("|---|---:|---:|---:|---:|");
  if (FILES <= STRAIGHT_MAX_FILES) {
    await measure("each file straight (/admin/fs/download)", async () => {
      let total = 0;
      for (let index = 0; index < FILES; index++) {
        const path = `/bench/folder/${fileName(index)}`;
        total += await drain(
          await fetch(`${base}/api/admin/fs/download?${new URLSearchParams({ path })}`, { headers: auth }),
        );
      }
      return total;
    });
  }
  // The server sets the zip's exact length; Bun 1.4.5 sends a large streamed body chunked anyway.
  const expected = (
    await fetch(`${base}/api/public/shares/${slug}/zip?${new URLSearchParams({ visit })}`, { method: "HEAD" })
  ).headers.get("content-length");
  let announced: string | null = null;
  let sent = 0;
  const quarters: number[] = [];
  await measure("the folder as one zip (/public/shares/{slug}/zip)", async () => {
    const response = await fetch(`${base}/api/public/shares/${slug}/zip?${new URLSearchParams({ visit })}`);
    announced = response.headers.get("content-length");
    sent = await drain(response, Number(expected ?? 0), quarters);
    return sent;
  });
  if (quarters.length > 0) console.log(`Server RSS at 1/4, 2/4, 3/4, 4/4 of the zip: ${quarters.map(mib).join(", ")}`);
  console.log(
    `Content-Length on the wire: ${announced ?? "none (chunked)"}; zip bytes received: ${sent}${expected ? `; HEAD says ${expected}` : ""}`,
  );
} finally {
  await server.stop();
}
