// Vite build of the React client. The app lives in client/; the Bun server serves the build from
// dist/client, and in development this dev server forwards API, tRPC and WebDAV calls to it.
// The offline app's service worker is built after the client, into the same folder (offlineApp).
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";
import { injectManifest } from "workbox-build";
import { OFFLINE_FALLBACK_META } from "./client/src/offline/constants";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Modules whose code the offline shell holds besides the entry: both languages' texts of the shell and
 * of Home (shared/i18n/text-parts.ts; the page loads the language it shows before it renders, and the
 * other when the user switches; other screens' texts are cached with their code when used), Home's
 * screen with its source editor, the start page the offline fallback page links to, which must work
 * offline even where Home was never opened online (a paste written offline is queued), and the local
 * database with Dexie, which the page loads only when it first keeps something (the queue included),
 * and the tRPC and Query providers every screen but the share pages renders inside (loaded with the
 * first of them, docs/decisions/0014-public-pages-without-trpc.md). The offline queue's sender
 * (offline/sync.ts) too: it is imported the moment the browser says "online", when the worker's own
 * network may still be down, and a dynamic import that failed once fails for the rest of the page's
 * life (the browser keeps the failure in its module map), so the queue would wait until a reload.
 * Rich mode (Milkdown) is not in it. Paths from the repo root.
 */
const OFFLINE_SHELL_MODULES = [
  "shared/i18n/languages/en-core.ts",
  "shared/i18n/languages/zh-core.ts",
  "shared/i18n/locales/en/pastes/pastes.ts",
  "shared/i18n/locales/zh/pastes/pastes.ts",
  "client/src/screens/home/home-screen.tsx",
  "client/src/components/editor/source-editor.tsx",
  "client/src/offline/db.ts",
  "client/src/data-providers.tsx",
  "client/src/offline/sync.ts",
];

type ChunkGraph = Map<string, { imports: string[]; css: string[]; moduleIds: string[]; isEntry: boolean }>;

/** The files the offline shell needs: the entry's and OFFLINE_SHELL_MODULES' chunks with their static imports and CSS. */
function offlineShellFiles(chunks: ChunkGraph): Set<string> {
  const shell = new Set<string>();
  const shellModules = OFFLINE_SHELL_MODULES.map((path) => fromRoot(`./${path}`));
  const add = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || shell.has(fileName)) return;
    shell.add(fileName);
    for (const css of chunk.css) shell.add(css);
    for (const imported of chunk.imports) add(imported);
  };
  for (const [fileName, chunk] of chunks) {
    if (chunk.isEntry || chunk.moduleIds.some((id) => shellModules.includes(id))) add(fileName);
  }
  for (const path of shellModules) {
    if (![...chunks.values()].some((chunk) => chunk.moduleIds.includes(path))) {
      throw new Error(`OFFLINE_SHELL_MODULES: ${path} is in no chunk of the build`);
    }
  }
  return shell;
}

/**
 * The offline app (docs/product.md §1): once the client is written, bundle client/src/offline/worker/sw.ts into
 * <outDir>/sw.js. workbox-build's injectManifest lists the offline shell of THIS build for
 * precaching (index.html, offline.html, icons, the entry's code and Home's): a visitor of one link
 * does not download the whole app. Every other asset of the build is named to the worker
 * (APP_ASSETS) so it can cache each when first used, and all of them in the background for the
 * installed app. Also writes offline.html: the app shell marked as the offline fallback page, which
 * the worker serves for pages it has never seen when there is no network.
 */
