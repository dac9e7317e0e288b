// The installable offline app in Chromium against the real server (docs/product.md §1, §2, §4): the service
// worker installs; a paste viewed online stays readable offline after a reload; any app address opens
// the precached app offline, and a screen whose code never reached this device shows the offline
// fallback page, whose three buttons work; a paste created offline is
// queued, then sent when the browser is back online and reachable by its link; a new build of the
// app makes the update prompt appear, and accepting it reloads into the new version.
// Offline is Playwright's context.setOffline (navigator.onLine false and no network, for the page
// and its service worker). Service workers need a secure context: http://127.0.0.1 is one.
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { startServerProcess } from "../../../scripts/test/server-process";
import { E2E_ADMIN_PASSWORD, e2eSpec, REPO_ROOT, startHomeEditor } from "../kit/harness";

setDefaultTimeout(120_000);

const BUILT_CLIENT = process.env.E2E_CLIENT_DIR ?? join(REPO_ROOT, "dist/client");

const tempDirs: string[] = [];

/** A private copy of the build, so a test can make a "new release" of it without touching others'. */
function copyOfBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "pastebox-offline-client-"));
  tempDirs.push(dir);
  cpSync(BUILT_CLIENT, dir, { recursive: true });
  return dir;
}

const { app, token, openPage, openAdminPage } = e2eSpec(import.meta.path, {
  env: () => ({ CLIENT_DIR: copyOfBuild() }),
});

