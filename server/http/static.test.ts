import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStaticHandler } from "./static";

const dir = mkdtempSync(join(tmpdir(), "pastebox-static-"));
mkdirSync(join(dir, "assets"));
mkdirSync(join(dir, "icons"));
writeFileSync(join(dir, "index.html"), "<!doctype html><title>app</title>");
writeFileSync(join(dir, "offline.html"), '<!doctype html><meta name="pastebox-offline-fallback" content="1">');
writeFileSync(join(dir, "sw.js"), "self.__precache = [];");
writeFileSync(join(dir, "manifest.webmanifest"), '{"name":"Pastebox"}');
writeFileSync(join(dir, "icons/icon-192.png"), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
writeFileSync(join(dir, "assets/index-abc123.js"), "console.log(1)");
// An asset with its build-time copies (contents told apart so a test sees which one was sent).
const SCRIPT = "export const app = 'the uncompressed script';\n".repeat(40);
writeFileSync(join(dir, "assets/app-def456.js"), SCRIPT);
writeFileSync(join(dir, "assets/app-def456.js.br"), Bun.gzipSync(Buffer.from("brotli stand-in")));
writeFileSync(join(dir, "assets/app-def456.js.gz"), Bun.gzipSync(Buffer.from(SCRIPT)));
// A file edited after the build: its copy is older than it and must not be sent.
writeFileSync(join(dir, "stale.js"), "console.log('edited after the build')");
writeFileSync(join(dir, "stale.js.gz"), Bun.gzipSync(Buffer.from("console.log('built')")));
utimesSync(join(dir, "stale.js.gz"), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

const handler = createStaticHandler(dir);
const get = (path: string) => handler.serve(new Request(`http://localhost${path}`), path);
// Content-Length, HEAD and Range are Bun.serve's work on the answer: those run through a real server.
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: (request) => handler.serve(request, new URL(request.url).pathname),
});
afterAll(() => {
  server.stop(true);
  rmSync(dir, { recursive: true, force: true });
});
const fetchAsset = (path: string, headers: Record<string, string>, method = "GET") =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { method, headers, decompress: false });

describe("static files for the offline app", () => {
  test("the service worker and the manifest are revalidated, never cached as immutable", async () => {
    const worker = await get("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("Cache-Control")).toBe("no-cache");
    expect(worker.headers.get("Content-Type")).toStartWith("text/javascript");
    const manifest = await get("/manifest.webmanifest");
    expect(manifest.headers.get("Cache-Control")).toBe("no-cache");
    expect(manifest.headers.get("Content-Type")).toBe("application/manifest+json");
    expect((await get("/offline.html")).headers.get("Cache-Control")).toBe("no-cache");
    expect((await get("/icons/icon-192.png")).headers.get("Content-Type")).toBe("image/png");
  });

  test("hashed assets are immutable; client routes get index.html; a missing top-level file is a 404", async () => {
    expect((await get("/assets/index-abc123.js")).headers.get("Cache-Control")).toContain("immutable");
    const route = await get("/paste/abc");
    expect(route.status).toBe(200);
    expect(await route.text()).toContain("<title>app</title>");
    expect((await get("/workbox-missing.js")).status).toBe(404);
  });
});

describe("precompressed copies", () => {
  test("brotli when accepted, gzip when only gzip is, the file itself otherwise; always Vary", async () => {
    const br = await fetchAsset("/assets/app-def456.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("content-type")).toStartWith("text/javascript");
    expect(br.headers.get("cache-control")).toContain("immutable");
    const brBody = new Uint8Array(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBody.length);
    expect(new TextDecoder().decode(Bun.gunzipSync(brBody))).toBe("brotli stand-in");

    const gz = await fetchAsset("/assets/app-def456.js", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const gzBody = new Uint8Array(await gz.arrayBuffer());
    expect(Number(gz.headers.get("content-length"))).toBe(gzBody.length);
    expect(new TextDecoder().decode(Bun.gunzipSync(gzBody))).toBe(SCRIPT);

    // br refused by q=0, and no Accept-Encoding at all: what the client said it can read.
    const refused = await fetchAsset("/assets/app-def456.js", { "accept-encoding": "br;q=0, gzip;q=0.5" });
    expect(refused.headers.get("content-encoding")).toBe("gzip");
    const plain = await fetchAsset("/assets/app-def456.js", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(SCRIPT);
  });

  test("HEAD gives the chosen copy's length; a Range request counts the file's own bytes", async () => {
    const head = await fetchAsset("/assets/app-def456.js", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.headers.get("content-encoding")).toBe("gzip");
    expect(Number(head.headers.get("content-length"))).toBe(Bun.gzipSync(Buffer.from(SCRIPT)).length);

    const range = await fetchAsset("/assets/app-def456.js", { "accept-encoding": "br, gzip", range: "bytes=7-18" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-encoding")).toBeNull();
    expect(range.headers.get("content-range")).toBe(`bytes 7-18/${SCRIPT.length}`);
    expect(await range.text()).toBe(SCRIPT.slice(7, 19));
  });

  test("a copy older than its file is not sent; a file without copies has no Vary", async () => {
    const stale = await fetchAsset("/stale.js", { "accept-encoding": "gzip" });
    expect(stale.headers.get("content-encoding")).toBeNull();
    expect(await stale.text()).toBe("console.log('edited after the build')");
    const small = await fetchAsset("/assets/index-abc123.js", { "accept-encoding": "gzip, br" });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBeNull();
  });
});
