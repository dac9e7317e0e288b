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

/**
 * `onBlock(cpuMs, fromEpochMs, toEpochMs)` hears of every block past `reportOverMs` (the hostile run's
 * BLOCK_PROBE_LOG_MS, to match a block against a CPU profile, whose times are epoch microseconds).
 */
export function watchEventLoopBlocks(
  options: { reportOverMs?: number; onBlock?: (cpuMs: number, fromEpochMs: number, toEpochMs: number) => void } = {},
): BlockWatch {
  const cpuMs = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let last = cpuMs();
  let lastAt = Date.now();
  let longest = 0;
  const { reportOverMs = Number.POSITIVE_INFINITY, onBlock } = options;
  const timer = setInterval(() => {
    const now = cpuMs();
    const at = Date.now();
    longest = Math.max(longest, now - last);
    if (now - last > reportOverMs) onBlock?.(now - last, lastAt, at);
    last = now;
    lastAt = at;
  }, 1);
  // A watch loaded into a server process (scripts/hardening/hostile/hostile.ts) must not keep it alive.
  timer.unref();
  return {
    longest: () => Math.max(longest, cpuMs() - last),
    stop: () => clearInterval(timer),
  };
}

export type TurnCount = {
  /** Turns of the loop since the count started. */
  turns(): number;
  stop(): void;
};

/**
 * Counts the turns of the event loop from now (one setImmediate a turn), so that a test can tell which
 * turn ran what: work counted, not time, which a loaded machine does not change.
 */
export function countLoopTurns(): TurnCount {
  let turns = 0;
  let counting = true;
  const tick = () => {
    turns++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return { turns: () => turns, stop: () => (counting = false) };
}
