// Bench-only, loaded into a server process with `bun --preload` by `bun run bench clipboard` (never by
// the app): on SIGUSR2 the process collects its garbage fully (Bun.gc(true)) and prints one line with
// its memory, so that the benchmark reads a settled RSS and JavaScript heap instead of whatever the
// collector happened to leave.
process.on("SIGUSR2", () => {
  Bun.gc(true);
  const { rss, heapUsed } = process.memoryUsage();
  console.log(`bench-memory rss=${rss} heap=${heapUsed}`);
});
