// `bun run bench e2ee-parts`: why an encrypted upload's memory grows, isolated from the app. A tiny page
// encrypts 5 MiB parts (AES-GCM, 3 in flight, BENCH_E2EE_MIB in all, 200 by default) and PUTs them to
// a sink, each of four ways: as a Blob by XHR, as bytes by XHR, and from a dedicated worker that takes
// 4 parts and is ended once none is in flight, sending the bytes it is handed either as they are or as
// a Blob it makes. The page has no service worker (the app's holds every request body its fetch
// events see: docs/encrypted-shares.md). Each way runs in Chromium
// with no DevTools client attached (what a visitor has), driven by Playwright as launched (what the e2e
// tests have: Playwright enables the Network domain on every page and worker), and over the DevTools
// protocol without that domain (what `bun run bench e2ee` has: scripts/bench/kit/cdp.ts). Prints
// MiB/s and the peak growth of the renderer's and the browser process's RSS, then the growth 3 s after
// the transfer and after the page ran a full garbage collection (Chromium started with --expose-gc).
// BENCH_WAYS and BENCH_DRIVERS (comma-separated) pick some. docs/encrypted-shares.md ("Memory of an
// encrypted upload") says what the figures showed.
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../client/e2e/kit/harness";
import { launchCdpBrowser } from "./kit/cdp";
import { chromiumProcesses, mib, rssOf } from "./kit/helpers";

const SIZE = Number(process.env.BENCH_E2EE_MIB ?? 200) * 1024 * 1024;
const WAYS = (process.env.BENCH_WAYS?.split(",") ?? [
  "xhr-blob",
  "xhr-bytes",
  "worker-bytes",
  "worker-blob",
]) as readonly Way[];
type Way = "xhr-blob" | "xhr-bytes" | "worker-bytes" | "worker-blob";
const PARTS_PER_WORKER = 4;

const page = (way: Way) => `<!doctype html><script type="module">
const PART = 5 * 1024 * 1024, SIZE = ${SIZE}, WAY = ${JSON.stringify(way)};
await fetch("/go");
const key = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt"]);
const xhrPut = (body) => new Promise((resolve, reject) => {
  const xhr = new XMLHttpRequest();
  xhr.open("PUT", "/part");
  xhr.upload.onprogress = () => {};
  xhr.onload = resolve;
  xhr.onerror = () => reject(new Error("network"));
  xhr.send(body);
});
let worker = null;
const workerPut = (bytes) => {
  if (!worker || worker.used === ${PARTS_PER_WORKER}) {
    const old = worker;
    if (old) { old.retired = true; if (old.inFlight === 0) old.thread.terminate(); }
    worker = { thread: new Worker("/sender.js"), used: 0, inFlight: 0, retired: false, waiting: new Map() };
    const self = worker;
    // Ended once none of its parts is in flight: no worker stays with the last parts.
    self.thread.onmessage = ({ data }) => {
      self.waiting.get(data.id)?.();
      self.inFlight--;
      if (self.inFlight === 0) {
        self.thread.terminate();
        if (worker === self) worker = null;
      }
    };
  }
  const self = worker, id = self.used++;
  self.inFlight++;
  return new Promise((resolve) => {
    self.waiting.set(id, resolve);
    self.thread.postMessage({ id, bytes, asBlob: WAY === "worker-blob" }, [bytes.buffer]);
  });
};
let next = 0;
const started = performance.now();
await Promise.all([0, 1, 2].map(async () => {
  for (let index = next++; index * PART < SIZE; index = next++) {
    const plain = new Uint8Array(PART);
    plain[0] = index;
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: new Uint8Array(12) }, key, plain));
    if (WAY === "xhr-blob") await xhrPut(new Blob([sealed]));
    else if (WAY === "xhr-bytes") await xhrPut(sealed);
    else await workerPut(sealed);
  }
}));
await fetch("/result", { method: "POST", body: String((performance.now() - started) / 1000) });
await fetch("/settled");
globalThis.gc?.();
await fetch("/collected");
</script>`;

const SENDER = `onmessage = ({ data }) => {
  const xhr = new XMLHttpRequest();
  xhr.open("PUT", "/part");
  xhr.upload.onprogress = () => {};
  xhr.onloadend = () => postMessage({ id: data.id });
  xhr.send(data.asBlob ? new Blob([data.bytes]) : data.bytes);
};`;

/** Barriers the page waits at, released by the script once it has taken its sample. */
const barriers = new Map<string, () => void>();
const reached = new Map<string, (body: string) => void>();
const barrier = (name: string, body = "") => {
  reached.get(name)?.(body);
  return new Promise<void>((resolve) => barriers.set(name, resolve));
};
const waitFor = (name: string) => new Promise<string>((resolve) => reached.set(name, resolve));

