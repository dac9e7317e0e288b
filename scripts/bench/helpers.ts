// Helpers shared by the benchmarks: bodies generated on the fly (the client never holds the file), the
// server process's resident memory sampled from /proc, and waiting for a spawned server to answer.

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
