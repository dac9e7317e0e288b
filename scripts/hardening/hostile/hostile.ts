// The hostile-traffic run (docs/security.md, "cheap ways to exhaust the server"): one real server
// process takes, phase after phase, the cheap attacks an outside probe once used to take a small server
// down, while a prober asks /api/health every 25 ms throughout:
//   chunked   1 GiB JSON bodies without Content-Length to /api/admin/login and /trpc, anonymously
//   room      a clipboard room filled to the per-address byte budget, its history read whole at once
//             by several GETs and several joining sockets
//   frames    80 MiB socket frames from 8 sockets
//   markdown  the reference-expansion and deep-quote Markdown pastes viewed anonymously, repeatedly
//   slugs     anonymous slug guessing on pastes and file shares
//   search    batched tRPC explorer searches from a read-only API key over a 3,000-file mount
//   trickle   more bodies than the per-address cap, each sending a byte a second
// It prints, per phase and overall, the server's RSS growth (peak minus the RSS before the first
// phase), /api/health's p50/p99/max, and the event loop's longest block in main-thread CPU time
// (block-probe-hook.ts, preloaded into the server): answer times depend on how loaded the machine is,
// CPU time does not. `short` is the suite's version (scripts/hardening/hostile/hostile.integration.test.ts).
//   bun scripts/hardening/hostile/hostile.ts [full|short]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TRPC_MAX_BATCH_CALLS } from "@shared/constants";
import { generateLinkKey } from "@shared/encryption/encrypted-share";
import superjson from "superjson";
import { encryptItemText, socketUrl } from "../../../server/test/clipboard-device";
import { generatedStream } from "../../bench/kit/helpers";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../../test/server-process";
import { callApi, callOk, percentile, tally } from "../kit";

const PASSWORD = "hostile-admin-password";
const MIB = 1024 * 1024;
const PROBE_EVERY_MS = 25;

export type HostileScale = {
  chunkedBytes: number;
  chunkedSenders: number;
  /** Text bytes of the room's items (each ITEM_TEXT_BYTES before encryption). */
  roomBytes: number;
  roomReaders: number;
  frameBytes: number;
  frameSockets: number;
  markdownViews: number;
  slugGuesses: number;
  searchFiles: number;
  searchMs: number;
  trickleBodies: number;
  trickleMs: number;
};

export const HOSTILE_SCALES: Record<"full" | "short", HostileScale> = {
  full: {
    chunkedBytes: 1024 * MIB,
    chunkedSenders: 2,
    roomBytes: 232 * MIB,
    roomReaders: 3,
    frameBytes: 80 * MIB,
    frameSockets: 8,
    markdownViews: 16,
    slugGuesses: 3_000,
    searchFiles: 3_000,
    searchMs: 10_000,
    trickleBodies: 100,
    trickleMs: 35_000,
  },
  short: {
    chunkedBytes: 1024 * MIB,
    chunkedSenders: 1,
    roomBytes: 48 * MIB,
    roomReaders: 4,
    frameBytes: 80 * MIB,
    frameSockets: 8,
    markdownViews: 4,
    slugGuesses: 400,
    searchFiles: 1_000,
    searchMs: 3_000,
    trickleBodies: 70,
    trickleMs: 3_000,
  },
};

/** The largest item text that stays, as an envelope, inside the default 10 MB item limit. */
const ITEM_TEXT_BYTES = 7 * MIB;

export type PhaseFigures = {
  phase: string;
  /** Peak RSS during the phase minus the RSS before the first phase. */
  rssGrowth: number;
  /**
   * The same for pages of mapped files alone: SQLite maps the database file (db/client.ts), so reading
   * a filled room shows its pages in RSS; they are the kernel's page cache, clean and reclaimable.
   */
  fileGrowth: number;
  health: { count: number; p50: number; p99: number; max: number; failed: number };
  /** The event loop's longest block during the phase, in main-thread CPU ms. */
  longestBlock: number;
  /** When the phase started and ended (epoch ms). */
  window: [number, number];
  /** What the attacks were answered, for the record. */
  outcome: string;
  ms: number;
};

export type HostileReport = {
  scale: "full" | "short";
  startRss: number;
  phases: PhaseFigures[];
  overall: PhaseFigures;
  load: string;
  serverAlive: boolean;
};

type Sample = { at: number; ms: number; ok: boolean };

