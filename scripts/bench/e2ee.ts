// `bun run bench e2ee`: end-to-end encrypted files in Chromium against the real server (local storage,
// SQLite; the client must be built: `bun run build`). One file on disk (200 MiB; BENCH_E2EE_MIB=2048
// for 2 GiB) is uploaded from the Upload screen with "Encrypt in this browser" and without it, in the
// same run and in alternating rounds; each upload is then downloaded in another context as a browser
// download: the encrypted one by the file page's "Decrypt and download", streamed through the service
// worker (a browser without the File System Access API), the plain one by following its download link.
// Prints MiB/s of each and the encrypted/plain ratio (target >= 0.6x, docs/encrypted-shares.md), and
// the memory each transfer took, encrypted beside plain: the page's JS heap (CDP Performance.getMetrics,
// sampled) and the resident memory of Chromium's renderer processes and of its browser process (where
// Blob bytes and the download's writing live), from /proc. Target for the page: < 200 MiB whatever
// the file's size.
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_ADMIN_PASSWORD, signInAsAdmin, startApp } from "../../client/e2e/harness";
import { adminAuthorization } from "../test/server-process";
import { chromiumProcesses, generatedStream, mib, rssOf } from "./helpers";

const SIZE = Number(process.env.BENCH_E2EE_MIB ?? 200) * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SAMPLE_MS = 200;
const TIMEOUT_MS = 900_000;

/**
 * Peaks while one transfer ran: the page's JS heap (ArrayBuffers' bytes are not in it), the largest
 * growth of any renderer process over its RSS when the transfer started (a renderer that started
 * meanwhile counts whole) and the browser process's RSS (Blob bytes live there).
 */
type Peaks = { heap: number; renderer: number; rendererBaseline: number; browser: number; browserBaseline: number };

/** Samples the page's JS heap and Chromium's processes' RSS until stopped. */
async function sampleMemory(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const peaks: Peaks = { heap: 0, renderer: 0, rendererBaseline: 0, browser: 0, browserBaseline: 0 };
  const browserRss = () => chromiumProcesses(process.pid).browser.reduce((sum, pid) => sum + rssOf(pid), 0);
  peaks.browserBaseline = browserRss();
  const rendererBaselines = new Map(chromiumProcesses(process.pid).renderers.map((pid) => [pid, rssOf(pid)]));
  peaks.rendererBaseline = Math.max(0, ...rendererBaselines.values());
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const { metrics } = await cdp.send("Performance.getMetrics");
        const heap = metrics.find((metric) => metric.name === "JSHeapUsedSize")?.value ?? 0;
        peaks.heap = Math.max(peaks.heap, heap);
      } catch {
        // The page navigated: the next sample reads the new one.
      }
      const { renderers } = chromiumProcesses(process.pid);
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
      await cdp.detach().catch(() => undefined);
      return peaks;
    },
  };
}

const app = await startApp();
// The file is above the default upload limit (100 MiB): the limit (in MiB) leaves room for the ciphertext.
const settings = await fetch(`${app.baseUrl}/api/admin/system-settings`, {
  method: "PUT",
  headers: {
    authorization: await adminAuthorization(app.baseUrl, E2E_ADMIN_PASSWORD),
    "content-type": "application/json",
  },
  body: JSON.stringify({ max_upload_size: Math.max(1024, 2 * Math.ceil(SIZE / 1024 / 1024)) }),
});
if (!settings.ok) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const filePath = join(tmpdir(), `pastebox-e2ee-bench-${process.pid}.bin`);
await Bun.write(filePath, new Response(generatedStream(SIZE)));

/**
 * A context signed in as the admin, with the service worker, without the File System Access API (whose
 * "save as" dialog a script cannot answer): an encrypted download streams through the worker.
 */
async function openContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    serviceWorkers: "allow",
    acceptDownloads: true,
  });
  await signInAsAdmin(context, app);
  await context.addInitScript(() => {
    Reflect.deleteProperty(window, "showSaveFilePicker");
  });
  return { context, page: await context.newPage() };
}

