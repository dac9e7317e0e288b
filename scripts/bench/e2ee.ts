// `bun run bench e2ee`: end-to-end encrypted files in Chromium against the real server (local storage,
// SQLite; the client must be built: `bun run build`). One file on disk (200 MiB; BENCH_E2EE_MIB=2048
// for 2 GiB) is uploaded from the Upload screen with "Encrypt in this browser" and without it, in the
// same run and in alternating rounds; each upload is then downloaded in another browser context as a
// browser download: the encrypted one by the file page's "Decrypt and download", streamed through the
// service worker (a browser without the File System Access API, whose dialog a script cannot answer),
// the plain one by following its download link.
// Chromium is driven as a visitor's browser runs (scripts/bench/kit/cdp.ts): over the DevTools protocol with
// no Network domain, which Playwright enables on every page and worker and which keeps bodies and Blobs
// alive in the renderer: measured through Playwright, the transfers paid for the harness.
// Prints MiB/s of each and the encrypted/plain ratio (target >= 0.6x, docs/encrypted-shares.md), and
// the memory each transfer took, encrypted beside plain: the page's JS heap and the ArrayBuffers it
// holds (Runtime.getHeapUsage, sampled; for the decrypting download its service worker's too) and the
// resident memory of Chromium's renderer processes (the page and its service worker) and of its browser
// process (where Blob bytes and the download's writing live), from /proc. Target for the page: < 200 MiB
// whatever the file's size.
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { megabytesToBytes } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import { adminSessionCookie, E2E_ADMIN_PASSWORD, startApp } from "../../client/e2e/kit/harness";
import { adminAuthorization } from "../test/server-process";
import { type CdpBrowser, launchCdpBrowser, navigate, waitUntil } from "./kit/cdp";
import { chromiumProcesses, generatedStream, mib, rssOf } from "./kit/helpers";

const SIZE = Number(process.env.BENCH_E2EE_MIB ?? 200) * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SAMPLE_MS = 200;
const TIMEOUT_MS = 1_800_000;

/**
 * Peaks while one transfer ran: the page's JS heap and ArrayBuffer bytes, the largest growth of any
 * renderer process over its RSS when the transfer started (a renderer that started meanwhile counts
 * whole) and the browser process's RSS (Blob bytes live there).
 */
type Peaks = {
  heap: number;
  buffers: number;
  /** ArrayBuffer bytes of the page's service worker (the decrypting download's records pass through it). */
  workerBuffers: number;
  renderer: number;
  rendererBaseline: number;
  browser: number;
  browserBaseline: number;
};

type HeapUsage = { usedSize: number; backingStorageSize?: number };

/** Samples the page's heap (and its service worker's, when given) and Chromium's processes' RSS until stopped. */
function sampleMemory(browser: CdpBrowser, sessionId: string, workerSessionId?: string) {
  const peaks: Peaks = {
    heap: 0,
    buffers: 0,
    workerBuffers: 0,
    renderer: 0,
    rendererBaseline: 0,
    browser: 0,
    browserBaseline: 0,
  };
  const browserRss = () => chromiumProcesses(browser.pid).browser.reduce((sum, pid) => sum + rssOf(pid), 0);
  peaks.browserBaseline = browserRss();
  const rendererBaselines = new Map(chromiumProcesses(browser.pid).renderers.map((pid) => [pid, rssOf(pid)]));
  peaks.rendererBaseline = Math.max(0, ...rendererBaselines.values());
  let running = true;
  const loop = (async () => {
    while (running) {
      const usage = await browser.send<HeapUsage>("Runtime.getHeapUsage", {}, sessionId).catch(() => null);
      peaks.heap = Math.max(peaks.heap, usage?.usedSize ?? 0);
      peaks.buffers = Math.max(peaks.buffers, usage?.backingStorageSize ?? 0);
      if (workerSessionId) {
        const worker = await browser.send<HeapUsage>("Runtime.getHeapUsage", {}, workerSessionId).catch(() => null);
        peaks.workerBuffers = Math.max(peaks.workerBuffers, worker?.backingStorageSize ?? 0);
      }
      const { renderers } = chromiumProcesses(browser.pid);
      peaks.renderer = Math.max(
        peaks.renderer,
        ...renderers.map((pid) => rssOf(pid) - (rendererBaselines.get(pid) ?? 0)),
      );
      peaks.browser = Math.max(peaks.browser, browserRss());
      await Bun.sleep(SAMPLE_MS);
    }
  })();
  return {
    async stop(): Promise<Peaks> {
      running = false;
      await loop;
      return peaks;
    },
  };
}

