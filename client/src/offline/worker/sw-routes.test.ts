import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../../../test/answers";
import { isAppRoute, isOfflineReadableApi, sessionScopedKey } from "./sw-routes";

const url = (path: string) => new URL(path, "http://127.0.0.1:8787");
const offlineReadable = (path: string) => isOfflineReadableApi(url(path));

describe("service worker: page loads", () => {
  test("app routes get the app shell; API, WebDAV, assets and top-level files do not", () => {
    for (const path of ["/", "/upload", "/admin/settings", "/paste/abc", "/file/x", "/mount-explorer/docs/v1.2"]) {
      expect({ path, app: isAppRoute(path) }).toEqual({ path, app: true });
    }
    for (const path of [
      "/api/raw/abc",
      "/api",
      "/trpc/pastes.view",
      "/dav/docs",
      "/dav",
      "/assets/index-1.js",
      "/sw.js",
      "/manifest.webmanifest",
    ]) {
      expect({ path, app: isAppRoute(path) }).toEqual({ path, app: false });
    }
    // A route that merely starts like a server path is still a route.
    expect(isAppRoute("/david")).toBe(true);
  });
});

describe("service worker: API reads kept for offline", () => {
  test("tRPC batches of paste, file-share and listing reads only", () => {
    expectAnswers(offlineReadable, [
      ["/trpc/pastes.view?batch=1&input=%7B%7D", true],
      ["/trpc/files.public.get,fs.list?batch=1", true],
      ["/trpc/fs.list?batch=1", true],
      [`/trpc/${encodeURIComponent("pastes.view,fs.list")}?batch=1`, true],
      // One admin or auth call in the batch and it is not kept.
      ["/trpc/pastes.view,admin.validateToken?batch=1", false],
      ["/trpc/keys.list?batch=1", false],
      ["/trpc/fs.fileLink?batch=1", false],
      ["/trpc/%E0%A4%A?batch=1", false],
    ]);
  });

  test("the REST reads of the same things; never signed content links, never a password in the URL", () => {
    expectAnswers(offlineReadable, [
      ["/api/paste/abc", true],
      ["/api/raw/abc", true],
      ["/api/public/files/abc", true],
      ["/api/admin/fs/list?path=/docs", true],
      ["/api/user/fs/list?path=/", true],
      ["/api/raw/abc?password=secret", false],
      ["/api/storage/local/c?op=get&key=k&sig=x", false],
      ["/api/admin/fs/download?path=/a", false],
      ["/api/admin/pastes", false],
      ["/api/test/admin-token", false],
    ]);
  });

  test("cache keys carry a digest of who is signed in (the CSRF header), never the name itself", async () => {
    const anonymous = new Request("http://h/trpc/pastes.view?batch=1");
    expect(await sessionScopedKey(anonymous)).toBe("http://h/trpc/pastes.view?batch=1");
    const admin = new Request("http://h/trpc/fs.list?batch=1", { headers: { "x-pastebox-csrf": "admin:root" } });
    const other = new Request("http://h/trpc/fs.list?batch=1", { headers: { "x-pastebox-csrf": "apikey:k2" } });
    const signedOut = new Request("http://h/trpc/pastes.view?batch=1", { headers: { "x-pastebox-csrf": "anonymous" } });
    expect(await sessionScopedKey(signedOut)).toBe("http://h/trpc/pastes.view?batch=1");
    const adminKey = await sessionScopedKey(admin);
    expect(adminKey).toStartWith("http://h/trpc/fs.list?batch=1&__session=");
    expect(adminKey).not.toContain("root");
    expect(await sessionScopedKey(other)).not.toBe(adminKey);
    expect(await sessionScopedKey(admin)).toBe(adminKey);
  });
});
