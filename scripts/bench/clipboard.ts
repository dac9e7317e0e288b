// `bun run bench clipboard`: 1,000 live clipboard devices on one server process (SQLite): 100 rooms
// of 10 devices over real WebSockets. One device per room sends items, paced under the per-address
// message cap (every device here shares one address); the fan-out latency is the time from the send to
// each of the other 9 devices receiving the item. Prints p50/p99, the server's RSS per connection and
// the machine's load (docs/clipboard.md).
import { loadavg } from "node:os";
import { connectDevice, encryptItemText, type TestDevice } from "../../server/test/clipboard-device";
import { generateLinkKey } from "../../shared/encrypted-share";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { mib, rssOf } from "./helpers";

const ROOMS = 100;
const DEVICES_PER_ROOM = 10;
const SENDS = 200;
const SENDS_PER_SECOND = 20;
const PASSWORD = "bench-admin-password-123";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const server = await startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD } });
try {
  const auth = await adminAuthorization(server.baseUrl, PASSWORD);
  const json = { "content-type": "application/json", authorization: auth };
  await fetch(`${server.baseUrl}/api/admin/system-settings`, {
    method: "PUT",
    headers: json,
    body: JSON.stringify({ clipboard_joins_per_minute: 0 }),
  });
  const idleRss = rssOf(server.pid);
  const arrivals = new Map<number, number[]>();
  const rooms: { id: string; devices: TestDevice[] }[] = [];
  const connectStarted = performance.now();
  for (let index = 0; index < ROOMS; index++) {
    const created = await fetch(`${server.baseUrl}/api/clipboard/rooms`, { method: "POST", headers: json, body: "{}" });
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    const devices = await Promise.all(
      Array.from({ length: DEVICES_PER_ROOM }, () => connectDevice(server.baseUrl, id, { label: "bench" })),
    );
    for (const device of devices.slice(1)) {
      device.socket.addEventListener("message", (event) => {
        const message = JSON.parse(String(event.data));
        if (message.type !== "item") return;
        const list = arrivals.get(message.item.id) ?? [];
        list.push(performance.now());
        arrivals.set(message.item.id, list);
      });
    }
    rooms.push({ id, devices });
  }
  const connected = rooms.reduce((sum, room) => sum + room.devices.length, 0);
  console.log(`${connected} devices connected in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`);
  const connectedRss = rssOf(server.pid);

  const key = generateLinkKey();
  const content = await encryptItemText("bench item: a line of copied text", key);
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  for (let send = 0; send < SENDS; send++) {
    const room = rooms[send % ROOMS] as (typeof rooms)[number];
    const sender = room.devices[0] as TestDevice;
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
          for (const at of arrivals.get(sent.item_id) ?? []) latencies.push(at - started);
        }),
    );
    await Bun.sleep(1000 / SENDS_PER_SECOND);
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  const stillOpen = rooms
    .flatMap((room) => room.devices)
    .filter((device) => device.socket.readyState === WebSocket.OPEN).length;
  console.log(
    `deliveries: ${latencies.length} of ${SENDS * (DEVICES_PER_ROOM - 1)}; devices still connected: ${stillOpen}`,
  );
  console.log(
    `fan-out latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (target p99 < 50 ms on SQLite)`,
  );
  console.log(
    `server RSS idle ${mib(idleRss)}, with ${connected} devices ${mib(connectedRss)}: ${((connectedRss - idleRss) / connected / 1024).toFixed(1)} KiB per connection`,
  );
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")} on ${navigator.hardwareConcurrency} cores`,
  );
  for (const room of rooms) for (const device of room.devices) device.close();
} finally {
  await server.stop();
}
