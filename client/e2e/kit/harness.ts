// End-to-end harness: starts the real server (which serves the built client from dist/client) on a
// free loopback port with a fresh data directory, and launches Debian's Chromium through
// playwright-core (no browser download: see docs/environment.md). Build the client first. A spec gets
// its app, browser, admin API and screen check from one call: `const e2e = e2eSpec(import.meta.path)`.
import { afterAll, beforeAll, expect } from "bun:test";
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
import { s3StorageBody } from "../../../scripts/test/s3-storage";
import { REPO_ROOT, startServerProcess } from "../../../scripts/test/server-process";
import { findFreePort, type S3Service } from "../../../scripts/test/services";

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
  return join(dirname(import.meta.dir), "shots", basename(specFile, ".spec.ts"));
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

/** Puts axe-core on the page once (a global script, kept until the page navigates). */
export async function injectAxe(page: Page): Promise<void> {
  axeSource ??= readFileSync(`${REPO_ROOT}/node_modules/axe-core/axe.min.js`, "utf8");
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
}

/** axe-core's violations on the page in the look it has now (rule and first target). */
export async function axeViolationsHere(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map(
      (violation: { id: string; nodes: { target: string[] }[] }) =>
        `${violation.id} ${violation.nodes[0]?.target.join(" ") ?? ""}`,
    );
  });
}

/** Puts the page in `look` and waits until the theme is applied and layout and paint have settled. */
export async function showLook(page: Page, look: (typeof LOOKS)[number]): Promise<void> {
  await page.setViewportSize(look.viewport);
  await page.emulateMedia({ colorScheme: look.scheme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains("dark") === dark,
    look.scheme === "dark",
  );
  // Two frames: layout and paint settle after the resize.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** axe-core's violations in every look (rule and first target), none expected; back in light after. */
export async function axeViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const look of LOOKS) {
    await showLook(page, look);
    found.push(...(await axeViolationsHere(page)).map((violation) => `${look.name}: ${violation}`));
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}

/** Stops transitions and animations: a colour measured halfway through the theme's fade is neither theme's. */
export async function stillPage(page: Page): Promise<void> {
  await page.addStyleTag({ content: "*,*::before,*::after{transition:none!important;animation:none!important}" });
}

/**
 * axe-core in every look on a still page with the pointer off the buttons: axe measures what the page
 * shows, not a theme's fade caught halfway or a hovered button.
 */
export async function stillAxeViolations(page: Page): Promise<string[]> {
  await stillPage(page);
  await page.mouse.move(0, 0);
  return axeViolations(page);
}

/**
 * The admin's REST API as a script calls it (a Bearer token from the REST login, fetched on first use):
 * the answer's status beside its envelope's fields (`data`, `message`...), read field by field.
 * A FormData body goes as it is; `authorization` calls as someone else (an API key, nobody: "").
 */
export type AdminApi = (
  method: string,
  path: string,
  body?: unknown,
  options?: { authorization?: string },
  // biome-ignore lint/suspicious/noExplicitAny: the envelopes of many routes, read field by field
) => Promise<any>;

export type E2eSpecOptions = {
  /** Server environment beyond the harness's; a function when it is made at start (a folder). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** See startApp. */
  atLocalhost?: boolean;
  /** A layoutCheck `prepare` run before each checkScreen (default: dismissToasts). */
  prepare?: (page: Page) => Promise<void>;
};

/** What one spec file works with. */
export type E2eSpec = {
  /** The running app (filled in by the spec's first beforeAll; the same object for the whole file). */
  app: RunningApp;
  /** The admin's REST session token (the one `api` sends), for a spec that builds its own requests. */
  token(): Promise<string>;
  api: AdminApi;
  /** `api` for setup that must succeed: the answer's `data`, or a throw naming the call and answer. */
  apiData: AdminApi;
  /** Adds the S3 server's bucket as a storage config through the API; answers its id. */
  addS3Storage(s3: S3Service, name: string): Promise<string>;
  /** Mounts a storage (by default the local disk every app starts with) at `path`; throws unless made. */
  addMount(mount: { name: string; path: string; folder?: string; storageId?: string }): Promise<void>;
  /** A fresh browser context and page (see openPage). */
  openPage(options?: BrowserContextOptions): Promise<PageWithErrors>;
  /** The same, signed in as the admin the way the web login does it. */
  openAdminPage(options?: BrowserContextOptions): Promise<PageWithErrors>;
  /** The spec's layout check (every look; PNGs with E2E_SHOTS=1). */
  checkLayouts: ReturnType<typeof layoutCheck>;
  /** A screen state as users get it: still, fitting every look, and with no axe-core violation in any. */
  checkScreen(page: Page, name: string, options?: LayoutCheckOptions): Promise<void>;
};

/**
 * One spec's setup, instead of each spec's copy of it: starts the app before the file's tests (a
 * fresh data folder) and Chromium, and closes both after them. Call it at the top of the spec file,
 * before the spec's own beforeAll (which then finds the app running).
 */
export function e2eSpec(specFile: string, options: E2eSpecOptions = {}): E2eSpec {
  const app = {} as RunningApp;
  let browser: Browser | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    const env = typeof options.env === "function" ? options.env() : (options.env ?? {});
    Object.assign(app, await startApp(env, { atLocalhost: options.atLocalhost }));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app.stop?.();
  });
  const launched = () => {
    if (!browser) throw new Error("the browser is not running: open pages from tests or a later beforeAll");
    return browser;
  };
  // Signed in on first use: a spec that never calls the API makes no extra session (the Security
  // screen lists sessions).
  const ensureToken = async () => {
    token ??= await adminToken(app);
    return token;
  };
  const api: AdminApi = async (method, path, body, callOptions = {}) => {
    const authorization = callOptions.authorization ?? `Bearer ${await ensureToken()}`;
    const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${app.baseUrl}/api${path}`, { method, headers, body: payload });
    const text = await response.text();
    return { status: response.status, ...(text ? JSON.parse(text) : {}) };
  };
  const apiData: AdminApi = async (method, path, body, callOptions) => {
    const answer = await api(method, path, body, callOptions);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const checkLayouts = layoutCheck(specFile, options.prepare ?? dismissToasts);
  return {
    app,
    token: ensureToken,
    api,
    apiData,
    async addS3Storage(s3, name) {
      const created = await api("POST", "/s3-configs", s3StorageBody(name, s3));
      if (created.status !== 201) throw new Error(`storage ${name}: ${created.status} ${created.message}`);
      return created.data.id;
    },
    async addMount({ name, path, folder, storageId }) {
      const storages: { id: string; provider_type: string }[] = await apiData("GET", "/s3-configs");
      const storage_config_id = storageId ?? storages.find((storage) => storage.provider_type === "local")?.id;
      await apiData("POST", "/admin/mounts", { name, mount_path: path, storage_config_id, folder });
    },
    openPage: (contextOptions) => openPage(launched(), contextOptions),
    async openAdminPage(contextOptions) {
      const opened = await openPage(launched(), contextOptions);
      await signInAsAdmin(opened.context, app);
      return opened;
    },
    checkLayouts,
    async checkScreen(page, name, layoutOptions) {
      await stillPage(page);
      await checkLayouts(page, name, layoutOptions);
      expect(await axeViolations(page)).toEqual([]);
    },
  };
}
