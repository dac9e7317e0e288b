// End-to-end harness: starts the real server (which serves the built client from dist/client) on a
// free loopback port with a fresh data directory, and launches Debian's Chromium through
// playwright-core (no browser download: see docs/environment.md). Build the client first.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CSRF_HEADER, SESSION_COOKIE } from "@shared/constants";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { REPO_ROOT, startServerProcess } from "../../scripts/test/server-process";
import { findFreePort } from "../../scripts/test/services";

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

/**
 * `atLocalhost`: the app's PUBLIC_URL and base URL are http://localhost:<port> instead of 127.0.0.1,
 * for what needs a host name (a WebAuthn relying party id cannot be an IP address).
 */
export async function startApp(
  extraEnv: Record<string, string> = {},
  options: { atLocalhost?: boolean } = {},
): Promise<RunningApp> {
  // E2E_CLIENT_DIR lets parallel work build the client into its own folder (vite build --outDir).
  const clientDir = process.env.E2E_CLIENT_DIR ?? join(REPO_ROOT, "dist/client");
  const indexHtml = join(clientDir, "index.html");
  if (!existsSync(indexHtml)) {
    throw new Error(`${indexHtml} is missing: build the client first (bun run build)`);
  }
  const port = await findFreePort();
  const localhostUrl = `http://localhost:${port}`;
  const server = await startServerProcess({
    port,
    env: {
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      CLIENT_DIR: clientDir,
      ...(options.atLocalhost ? { PUBLIC_URL: localhostUrl } : {}),
      ...extraEnv,
    },
  });
  const baseUrl = options.atLocalhost ? localhostUrl : server.baseUrl;
  return { baseUrl, dataDir: server.dataDir, stop: () => server.stop() };
}

/**
 * Signs a browser context in as the admin, the way the app's own login does
 * (docs/decisions/0009-browser-session-cookie.md): the web client's login call (with its CSRF header
 * and Origin) answers no token but an HttpOnly session cookie, which goes into the context. The page
 * asks the server who it is on load, so nothing is seeded in its storage.
 */
export async function signInAsAdmin(context: BrowserContext, app: RunningApp): Promise<void> {
  await context.addCookies([{ ...(await adminSessionCookie(app)), httpOnly: true, sameSite: "Strict", secure: false }]);
}