afterAll(async () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

async function createPaste(content: string): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api/paste`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json" },
    body: JSON.stringify({ content, format: "text" }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { slug: string } }).data.slug;
}

/** Waits until the service worker is active and controls the page (precache done). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toEndWith("/sw.js");
}

/** Rows in one of the offline database's stores (docs/product.md §3). */
function countRows(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("pastebox");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(0);
            return;
          }
          const request = db.transaction(name, "readonly").objectStore(name).count();
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    store,
  );
}

async function waitForRows(page: Page, store: string, count: number) {
  const deadline = Date.now() + 15_000;
  while ((await countRows(page, store)) !== count) {
    if (Date.now() > deadline) throw new Error(`${store} never had ${count} rows`);
    await Bun.sleep(100);
  }
}

/** Waits until the service worker's API cache holds a read whose path starts with `prefix`. */
async function waitForCachedApiRead(page: Page, prefix: string) {
  const deadline = Date.now() + 15_000;
  const paths = () =>
    page.evaluate(async () =>
      (await (await caches.open("pastebox-api")).keys()).map((request) => new URL(request.url).pathname),
    );
  while (!(await paths()).some((path) => path.startsWith(prefix))) {
    if (Date.now() > deadline) throw new Error(`the API cache never had ${prefix}`);
    await Bun.sleep(100);
  }
}

/** Whether the page loaded the local database's code (Dexie). */
function loadedDbCode(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    performance.getEntriesByType("resource").some((entry) => /\/assets\/db-[\w-]+\.js$/.test(entry.name)),
  );
}

const fallbackHeading = (page: Page) =>
  page.getByRole("heading", { level: 1, name: "This page is temporarily unavailable" });
const toastWith = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

describe("offline app", () => {
  test("the worker installs; a viewed paste is readable offline; an unvisited route opens the app; a screen without its code shows the fallback", async () => {
    const slug = await createPaste("Readable without a network.");
    const { context, page, errors } = await openPage({ serviceWorkers: "allow" });
    await page.goto(`${app.baseUrl}/paste/${slug}`);
    expect(await page.getByTestId("plain-body").textContent()).toBe("Readable without a network.");
    await waitForServiceWorker(page);
    // Read before the worker was installed, the paste is kept in the worker's cache by the page; a
    // visit that only reads creates no local database and loads no Dexie (docs/architecture.md).
    await waitForCachedApiRead(page, `/api/paste/${slug}`);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((info) => info.name))).toEqual([]);
    expect(await loadedDbCode(page)).toBe(false);

    await context.setOffline(true);
    await toastWith(page, "You are offline").waitFor();
    await page.reload();
    expect(await page.getByTestId("plain-body").textContent()).toBe("Readable without a network.");

    // A paste never opened on this device: the app opens (its shell is precached), and the paste's
    // screen says that it cannot reach it.
    await page.goto(`${app.baseUrl}/paste/never-opened-here`);
    await page.getByText("Could not reach the server").waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);

    // A screen whose code this device never loaded (Upload): the fallback page, inside the app shell.
    await page.goto(`${app.baseUrl}/paste/${slug}`);
    await page.getByTestId("plain-body").waitFor();
    await page.goto(`${app.baseUrl}/upload`);
    await fallbackHeading(page).waitFor();
    expect(await page.getByText("You are offline, and this page has not been saved").isVisible()).toBe(true);
    expect(await page.getByText("Check your network connection").isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
    expect(await page.title()).toBe("Offline - Pastebox");

    // Back one page: the paste, still from this device.
    await page.getByRole("button", { name: "Go back" }).click();
    await page.waitForURL(`${app.baseUrl}/paste/${slug}`);
    expect(await page.getByTestId("plain-body").textContent()).toBe("Readable without a network.");

    // Back to home: the home screen works offline.
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Online clipboard" }).waitFor();

    // Retry: offline it is the fallback again; online, the real screen.
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByRole("button", { name: "Try again" }).click();
    await fallbackHeading(page).waitFor();
    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { level: 1, name: "Upload files" }).waitFor();

    // Upload's code failing to arrive offline is what this test made happen; nothing else may fail.
    const expected =
      /Failed to load resource|ERR_INTERNET_DISCONNECTED|dynamically imported module: \S+\/assets\/(upload-screen|files)-/;
    expect(errors.filter((error) => !expected.test(error))).toEqual([]);
    await context.close();
  });

  test("a visitor of one paste link downloads the shell and that page's code, not the rest; the installed app caches the rest when asked", async () => {
    const slug = await createPaste("Only this page's code.");
    const { context, page } = await openPage({ serviceWorkers: "allow" });
    const fetched: string[] = [];
    context.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${app.baseUrl}/paste/${slug}`);
    await page.getByTestId("plain-body").waitFor();
    await waitForServiceWorker(page);
    // The page names what it loaded before the worker took over; the worker keeps those.
    const pasteScreen = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .find((path) => /\/assets\/paste-view-screen-[\w-]+\.js$/.test(path)),
    );
    expect(pasteScreen).toBeDefined();
    const cachedAssets = () =>
      page.evaluate(async () =>
        (await (await caches.open("pastebox-assets")).keys()).map((request) => new URL(request.url).pathname),
      );
    const deadline = Date.now() + 15_000;
    while (!(await cachedAssets()).includes(pasteScreen ?? "")) {
      if (Date.now() > deadline) throw new Error("the paste screen's code was never cached");
      await Bun.sleep(100);
    }
    const otherScreens =
      /\/assets\/(admin-screen|dashboard-module|activity-chart|upload-screen|mount-explorer-screen)-/;
    expect(fetched.filter((path) => otherScreens.test(path))).toEqual([]);

    // The installed app asks, when idle, for all of the app's code (a tab never does).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          navigator.serviceWorker.controller?.postMessage({ type: "CACHE_APP" }, [channel.port2]);
        }),
    );
    const all = await cachedAssets();
    expect(all.some((path) => /\/assets\/admin-screen-/.test(path))).toBe(true);
    expect(all.some((path) => /\/assets\/upload-screen-/.test(path))).toBe(true);
    await context.close();
  });

  test("a paste created offline is queued, then synced when back online and reachable by its link", async () => {
    const { context, page } = await openAdminPage({ serviceWorkers: "allow" });
    await page.goto(app.baseUrl);
    await page.getByRole("heading", { level: 1, name: "Online clipboard" }).waitFor();
    await waitForServiceWorker(page);
    // The local database's code (Dexie) is not part of opening Home: the page loads it when it first
    // keeps something, here the queued write, from the worker's precache.
    expect(await loadedDbCode(page)).toBe(false);

    await context.setOffline(true);
    await page.getByRole("radio", { name: "Plain text" }).click();
    // The source editor (CodeMirror) loads on the text's first use: offline, from the worker's precache.
    await startHomeEditor(page);
    await page.keyboard.type("Written on a train with no signal.");
    await page.getByRole("button", { name: "Create share link" }).click();
    await toastWith(page, "Saved offline").waitFor();
    await page.getByText("You are offline: this change was saved on this device").waitFor();
    expect(await countRows(page, "offlineQueue")).toBe(1);
    expect(await loadedDbCode(page)).toBe(true);
    const item = await page.evaluate(
      () =>
        new Promise<Record<string, unknown>>((resolve) => {
          const open = indexedDB.open("pastebox");
          open.onsuccess = () => {
            const request = open.result.transaction("offlineQueue").objectStore("offlineQueue").getAll();
            request.onsuccess = () => resolve(request.result[0] as Record<string, unknown>);
          };
        }),
    );
    expect(item).toMatchObject({
      type: "paste.create",
      endpoint: "/trpc/pastes.create",
      method: "POST",
      data: { content: "Written on a train with no signal.", format: "text" },
      // Who made it, never a credential: the session is an HttpOnly cookie.
      sessionScope: "admin:admin",
      authType: "admin",
      status: "pending",
    });
    expect(item).not.toHaveProperty("authToken");
    expect(typeof item.timestamp).toBe("number");

    // The code that sends the queue is on this device before the network returns: it is imported on
    // "online", when the worker's own network may still be down, and a failed import would not be
    // tried again by the browser until a reload (vite.config.ts, OFFLINE_SHELL_MODULES).
    const senderAnsweredOffline = await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
          if (/\/assets\/sync-[\w-]+\.js$/.test(new URL(request.url).pathname)) return (await fetch(request.url)).ok;
        }
      }
      return false;
    });
    expect(senderAnsweredOffline).toBe(true);

    await context.setOffline(false);
    const synced = toastWith(page, "1 change made offline was sent");
    await synced.waitFor();
    await waitForRows(page, "offlineQueue", 0);
    await synced.getByRole("button", { name: "Open the paste" }).click();
    await page.waitForURL(/\/paste\/[A-Za-z0-9]+$/);
    expect(await page.getByTestId("plain-body").textContent()).toBe("Written on a train with no signal.");

    // The link works for anyone, not only this browser.
    const slug = new URL(page.url()).pathname.split("/").at(-1);
    const raw = await fetch(`${app.baseUrl}/api/raw/${slug}`);
    expect(await raw.text()).toBe("Written on a train with no signal.");
    await context.close();
  });

  test("a new build shows the update prompt; accepting reloads into the new worker", async () => {
    const firstBuild = copyOfBuild();
    const nextBuild = copyOfBuild();
    // A new release: the worker script changes (as a rebuild with any change does).
    appendFileSync(join(nextBuild, "sw.js"), "\n// next release\n");

    let server = await startServerProcess({ env: { ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, CLIENT_DIR: firstBuild } });
    const { context, page, errors } = await openPage({ serviceWorkers: "allow" });
    try {
      await page.goto(server.baseUrl);
      await page.getByRole("heading", { level: 1, name: "Online clipboard" }).waitFor();
      await waitForServiceWorker(page);
      expect(await page.getByText("A new version is available").count()).toBe(0);

      // Same address, new release.
      const { port } = server;
      await server.stop();
      server = await startServerProcess({
        port,
        env: { ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, CLIENT_DIR: nextBuild },
      });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = toastWith(page, "A new version is available");
      await prompt.waitFor({ timeout: 60_000 });
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
        true,
      );

      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      await prompt.getByRole("button", { name: "Reload" }).click();
      await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate);
      await page.getByRole("heading", { level: 1, name: "Online clipboard" }).waitFor();
      const registration = await page.evaluate(async () => {
        const current = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(current?.waiting), active: current?.active?.state };
      });
      expect(registration).toEqual({ waiting: false, active: "activated" });
      expect(await page.getByText("A new version is available").count()).toBe(0);
      expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
