// The offline app's numbers and names (docs/product.md §9): one place, read by the page code and by the
// service worker (client/src/offline/worker/sw.ts), which must agree on cache names.
const DAY_MS = 24 * 60 * 60 * 1000;

/** Cached pastes, files and directory listings are served offline this long. */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * DAY_MS;
/** A dismissed install prompt stays hidden this long. */
export const INSTALL_PROMPT_DISMISS_MS = 7 * DAY_MS;
/** How often the install prompt's conditions are checked again. */
export const INSTALL_PROMPT_RECHECK_MS = 5_000;
/** The offline and back-online toasts. */
export const NETWORK_TOAST_MS = 3_000;
/** How long to wait for the service worker before reporting it as not ready. */
export const SERVICE_WORKER_STATUS_TIMEOUT_MS = 5_000;
/** Queued writes are tried again this often while the browser says it is online (it can be wrong). */
export const QUEUE_RETRY_INTERVAL_MS = 30_000;
/** A new release is looked for this often while the app stays open. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The tRPC queries kept for offline reading: a paste, a file share's details, a directory listing. */
export const CACHED_QUERY_PATHS = ["pastes.view", "files.public.get", "fs.list"] as const;
export type CachedQueryPath = (typeof CACHED_QUERY_PATHS)[number];

export const OFFLINE_DB_NAME = "pastebox";

/** A sync summary waiting to be shown after the reload it caused (sessionStorage, offline/sync.ts). */
export const SYNC_SUMMARY_KEY = "pastebox_offline_sync_summary";

/** Cache Storage names shared by the page and the service worker. */
export const CACHE_NAMES = {
  /** GET answers for pastes, file details and directory listings (NetworkFirst, 7 days). */
  api: "pastebox-api",
  /** The app's code outside the precached shell, cached when first used (service worker). */
  assets: "pastebox-assets",
} as const;

/** The precached fallback document, and the <meta> by which the app recognises it. */
export const OFFLINE_FALLBACK_URL = "/offline.html";
export const OFFLINE_FALLBACK_META = "pastebox-offline-fallback";

/** Message the page posts to a waiting service worker to activate it. */
export const SKIP_WAITING_MESSAGE = { type: "SKIP_WAITING" } as const;
/** Message the installed app posts when idle: the worker caches all of the app's code. */
export const CACHE_APP_MESSAGE = { type: "CACHE_APP" } as const;
/** workbox-routing's message: the worker caches these URLs (what the page loaded before it took over). */
export const CACHE_URLS_MESSAGE_TYPE = "CACHE_URLS";

/**
 * Decrypted downloads streamed through the service worker (client/src/offline/worker/stream-downloads.ts):
 * the message that hands a download over with the port its bytes come by (a new name since the bytes
 * stopped coming as a moved stream: a worker and a page of different releases ignore each other, and
 * the page saves another way), the page's keep-alive while it flows, and the one-time URL's path (the
 * worker answers it; the server never sees it asked while the worker controls the page).
 */
export const STREAM_DOWNLOAD_MESSAGE_TYPE = "pastebox:port-download";
export const STREAM_DOWNLOAD_KEEP_ALIVE_TYPE = "pastebox:stream-download-keep-alive";
export const STREAM_DOWNLOAD_PATH = "/__stream-download/";
