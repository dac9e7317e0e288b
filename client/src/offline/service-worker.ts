// Registers the service worker built by vite.config.ts (workbox-build) and turns "a new version is
// waiting" into the update prompt toast (docs/product.md §2, §4): accepting tells the waiting worker to take
// over, and the page reloads once it controls the page, so code and cache always match.
// Once the worker is active, the page names the code it loaded before the worker took over (so
// this screen works offline too), and the installed app asks for all of the app's code when idle.
import { Workbox } from "workbox-window";
import type { ToastStore } from "../components/toast-store";
import {
  CACHE_APP_MESSAGE,
  CACHE_URLS_MESSAGE_TYPE,
  SERVICE_WORKER_STATUS_TIMEOUT_MS,
  UPDATE_CHECK_INTERVAL_MS,
} from "./constants";

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

let registered: Workbox | null = null;

export function isServiceWorkerSupported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && window.isSecureContext;
}

/** Registers once per page (StrictMode mounts twice); later calls are no-ops. */
export function registerServiceWorker(options: ServiceWorkerOptions): Workbox | null {
  if (registered || !isServiceWorkerSupported()) return registered;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: "/" });
  registered = workbox;
  const reload = options.reload ?? (() => window.location.reload());

  workbox.addEventListener("waiting", () => {
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
            workbox.addEventListener("controlling", () => reload());
            workbox.messageSkipWaiting();
          },
        },
        { label: texts.later, onClick: () => undefined },
      ],
    });
  });

  void workbox.register().catch((error: unknown) => {
    console.warn("service worker registration failed", error);
  });
  void workbox.active.then(() => {
    const urlsToCache = loadedAssetUrls(performance.getEntriesByType("resource"), window.location.origin);
    void workbox.messageSW({ type: CACHE_URLS_MESSAGE_TYPE, payload: { urlsToCache } }).catch(() => undefined);
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    if (options.isInstalledApp() && allowsBackgroundDownload(connection)) {
      whenIdle(() => void workbox.messageSW(CACHE_APP_MESSAGE).catch(() => undefined));
    }
  });

  // A tab left open for days still hears about new releases.
  setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
  return workbox;
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