/**
 * Asks /api/health every PROBE_EVERY_MS until stopped, from a process of its own (health-prober.ts):
 * each answer is stamped with the time it was asked, and a phase takes the answers asked during it.
 */
function startHealthProber(baseUrl: string) {
  const samples: Sample[] = [];
  const child = Bun.spawn(
    [process.execPath, join(import.meta.dir, "health-prober.ts"), baseUrl, String(PROBE_EVERY_MS)],
    { stdout: "pipe", stderr: "inherit" },
  );
  const reading = (async () => {
    const decoder = new TextDecoder();
    let pending = "";
    const reader = child.stdout.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      pending += decoder.decode(chunk.value, { stream: true });
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const [at, ms, ok] = line.split(" ");
        if (ok !== undefined) samples.push({ at: Number(at), ms: Number(ms), ok: ok === "1" });
      }
    }
  })();
  return {
    samples,
    /** The answers asked between two times (epoch ms). */
    between: (from: number, to: number) => samples.filter((sample) => sample.at >= from && sample.at < to),
    async stop() {
      child.kill();
      await child.exited;
      await reading;
    },
  };
}

/** The server's resident memory, and the part of it that is pages of mapped files (the database's map). */
function memoryOf(pid: number): { rss: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib("VmRSS"), file: kib("RssFile") };
}

/** Samples the server's RSS every 100 ms; the peak since the last `take()`, and of mapped files' pages. */
function startRssSampler(pid: number) {
  let peak = memoryOf(pid);
  const sample = () => {
    const now = memoryOf(pid);
    peak = { rss: Math.max(peak.rss, now.rss), file: Math.max(peak.file, now.file) };
  };
  const timer = setInterval(sample, 100);
  return {
    take() {
      sample();
      const value = peak;
      peak = memoryOf(pid);
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

/** Asks the preloaded probe for the longest block since the last ask (a line in the server's output). */
async function longestBlockSinceLastAsk(server: ServerProcess): Promise<number> {
  const pattern = /block-probe longest=([\d.]+)/g;
  const seen = [...server.output().matchAll(pattern)].length;
  server.signal("SIGUSR2");
  for (let waited = 0; waited < 10_000; waited += 20) {
    const lines = [...server.output().matchAll(pattern)];
    if (lines.length > seen) return Number(lines.at(-1)?.[1]);
    await Bun.sleep(20);
  }
  throw new Error("the block probe did not answer (was block-probe-hook.ts preloaded?)");
}

const randomSlug = (length: number) => {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
};

/** Runs `work` on `concurrency` workers until `count` items are done. */
async function pool(count: number, concurrency: number, work: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

type Attack = (context: { baseUrl: string; admin: string; dataRoot: string; scale: HostileScale }) => Promise<string>;

const chunked: Attack = async ({ baseUrl, scale }) => {
  const send = async (path: string) => {
    const body = generatedStream(scale.chunkedBytes);
    try {
      const answer = await fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        duplex: "half",
        signal: AbortSignal.timeout(120_000),
      } as RequestInit);
      await answer.arrayBuffer();
      return answer.status;
    } catch {
      // The server may close the connection while the client is still sending.
      return 0;
    }
  };
  const paths = ["/api/admin/login", "/trpc/pastes.create"];
  const statuses = await Promise.all(
    Array.from({ length: scale.chunkedSenders }).flatMap(() => paths.map((path) => send(path))),
  );
  return `answers ${JSON.stringify(tally(statuses))} (0 = connection closed while sending)`;
};

async function fillRoom(baseUrl: string, admin: string, scale: HostileScale) {
  const room = await callOk(baseUrl, "POST", "/clipboard/rooms", {
    auth: admin,
    body: { history_limit: 500, max_devices: 100 },
  });
  const content = await encryptItemText("x".repeat(ITEM_TEXT_BYTES), generateLinkKey());
  const deviceId = "h".repeat(22);
  const ids: number[] = [];
  const statuses: number[] = [];
  for (let sent = 0; sent < scale.roomBytes; sent += ITEM_TEXT_BYTES) {
    const answer = await callApi(baseUrl, "POST", `/clipboard/rooms/${room.id}/items`, {
      body: { device_id: deviceId, content },
    });
    statuses.push(answer.status);
    if (answer.status === 201) ids.push(answer.body.data.id);
  }
  return { roomId: room.id as string, ids, statuses, envelopeBytes: content.length };
}

/** Reads the whole history over GET, page after page; the number of items read. */
async function readHistory(baseUrl: string, roomId: string): Promise<number> {
  let after = 0;
  let read = 0;
  for (;;) {
    const answer = await callApi(baseUrl, "GET", `/clipboard/rooms/${roomId}/items?after=${after}`);
    if (answer.status !== 200) throw new Error(`items answered ${answer.status}`);
    const { items, has_more } = answer.body.data as { items: { id: number }[]; has_more: boolean };
    read += items.length;
    after = items.at(-1)?.id ?? after;
    if (!has_more || items.length === 0) return read;
  }
}

/** Joins the room and waits until the last item has arrived (hello or later items); items received. */
function joinAndRead(baseUrl: string, roomId: string, lastId: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(baseUrl, roomId, { device: randomSlug(22) }));
    let received = 0;
    // As the screen does: a socket that sends nothing for a minute is closed as idle.
    const ping = setInterval(() => socket.send(JSON.stringify({ type: "ping" })), 20_000);
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`join: last item not received within 600 s (${received} items)`));
    }, 600_000);
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as {
        type: string;
        items?: { id: number }[];
        item?: { id: number };
      };
      const ids = message.type === "hello" ? (message.items ?? []).map((item) => item.id) : [];
      if (message.type === "item" && message.item) ids.push(message.item.id);
      received += ids.length;
      if (ids.includes(lastId)) {
        clearTimeout(timer);
        clearInterval(ping);
        socket.close();
        resolve(received);
      }
    };
    socket.onclose = (event) => {
      clearTimeout(timer);
      clearInterval(ping);
      if (event.code !== 1000 && event.code !== 1005) reject(new Error(`join closed with ${event.code}`));
    };
  });
}

