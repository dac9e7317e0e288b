// `bun run bench clipboard`: live clipboard fan-out and memory (docs/clipboard.md), in two runs.
//   1. SQLite, one server process: 1,000 devices in 100 rooms of 10 over real WebSockets.
//   2. Postgres, two server processes on one database: the same 1,000 devices, each room's 10 split
//      5 and 5, so that every item crosses LISTEN/NOTIFY to half of its receivers.
// One device per room sends items, paced under the per-address message cap (every device here shares
// one address); the fan-out latency is the time from the send to each other device of the room
// receiving the item (the bench process holds every device, so one clock times both ends).
// Memory per connection: the servers run with a bench-only hook (clipboard-memory-hook.ts) that
// collects garbage fully on a signal and prints its RSS and JS heap; the benchmark takes the median of
// several settled samples idle, at 500 and at 1,000 connections, and reports both the average over all
// connections and the slope from 500 to 1,000 (which leaves out one-time costs of the first ones).
// Postgres: TEST_POSTGRES_URL's cluster when set, otherwise a private one started here.
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { generateLinkKey } from "@shared/encryption/encrypted-share";
import { connectDevice, encryptItemText, type TestDevice } from "../../server/test/clipboard-device";
import { createScratchDatabase, median, percentile } from "../hardening/kit";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../test/server-process";
import { type PostgresService, startPostgres } from "../test/services";

const ROOMS = 100;
const DEVICES_PER_ROOM = 10;
const SENDS = 200;
const SENDS_PER_SECOND = 20;
const MEMORY_SAMPLES = 5;
const PASSWORD = "bench-admin-password-123";
const MEMORY_HOOK = join(import.meta.dir, "clipboard-memory-hook.ts");

type Room = { id: string; devices: TestDevice[] };
type Memory = { rss: number; heap: number };
/** Where a receiving device is connected, seen from the sender. */
type Route = "same process" | "other process";

