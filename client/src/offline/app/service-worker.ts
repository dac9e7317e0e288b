// Registers the service worker built by vite.config.ts (workbox-build) and turns "a new version is
// waiting" into the update prompt toast (docs/product.md §2, §4): accepting tells the waiting worker to take
// over, and the page reloads once it controls the page, so code and cache always match.
// Once the worker is active, the page names the code it loaded before the worker took over (so
// this screen works offline too), and the installed app asks for all of the app's code when idle.
import type { ToastStore } from "../../components/feedback/toast-store";
import {
  CACHE_APP_MESSAGE,
  CACHE_URLS_MESSAGE_TYPE,
  SERVICE_WORKER_STATUS_TIMEOUT_MS,
  SKIP_WAITING_MESSAGE,
  UPDATE_CHECK_INTERVAL_MS,
} from "../constants";

export const UPDATE_TOAST_ID = "update-prompt";
export const SERVICE_WORKER_URL = "/sw.js";

export type UpdatePromptTexts = { title: string; description: string; reload: string; later: string };

export type ServiceWorkerOptions = {
  toasts: ToastStore;
  texts: () => UpdatePromptTexts;
  /** Whether the page runs as the installed app (then all of its code is cached in the background). */
  isInstalledApp: () => boolean;
  reload?: () => void;
};

/** The app's code and styles this page loaded so far (same origin, under /assets/). */
export function loadedAssetUrls(entries: readonly { name: string }[], origin: string): string[] {
  const urls = entries
    .map((entry) => new URL(entry.name, origin))
    .filter((url) => url.origin === origin && url.pathname.startsWith("/assets/"))
    .map((url) => url.pathname);
  return [...new Set(urls)];
}

type NetworkInformation = { saveData?: boolean; type?: string };

/** A background download only where it costs the user nothing they asked to save: no Save-Data, no cellular link. */
export function allowsBackgroundDownload(connection: NetworkInformation | undefined): boolean {
  return connection?.saveData !== true && connection?.type !== "cellular";
}

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 10_000 });
  else setTimeout(run, 2_000);
}

let isRegistered = false;

export function isServiceWorkerSupported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && window.isSecureContext;
}

/**
 * Registers once per page (StrictMode mounts twice); later calls are no-ops. The browser's own API,
 * not workbox-window: the shell every visitor loads stays smaller by its 2 KiB
 * (docs/decisions/0014-public-pages-without-trpc.md).
 */
export function registerServiceWorker(options: ServiceWorkerOptions): void {
  if (isRegistered || !isServiceWorkerSupported()) return;
  isRegistered = true;
  const container = navigator.serviceWorker;
  const reload = options.reload ?? (() => window.location.reload());

  const promptUpdate = (waiting: ServiceWorker) => {
    const texts = options.texts();
    options.toasts.show({
      id: UPDATE_TOAST_ID,
      tone: "info",
      title: texts.title,
      description: texts.description,
      duration: null,
      actions: [
        {
          label: texts.reload,
          onClick: () => {
            container.addEventListener("controllerchange", () => reload(), { once: true });
            waiting.postMessage(SKIP_WAITING_MESSAGE);
          },
        },
        { label: texts.later, onClick: () => undefined },
      ],
    });
  };
  // A new version waits while this page is controlled by the old one: already when the page loads,
  // or once it has installed (the first install has no controller and nothing to replace).
  const watchForUpdates = (registration: ServiceWorkerRegistration | undefined) => {
    // Blocked by the browser (an automated one's setting): it answers no registration.
    if (!registration) return;
    if (registration.waiting && container.controller) promptUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing?.addEventListener("statechange", () => {
        if (installing.state === "installed" && container.controller) promptUpdate(installing);
      });
    });
    // A tab left open for days still hears about new releases.
    setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
  };

  void container.register(SERVICE_WORKER_URL, { scope: "/" }).then(watchForUpdates, (error: unknown) => {
    console.warn("service worker registration failed", error);
  });
  void container.ready.then((registration: ServiceWorkerRegistration | undefined) => {
    const active = registration?.active;
    if (!active) return;
    const urlsToCache = loadedAssetUrls(performance.getEntriesByType("resource"), window.location.origin);
    active.postMessage({ type: CACHE_URLS_MESSAGE_TYPE, payload: { urlsToCache } });
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    if (options.isInstalledApp() && allowsBackgroundDownload(connection)) {
      whenIdle(() => active.postMessage(CACHE_APP_MESSAGE));
    }
  });
}

export type ServiceWorkerStatus = "active" | "unsupported" | "timeout";

/** Whether a service worker controls this origin, waiting at most 5 s (docs/product.md §9). */
export async function readServiceWorkerStatus(
  timeoutMs: number = SERVICE_WORKER_STATUS_TIMEOUT_MS,
): Promise<ServiceWorkerStatus> {
  if (!isServiceWorkerSupported()) return "unsupported";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready.then(() => "active" as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
