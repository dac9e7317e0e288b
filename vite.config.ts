// Vite build of the React client. The app lives in client/; the Bun server serves the build from
// dist/client, and in development this dev server forwards API, tRPC and WebDAV calls to it.
// The offline app's service worker is built after the client, into the same folder (offlineApp).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";
import { injectManifest } from "workbox-build";
import { OFFLINE_FALLBACK_META } from "./client/src/offline/constants";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The offline app (SPEC.md §1): once the client is written, bundle client/src/offline/sw.ts into
 * <outDir>/sw.js and let workbox-build's injectManifest list every file of THIS build for
 * precaching, so `vite build --outDir X` gets a worker that matches X. Also writes offline.html:
 * the app shell marked as the offline fallback page, which the worker serves for pages it has
 * never seen when there is no network.
 */
function offlineApp(): Plugin {
  let outDir = "";
  return {
    name: "pastebox-offline-app",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const indexHtml = await readFile(join(outDir, "index.html"), "utf8");
      const marker = `<meta name="${OFFLINE_FALLBACK_META}" content="1" />`;
      await writeFile(join(outDir, "offline.html"), indexHtml.replace("</head>", `  ${marker}\n  </head>`));

      const workDir = await mkdtemp(join(tmpdir(), "pastebox-sw-"));
      try {
        await build({
          configFile: false,
          root: fromRoot("./client"),
          logLevel: "warn",
          publicDir: false,
          // Workbox reads NODE_ENV to leave its development logging out of a production worker.
          define: { "process.env.NODE_ENV": JSON.stringify("production") },
          build: {
            outDir: workDir,
            emptyOutDir: false,
            copyPublicDir: false,
            sourcemap: false,
            minify: true,
            lib: {
              entry: fromRoot("./client/src/offline/sw.ts"),
              formats: ["iife"],
              name: "pasteboxServiceWorker",
              fileName: () => "sw.js",
            },
          },
        });
        const result = await injectManifest({
          swSrc: join(workDir, "sw.js"),
          swDest: join(outDir, "sw.js"),
          globDirectory: outDir,
          globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest,woff2}"],
          globIgnores: ["sw.js", "**/*.map"],
          // Hashed names change with their content: no revision needed.
          dontCacheBustURLsMatching: /^assets\//,
          // The editor's chunk is the largest; every chunk must be there offline.
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        });
        for (const warning of result.warnings) this.warn(warning);
        console.info(`sw.js: ${result.count} files precached (${Math.round(result.size / 1024)} KiB)`);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
}

const API_ORIGIN = process.env.VITE_API_ORIGIN ?? "http://localhost:8787";

export default defineConfig({
  root: fromRoot("./client"),
  publicDir: fromRoot("./client/public"),
  plugins: [react(), tailwindcss(), offlineApp()],
  resolve: {
    alias: { "@shared": fromRoot("./shared") },
  },
  build: {
    outDir: fromRoot("./dist/client"),
    // outDir sits outside the Vite root, so Vite only empties it when told to.
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: one vendor chunk stays cached across releases.
        // Only those the first page needs ($initial): libraries of lazily loaded screens (the editor,
        // the Markdown renderer, the QR code) stay in their own chunks, loaded where they are used.
        codeSplitting: { groups: [{ name: "vendor", test: /[\\/]node_modules[\\/]/, tags: ["$initial"] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: API_ORIGIN, changeOrigin: true },
      "/trpc": { target: API_ORIGIN, changeOrigin: true },
      "/dav": { target: API_ORIGIN, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
  },
});
