import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../../../test/answers";
import {
  evaluateRouteGuard,
  type GuardAuth,
  isAdminPath,
  isMountExplorerPath,
  mountDirectoryOf,
  mountExplorerUrl,
} from "./route-guard";
import type { KeyPermissions } from "./store/auth-types";

const NOW = 1_800_000_000_000;
const FRESH = NOW - 1_000;
const STALE = NOW - 300_001;

const none: GuardAuth = {
  authType: "none",
  permissions: { text: false, file: false, mount: false },
  keyInfo: null,
  lastValidated: FRESH,
};
const admin = (lastValidated: number | null = FRESH): GuardAuth => ({ ...none, authType: "admin", lastValidated });
const key = (
  permissions: Partial<KeyPermissions>,
  basicPath = "/",
  lastValidated: number | null = FRESH,
): GuardAuth => ({
  authType: "apikey",
  permissions: { text: false, file: false, mount: false, ...permissions },
  keyInfo: { id: "k1", name: "key", basic_path: basicPath },
  lastValidated,
});

const decide = (auth: GuardAuth, location: string) => evaluateRouteGuard({ auth, location, now: NOW });

describe("route guard (docs/product.md §2)", () => {
  test("an unauthenticated user is never redirected; the server is asked once per load whether a cookie session exists", () => {
    for (const path of ["/", "/admin", "/admin/key-management", "/mount-explorer", "/mount-explorer/x", "/upload"]) {
      expect(decide(none, path)).toEqual({ revalidate: false, redirect: null, reason: null });
      expect(decide({ ...none, lastValidated: null }, path)).toEqual({
        revalidate: true,
        redirect: null,
        reason: null,
      });
    }
  });

  test("every route checks a sign-in never checked on this page; admin routes also one older than 5 minutes", () => {
    expect(decide(admin(null), "/admin").revalidate).toBe(true);
    expect(decide(admin(STALE), "/admin/settings").revalidate).toBe(true);
    expect(decide(admin(FRESH), "/admin").revalidate).toBe(false);
    expect(decide(key({ text: true }, "/", STALE), "/admin/text-management").revalidate).toBe(true);
    expect(decide(admin(null), "/").revalidate).toBe(true);
    expect(decide(key({ mount: true }, "/", null), "/mount-explorer").revalidate).toBe(true);
    expect(decide(admin(STALE), "/mount-explorer").revalidate).toBe(false);
    expect(decide(admin(FRESH), "/").revalidate).toBe(false);
  });

  test("the admin goes anywhere", () => {
    for (const path of ["/admin", "/admin/key-management", "/mount-explorer/anything/deep", "/"]) {
      expect(decide(admin(), path).redirect).toBeNull();
    }
  });

  test("a key with no permission is sent Home from the admin area and the explorer", () => {
    const empty = key({});
    expect(decide(empty, "/admin")).toEqual({ revalidate: false, redirect: "/", reason: "noPermission" });
    expect(decide(empty, "/admin/key-management").redirect).toBe("/");
    expect(decide(empty, "/mount-explorer/docs").redirect).toBe("/");
    // Public screens stay open to it.
    expect(decide(empty, "/upload").redirect).toBeNull();
    expect(decide(empty, "/paste/abc").redirect).toBeNull();
  });

  test("a key with at least one permission enters the admin area", () => {
    for (const permissions of [{ text: true }, { file: true }, { mount: true }]) {
      expect(decide(key(permissions), "/admin").redirect).toBeNull();
    }
  });

  test("a mount key outside its base path is sent to its base path in the explorer", () => {
    const docs = key({ mount: true }, "/docs");
    expect(decide(docs, "/mount-explorer/other")).toEqual({
      revalidate: false,
      redirect: "/mount-explorer/docs",
      reason: "outsideBasePath",
    });
    expect(decide(docs, "/mount-explorer").redirect).toBe("/mount-explorer/docs");
    expect(decide(docs, "/mount-explorer/").redirect).toBe("/mount-explorer/docs");
    expect(decide(docs, "/mount-explorer/docsextra").redirect).toBe("/mount-explorer/docs");
    expect(decide(docs, "/mount-explorer/docs/../etc").redirect).toBe("/mount-explorer/docs");
    expect(decide(docs, "/mount-explorer/docs/%2e%2e/etc").redirect).toBe("/mount-explorer/docs");
    expect(decide(docs, "/mount-explorer/docs%2F..%2Fetc").redirect).toBe("/mount-explorer/docs");
    expect(decide(docs, "/mount-explorer/..").redirect).toBe("/mount-explorer/docs");
  });

  test("a mount key inside its base path stays", () => {
    const docs = key({ mount: true }, "/docs");
    for (const path of [
      "/mount-explorer/docs",
      "/mount-explorer/docs/",
      "/mount-explorer/docs/2024/report",
      "/mount-explorer//docs//2024",
      "/mount-explorer/docs/a/../b",
      "/mount-explorer/docs?preview=a.txt",
    ]) {
      expect(decide(docs, path).redirect).toBeNull();
    }
    expect(decide(key({ mount: true }, "/"), "/mount-explorer/anything").redirect).toBeNull();
  });

  test("base paths with spaces or non-ASCII letters are encoded in the redirect", () => {
    const team = key({ mount: true }, "/团队 文档/");
    expect(decide(team, "/mount-explorer/other").redirect).toBe(`/mount-explorer/${encodeURIComponent("团队 文档")}`);
    expect(decide(team, `/mount-explorer/${encodeURIComponent("团队 文档")}/a`).redirect).toBeNull();
  });

  test("a key without mount permission is not redirected by the base-path rule", () => {
    expect(decide(key({ text: true }, "/docs"), "/mount-explorer/other").redirect).toBeNull();
  });
});

describe("route helpers", () => {
  test("recognise admin and explorer paths, not look-alikes", () => {
    expectAnswers(isAdminPath, [
      ["/admin", true],
      ["/admin/", true],
      ["/admin/settings?x=1", true],
      ["/administrator", false],
    ]);
    expectAnswers(isMountExplorerPath, [
      ["/mount-explorer/a", true],
      ["/mount-explorers", false],
    ]);
  });

  test("mountDirectoryOf and mountExplorerUrl are inverses for normal paths", () => {
    expectAnswers(mountDirectoryOf, [
      ["/mount-explorer", "/"],
      ["/mount-explorer/a%20b/c/", "/a b/c"],
    ]);
    expectAnswers(mountExplorerUrl, [
      ["/", "/mount-explorer"],
      ["/a b/c", "/mount-explorer/a%20b/c"],
      ["docs//x/", "/mount-explorer/docs/x"],
    ]);
  });
});