let way: Way = "xhr-blob";
const server = Bun.serve({
  port: 0,
  maxRequestBodySize: 64 * 1024 * 1024,
  idleTimeout: 0,
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === "/part") {
      await request.arrayBuffer();
      return new Response("ok");
    }
    if (pathname === "/sender.js") return new Response(SENDER, { headers: { "content-type": "text/javascript" } });
    if (pathname === "/probe") return new Response(page(way), { headers: { "content-type": "text/html" } });
    const name = pathname.slice(1);
    await barrier(name, request.method === "POST" ? await request.text() : "");
    return new Response("ok");
  },
});

type Driver = "no DevTools client" | "Playwright" | "DevTools without Network";
const ARGS = [...CHROMIUM_ARGS, "--headless", "--js-flags=--expose-gc"];

async function openProbe(driver: Driver, url: string): Promise<{ root: number; close: () => Promise<void> }> {
  if (driver === "Playwright") {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
    // Not awaited: the page's script waits at /go, which this script releases once it has its baseline.
    void (await browser.newPage()).goto(url).catch(() => undefined);
    return { root: process.pid, close: () => browser.close() };
  }
  if (driver === "DevTools without Network") {
    const browser = await launchCdpBrowser(["--js-flags=--expose-gc"]);
    const tab = await browser.newTab();
    void browser.send("Page.navigate", { url }, tab.sessionId).catch(() => undefined);
    return { root: browser.pid, close: () => browser.close() };
  }
  const profile = join(tmpdir(), `pastebox-e2ee-parts-${process.pid}-${Date.now()}`);
  const child = Bun.spawn([CHROMIUM_PATH, ...ARGS, `--user-data-dir=${profile}`, url], {
    stdout: "ignore",
    stderr: "ignore",
  });
  return {
    root: child.pid,
    async close() {
      child.kill();
      await child.exited;
      await Bun.$`rm -rf ${profile}`.quiet();
    },
  };
}

async function probe(driver: Driver): Promise<void> {
  const atGo = waitFor("go");
  const probeTab = await openProbe(driver, `http://localhost:${server.port}/probe`);
  await atGo;
  const processes = chromiumProcesses(probeTab.root);
  const rendererBase = new Map(processes.renderers.map((pid) => [pid, rssOf(pid)]));
  const browserRss = () => chromiumProcesses(probeTab.root).browser.reduce((sum, pid) => sum + rssOf(pid), 0);
  const browserBase = browserRss();
  const growth = () => ({
    renderer: Math.max(
      0,
      ...chromiumProcesses(probeTab.root).renderers.map((pid) => rssOf(pid) - (rendererBase.get(pid) ?? 0)),
    ),
    browser: browserRss() - browserBase,
  });
  const peak = { renderer: 0, browser: 0 };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = growth();
      peak.renderer = Math.max(peak.renderer, now.renderer);
      peak.browser = Math.max(peak.browser, now.browser);
      await Bun.sleep(100);
    }
  })();
  const result = waitFor("result");
  barriers.get("go")?.();
  const seconds = Number(await result);
  sampling = false;
  await sampler;
  const atSettled = waitFor("settled");
  barriers.get("result")?.();
  await atSettled;
  await Bun.sleep(3000);
  const settled = growth();
  const atCollected = waitFor("collected");
  barriers.get("settled")?.();
  await atCollected;
  await Bun.sleep(500);
  const collected = growth();
  barriers.get("collected")?.();
  await probeTab.close();
  console.log(
    `${way.padEnd(12)} ${driver.padEnd(26)} ${(SIZE / 1024 / 1024 / seconds).toFixed(1).padStart(6)} MiB/s; ` +
      `peak renderer +${mib(peak.renderer)}, browser process +${mib(peak.browser)}; ` +
      `3 s later +${mib(settled.renderer)} / +${mib(settled.browser)}; after gc() +${mib(collected.renderer)} / +${mib(collected.browser)}; ` +
      `load ${loadavg()[0]?.toFixed(1)}`,
  );
}

try {
  console.log(`${mib(SIZE)} in 5 MiB parts, 3 at a time; ${new Date().toISOString()}`);
  const drivers = (process.env.BENCH_DRIVERS?.split(",") ?? [
    "no DevTools client",
    "Playwright",
    "DevTools without Network",
  ]) as Driver[];
  for (const driver of drivers) {
    for (const each of WAYS) {
      way = each;
      await probe(driver);
    }
  }
} finally {
  server.stop(true);
}
