// Hardening-only, preloaded into a server process by search-memory.ts (never by the app): prints the
// process's RSS and the collector's heap every 200 ms, and on SIGUSR2 runs a full collection and
// prints them after it.
import { heapStats } from "bun:jsc";
import { readFileSync } from "node:fs";

const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]) * 1024;
setInterval(() => {
  const heap = heapStats();
  console.log(
    `memory-hook t=${Date.now()} rss=${rss()} heap=${heap.heapSize} cap=${heap.heapCapacity} extra=${heap.extraMemorySize}`,
  );
}, 200).unref();
process.on("SIGUSR2", () => {
  Bun.gc(true);
  console.log(`memory-hook collected rss=${rss()} heap=${heapStats().heapSize}`);
});