const app = await startApp();
// The file is above the default upload limit (100 MiB): the limit (in MiB) leaves room for the ciphertext.
const LIMIT_MB = Math.max(1024, 2 * Math.ceil(SIZE / 1024 / 1024));
const settings = await fetch(`${app.baseUrl}/api/admin/system-settings`, {
  method: "PUT",
  headers: {
    authorization: await adminAuthorization(app.baseUrl, E2E_ADMIN_PASSWORD),
    "content-type": "application/json",
  },
  body: JSON.stringify({ max_upload_size: LIMIT_MB }),
});
if (!settings.ok) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
const browser = await launchCdpBrowser();
const filePath = join(tmpdir(), `pastebox-e2ee-bench-${process.pid}.bin`);
await Bun.write(filePath, new Response(generatedStream(SIZE)));

/**
 * A tab in a new context, signed in as the admin when asked, with the service worker and without the
 * File System Access API: an encrypted download streams through the worker.
 */
async function openTab(signedIn: boolean) {
  const tab = await browser.newTab(
    signedIn ? [{ ...(await adminSessionCookie(app)), httpOnly: true, sameSite: "Strict" }] : [],
  );
  await browser.send(
    "Page.addScriptToEvaluateOnNewDocument",
    { source: "delete Window.prototype.showSaveFilePicker; delete window.showSaveFilePicker;" },
    tab.sessionId,
  );
  return tab;
}

const NAME = filePath.split("/").pop() as string;
const ROW = `document.querySelector('[data-name="${NAME}"]')`;

async function upload(encrypted: boolean): Promise<{ seconds: number; link: string; memory: Peaks }> {
  const tab = await openTab(true);
  const session = tab.sessionId;
  await navigate(browser, session, `${app.baseUrl}/upload`);
  // A file picked before the page has the server's limit is held to the default (100 MB) and refused.
  const limit = `Up to ${formatBytes(megabytesToBytes(LIMIT_MB))} per file`;
  await waitUntil(browser, session, `document.body.innerText.includes(${JSON.stringify(limit)})`);
  if (encrypted) {
    await browser.evaluate(
      session,
      `[...document.querySelectorAll('[role="switch"]')].find((button) => document.getElementById(button.getAttribute("aria-labelledby"))?.textContent === "Encrypt in this browser").click()`,
    );
  }
  const { root } = await browser.send<{ root: { nodeId: number } }>("DOM.getDocument", {}, session);
  const { nodeId } = await browser.send<{ nodeId: number }>(
    "DOM.querySelector",
    { nodeId: root.nodeId, selector: '[data-testid="file-input"]' },
    session,
  );
  await browser.send("DOM.setFileInputFiles", { nodeId, files: [filePath] }, session);
  await waitUntil(browser, session, `document.querySelector('[data-testid="start-uploads"]')`);
  const memory = sampleMemory(browser, session);
  const started = performance.now();
  await browser.evaluate(session, `document.querySelector('[data-testid="start-uploads"]').click()`);
  await waitUntil(browser, session, `${ROW}?.dataset.status === "success"`, TIMEOUT_MS);
  const seconds = (performance.now() - started) / 1000;
  const peaks = await memory.stop();
  const link = await browser.evaluate<string>(session, `${ROW}.querySelector('[data-testid="result-link"]').value`);
  await tab.close();
  return { seconds, link: link.replace(/^http:\/\/[^/]+/, app.baseUrl), memory: peaks };
}

