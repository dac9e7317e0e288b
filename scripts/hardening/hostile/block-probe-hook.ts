// Hardening-only, loaded into a server process with `bun --preload` by hostile.ts (never by the app):
// it watches the event loop's longest block in main-thread CPU time (server/test/event-loop-blocks.ts)
// and, on SIGUSR2, prints that block since the last signal with the process's RSS, then starts over.
// CPU time, unlike a probe's answer time, does not grow when other processes take the machine's cores.
import { watchEventLoopBlocks } from "../../../server/test/event-loop-blocks";

let watch = watchEventLoopBlocks();
process.on("SIGUSR2", () => {
  const longest = watch.longest();
  watch.stop();
  watch = watchEventLoopBlocks();
  console.log(`block-probe longest=${longest.toFixed(1)} rss=${process.memoryUsage().rss}`);
});
