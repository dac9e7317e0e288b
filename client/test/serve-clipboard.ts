// The real server for the client's live clipboard tests, in a process of its own: the client tests run
// in happy-dom, whose Response the server cannot answer with, so the server runs here, free of it.
// Prints one line of JSON (its origin and the admin's Authorization header), then serves until stdin
// closes (the test process ended) or it is sent SIGTERM.
import { serveTestApp } from "../../server/test/harness";

const served = await serveTestApp("sqlite");
// Tests join and rejoin rooms many times a minute from one address.
await served.api.call("PUT", "/admin/system-settings", {
  auth: served.admin,
  body: { clipboard_joins_per_minute: 0 },
});
console.log(JSON.stringify({ origin: served.origin, admin: served.admin }));

let isStopping = false;
async function stop() {
  if (isStopping) return;
  isStopping = true;
  await served.stop();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
// Nothing is read: this waits for the parent to close stdin or exit.
const stdin = Bun.stdin.stream().getReader();
while (!(await stdin.read()).done) {}
await stop();