/** A session on the service worker of a tab's browser context. */
async function attachServiceWorker(browserContextId: string): Promise<string> {
  const { targetInfos } = await browser.send<{
    targetInfos: { targetId: string; type: string; browserContextId?: string }[];
  }>("Target.getTargets");
  const worker = targetInfos.find(
    (target) => target.type === "service_worker" && target.browserContextId === browserContextId,
  );
  if (!worker) throw new Error("no service worker");
  const { sessionId } = await browser.send<{ sessionId: string }>("Target.attachToTarget", {
    targetId: worker.targetId,
    flatten: true,
  });
  return sessionId;
}

/** Downloads as a visitor (not signed in) and checks the saved file's size. */
async function download(link: string, encrypted: boolean): Promise<{ seconds: number; memory: Peaks }> {
  const tab = await openTab(false);
  const session = tab.sessionId;
  let start: string;
  let workerSession: string | undefined;
  if (encrypted) {
    await navigate(browser, session, link);
    await waitUntil(
      browser,
      session,
      `navigator.serviceWorker.controller && document.querySelector('[data-testid="encrypted-download"]')`,
    );
    start = `document.querySelector('[data-testid="encrypted-download"]').click()`;
    workerSession = await attachServiceWorker(tab.browserContextId);
  } else {
    // The link the file page would follow, from the same public view it reads (a counted view).
    await navigate(browser, session, `${app.baseUrl}/`);
    const slug = new URL(link).pathname.split("/").pop() as string;
    const view = (await (await fetch(`${app.baseUrl}/api/public/files/${slug}`)).json()) as {
      data: { download_url: string };
    };
    start = `(() => {
      const anchor = Object.assign(document.createElement("a"), { href: ${JSON.stringify(view.data.download_url)}, download: "" });
      document.body.append(anchor);
      anchor.click();
    })()`;
  }
  const memory = sampleMemory(browser, session, workerSession);
  const begun = browser.waitForEvent("Browser.downloadWillBegin", () => true, 60_000);
  const started = performance.now();
  await browser.evaluate(session, start);
  const { guid, url } = (await begun) as { guid: string; url: string };
  const done = await browser.waitForEvent(
    "Browser.downloadProgress",
    (event) => event.guid === guid && event.state !== "inProgress",
    TIMEOUT_MS,
  );
  const seconds = (performance.now() - started) / 1000;
  const peaks = await memory.stop();
  const saved = Bun.file(join(browser.downloadDir, guid));
  const size = saved.size;
  await saved.delete().catch(() => undefined);
  await tab.close();
  if (done.state !== "completed") throw new Error(`download ${done.state}`);
  if (encrypted && !url.includes("/__stream-download/")) throw new Error(`not streamed: ${url}`);
  if (size !== SIZE) throw new Error(`saved ${size} bytes, expected ${SIZE}`);
  return { seconds, memory: peaks };
}

const rate = (seconds: number) => SIZE / 1024 / 1024 / seconds;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