async function upload(encrypted: boolean): Promise<{ seconds: number; link: string; memory: Peaks }> {
  const { context, page } = await openContext();
  await page.goto(`${app.baseUrl}/upload`);
  await page.getByTestId("drop-zone").waitFor();
  if (encrypted) await page.getByRole("switch", { name: "Encrypt in this browser" }).click();
  await page.getByTestId("file-input").setInputFiles(filePath);
  const name = filePath.split("/").pop() as string;
  const memory = await sampleMemory(context, page);
  const started = performance.now();
  await page.getByTestId("start-uploads").click({ timeout: 180_000 });
  await page.waitForSelector(`[data-name="${name}"][data-status="success"]`, { timeout: TIMEOUT_MS });
  const seconds = (performance.now() - started) / 1000;
  const peaks = await memory.stop();
  const link = await page.locator(`[data-name="${name}"]`).getByTestId("result-link").inputValue();
  await context.close();
  return { seconds, link: link.replace(/^http:\/\/[^/]+/, app.baseUrl), memory: peaks };
}

async function download(link: string, encrypted: boolean): Promise<{ seconds: number; memory: Peaks }> {
  const { context, page } = await openContext();
  let start: () => Promise<unknown>;
  if (encrypted) {
    await page.goto(link);
    await page.getByTestId("encrypted-download").waitFor({ timeout: 180_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 180_000 });
    start = () => page.getByTestId("encrypted-download").click();
  } else {
    // The link the file page would follow, from the same public view it reads (a counted view).
    await page.goto(`${app.baseUrl}/`);
    const slug = new URL(link).pathname.split("/").pop() as string;
    const view = (await (await fetch(`${app.baseUrl}/api/public/files/${slug}`)).json()) as {
      data: { download_url: string };
    };
    const href = view.data.download_url;
    start = () =>
      page.evaluate((url) => {
        const anchor = Object.assign(document.createElement("a"), { href: url, download: "" });
        document.body.append(anchor);
        anchor.click();
      }, href);
  }
  const memory = await sampleMemory(context, page);
  const started = performance.now();
  const [saved] = await Promise.all([page.waitForEvent("download", { timeout: TIMEOUT_MS }), start()]);
  const path = await saved.path();
  const seconds = (performance.now() - started) / 1000;
  const peaks = await memory.stop();
  const size = Bun.file(path).size;
  if (encrypted && !saved.url().includes("/__stream-download/")) throw new Error(`not streamed: ${saved.url()}`);
  await saved.delete();
  if (size !== SIZE) throw new Error(`saved ${size} bytes, expected ${SIZE}`);
  await context.close();
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
      `  memory, encrypted (plain): upload JS heap ${mib(encrypted.memory.heap)} (${mib(plain.memory.heap)}), renderer +${mib(encrypted.memory.renderer)} (+${mib(plain.memory.renderer)}) over ${mib(encrypted.memory.rendererBaseline)}, browser process +${mib(encrypted.memory.browser - encrypted.memory.browserBaseline)} (+${mib(plain.memory.browser - plain.memory.browserBaseline)}); ` +
        `download JS heap ${mib(encryptedDown.memory.heap)} (${mib(plainDown.memory.heap)}), renderer +${mib(encryptedDown.memory.renderer)} (+${mib(plainDown.memory.renderer)}) over ${mib(encryptedDown.memory.rendererBaseline)}, browser process +${mib(encryptedDown.memory.browser - encryptedDown.memory.browserBaseline)} (+${mib(plainDown.memory.browser - plainDown.memory.browserBaseline)})`,
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
  const renderer = (peak: Peaks) => peak.renderer;
  const browserGrowth = (peak: Peaks) => peak.browser - peak.browserBaseline;
  for (const way of ["upload", "download"] as const) {
    console.log(
      `${way}, highest of the encrypted runs (plain): JS heap ${highest(memory[way], heap)} (${highest(plainMemory[way], heap)}), ` +
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
