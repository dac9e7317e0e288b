// Vite build of the React client. The app lives in client/; the Bun server serves the build from
// dist/client, and in development this dev server forwards API, tRPC and WebDAV calls to it.
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const API_ORIGIN = process.env.VITE_API_ORIGIN ?? "http://localhost:8787";

export default defineConfig({
  root: fromRoot("./client"),
  publicDir: fromRoot("./client/public"),
  plugins: [react(), tailwindcss()],
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
