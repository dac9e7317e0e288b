// How long the event loop is held at a stretch, in CPU time: a timer asks every millisecond, and the
// main thread's CPU time spent between two of its turns is the longest block. Unlike a probe's answer
// time, this does not grow when a busy machine takes the CPU away from the process, so a test can
// hold a loaded shared machine to a tight bound. The main thread's own time, not the process's: work
// in other threads (the Markdown worker, the collector's helpers) holds up no request.

export type BlockWatch = {
  /** The longest CPU time between two turns since the watch started (ms). */
  longest(): number;
  stop(): void;
};

export function watchEventLoopBlocks(): BlockWatch {
  const cpuMs = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let last = cpuMs();
  let longest = 0;
  const timer = setInterval(() => {
    const now = cpuMs();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  // A watch loaded into a server process (scripts/hardening/hostile/hostile.ts) must not keep it alive.
  timer.unref();
  return {
    longest: () => Math.max(longest, cpuMs() - last),
    stop: () => clearInterval(timer),
  };
}
