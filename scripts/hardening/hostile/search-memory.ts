// Where the hostile run's search phase puts its memory (docs/performance.md, "The hostile-traffic
// run"): a server process with memory-hook.ts preloaded, the phase's mount and read-only key, then
// one kind of traffic for 10 s while the server's RSS and collector heap are read every 200 ms:
//   full      the phase's attack: 4 callers' batches of 16 live searches (mostly refused, 429)
//   searches  2 single live searches at a time: the caller's slots, never a refusal
//   mixed     both at once
// It prints the peak RSS growth, and the heap and RSS after a full collection once the traffic
// has stopped (a JS heap back near its start with RSS still high is the collector's pages not yet
// returned, not memory kept). VERBOSE=1 prints every sample; SMOL=1 runs the server with --smol.
//   VARIANT=searches bun scripts/hardening/hostile/search-memory.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TRPC_MAX_BATCH_CALLS } from "@shared/constants";
import superjson from "superjson";
import { adminAuthorization, startServerProcess } from "../../test/server-process";
import { callOk } from "../kit";

const MIB = 1024 * 1024;
const VARIANT = process.env.VARIANT ?? "full";
const PASSWORD = "hostile-admin-password";
const server = await startServerProcess({
  env: { ADMIN_PASSWORD: PASSWORD, SECRET: "hostile-run-shared-secret-0123456789abcdef" },
  bunArgs: [`--preload=${join(import.meta.dir, "memory-hook.ts")}`, ...(process.env.SMOL ? ["--smol"] : [])],
});
const marks: { at: number; label: string }[] = [];
const mark = (label: string) => marks.push({ at: Date.now(), label });
try {
  const baseUrl = server.baseUrl;
  const admin = await adminAuthorization(baseUrl, PASSWORD);
  await Bun.sleep(1000);
  server.signal("SIGUSR2");
  await Bun.sleep(300);
  mark("start");
  const configs = (await callOk(baseUrl, "GET", "/s3-configs", { auth: admin })) as {
    id: string;
    is_default: boolean;
  }[];
  const folder = join(server.dataDir, "storage", "hostile-search");
  for (let index = 0; index < 3000; index++) {
    const sub = join(folder, `d${index % 30}`, `e${index % 7}`);
    if (index < 210) mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `file-${index}.txt`), "x");
  }
  await callOk(baseUrl, "POST", "/admin/mounts", {
    auth: admin,
    body: {
      name: "hostile",
      mount_path: "/hostile",
      storage_config_id: configs.find((config) => config.is_default)?.id,
      folder: "hostile-search",
    },
  });
  const key = await callOk(baseUrl, "POST", "/admin/api-keys", {
    auth: admin,
    body: { name: "hostile reader", mount_permission: true, mount_read_only: true },
  });
  mark("setup done");
  await Bun.sleep(3000);
  const pathOf = (count: number) => {
    const calls = Array.from({ length: count }, () => ({ q: "file-1", source: "live" }));
    const input = Object.fromEntries(calls.map((call, index) => [index, superjson.serialize(call)]));
    return `/trpc/${calls.map(() => "fs.search").join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
  };
  const tally: Record<string, number> = {};
  const until = Date.now() + 10_000;
  const worker = async (path: string) => {
    while (Date.now() < until) {
      const answer = await fetch(`${baseUrl}${path}`, { headers: { authorization: `ApiKey ${key.key}` } });
      const body = (await answer.json()) as { error?: { json: { data: { httpStatus: number } } } }[];
      for (const call of body) {
        const status = String(call.error?.json.data.httpStatus ?? 200);
        tally[status] = (tally[status] ?? 0) + 1;
      }
    }
  };
  mark(`attack ${VARIANT}`);
  const singles = VARIANT === "searches" || VARIANT === "mixed" ? 2 : 0;
  const batches = VARIANT === "full" || VARIANT === "mixed" ? 4 : 0;
  await Promise.all([
    ...Array.from({ length: singles }, () => worker(pathOf(1))),
    ...Array.from({ length: batches }, () => worker(pathOf(TRPC_MAX_BATCH_CALLS))),
  ]);
  mark(`attack done ${JSON.stringify(tally)}`);
  await Bun.sleep(3000);
  server.signal("SIGUSR2");
  await Bun.sleep(2000);
  mark("end");
} finally {
  await server.stop();
}
const pattern = /memory-hook t=(\d+) rss=(\d+) heap=(\d+) cap=(\d+) extra=(\d+)/g;
const samples = [...server.output().matchAll(pattern)].map((match) => match.slice(1).map(Number));
const startedAt = marks[0]?.at ?? 0;
const startRss = samples.filter(([at = 0]) => at <= startedAt).at(-1)?.[1] ?? 0;
let peak = 0;
let next = 0;
const mib = (bytes: number) => (bytes / MIB).toFixed(0);
for (const [at = 0, rss = 0, heap = 0, capacity = 0] of samples) {
  if (at < startedAt) continue;
  for (; next < marks.length && (marks[next]?.at ?? 0) <= at; next++) {
    console.log(`--- ${(((marks[next]?.at ?? 0) - startedAt) / 1000).toFixed(1)} s ${marks[next]?.label}`);
  }
  peak = Math.max(peak, rss - startRss);
  if (process.env.VERBOSE) {
    console.log(
      `${((at - startedAt) / 1000).toFixed(1)} s rss +${mib(rss - startRss)} heap ${mib(heap)} capacity ${mib(capacity)}`,
    );
  }
}
for (; next < marks.length; next++) console.log(`--- ${marks[next]?.label}`);
for (const match of server.output().matchAll(/memory-hook collected rss=(\d+) heap=(\d+)/g)) {
  console.log(`after a full collection: rss ${mib(Number(match[1]))} MiB, heap ${mib(Number(match[2]))} MiB`);
}
console.log(`${VARIANT}: rss before ${mib(startRss)} MiB, peak +${mib(peak)} MiB`);