/** The admin's session cookie as the web client's login sets it (for a browser driven without Playwright too). */
export async function adminSessionCookie(app: RunningApp): Promise<{ name: string; value: string; url: string }> {
  const login = await fetch(`${app.baseUrl}/trpc/admin.login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", [CSRF_HEADER]: "anonymous", Origin: app.baseUrl },
    body: JSON.stringify({ json: { username: "admin", password: E2E_ADMIN_PASSWORD } }),
  });
  const cookie = login.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!login.ok || !cookie) throw new Error(`web login failed: ${login.status} ${await login.text()}`);
  const value = (cookie.split(";")[0] ?? "").slice(SESSION_COOKIE.length + 1);
  return { name: SESSION_COOKIE, value, url: app.baseUrl };
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

/**
 * Home's source editor (CodeMirror) loads on the text's first use: before, a plain text area stands in
 * (components/editor/plain-editor.tsx). Clicks it, as a user would, and returns the source editor.
 */
export async function startHomeEditor(page: Page) {
  const editable = page.locator(".cm-content");
  await page.getByTestId("plain-editor").locator("textarea").or(editable).first().click({ timeout: 60_000 });
  await editable.waitFor({ timeout: 60_000 });
  return editable;
}

/** The looks every screen must work in: 375 px and desktop, light and dark. */
export const LOOKS = [
  { name: "desktop-light", viewport: DESKTOP, scheme: "light" },
  { name: "desktop-dark", viewport: DESKTOP, scheme: "dark" },
  { name: "phone-light", viewport: PHONE, scheme: "light" },
  { name: "phone-dark", viewport: PHONE, scheme: "dark" },
] as const;

/** Screenshots are written only when asked for, to look at: E2E_SHOTS=1. */
const SHOTS_WANTED = process.env.E2E_SHOTS === "1";

/** Where a spec's screenshots go: client/e2e/shots/<spec name>/ (ignored by git). */
function shotsDirOf(specFile: string): string {
  return join(dirname(specFile), "shots", basename(specFile, ".spec.ts"));
}

/** Closes every notification (toast) on the page: a layoutCheck `prepare`, so that passing messages hide nothing. */
export async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole("button", { name: "Dismiss notification" });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/** Waits until every finite animation and transition (e.g. a theme's fade) has finished. */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Throws, naming the widest elements, when the page scrolls sideways in its viewport. */
async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const fits = () => document.documentElement.scrollWidth <= window.innerWidth;
  const settled = await page
    .waitForFunction(fits, undefined, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (settled) return;
  const report = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
  throw new Error(
    `${where}: the page is ${report.scrollWidth} px wide in a ${report.width} px viewport; wider: ${report.wide.join(", ")}`,
  );
}

/** Throws when an element's box reaches past the viewport's sides. */
async function expectInsideViewport(page: Page, locator: Locator, where: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  for (const element of await locator.all()) {
    if (!(await element.isVisible())) continue;
    const box = await element.boundingBox();
    if (box && (box.x < -0.5 || box.x + box.width > width + 0.5)) {
      throw new Error(`${where}: an element spans ${box.x}-${box.x + box.width} px in a ${width} px viewport`);
    }
  }
}

export type LayoutCheckOptions = {
  /** Elements whose boxes must lie within the viewport's width; open dialogs always are checked. */
  inside?: Locator[];
  /** With E2E_SHOTS=1: the whole page (default) or the viewport. */
  fullPage?: boolean;
};

/**
 * A screen check for one spec: in each look the page must not scroll sideways and open dialogs (and
 * `inside` elements) must fit the viewport's width. With E2E_SHOTS=1 it also saves a PNG per look into
 * the spec's own folder under client/e2e/shots/. `prepare` runs first (e.g. to dismiss passing toasts).
 */
export function layoutCheck(specFile: string, prepare?: (page: Page) => Promise<void>) {
  const dir = shotsDirOf(specFile);
  return async (page: Page, name: string, options: LayoutCheckOptions = {}): Promise<void> => {
    await prepare?.(page);
    const restore = page.viewportSize() ?? DESKTOP;
    for (const look of LOOKS) {
      await page.setViewportSize(look.viewport);
      await page.emulateMedia({ colorScheme: look.scheme });
      await page.evaluate(() => window.scrollTo(0, 0));
      const where = `${name} (${look.name})`;
      await expectNoHorizontalOverflow(page, where);
      for (const locator of [page.getByRole("dialog"), ...(options.inside ?? [])]) {
        await expectInsideViewport(page, locator, where);
      }
      if (SHOTS_WANTED) {
        await waitForAnimations(page);
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: join(dir, `${name}-${look.name}.png`), fullPage: options.fullPage ?? true });
      }
    }
    await page.setViewportSize(restore);
    await page.emulateMedia({ colorScheme: "light" });
  };
}

/** One screenshot as the page is now, only with E2E_SHOTS=1, into the spec's folder under shots/. */
export async function saveShot(specFile: string, page: Page, name: string): Promise<void> {
  if (!SHOTS_WANTED) return;
  const dir = shotsDirOf(specFile);
  mkdirSync(dir, { recursive: true });
  await waitForAnimations(page);
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

let axeSource: string | null = null;

/** axe-core's violations in every look (rule and first target), none expected; back in light after. */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(`${REPO_ROOT}/node_modules/axe-core/axe.min.js`, "utf8");
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const found: string[] = [];
  for (const look of LOOKS) {
    await page.setViewportSize(look.viewport);
    await page.emulateMedia({ colorScheme: look.scheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains("dark") === dark,
      look.scheme === "dark",
    );
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const violations: string[] = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
      const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
      return result.violations.map(
        (violation: { id: string; nodes: { target: string[] }[] }) =>
          `${violation.id} ${violation.nodes[0]?.target.join(" ") ?? ""}`,
      );
    });
    found.push(...violations.map((violation) => `${look.name}: ${violation}`));
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}