try {
  const rows: { plainUp: number; encUp: number; plainDown: number; encDown: number }[] = [];
  const memory = { upload: [] as Peaks[], download: [] as Peaks[] };
  const plainMemory = { upload: [] as Peaks[], download: [] as Peaks[] };
  for (let round = 1; round <= ROUNDS; round++) {
    const plain = await upload(false);
    const encrypted = await upload(true);
    const plainDown = await download(plain.link, false);
    const encryptedDown = await download(encrypted.link, true);
    memory.upload.push(encrypted.memory);
    memory.download.push(encryptedDown.memory);
    plainMemory.upload.push(plain.memory);
    plainMemory.download.push(plainDown.memory);
    const row = {
      plainUp: rate(plain.seconds),
      encUp: rate(encrypted.seconds),
      plainDown: rate(plainDown.seconds),
      encDown: rate(encryptedDown.seconds),
    };
    rows.push(row);
    console.log(
      `round ${round}: upload plain ${row.plainUp.toFixed(1)} MiB/s, encrypted ${row.encUp.toFixed(1)} MiB/s (${(row.encUp / row.plainUp).toFixed(2)}x); ` +
        `download plain ${row.plainDown.toFixed(1)} MiB/s, decrypted ${row.encDown.toFixed(1)} MiB/s (${(row.encDown / row.plainDown).toFixed(2)}x)`,
    );
    console.log(
      `  memory, encrypted (plain): upload JS heap ${mib(encrypted.memory.heap)} (${mib(plain.memory.heap)}), ArrayBuffers ${mib(encrypted.memory.buffers)} (${mib(plain.memory.buffers)}), renderer +${mib(encrypted.memory.renderer)} (+${mib(plain.memory.renderer)}) over ${mib(encrypted.memory.rendererBaseline)}, browser process +${mib(encrypted.memory.browser - encrypted.memory.browserBaseline)} (+${mib(plain.memory.browser - plain.memory.browserBaseline)}); ` +
        `download JS heap ${mib(encryptedDown.memory.heap)} (${mib(plainDown.memory.heap)}), ArrayBuffers ${mib(encryptedDown.memory.buffers)} (${mib(plainDown.memory.buffers)}), service worker's ArrayBuffers ${mib(encryptedDown.memory.workerBuffers)}, renderer +${mib(encryptedDown.memory.renderer)} (+${mib(plainDown.memory.renderer)}) over ${mib(encryptedDown.memory.rendererBaseline)}, browser process +${mib(encryptedDown.memory.browser - encryptedDown.memory.browserBaseline)} (+${mib(plainDown.memory.browser - plainDown.memory.browserBaseline)})`,
    );
  }
  const ratioUp = median(rows.map((row) => row.encUp / row.plainUp));
  const ratioDown = median(rows.map((row) => row.encDown / row.plainDown));
  console.log(
    `\n${mib(SIZE)}, ${ROUNDS} rounds, medians: encrypt+upload ${median(rows.map((row) => row.encUp)).toFixed(1)} MiB/s vs plain ${median(rows.map((row) => row.plainUp)).toFixed(1)} MiB/s = ${ratioUp.toFixed(2)}x; ` +
      `download+decrypt ${median(rows.map((row) => row.encDown)).toFixed(1)} MiB/s vs plain ${median(rows.map((row) => row.plainDown)).toFixed(1)} MiB/s = ${ratioDown.toFixed(2)}x (target >= 0.6x)`,
  );
  const highest = (peaks: Peaks[], of: (peak: Peaks) => number) => mib(Math.max(...peaks.map(of)));
  const heap = (peak: Peaks) => peak.heap;
  const buffers = (peak: Peaks) => peak.buffers;
  const renderer = (peak: Peaks) => peak.renderer;
  const browserGrowth = (peak: Peaks) => peak.browser - peak.browserBaseline;
  for (const way of ["upload", "download"] as const) {
    console.log(
      `${way}, highest of the encrypted runs (plain): page JS heap ${highest(memory[way], heap)} (${highest(plainMemory[way], heap)}), ` +
        `its ArrayBuffers ${highest(memory[way], buffers)} (${highest(plainMemory[way], buffers)}), ` +
        `renderer RSS growth +${highest(memory[way], renderer)} (+${highest(plainMemory[way], renderer)}), ` +
        `browser process RSS growth +${highest(memory[way], browserGrowth)} (+${highest(plainMemory[way], browserGrowth)}); target for the page < 200 MiB`,
    );
  }
  console.log(
    `machine: ${cpus()[0]?.model ?? "?"}, ${cpus().length} cores; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}; ${new Date().toISOString()}`,
  );
} finally {
  await browser.close();
  await app.stop();
  await Bun.file(filePath)
    .delete()
    .catch(() => undefined);
}
