// Chromium driven the way a visitor's browser runs: started by hand and spoken to over the DevTools
// protocol with only the domains a benchmark needs (Page, Runtime, Browser's download events). Playwright
// enables the Network domain on every page and service worker it attaches to, and that keeps response
// bodies in the renderer for the inspector: a benchmark of a download must not pay for it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../../client/e2e/kit/harness";

type Message = {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
};

/** A cookie as Storage.setCookies takes it. */
export type CdpCookie = {
  name: string;
  value: string;
  url: string;
  httpOnly?: boolean;
  sameSite?: "Strict" | "Lax" | "None";
};

export type CdpBrowser = {
  /** The browser process's pid: Chromium's renderers are among its descendants. */
  pid: number;
  downloadDir: string;
  send: <T = Record<string, unknown>>(
    method: string,
    params?: Record<string, unknown>,
    sessionId?: string,
  ) => Promise<T>;
  /** Resolves with the first event `method` whose params pass `match`. */
  waitForEvent: (
    method: string,
    match?: (params: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ) => Promise<Record<string, unknown>>;
  /** A new tab in a new browser context (own cookies, own service workers): its session id. */
  newTab: (
    cookies?: CdpCookie[],
  ) => Promise<{ sessionId: string; browserContextId: string; close: () => Promise<void> }>;
  /** Evaluates `expression` in the tab and returns its value (promises awaited). */
  evaluate: <T>(sessionId: string, expression: string) => Promise<T>;
  close: () => Promise<void>;
};

export async function launchCdpBrowser(extraArgs: string[] = []): Promise<CdpBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "pastebox-cdp-"));
  const downloadDir = join(profile, "downloads");
  const child = Bun.spawn(
    [
      CHROMIUM_PATH,
      ...CHROMIUM_ARGS,
      "--headless",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      ...extraArgs,
      "about:blank",
    ],
    { stdout: "ignore", stderr: "ignore" },
  );
  let port = "";
  let path = "";
  for (let tries = 0; !port && tries < 200; tries++) {
    try {
      [port, path] = readFileSync(join(profile, "DevToolsActivePort"), "utf8").trim().split("\n") as [string, string];
    } catch {
      await Bun.sleep(50);
    }
  }
  if (!port) throw new Error("Chromium did not open its DevTools port");
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(message: Message) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    if (message.id !== undefined) {
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) entry?.reject(new Error(message.error.message));
      else entry?.resolve(message.result);
    } else {
      for (const listener of listeners) listener(message);
    }
  };
  const send = <T>(method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const waitForEvent = (
    method: string,
    match: (params: Record<string, unknown>) => boolean = () => true,
    timeoutMs = 900_000,
  ) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`no ${method} in ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (message: Message) => {
        if (message.method !== method || !match(message.params ?? {})) return;
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(message.params ?? {});
      };
      listeners.add(listener);
    });
  await send("Browser.setDownloadBehavior", {
    behavior: "allowAndName",
    downloadPath: downloadDir,
    eventsEnabled: true,
  });

  const evaluate = async <T>(sessionId: string, expression: string) => {
    const { result, exceptionDetails } = await send<{
      result: { value: T };
      exceptionDetails?: { exception?: { description?: string }; text: string };
    }>("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true }, sessionId);
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value;
  };

  return {
    pid: child.pid,
    downloadDir,
    send,
    waitForEvent,
    evaluate,
    async newTab(cookies = []) {
      const { browserContextId } = await send<{ browserContextId: string }>("Target.createBrowserContext");
      // Downloads of a new context follow their own behaviour: the same folder, with events.
      await send("Browser.setDownloadBehavior", {
        behavior: "allowAndName",
        downloadPath: downloadDir,
        eventsEnabled: true,
        browserContextId,
      });
      if (cookies.length > 0) await send("Storage.setCookies", { cookies, browserContextId });
      const { targetId } = await send<{ targetId: string }>("Target.createTarget", {
        url: "about:blank",
        browserContextId,
      });
      const { sessionId } = await send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
      await send("Page.enable", {}, sessionId);
      return {
        sessionId,
        browserContextId,
        close: async () => {
          await send("Target.disposeBrowserContext", { browserContextId }).catch(() => undefined);
        },
      };
    },
    async close() {
      socket.close();
      child.kill();
      await child.exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Loads `url` in the tab and waits for its load event. */
export async function navigate(browser: CdpBrowser, sessionId: string, url: string): Promise<void> {
  const loaded = browser.waitForEvent("Page.loadEventFired", () => true, 60_000);
  await browser.send("Page.navigate", { url }, sessionId);
  await loaded;
}

/** Evaluates `condition` in the tab until it is true. */
export async function waitUntil(
  browser: CdpBrowser,
  sessionId: string,
  condition: string,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await browser.evaluate<boolean>(sessionId, `Boolean(${condition})`).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${condition}`);
    await Bun.sleep(100);
  }
}
