// Hardening-only, run as its own process by hostile.ts: asks /api/health every 25 ms and prints one
// line per answer, "<epoch ms when asked> <answer ms> <1|0>", until killed. A process of its own, not
// a loop inside the attacker: the attacker builds 80 MiB frames and 9 MiB items and parses thousands
// of answers, and a probe sharing its event loop would time the attacker's own work, not the server.
const [baseUrl, everyMs = "25"] = process.argv.slice(2);
if (!baseUrl) throw new Error("usage: bun health-prober.ts <base url> [every ms]");
for (;;) {
  const at = Date.now();
  const started = performance.now();
  let ok = false;
  try {
    const answer = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
    await answer.arrayBuffer();
    ok = answer.status === 200;
  } catch {
    ok = false;
  }
  console.log(`${at} ${(performance.now() - started).toFixed(2)} ${ok ? 1 : 0}`);
  await Bun.sleep(Number(everyMs));
}
