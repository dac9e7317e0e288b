// Soak (issue "Hardening", item 8): mixed traffic at a steady rate against one server process for 10
// minutes — paste views, uploads through the server (each deleted again, so the data stays the same
// size), folder listings of a mount (half cached, half refreshed) and file-share listings. Requests
// are sent on a fixed schedule (open loop), not one after another, so a slower server meets the same
// load. Prints the server's RSS after the warm-up and at the end (must be within 10 %), and per
// window (a minute in the full run) the count, errors, p50 and p99 (the last p99 must not drift above
// the first). Not in the test command: it takes 10 minutes.
//   bun run bench soak      (SOAK_SECONDS=600, SOAK_RATE=40 requests per second)
import { callApi, callOk, patternBytes, percentile, uploadFile } from "../hardening/kit";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { mib, rssOf } from "./kit/helpers";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 40);
const WARM_UP_SECONDS = Math.min(60, Math.max(5, Math.round(SECONDS / 10)));
const WINDOW_SECONDS = SECONDS >= 300 ? 60 : Math.max(5, Math.round(SECONDS / 5));
/** RSS is taken as the median of the samples in the last few seconds, not one (GC-noisy) sample. */
const RSS_SAMPLE_SECONDS = Math.min(10, WARM_UP_SECONDS);
const PASSWORD = "soak-admin-password";

type Sample = { at: number; ms: number; ok: boolean; kind: string };

const server = await startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD } });
let failed = false;
try {
  const base = server.baseUrl;
  const admin = await adminAuthorization(base, PASSWORD);
  const storage = (await callOk(base, "GET", "/s3-configs", { auth: admin })) as { id: string; is_default: boolean }[];
  const local = storage.find((config) => config.is_default);
  if (!local) throw new Error("no default storage config");
  await callOk(base, "POST", "/admin/mounts", {
    auth: admin,
    body: { name: "Soak", mount_path: "/soak", storage_type: "local", storage_config_id: local.id, cache_ttl: 30 },
  });
  for (let i = 0; i < 50; i++) {
    const form = new FormData();
    form.append("path", "/soak");
    form.append("file", new Blob([patternBytes(2048, i)]), `seed-${i}.bin`);
    const answer = await fetch(`${base}/api/admin/fs/upload`, {
      method: "POST",
      headers: { authorization: admin },
      body: form,
    });
    if (answer.status !== 201) throw new Error(`seed upload answered ${answer.status}`);
  }
  const slugs: string[] = [];
  for (let i = 0; i < 20; i++) {
    const paste = await callOk(base, "POST", "/paste", {
      auth: admin,
      body: { content: `# Soak paste ${i}\n\n${"Some *Markdown* text. ".repeat(40)}` },
    });
    slugs.push(paste.slug);
  }

  const operations: { kind: string; weight: number; run(i: number): Promise<boolean> }[] = [
    {
      kind: "paste view",
      weight: 55,
      run: async (i) => (await callApi(base, "GET", `/paste/${slugs[i % slugs.length]}`)).status === 200,
    },
    {
      kind: "upload",
      weight: 10,
      run: async (i) => {
        const answer = await uploadFile(base, admin, patternBytes(16 * 1024 + (i % 8) * 4096, i), {}, `soak-${i}.bin`);
        if (answer.status !== 201) return false;
        return (await callApi(base, "DELETE", `/admin/files/${answer.body.data.id}`, { auth: admin })).status === 200;
      },
    },
    {
      kind: "folder listing",
      weight: 25,
      run: async (i) =>
        (await callApi(base, "GET", `/admin/fs/list?path=/soak${i % 2 === 0 ? "&refresh=true" : ""}`, { auth: admin }))
          .status === 200,
    },
    {
      kind: "file listing",
      weight: 10,
      run: async () => (await callApi(base, "GET", "/admin/files?limit=50", { auth: admin })).status === 200,
    },
  ];
  const totalWeight = operations.reduce((sum, op) => sum + op.weight, 0);
  const pick = (i: number) => {
    // A fixed interleaving (no randomness): the same mix in every window.
    let slot = (i * 37) % totalWeight;
    for (const op of operations) {
      if (slot < op.weight) return op;
      slot -= op.weight;
    }
    return operations[0] as (typeof operations)[number];
  };

  const samples: Sample[] = [];
  const rss: { at: number; bytes: number }[] = [];
  const started = performance.now();
  const rssTimer = setInterval(
    () => rss.push({ at: (performance.now() - started) / 1000, bytes: rssOf(server.pid) }),
    1000,
  );
  const inFlight = new Set<Promise<void>>();
  const total = SECONDS * RATE;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    const op = pick(i);
    const at = (performance.now() - started) / 1000;
    const begun = performance.now();
    const request = op
      .run(i)
      .catch(() => false)
      .then((ok) => {
        samples.push({ at, ms: performance.now() - begun, ok, kind: op.kind });
      });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
  await Promise.all(inFlight);
  clearInterval(rssTimer);

  const rssAround = (seconds: number) => {
    const values = rss.filter((s) => s.at > seconds - RSS_SAMPLE_SECONDS && s.at <= seconds).map((s) => s.bytes);
    return percentile(values, 50);
  };
  const warmRss = rssAround(WARM_UP_SECONDS);
  const endRss = rssAround(SECONDS);
  const rssChange = (endRss - warmRss) / warmRss;

  console.log(
    `soak: ${samples.length} requests in ${SECONDS} s at ${RATE}/s (${operations
      .map((op) => `${op.kind} ${samples.filter((s) => s.kind === op.kind).length}`)
      .join(", ")}), errors ${samples.filter((s) => !s.ok).length}`,
  );
  const windows: { from: number; p50: number; p99: number }[] = [];
  for (let from = 0; from < SECONDS; from += WINDOW_SECONDS) {
    const inWindow = samples.filter((s) => s.at >= from && s.at < from + WINDOW_SECONDS);
    const ms = inWindow.map((s) => s.ms);
    const window = { from, p50: percentile(ms, 50), p99: percentile(ms, 99) };
    windows.push(window);
    console.log(
      `  ${String(from).padStart(4)}-${from + WINDOW_SECONDS} s: ${inWindow.length} requests, ` +
        `${inWindow.filter((s) => !s.ok).length} errors, p50 ${window.p50.toFixed(1)} ms, p99 ${window.p99.toFixed(1)} ms` +
        `${from < WARM_UP_SECONDS ? " (warm-up)" : ""}`,
    );
  }
  console.log(
    `RSS after warm-up (${WARM_UP_SECONDS} s) ${mib(warmRss)}, at the end ${mib(endRss)}: ${(rssChange * 100).toFixed(1)} %`,
  );

  const steady = windows.filter((window) => window.from >= WARM_UP_SECONDS);
  const first = steady[0] ?? windows[0];
  const last = windows[windows.length - 1];
  const problems: string[] = [];
  const errors = samples.filter((s) => !s.ok).length;
  if (errors > 0) problems.push(`${errors} requests failed`);
  if (Math.abs(rssChange) > 0.1) problems.push(`RSS moved ${(rssChange * 100).toFixed(1)} % (limit 10 %)`);
  // Drift: the last window's p99 against the first steady one, with room for a shared machine's noise.
  if (first && last && last.p99 > first.p99 * 1.5 + 20) {
    problems.push(`p99 drifted from ${first.p99.toFixed(1)} ms to ${last.p99.toFixed(1)} ms`);
  }
  if (!server.isAlive()) problems.push("the server died");
  for (const problem of problems) console.error(`FAIL ${problem}`);
  failed = problems.length > 0;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