const KIB = 1024;
const mib = (bytes: number) => `${(bytes / KIB / KIB).toFixed(1)} MiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function startServer(env: Record<string, string>) {
  return startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD, ...env }, bunArgs: [`--preload=${MEMORY_HOOK}`] });
}

/** The median of a few fully collected samples of the server's memory. */
async function settledMemory(server: ServerProcess): Promise<Memory> {
  const samples: Memory[] = [];
  for (let index = 0; index < MEMORY_SAMPLES; index++) {
    const before = server.output().split("bench-memory").length;
    process.kill(server.pid, "SIGUSR2");
    const deadline = Date.now() + 10_000;
    while (server.output().split("bench-memory").length === before && Date.now() < deadline) await Bun.sleep(20);
    const line = server.output().split("bench-memory").at(-1) ?? "";
    samples.push({ rss: Number(/rss=(\d+)/.exec(line)?.[1]), heap: Number(/heap=(\d+)/.exec(line)?.[1]) });
    await Bun.sleep(300);
  }
  return { rss: median(samples.map((s) => s.rss)), heap: median(samples.map((s) => s.heap)) };
}

async function createRooms(baseUrl: string): Promise<string[]> {
  const auth = await adminAuthorization(baseUrl, PASSWORD);
  const headers = { "content-type": "application/json", authorization: auth };
  // Every device of the benchmark joins from one address.
  const settings = await fetch(`${baseUrl}/api/admin/system-settings`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ clipboard_joins_per_minute: 0 }),
  });
  if (!settings.ok) throw new Error(`settings: ${settings.status}`);
  const ids: string[] = [];
  for (let index = 0; index < ROOMS; index++) {
    const created = await fetch(`${baseUrl}/api/clipboard/rooms`, { method: "POST", headers, body: "{}" });
    ids.push(((await created.json()) as { data: { id: string } }).data.id);
  }
  // The processes read settings at most every 2 s: let the join limit's change reach them.
  await Bun.sleep(2_500);
  return ids;
}

/** Connects a room's devices; device `i` goes to `serverOf(i)`'s base URL (device 0 is the sender). */
async function connectRoom(id: string, serverOf: (index: number) => string): Promise<Room> {
  const devices = await Promise.all(
    Array.from({ length: DEVICES_PER_ROOM }, (_, index) => connectDevice(serverOf(index), id, { label: "bench" })),
  );
  return { id, devices };
}

/** Sends SENDS items round the rooms and times each delivery, grouped by the receiver's route. */
async function measureFanOut(rooms: Room[], routeOf: (index: number) => Route) {
  const arrivals = new Map<number, { at: number; route: Route }[]>();
  for (const room of rooms) {
    room.devices.forEach((device, index) => {
      if (index === 0) return;
      device.socket.addEventListener("message", (event) => {
        const message = JSON.parse(String(event.data));
        if (message.type !== "item") return;
        const list = arrivals.get(message.item.id) ?? [];
        list.push({ at: performance.now(), route: routeOf(index) });
        arrivals.set(message.item.id, list);
      });
    });
  }
  const content = await encryptItemText("bench item: a line of copied text", generateLinkKey());
  const latencies: Record<Route, number[]> = { "same process": [], "other process": [] };
  const pending: Promise<void>[] = [];
  for (let send = 0; send < SENDS; send++) {
    const sender = (rooms[send % rooms.length] as Room).devices[0] as TestDevice;
    const ref = `b${send}`;
    const started = performance.now();
    sender.send({ type: "item", content, ref });
    pending.push(
      sender
        .waitFor("sent", (message) => message.ref === ref, 60_000)
        .then(async (sent) => {
          const deadline = Date.now() + 30_000;
          while ((arrivals.get(sent.item_id)?.length ?? 0) < DEVICES_PER_ROOM - 1 && Date.now() < deadline) {
            await Bun.sleep(5);
          }
          for (const { at, route } of arrivals.get(sent.item_id) ?? []) latencies[route].push(at - started);
        }),
    );
    await Bun.sleep(1000 / SENDS_PER_SECOND);
  }
  await Promise.all(pending);
  const stillOpen = rooms
    .flatMap((room) => room.devices)
    .filter((device) => device.socket.readyState === WebSocket.OPEN).length;
  return { latencies, stillOpen };
}

function printLatencies(latencies: Record<Route, number[]>, target: string) {
  const all = [...latencies["same process"], ...latencies["other process"]];
  console.log(`  deliveries: ${all.length} of ${SENDS * (DEVICES_PER_ROOM - 1)}`);
  console.log(`  fan-out latency p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))} (${target})`);
  for (const route of ["same process", "other process"] as const) {
    const values = latencies[route];
    if (values.length === 0 || values.length === all.length) continue;
    console.log(`    to devices on the ${route}: p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`);
  }
}

function printMemory(label: string, idle: Memory, half: Memory, full: Memory, connections: number) {
  const perConnection = (from: Memory, to: Memory, count: number, key: keyof Memory) =>
    `${((to[key] - from[key]) / count / KIB).toFixed(1)} KiB`;
  console.log(
    `  ${label} settled (full GC, median of ${MEMORY_SAMPLES}): RSS idle ${mib(idle.rss)}, ${connections / 2} connections ${mib(half.rss)}, ${connections} ${mib(full.rss)}; JS heap ${mib(idle.heap)} / ${mib(half.heap)} / ${mib(full.heap)}`,
  );
  console.log(
    `  per connection: RSS ${perConnection(idle, full, connections, "rss")} over all ${connections} (slope ${connections / 2}->${connections}: ${perConnection(half, full, connections / 2, "rss")}); JS heap ${perConnection(idle, full, connections, "heap")} (slope ${perConnection(half, full, connections / 2, "heap")})`,
  );
}

async function runSqlite() {
  console.log("SQLite, one server process:");
  const server = await startServer({});
  try {
    const ids = await createRooms(server.baseUrl);
    const idle = await settledMemory(server);
    const rooms: Room[] = [];
    const started = performance.now();
    for (const id of ids.slice(0, ROOMS / 2)) rooms.push(await connectRoom(id, () => server.baseUrl));
    const half = await settledMemory(server);
    for (const id of ids.slice(ROOMS / 2)) rooms.push(await connectRoom(id, () => server.baseUrl));
    const connected = rooms.length * DEVICES_PER_ROOM;
    console.log(
      `  ${connected} devices connected (${((performance.now() - started) / 1000).toFixed(1)} s, with the memory samples)`,
    );
    const full = await settledMemory(server);
    const { latencies, stillOpen } = await measureFanOut(rooms, () => "same process");
    printLatencies(latencies, "target p99 < 50 ms on SQLite");
    console.log(`  devices still connected: ${stillOpen}`);
    printMemory("server", idle, half, full, connected);
    for (const room of rooms) for (const device of room.devices) device.close();
  } finally {
    await server.stop();
  }
}

async function runPostgres() {
  console.log("Postgres, two server processes on one database (each room's devices split 5 and 5):");
  let ownPostgres: PostgresService | null = null;
  let postgresUrl = process.env.TEST_POSTGRES_URL;
  if (!postgresUrl) {
    ownPostgres = await startPostgres();
    postgresUrl = ownPostgres.url;
  }
  const database = await createScratchDatabase(postgresUrl, "bench");
  const servers: ServerProcess[] = [];
  try {
    // One after the other: the first migrates the database.
    servers.push(await startServer({ DATABASE_URL: database.url }));
    servers.push(await startServer({ DATABASE_URL: database.url }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const ids = await createRooms(a.baseUrl);
    const isOnA = (index: number) => index < DEVICES_PER_ROOM / 2;
    const idle = await Promise.all(servers.map(settledMemory));
    const rooms: Room[] = [];
    for (const id of ids) rooms.push(await connectRoom(id, (index) => (isOnA(index) ? a.baseUrl : b.baseUrl)));
    const full = await Promise.all(servers.map(settledMemory));
    const { latencies, stillOpen } = await measureFanOut(rooms, (index) =>
      isOnA(index) ? "same process" : "other process",
    );
    printLatencies(latencies, "target p99 < 150 ms across two processes on Postgres");
    console.log(`  devices still connected: ${stillOpen}`);
    const perProcess = (ROOMS * DEVICES_PER_ROOM) / 2;
    servers.forEach((_, index) => {
      const [before, after] = [idle[index] as Memory, full[index] as Memory];
      console.log(
        `  process ${index + 1}: RSS idle ${mib(before.rss)}, with ${perProcess} connections ${mib(after.rss)}: ${((after.rss - before.rss) / perProcess / KIB).toFixed(1)} KiB per connection (JS heap ${((after.heap - before.heap) / perProcess / KIB).toFixed(1)} KiB)`,
      );
    });
    for (const room of rooms) for (const device of room.devices) device.close();
  } finally {
    await Promise.allSettled(servers.map((server) => server.stop()));
    await database.drop();
    await ownPostgres?.stop();
  }
}

const runs = process.env.BENCH_CLIPBOARD ?? "sqlite,postgres";
console.log(
  `${new Date().toISOString()}; ${cpus()[0]?.model ?? "cpu"} x${cpus().length}; Bun ${Bun.version}; load average at start ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}`,
);
if (runs.includes("sqlite")) await runSqlite();
if (runs.includes("postgres")) await runPostgres();
console.log(
  `load average at the end ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}`,
);
