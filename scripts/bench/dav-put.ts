// Benchmark: a large file PUT through WebDAV (/dav) to a mount on the S3 server (s3rver) in each
// WebDAV upload mode, and to a mount on local storage. Prints each throughput and the server
// process's peak RSS growth during the upload (after a warm-up): memory must stay flat whatever the
// file size (compare BENCH_UPLOAD_MB=64 with the default).
// Run: bun run bench dav-put   (BENCH_UPLOAD_MB sets the size, default 1024)

import { s3StorageBody } from "../test/s3-storage";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { generatedStream, mib, sampleRss } from "./kit/helpers";
import { startS3Process } from "./kit/s3-process";

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const SIZE = SIZE_MB * 1024 * 1024;

type Case = {
  mount: "/s3" | "/local";
  mode: "auto" | "proxy" | "multipart" | "direct";
  chunked: boolean;
  note: string;
};
const CASES: Case[] = [
  { mount: "/s3", mode: "auto", chunked: false, note: "auto = one streamed PUT up to 5 GiB" },
  { mount: "/s3", mode: "proxy", chunked: false, note: "one streamed PUT" },
  { mount: "/s3", mode: "direct", chunked: false, note: "presigned PUT from the server" },
  { mount: "/s3", mode: "auto", chunked: true, note: "length unknown (macOS, davfs2): multipart" },
  { mount: "/local", mode: "auto", chunked: false, note: "auto = streamed to a temp file" },
];

const s3 = await startS3Process();
const password = "bench-admin-password";
const server = await startServerProcess({ env: { ADMIN_PASSWORD: password } });

try {
  const base = server.baseUrl;
  const json = { "content-type": "application/json" };
  const auth = { authorization: await adminAuthorization(base, password) };
  async function api(method: string, path: string, body: unknown) {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...json, ...auth },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!answer.success) throw new Error(`${path}: ${answer.message}`);
    return answer.data;
  }
  await api("PUT", "/admin/system-settings", { max_upload_size: SIZE_MB * 2 });
  const s3Config = await api("POST", "/s3-configs", s3StorageBody("bench s3", s3));
  // The local storage created on first start stays the default.
  const configs: { id: string; is_default: boolean }[] = await api("GET", "/s3-configs", undefined);
  const localId = configs.find((config) => config.is_default)?.id;
  await api("POST", "/admin/mounts", { name: "S3", mount_path: "/s3", storage_config_id: s3Config.id });
  await api("POST", "/admin/mounts", { name: "Local", mount_path: "/local", storage_config_id: localId });

  const dav = { authorization: `Basic ${Buffer.from(`admin:${password}`).toString("base64")}` };
  // One unmeasured 40 MiB PUT per case first, so that one-time costs (code loaded and compiled, the
  // S3 client, the database) do not count as growth: the figures are the upload's own.
  for (const run of CASES) {
    await api("PUT", "/admin/system-settings", { webdav_upload_mode: run.mode });
    const warmUp = `${base}/dav${run.mount}/warm-up.bin`;
    const size = 40 * 1024 * 1024;
    const headers = { ...dav, ...(run.chunked ? {} : { "content-length": String(size) }) };
    const response = await fetch(warmUp, { method: "PUT", headers, body: generatedStream(size) });
    if (response.status !== 201 && response.status !== 204) throw new Error(`warm-up PUT: ${response.status}`);
  }
  const rows: string[] = [];
  for (const run of CASES) {
    await api("PUT", "/admin/system-settings", { webdav_upload_mode: run.mode });
    const url = `${base}/dav${run.mount}/bench-${run.mode}-${run.chunked ? "chunked" : "sized"}.bin`;
    Bun.gc(true);
    await Bun.sleep(500);
    const sampler = sampleRss(server.pid);
    const started = performance.now();
    const response = await fetch(url, {
      method: "PUT",
      headers: {
        ...dav,
        "content-type": "application/octet-stream",
        ...(run.chunked ? {} : { "content-length": String(SIZE) }),
      },
      body: generatedStream(SIZE),
    });
    const seconds = (performance.now() - started) / 1000;
    const memory = sampler.stop();
    if (response.status !== 201) throw new Error(`PUT ${url}: ${response.status} ${await response.text()}`);
    const stored = await fetch(url, { method: "HEAD", headers: dav });
    if (stored.headers.get("content-length") !== String(SIZE))
      throw new Error(`${url} stored ${stored.headers.get("content-length")} bytes`);
    await fetch(url, { method: "DELETE", headers: dav });
    rows.push(
      `| ${run.mount === "/s3" ? "S3 (s3rver)" : "local disk"} | ${run.mode}${run.chunked ? ", chunked" : ""} | ${run.note} | ${seconds.toFixed(1)} | ${(SIZE_MB / seconds).toFixed(1)} | ${mib(memory.baseline)} | ${mib(memory.growth)} |`,
    );
  }
  const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
  console.log(`\nPUT of ${SIZE_MB} MiB through /dav (Basic auth, admin), one run; S3 is s3rver in its own process:\n`);
  console.log("| storage | upload mode | path | seconds | MiB/s | server RSS before | peak RSS growth |");
  console.log("|---|---|---|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
  console.log(`\nMachine load average (1, 5, 15 min) at the end: ${load}`);
} finally {
  await server.stop();
  await s3.stop();
}
