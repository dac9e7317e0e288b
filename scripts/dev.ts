// `bun run dev`: the API server with --watch on :8787 and Vite's dev server with hot reload on :5173
// (it proxies /api, /trpc and /dav to the API server). Ctrl-C stops both.
const server = Bun.spawn([process.execPath, "--watch", "server/main.ts"], { stdio: ["inherit", "inherit", "inherit"] });
const vite = Bun.spawn([process.execPath, "x", "vite", "--port", "5173"], { stdio: ["inherit", "inherit", "inherit"] });

function stop() {
  server.kill();
  vite.kill();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await Promise.race([server.exited, vite.exited]);
stop();