let sharedRoom: { roomId: string; lastId: number } | null = null;

const roomFill: Attack = async ({ baseUrl, admin, scale }) => {
  const filled = await fillRoom(baseUrl, admin, scale);
  sharedRoom = { roomId: filled.roomId, lastId: filled.ids.at(-1) ?? 0 };
  return (
    `sent ${filled.statuses.length} items of ${(filled.envelopeBytes / MIB).toFixed(1)} MiB: ` +
    JSON.stringify(tally(filled.statuses))
  );
};

const roomRead: Attack = async ({ baseUrl, scale }) => {
  if (!sharedRoom) throw new Error("the room is filled first");
  const { roomId, lastId } = sharedRoom;
  const reads = await Promise.all([
    ...Array.from({ length: scale.roomReaders }, () => readHistory(baseUrl, roomId)),
    ...Array.from({ length: scale.roomReaders }, () => joinAndRead(baseUrl, roomId, lastId)),
  ]);
  return `${scale.roomReaders} GET walks and ${scale.roomReaders} joins read ${reads.join("/")} items`;
};

const frames: Attack = async ({ baseUrl, scale }) => {
  const roomId = sharedRoom?.roomId;
  if (!roomId) throw new Error("the room phase runs first");
  const frame = JSON.stringify({ type: "item", content: "a".repeat(scale.frameBytes) });
  const closes = await Promise.all(
    Array.from(
      { length: scale.frameSockets },
      () =>
        new Promise<number>((resolve) => {
          const socket = new WebSocket(socketUrl(baseUrl, roomId, { device: randomSlug(22) }));
          const timer = setTimeout(() => {
            socket.close();
            resolve(-1);
          }, 60_000);
          socket.onopen = () => socket.send(frame);
          socket.onclose = (event) => {
            clearTimeout(timer);
            resolve(event.code);
          };
          socket.onerror = () => undefined;
        }),
    ),
  );
  return `sockets closed with ${JSON.stringify(tally(closes))} (-1 = still open after 60 s)`;
};

const markdown: Attack = async ({ baseUrl, admin, scale }) => {
  const limit = 64 * 1024;
  const url = `https://example.com/${"a".repeat(20_000)}`;
  const texts = [
    `[r]: ${url}\n\n${"[x][r]".repeat(Math.floor((limit - url.length - 30) / 6))}`,
    `${">".repeat(limit - 10)} deep`,
  ];
  const statuses: number[] = [];
  let refused = 0;
  for (const content of texts) {
    const paste = await callOk(baseUrl, "POST", "/paste", { auth: admin, body: { content, format: "markdown" } });
    await pool(scale.markdownViews, 8, async () => {
      const answer = await callApi(baseUrl, "GET", `/paste/${paste.slug}?html=true`);
      statuses.push(answer.status);
      if (answer.body.data?.render_refused) refused++;
    });
  }
  return `views ${JSON.stringify(tally(statuses))}, ${refused} shown as text (render refused)`;
};

