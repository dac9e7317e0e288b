// Hardening-only, loaded into a server process with `bun --preload` by hostile.ts (never by the app):
// it watches the event loop's longest block in main-thread CPU time (server/test/event-loop-blocks.ts)
// and, on SIGUSR2, prints that block since the last signal with the process's RSS, then starts over.
// CPU time, unlike a probe's answer time, does not grow when other processes take the machine's cores.
import { watchEventLoopBlocks } from "../../../server/test/event-loop-blocks";

// BLOCK_PROBE_LOG_MS=<ms>: also prints every block past that many ms of CPU with its epoch times.
const reportOverMs = Number(process.env.BLOCK_PROBE_LOG_MS ?? Number.POSITIVE_INFINITY);
const onBlock = (cpuMs: number, from: number, to: number) =>
  console.log(`block-probe block=${cpuMs.toFixed(1)} from=${from} to=${to}`);
const watchBlocks = () => watchEventLoopBlocks({ reportOverMs, onBlock });
let watch = watchBlocks();
process.on("SIGUSR2", () => {
  const longest = watch.longest();
  watch.stop();
  watch = watchBlocks();
  console.log(`block-probe longest=${longest.toFixed(1)} rss=${process.memoryUsage().rss}`);
});
