import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const handler = createStaticHandler(dir);
const get = (path: string) => handler.serve(new Request(`http://localhost${path}`), path);

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
