// End-to-end harness: starts the real server (which serves the built client from dist/client) on a
// free loopback port with a fresh data directory, and launches Debian's Chromium through
// playwright-core (no browser download: see ENVIRONMENT.md). Build the client first.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";

export const REPO_ROOT = resolve(import.meta.dir, "../..");
export const E2E_ADMIN_PASSWORD = "e2e-admin-password-123";
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Without the background-networking flags Chromium keeps calling home and floods the closed network.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const STARTUP_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export type RunningApp = { baseUrl: string; dataDir: string; stop(): Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function collect(stream: ReadableStream<Uint8Array> | null | undefined, into: string[]) {
  if (!stream) return;
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    into.push(decoder.decode(value, { stream: true }));
  }
}

export async function startApp(extraEnv: Record<string, string> = {}): Promise<RunningApp> {
  // E2E_CLIENT_DIR lets parallel work build the client into its own folder (vite build --outDir).
  const clientDir = process.env.E2E_CLIENT_DIR ?? join(REPO_ROOT, "dist/client");
  const indexHtml = join(clientDir, "index.html");
  if (!existsSync(indexHtml)) {
    throw new Error(`${indexHtml} is missing: build the client first (bun run build)`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "pastebox-e2e-"));
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    LOG_LEVEL: "warn",
    CLIENT_DIR: clientDir,
    ...extraEnv,
  };
  // The browser tests use their own SQLite file, whatever database the calling shell points at.
  if (!("DATABASE_URL" in extraEnv)) delete env.DATABASE_URL;
  delete env.PUBLIC_URL;

  const output: string[] = [];
  const child = Bun.spawn([process.execPath, "run", "server/main.ts"], {
    cwd: REPO_ROOT,
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  void collect(child.stdout, output);
  void collect(child.stderr, output);

  const baseUrl = `http://127.0.0.1:${port}`;
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(STOP_TIMEOUT_MS).then(() => false)]);
      if (!exited) {
        child.kill("SIGKILL");
        await child.exited;
      }
    }
    cleanUp();
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      cleanUp();
      throw new Error(
        `server exited with ${child.exitCode ?? child.signalCode} before it was healthy:\n${output.join("")}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return { baseUrl, dataDir, stop };
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(100);
  }
  await stop();
  throw new Error(`server was not healthy within ${STARTUP_TIMEOUT_MS} ms:\n${output.join("")}`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 800 } as const;

export type PageWithErrors = { context: BrowserContext; page: Page; errors: string[] };

// A fresh context (own localStorage) per test. Console errors and uncaught exceptions are collected,
// so a spec can assert the page ran cleanly (a CSP violation, for one, only shows up there).
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<PageWithErrors> {
  const context = await browser.newContext({ viewport: DESKTOP, colorScheme: "light", locale: "en-US", ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return { context, page, errors };
}