function offlineApp(): Plugin {
  let outDir = "";
  const chunks: ChunkGraph = new Map();
  return {
    name: "pastebox-offline-app",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      chunks.clear();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks.set(output.fileName, {
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
          moduleIds: output.moduleIds,
          isEntry: output.isEntry,
        });
      }
    },
    async closeBundle() {
      const shell = offlineShellFiles(chunks);
      const isShellFile = (url: string) => !url.startsWith("assets/") || shell.has(url);
      const appAssets = [...(await readdir(join(outDir, "assets")))]
        .map((name) => `assets/${name}`)
        .filter((url) => /\.(js|css)$/.test(url) && !isShellFile(url))
        .map((url) => `/${url}`);
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
          define: {
            "process.env.NODE_ENV": JSON.stringify("production"),
            "self.__PASTEBOX_APP_ASSETS": JSON.stringify(appAssets),
          },
          build: {
            outDir: workDir,
            emptyOutDir: false,
            copyPublicDir: false,
            sourcemap: false,
            minify: true,
            lib: {
              entry: fromRoot("./client/src/offline/worker/sw.ts"),
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
          // The manifest's PNG icons are fetched by the browser itself when the app is installed and
          // kept by the system: precached, they only cost every visitor of one link 26 KiB.
          globIgnores: ["sw.js", "**/*.map", "icons/icon-*.png"],
          // Hashed names change with their content: no revision needed.
          dontCacheBustURLsMatching: /^assets\//,
          manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => isShellFile(entry.url)) })],
        });
        for (const warning of result.warnings) this.warn(warning);
        console.info(
          `sw.js: ${result.count} files precached (${Math.round(result.size / 1024)} KiB), ${appAssets.length} cached when used`,
        );
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest|xml)$/;
/** Below this, compression saves less than the Content-Encoding and Vary headers cost. */
const COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels (paid once here, not per request): server/http/static.ts sends the copy a browser accepts.
 * Runs after every other plugin, so the service worker and offline.html are compressed too.
 */
function precompressedAssets(): Plugin {
  let outDir = "";
  return {
    name: "pastebox-precompressed-assets",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
        let written = 0;
        for (const file of files) {
          const path = join(outDir, file);
          if ((await stat(path)).size < COMPRESS_MIN_BYTES) continue;
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          written++;
        }
        console.info(`precompressed ${written} files (brotli and gzip)`);
      },
    },
  };
}

/**
 * Icons are split by the screens that use them; a split smaller than this (bytes before compression)
 * joins its nearest neighbour. Measured with `bun run bench weight` at 0, 2, 4 and 8 KiB: 2 KiB gave
 * the lightest share link and Upload (docs/performance.md, Page weight).
 */
const ICON_CHUNK_MERGE_BYTES = 2048;

const API_ORIGIN = process.env.VITE_API_ORIGIN ?? "http://localhost:8787";

export default defineConfig({
  root: fromRoot("./client"),
  publicDir: fromRoot("./client/public"),
  plugins: [react(), tailwindcss(), offlineApp(), precompressedAssets()],
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
        // The shell's own modules make one chunk too: split by which lazy screen shares them, they made
        // some thirty requests under 1 KiB each, too small to compress. The tRPC client, React Query
        // and superjson come with the first screen that calls through tRPC, in one chunk (a visitor of
        // a share link loads none of it, docs/decisions/0014-public-pages-without-trpc.md).
        // Icons (one small module each) that only lazily loaded screens use are grouped by the set of
        // screens that use them (entriesAware), so a share link does not download the admin's icons;
        // the smallest of those sets merge (ICON_CHUNK_MERGE_BYTES): one chunk per icon would be a
        // dozen requests too small to compress, one chunk for all cost every screen all 79 icons.
        // An icon chunk is named by its group alone; Rolldown would list every screen that shares it
        // (`icons~home-screen~source-editor`), a name that looks like the screen's own code.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith("icons~") ? "assets/icons-[hash].js" : "assets/[name]-[hash].js",
        codeSplitting: {
          groups: [
            { name: "vendor", test: /[\\/]node_modules[\\/]/, tags: ["$initial"], priority: 3 },
            {
              name: "trpc",
              test: /[\\/]node_modules[\\/](@trpc|@tanstack|superjson|copy-anything|is-what)[\\/]/,
              priority: 2,
            },
            { name: "shell", test: /[\\/](client[\\/]src|shared)[\\/]/, tags: ["$initial"], priority: 1 },
            {
              name: "icons",
              test: /[\\/]node_modules[\\/]@heroicons[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: ICON_CHUNK_MERGE_BYTES,
            },
          ],
        },
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