const slugs: Attack = async ({ baseUrl, scale }) => {
  const statuses: number[] = [];
  await pool(scale.slugGuesses, 16, async (index) => {
    const path = index % 2 ? `/paste/${randomSlug(6)}` : `/public/files/${randomSlug(6)}`;
    statuses.push((await callApi(baseUrl, "GET", path)).status);
  });
  return `guesses ${JSON.stringify(tally(statuses))}`;
};

const search: Attack = async ({ baseUrl, admin, dataRoot, scale }) => {
  const configs = (await callOk(baseUrl, "GET", "/s3-configs", { auth: admin })) as {
    id: string;
    is_default: boolean;
  }[];
  const storageId = configs.find((config) => config.is_default)?.id;
  const folder = join(dataRoot, "hostile-search");
  for (let index = 0; index < scale.searchFiles; index++) {
    const sub = join(folder, `d${index % 30}`, `e${index % 7}`);
    if (index < 210) mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `file-${index}.txt`), "x");
  }
  await callOk(baseUrl, "POST", "/admin/mounts", {
    auth: admin,
    body: { name: "hostile", mount_path: "/hostile", storage_config_id: storageId, folder: "hostile-search" },
  });
  const key = await callOk(baseUrl, "POST", "/admin/api-keys", {
    auth: admin,
    body: { name: "hostile reader", mount_permission: true, mount_read_only: true },
  });
  const calls = Array.from({ length: TRPC_MAX_BATCH_CALLS }, () => ({ q: "file-1", source: "live" }));
  const input = Object.fromEntries(calls.map((call, index) => [index, superjson.serialize(call)]));
  const path = `/trpc/${calls.map(() => "fs.search").join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
  const outcomes: number[] = [];
  const until = Date.now() + scale.searchMs;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < until) {
        const answer = await fetch(`${baseUrl}${path}`, { headers: { authorization: `ApiKey ${key.key}` } });
        const body = (await answer.json()) as {
          result?: unknown;
          error?: { json: { data: { httpStatus: number } } };
        }[];
        for (const call of Array.isArray(body) ? body : [body]) outcomes.push(call.error?.json.data.httpStatus ?? 200);
      }
    }),
  );
  return `searches answered ${JSON.stringify(tally(outcomes))}`;
};

const trickle: Attack = async ({ baseUrl, scale }) => {
  const abort = new AbortController();
  const timers: ReturnType<typeof setInterval>[] = [];
  const send = async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("{"));
        const timer = setInterval(() => {
          try {
            controller.enqueue(new TextEncoder().encode(" "));
          } catch {
            clearInterval(timer);
          }
        }, 1_000);
        timers.push(timer);
      },
    });
    try {
      const answer = await fetch(`${baseUrl}/api/paste`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        duplex: "half",
        signal: abort.signal,
      } as RequestInit);
      await answer.arrayBuffer();
      return answer.status;
    } catch {
      return 0;
    }
  };
  const sending = Array.from({ length: scale.trickleBodies }, () => send());
  await Bun.sleep(scale.trickleMs);
  abort.abort();
  for (const timer of timers) clearInterval(timer);
  const statuses = await Promise.all(sending);
  return `bodies answered ${JSON.stringify(tally(statuses))} (0 = still open when the client gave up)`;
};

const PHASES: [string, Attack][] = [
  ["chunked", chunked],
  ["room-fill", roomFill],
  ["room-read", roomRead],
  ["frames", frames],
  ["markdown", markdown],
  ["slugs", slugs],
  ["search", search],
  ["trickle", trickle],
];

function healthOf(samples: Sample[]) {
  const times = samples.map((sample) => sample.ms);
  return {
    count: samples.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: Math.max(0, ...times),
    failed: samples.filter((sample) => !sample.ok).length,
  };
}

export async function runHostile(scaleName: "full" | "short" = "full"): Promise<HostileReport> {
  const scale = HOSTILE_SCALES[scaleName];
  sharedRoom = null;
  const server = await startServerProcess({
    env: { ADMIN_PASSWORD: PASSWORD, SECRET: "hostile-run-shared-secret-0123456789abcdef" },
    bunArgs: [
      `--preload=${join(import.meta.dir, "block-probe-hook.ts")}`,
      // HOSTILE_CPU_PROF=<dir>: the server's CPU profile, for finding what holds the loop.
      ...(process.env.HOSTILE_CPU_PROF
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.HOSTILE_CPU_PROF}`, "--cpu-prof-interval=500"]
        : []),
    ],
  });
  const prober = startHealthProber(server.baseUrl);
  const rss = startRssSampler(server.pid);
  try {
    const admin = await adminAuthorization(server.baseUrl, PASSWORD);
    const dataRoot = join(server.dataDir, "storage");
    // Settle what start-up and the first requests load, then measure from there.
    await Bun.sleep(1_000);
    Bun.gc(true);
    const start = memoryOf(server.pid);
    const startRss = start.rss;
    rss.take();
    await longestBlockSinceLastAsk(server);
    const phases: PhaseFigures[] = [];
    const firstStarted = Date.now();
    // HOSTILE_PHASES=chunked,room-fill: only these phases (room-read and frames need room-fill before them).
    const only = process.env.HOSTILE_PHASES?.split(",");
    for (const [name, attack] of PHASES.filter(([phase]) => !only || only.includes(phase))) {
      const startedAt = Date.now();
      const started = performance.now();
      const outcome = await attack({ baseUrl: server.baseUrl, admin, dataRoot, scale });
      // The answers the attack held up are part of the phase: wait for the prober's next turn.
      await Bun.sleep(PROBE_EVERY_MS * 4);
      const ms = performance.now() - started;
      const peak = rss.take();
      const endedAt = Date.now();
      phases.push({
        phase: name,
        rssGrowth: peak.rss - startRss,
        fileGrowth: peak.file - start.file,
        // Filled in once the prober has stopped: an answer asked late in the phase may still be on its way.
        health: healthOf([]),
        window: [startedAt, endedAt],
        longestBlock: await longestBlockSinceLastAsk(server),
        outcome,
        ms,
      });
    }
    const lastEnded = Date.now();
    await prober.stop();
    for (const figures of phases) figures.health = healthOf(prober.between(...figures.window));
    const overall: PhaseFigures = {
      phase: "overall",
      rssGrowth: Math.max(...phases.map((figures) => figures.rssGrowth)),
      fileGrowth: Math.max(...phases.map((figures) => figures.fileGrowth)),
      health: healthOf(prober.between(firstStarted, lastEnded)),
      longestBlock: Math.max(...phases.map((figures) => figures.longestBlock)),
      window: [firstStarted, lastEnded],
      outcome: "",
      ms: phases.reduce((sum, figures) => sum + figures.ms, 0),
    };
    const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
    return { scale: scaleName, startRss, phases, overall, load, serverAlive: server.isAlive() };
  } finally {
    await prober.stop();
    rss.stop();
    if (process.env.HOSTILE_SERVER_LOG) writeFileSync(process.env.HOSTILE_SERVER_LOG, server.output());
    await server.stop();
  }
}

