// Two server processes on one Postgres database: a device connected to one sees at once what a device
// on the other sends or deletes, and both see each other in the device list (LISTEN/NOTIFY fan-out,
// docs/clipboard.md). Both processes log every request (ACCESS_LOG, debug level): the room keys and
// the plaintext appear in neither log.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { generateLinkKey } from "@shared/encryption/encrypted-share";
import { createScratchDatabase } from "../../../scripts/hardening/kit";
import { type ServerProcess, startServerProcess } from "../../../scripts/test/server-process";
import { connectDevice, decryptItemText } from "../../test/clipboard-device";
import { requirePostgresUrl, TEST_ADMIN_PASSWORD } from "../../test/harness";

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createScratchDatabase(requirePostgresUrl(), "clip");
  const env = {
    DATABASE_URL: database.url,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    ACCESS_LOG: "true",
    LOG_LEVEL: "debug",
  };
  // One after the other: the first migrates the database.
  servers.push(await startServerProcess({ env }));
  servers.push(await startServerProcess({ env }));
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(servers.map((server) => server.stop()));
  await database?.drop();
});

test("items, deletions and presence cross between two processes; no key or plaintext in their logs", async () => {
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const login = await fetch(`${a.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: TEST_ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const created = await fetch(`${a.baseUrl}/api/clipboard/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: "{}",
  });
  const room = ((await created.json()) as { data: { id: string } }).data;
  const key = generateLinkKey();

  const onA = await connectDevice(a.baseUrl, room.id, { label: "Laptop on A" });
  const onB = await connectDevice(b.baseUrl, room.id, { label: "Phone on B" });
  await onA.waitFor("devices", (message) => message.devices.length === 2);
  // B joined second: the device list in its hello already names both.
  expect((await onB.waitFor("hello")).devices.map((device) => device.label).sort()).toEqual([
    "Laptop on A",
    "Phone on B",
  ]);

  const latencies: number[] = [];
  for (let round = 0; round < 10; round++) {
    const [sender, receiver] = round % 2 === 0 ? [onA, onB] : [onB, onA];
    const started = performance.now();
    await sender.sendText(`secret text ${round}`, key, `r${round}`);
    const sent = await sender.waitFor("sent", (message) => message.ref === `r${round}`);
    const received = await receiver.waitFor("item", (message) => message.item.id === sent.item_id);
    latencies.push(performance.now() - started);
    expect(await decryptItemText(received.item.content, key)).toBe(`secret text ${round}`);
  }
  console.log(`cross-process delivery, ms: ${latencies.map((ms) => ms.toFixed(1)).join(" ")}`);

  const last = await onA.waitFor("sent", (message) => message.ref === "r8");
  onB.send({ type: "delete", item_id: last.item_id });
  await onA.waitFor("deleted", (message) => message.item_id === last.item_id);

  onB.close();
  await onA.waitFor("devices", (message) => message.devices.length === 1);
  onA.close();

  // Let the access logs (written in batches of up to a second) reach the output.
  await Bun.sleep(1_500);
  const logs = a.output() + b.output();
  expect(logs).toContain("POST /api/clipboard/rooms 201");
  expect(logs).toContain(`clipboard socket closed {"room":"${room.id}"`);
  expect(logs).not.toContain(key);
  expect(logs).not.toContain("secret text");
}, 120_000);
