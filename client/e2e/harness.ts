// End-to-end harness: starts the real server (which serves the built client from dist/client) on a
// free loopback port with a fresh data directory, and launches Debian's Chromium through
// playwright-core (no browser download: see docs/environment.md). Build the client first.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { REPO_ROOT, startServerProcess } from "../../scripts/test/server-process";
import { CSRF_HEADER, SESSION_COOKIE } from "../../shared/constants";

export { REPO_ROOT };

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

export type RunningApp = { baseUrl: string; dataDir: string; stop(): Promise<void> };

export async function startApp(extraEnv: Record<string, string> = {}): Promise<RunningApp> {
  // E2E_CLIENT_DIR lets parallel work build the client into its own folder (vite build --outDir).
  const clientDir = process.env.E2E_CLIENT_DIR ?? join(REPO_ROOT, "dist/client");
  const indexHtml = join(clientDir, "index.html");
  if (!existsSync(indexHtml)) {
    throw new Error(`${indexHtml} is missing: build the client first (bun run build)`);
  }
  const server = await startServerProcess({
    env: { ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, CLIENT_DIR: clientDir, ...extraEnv },
  });
  return { baseUrl: server.baseUrl, dataDir: server.dataDir, stop: () => server.stop() };
}

/**
 * Signs a browser context in as the admin, the way the app's own login does
 * (docs/decisions/0009-browser-session-cookie.md): the web client's login call (with its CSRF header
 * and Origin) answers no token but an HttpOnly session cookie, which goes into the context. The page
 * asks the server who it is on load, so nothing is seeded in its storage.
 */
export async function signInAsAdmin(context: BrowserContext, app: RunningApp): Promise<void> {
  const login = await fetch(`${app.baseUrl}/trpc/admin.login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", [CSRF_HEADER]: "anonymous", Origin: app.baseUrl },
    body: JSON.stringify({ json: { username: "admin", password: E2E_ADMIN_PASSWORD } }),
  });
  const cookie = login.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!login.ok || !cookie) throw new Error(`web login failed: ${login.status} ${await login.text()}`);
  const value = (cookie.split(";")[0] ?? "").slice(SESSION_COOKIE.length + 1);
  await context.addCookies([
    { name: SESSION_COOKIE, value, url: app.baseUrl, httpOnly: true, sameSite: "Strict", secure: false },
  ]);
}

/** A session token for the app's admin, for the API calls a test makes outside the browser. */
export async function adminToken(app: RunningApp): Promise<string> {
  const login = await fetch(`${app.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: E2E_ADMIN_PASSWORD }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
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
  // Service workers are blocked unless a spec asks for them (offline.spec.ts): a worker answering
  // from its precache would hide page.route() interceptions and re-download the app per context.
  const context = await browser.newContext({
    viewport: DESKTOP,
    colorScheme: "light",
    locale: "en-US",
    serviceWorkers: "block",
    ...options,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return { context, page, errors };
}