export function printHostile(report: HostileReport) {
  const row = (figures: PhaseFigures) =>
    `${figures.phase.padEnd(10)} rss +${(figures.rssGrowth / MIB).toFixed(0).padStart(4)} MiB ` +
    `(mapped files +${(figures.fileGrowth / MIB).toFixed(0)})  health ` +
    `p50 ${figures.health.p50.toFixed(0)} p99 ${figures.health.p99.toFixed(0)} max ${figures.health.max.toFixed(0)} ms ` +
    `(${figures.health.count} probes, ${figures.health.failed} failed)  longest block ${figures.longestBlock.toFixed(0)} ms CPU  ` +
    `${(figures.ms / 1000).toFixed(1)} s  ${figures.outcome}`;
  console.log(
    `hostile (${report.scale}): server RSS before ${(report.startRss / MIB).toFixed(0)} MiB, load ${report.load}`,
  );
  for (const figures of report.phases) console.log(row(figures));
  console.log(row(report.overall));
}

if (import.meta.main) {
  const scale = process.argv[2] === "short" ? "short" : "full";
  const report = await runHostile(scale);
  printHostile(report);
  const fault = report.overall.rssGrowth >= 200 * MIB || !report.serverAlive;
  process.exitCode = fault ? 1 : 0;
}
