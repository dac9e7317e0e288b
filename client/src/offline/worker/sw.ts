// The service worker (docs/product.md §1, §2): bundled by vite.config.ts into /sw.js, then workbox-build's
// injectManifest writes the precache list in place of self.__WB_MANIFEST.
// - The offline shell is precached: index.html, the offline fallback page, icons, the entry's code
//   and Home's (vite.config.ts, offlineApp). The code of every other screen is cached the first time
//   it is used (the page also names what it loaded before this worker took over), and for the
//   installed app all of it in the background when the page asks (CACHE_APP_MESSAGE).
// - Page loads go to the network first; offline, every app route gets the precached app shell: its
//   screen shows what the offline cache holds and says what it cannot show, and a screen whose code
//   was never cached shows the offline fallback page (ScreenErrorBoundary). The fallback document
//   answers only where the shell itself is missing.
// - Reads of pastes, file shares and directory listings are NetworkFirst for 7 days, keyed by the
//   caller's sign-in. Nothing else (signed content links, uploads, admin calls) is cached here.
// - A new version waits until the page asks it to take over (the update prompt).
// - A decrypted download the page hands over is answered at its one-time URL (stream-downloads.ts).
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import {
  CACHE_APP_MESSAGE,
  CACHE_NAMES,
  OFFLINE_CACHE_MAX_AGE_MS,
  OFFLINE_FALLBACK_URL,
  SKIP_WAITING_MESSAGE,
} from "../constants";
import { createStreamDownloads, isStreamDownloadMessage, streamDownloadId } from "./stream-downloads";
import { isAppRoute, isOfflineReadableApi, sessionScopedKey } from "./sw-routes";

type PrecacheEntry = { url: string; revision: string | null };

// The worker's global scope, declared locally: the project's TypeScript program uses the DOM
// library, which cannot be combined with the WebWorker one.
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  /** This build's assets outside the precache, as absolute paths (written in by vite.config.ts). */
  __PASTEBOX_APP_ASSETS: string[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "install", listener: (event: InstallEvent) => void): void;
};
type RouterRule = { condition: { requestMethod: string }; source: "network" };
/** `addRoutes` (static routing) is Chromium's (123+): elsewhere the fetch event sees every request. */
type InstallEvent = ExtendableEvent & { addRoutes?(rules: RouterRule[]): Promise<void> };
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type ExtendableMessageEvent = ExtendableEvent & { data: unknown; ports: readonly MessagePort[] };

const APP_ASSETS = self.__PASTEBOX_APP_ASSETS;

const APP_SHELL_URL = "/index.html";

const streamDownloads = createStreamDownloads();

setCacheNameDetails({ prefix: "pastebox" });

self.addEventListener("message", (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SKIP_WAITING_MESSAGE.type) void self.skipWaiting();
  if (type === CACHE_APP_MESSAGE.type) event.waitUntil(cacheAppAssets().then(() => event.ports[0]?.postMessage(true)));
  const port = event.ports[0];
  if (isStreamDownloadMessage(event.data) && port) event.waitUntil(streamDownloads.hold(event.data, port));
  // STREAM_DOWNLOAD_KEEP_ALIVE_TYPE needs no answer: each message keeps the worker alive while a download flows.
});

/** Fetches, one at a time, each asset of this build not cached yet: the whole app for offline use. */
async function cacheAppAssets(): Promise<void> {
  const cache = await caches.open(CACHE_NAMES.assets);
  for (const path of APP_ASSETS) {
    if (await cache.match(path)) continue;
    try {
      const response = await fetch(path);
      if (response.ok) await cache.put(path, response);
    } catch {
      return; // Offline again: the next request to cache starts over.
    }
  }
}

// Assets of older releases are never asked for again: keep only this build's.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set(APP_ASSETS);
      const cache = await caches.open(CACHE_NAMES.assets);
      for (const request of await cache.keys()) {
        if (!current.has(new URL(request.url).pathname)) await cache.delete(request);
      }
    })(),
  );
});
// Uploads (PUT: every part, direct upload and explorer file) go to the network without a fetch event.
// An event holds its request's body in this worker until its garbage collector runs: the parts of an
// encrypted upload, sent as Blobs, stayed in the browser's memory (docs/encrypted-shares.md, "Memory
// of an encrypted upload"). Chromium applies the rule to a page's requests, not to a dedicated
// worker's. This worker answers no PUT anyway.
self.addEventListener("install", (event) => {
  // A browser that refuses the rule still installs the worker (its fetch events then see the PUTs).
  const routed = event.addRoutes?.([{ condition: { requestMethod: "PUT" }, source: "network" }]);
  if (routed) event.waitUntil(routed.catch(() => undefined));
});
clientsClaim();
cleanupOutdatedCaches();
// Earlier versions kept markers of the routes a browser had opened (only those got the shell offline).
self.addEventListener("activate", (event) => event.waitUntil(caches.delete("pastebox-routes")));

// Before page loads: a one-time download URL is a navigation of the page's hidden frame.
registerRoute(
  ({ url }) => streamDownloadId(url, self.location.origin) !== null,
  async ({ url }) => streamDownloads.take(streamDownloadId(url, self.location.origin) as string),
);

// Page loads first, so "/" also tries the network before the precached shell.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.origin === self.location.origin && isAppRoute(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      const page = (await matchPrecache(APP_SHELL_URL)) ?? (await matchPrecache(OFFLINE_FALLBACK_URL));
      return page ?? Response.error();
    }
  },
);

registerRoute(
  ({ request, url }) => request.method === "GET" && url.origin === self.location.origin && isOfflineReadableApi(url),
  new NetworkFirst({
    cacheName: CACHE_NAMES.api,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => sessionScopedKey(request) },
      new ExpirationPlugin({
        maxAgeSeconds: OFFLINE_CACHE_MAX_AGE_MS / 1000,
        maxEntries: 500,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

precacheAndRoute(self.__WB_MANIFEST);

// The rest of the app's code: hashed names never change content, so the cache answers first.
registerRoute(
  ({ request, url }) =>
    request.method === "GET" && url.origin === self.location.origin && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: CACHE_NAMES.assets }),
);
