// Helpers shared by the benchmarks: bodies generated on the fly (the client never holds the file), the
// server process's resident memory sampled from /proc, Chromium's processes found in /proc, and waiting
// for a spawned server to answer.
import { readFileSync } from "node:fs";

const CHUNK = 1024 * 1024;

/** A stream of `size` pseudo-random bytes made on the fly. */
export function generatedStream(size: number): ReadableStream<Uint8Array> {
  const chunk = crypto.getRandomValues(new Uint8Array(CHUNK));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const length = Math.min(CHUNK, size - sent);
      sent += length;
      // A fresh copy each time: consumers may transfer (detach) the buffers they are given.
      controller.enqueue(chunk.slice(0, length));
    },
  });
}

export function rssOf(pid: number): number {
  const status = Bun.spawnSync(["cat", `/proc/${pid}/status`]).stdout.toString();
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** CPU seconds a process has used so far, every thread counted (user + system, from /proc). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields 14 and 15 (utime, stime) in clock ticks; the command name in parentheses may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, fixed at 100 on every architecture Bun runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Samples a process's RSS every 100 ms until stopped; `stop()` gives the baseline and the peak. */
export function sampleRss(pid: number) {
  const baseline = rssOf(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssOf(pid));
      return { baseline, peak, growth: peak - baseline };
    },
  };
}

export async function waitFor(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await Bun.sleep(100);
  }
  throw new Error(`${url} did not come up`);
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Chromium's renderer processes and browser process among the descendants of `root` (from /proc). */
export function chromiumProcesses(root: number): { renderers: number[]; browser: number[] } {
  const parents = new Map<number, number>();
  for (const entry of new Bun.Glob("[0-9]*").scanSync({ cwd: "/proc", onlyFiles: false })) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const ours = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!ours.has(pid) && ours.has(parent)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  const found = { renderers: [] as number[], browser: [] as number[] };
  for (const pid of ours) {
    let command = "";
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (!command.includes("chromium")) continue;
    if (command.includes("--type=renderer")) found.renderers.push(pid);
    else if (!command.includes("--type=")) found.browser.push(pid);
  }
  return found;
}
