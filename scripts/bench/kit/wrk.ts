// Runs wrk (HTTP load at 64 connections, two threads) against one URL and reads its summary: requests
// per second, total requests, p50/p99 latency and errors (non-2xx answers plus socket errors).
export const WRK_CONNECTIONS = 64;

export type WrkResult = { rps: number; requests: number; p50: string; p99: string; p99Ms: number; errors: number };

export function runWrk(url: string, duration: string): WrkResult {
  const out = Bun.spawnSync(wrkCommand(url, duration));
  if (out.exitCode !== 0) throw new Error(`wrk failed: ${out.stderr.toString()}`);
  return wrkSummary(out.stdout.toString());
}

/** The same run without blocking, so that two servers can be loaded at the same moment. */
export async function runWrkAsync(url: string, duration: string): Promise<WrkResult> {
  const child = Bun.spawn(wrkCommand(url, duration), { stdout: "pipe", stderr: "pipe" });
  const [text, errors, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (exitCode !== 0) throw new Error(`wrk failed: ${errors}`);
  return wrkSummary(text);
}

function wrkCommand(url: string, duration: string): string[] {
  if (!Bun.which("wrk")) throw new Error("wrk is needed: apt-get install -y wrk");
  return ["wrk", "-t2", `-c${WRK_CONNECTIONS}`, `-d${duration}`, "--latency", url];
}

function wrkSummary(text: string): WrkResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(text)?.[1] ?? 0);
  const p50 = /\s50%\s+(\S+)/.exec(text)?.[1] ?? "?";
  const p99 = /\s99%\s+(\S+)/.exec(text)?.[1] ?? "?";
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { rps, requests, p50, p99, p99Ms: toMs(p99), errors };
}

/** wrk prints latencies as "812.00us", "3.41ms" or "1.02s". */
function toMs(latency: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(latency);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}
