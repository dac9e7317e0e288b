// Benchmark: a shared folder downloaded whole as a zip (GET /api/public/shares/{slug}/zip, streamed by the
// server with client-zip) against the same objects read straight through the server one by one
// (GET /api/admin/fs/download). Prints MiB/s of each and the server process's peak RSS growth during each,
// and checks the zip's length against its Content-Length. Files are written straight into the app's
// default local storage (a mount of it), so setting up costs no upload.
// It also prints the server's RSS idle, while a HEAD lists the folder (what the zip holds before its first
// byte) and at each quarter of the zip's bytes: flat memory means those figures stay level while the
// entries stream, whatever the number of entries (BENCH_ZIP_FILES=100000; docs/performance.md).
// Run: bun run bench zip
//   BENCH_ZIP_MB       the folder's size (default 2048)
//   BENCH_ZIP_FILES    how many files it is cut into (default 16); past 1000 the one-by-one reading,
//                      one request per file, is left out
//   BENCH_ZIP_STORAGE  "local" (default) or "s3": an in-process s3rver seeded in its own layout on disk
//                      (scripts/test/services.ts), the files in sub-folders of 1,000 because s3rver
//                      reads a whole directory again for every page of keys (scripts/bench/fs-list.ts)
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { s3StorageBody } from "../test/s3-storage";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { type S3Service, seedS3rverObjects, startS3Server } from "../test/services";
import { mib, rssOf, sampleRss } from "./kit/helpers";

const SIZE_MB = Number(process.env.BENCH_ZIP_MB ?? 2048);
const FILES = Number(process.env.BENCH_ZIP_FILES ?? 16);
const FILE_SIZE = Math.floor((SIZE_MB * 1024 * 1024) / FILES);
const CHUNK = 4 * 1024 * 1024;
/** Past this many files, reading each one straight (a request per file) measures HTTP, not storage. */
const STRAIGHT_MAX_FILES = 1000;
const STORAGE = process.env.BENCH_ZIP_STORAGE === "s3" ? "s3" : "local";
const SUB_FOLDER_FILES = 1000;
const digits = (count: number) => Math.max(3, String(count - 1).length);
const plainName = (index: number) => `file-${String(index).padStart(digits(FILES), "0")}.bin`;
/** A file's path in the shared folder: flat on local disk, in sub-folders of 1,000 on s3rver. */
const fileName = (index: number) =>
  STORAGE === "s3" && FILES > SUB_FOLDER_FILES
    ? `part-${String(Math.floor(index / SUB_FOLDER_FILES)).padStart(digits(FILES / SUB_FOLDER_FILES), "0")}/${plainName(index)}`
    : plainName(index);
const password = "bench-admin-password";

const s3: S3Service | null = STORAGE === "s3" ? await startS3Server() : null;
const server = await startServerProcess({ env: { ADMIN_PASSWORD: password } });
try {
  const base = server.baseUrl;
  const auth = { authorization: await adminAuthorization(base, password) };
  const json = { ...auth, "content-type": "application/json" };
  let storageId: string;
  if (s3) {
    const created = await fetch(`${base}/api/s3-configs`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(s3StorageBody("bench s3", s3)),
    });
    if (!created.ok) throw new Error(`s3 config: ${await created.text()}`);
    storageId = (await created.json()).data.id;
  } else {
    storageId = (await (await fetch(`${base}/api/s3-configs`, { headers: auth })).json()).data[0].id;
  }
  const mount = await fetch(`${base}/api/admin/mounts`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: "bench", mount_path: "/bench", storage_config_id: storageId, folder: "bench" }),
  });
  if (mount.status !== 201) throw new Error(`mount: ${await mount.text()}`);

  if (s3) {
    // One body for every object, made once (the bench's own memory is not the server's).
    const body = "x".repeat(FILE_SIZE);
    seedS3rverObjects(
      s3,
      s3.bucket,
      (function* () {
        for (let index = 0; index < FILES; index++) yield [`bench/folder/${fileName(index)}`, body];
      })(),
    );
  } else {
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
    `A folder of ${FILES} files, ${mib(FILE_SIZE * FILES)}, on ${STORAGE} storage; load ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`,
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
  // The server sets the zip's exact length; Bun 1.4.5 sends a large streamed body chunked anyway. The
  // HEAD lists the folder as the download will: its RSS against the idle server's is what the listing
  // costs before the first byte.
  const idle = rssOf(server.pid);
  const listing = sampleRss(server.pid);
  const expected = (
    await fetch(`${base}/api/public/shares/${slug}/zip?${new URLSearchParams({ visit })}`, { method: "HEAD" })
  ).headers.get("content-length");
  console.log(`Server RSS idle: ${mib(idle)}; peak while the HEAD lists the folder: ${mib(listing.stop().peak)}`);
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
  await s3?.stop();
}
