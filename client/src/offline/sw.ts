// The service worker (SPEC.md §1, §2): bundled by vite.config.ts into /sw.js, then workbox-build's
// injectManifest writes the precache list in place of self.__WB_MANIFEST.
// - The app shell, the offline fallback page and every hashed asset are precached.
// - Page loads go to the network first; offline, a route this browser opened before gets the app
//   shell (its data comes from the offline cache), any other gets the offline fallback page.
// - Reads of pastes, file shares and directory listings are NetworkFirst for 7 days, keyed by the
//   caller's credential. Nothing else (signed content links, uploads, admin calls) is cached here.
// - A new version waits until the page asks it to take over (the update prompt).
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { CACHE_NAMES, OFFLINE_CACHE_MAX_AGE_MS, OFFLINE_FALLBACK_URL, SKIP_WAITING_MESSAGE } from "./constants";
import { isRouteRemembered, rememberRoute } from "./route-memory";
import { credentialScopedKey, isAppRoute, isOfflineReadableApi } from "./sw-routes";

type PrecacheEntry = { url: string; revision: string | null };

// The worker's global scope, declared locally: the project's TypeScript program uses the DOM
// library, which cannot be combined with the WebWorker one.
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
};

const APP_SHELL_URL = "/index.html";

setCacheNameDetails({ prefix: "pastebox" });

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE.type) void self.skipWaiting();
});
clientsClaim();
cleanupOutdatedCaches();

// Page loads first, so "/" also tries the network before the precached shell.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.origin === self.location.origin && isAppRoute(url.pathname),
  async ({ request, url }) => {
    try {
      const response = await fetch(request);
      if (response.ok) void rememberRoute(caches, url.href, self.location.origin, Date.now()).catch(() => undefined);
      return response;
    } catch {
      const isKnown =
        url.pathname === "/" || (await isRouteRemembered(caches, url.href, self.location.origin, Date.now()));
      const page = await matchPrecache(isKnown ? APP_SHELL_URL : OFFLINE_FALLBACK_URL);
      return page ?? Response.error();
    }
  },
);

registerRoute(
  ({ request, url }) => request.method === "GET" && url.origin === self.location.origin && isOfflineReadableApi(url),
  new NetworkFirst({
    cacheName: CACHE_NAMES.api,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => credentialScopedKey(request) },
      new ExpirationPlugin({
        maxAgeSeconds: OFFLINE_CACHE_MAX_AGE_MS / 1000,
        maxEntries: 500,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

precacheAndRoute(self.__WB_MANIFEST);
