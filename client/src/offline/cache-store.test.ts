import { describe, expect, test } from "bun:test";
import type { PasteView } from "@shared/schemas/pastes";
import { expectAnswers } from "../../test/answers";
import { fsEntry, fsListing, publicFile, publicPaste } from "../../test/fixtures";
import {
  clearPrivateCache,
  normalizeDirectoryPath,
  offlineCacheInfo,
  pruneOfflineCache,
  readCachedQuery,
  saveQueryResult,
  sessionFingerprint,
} from "./cache-store";
import { OFFLINE_CACHE_MAX_AGE_MS } from "./constants";
import type { CachedFileData } from "./db";
import { createTestDb } from "./test/fake-db";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (now: number, owner = "owner-a") => ({ owner, now });

const paste = (slug: string, change: Partial<PasteView> = {}) =>
  publicPaste(slug, { created_at: new Date(NOW - DAY), ...change });

const file = (slug: string, change: Partial<CachedFileData> = {}) => publicFile(slug, change);

const listing = (path: string) =>
  fsListing(path, [
    fsEntry(`${path}/report.md`, { size: 12, modified: new Date(NOW - DAY), mimetype: "text/markdown" }),
  ]);

describe("offline cache of pastes", () => {
  test("a paste opened online is answered offline, marked as an offline copy", async () => {
    const db = createTestDb();
    await saveQueryResult(db, "pastes.view", { slug: "abc" }, paste("abc"), at(NOW));
    const cached = await readCachedQuery(db, "pastes.view", { slug: "abc" }, at(NOW + DAY));
    expect(cached).toMatchObject({ slug: "abc", content: "shared text of abc", format: "text" });
    // Dates come back as dates (superjson gave the screens dates online too).
    expect((cached as PasteView).created_at).toEqual(new Date(NOW - DAY));
    expect(offlineCacheInfo(cached)).toEqual({ cachedAt: NOW });
    expect(offlineCacheInfo(paste("abc"))).toBeNull();
    expect(await readCachedQuery(db, "pastes.view", { slug: "other" }, at(NOW))).toBeNull();
  });

  test("password-protected pastes are never stored", async () => {
    const db = createTestDb();
    await saveQueryResult(db, "pastes.view", { slug: "locked" }, paste("locked", { has_password: true }), at(NOW));
    await saveQueryResult(
      db,
      "pastes.view",
      { slug: "closed" },
      paste("closed", { has_password: true, requires_password: true, content: null }),
      at(NOW),
    );
    expect(await db.pastes.count()).toBe(0);
  });

  test("kept 7 days, and never past the paste's own expiry", async () => {
    const db = createTestDb();
    await saveQueryResult(db, "pastes.view", { slug: "week" }, paste("week"), at(NOW));
    await saveQueryResult(
      db,
      "pastes.view",
      { slug: "hour" },
      paste("hour", { expires_at: new Date(NOW + 3_600_000) }),
      at(NOW),
    );
    expect(
      await readCachedQuery(db, "pastes.view", { slug: "week" }, at(NOW + OFFLINE_CACHE_MAX_AGE_MS)),
    ).not.toBeNull();
    expect(
      await readCachedQuery(db, "pastes.view", { slug: "week" }, at(NOW + OFFLINE_CACHE_MAX_AGE_MS + 1)),
    ).toBeNull();
    expect(await readCachedQuery(db, "pastes.view", { slug: "hour" }, at(NOW + 3_599_000))).not.toBeNull();
    expect(await readCachedQuery(db, "pastes.view", { slug: "hour" }, at(NOW + 3_600_000))).toBeNull();
  });

  test("an answer that came from the cache is not written back (its age would reset)", async () => {
    const db = createTestDb();
    await saveQueryResult(db, "pastes.view", { slug: "abc" }, paste("abc"), at(NOW));
    const cached = await readCachedQuery(db, "pastes.view", { slug: "abc" }, at(NOW + DAY));
    await saveQueryResult(db, "pastes.view", { slug: "abc" }, cached, at(NOW + DAY));
    expect((await db.pastes.get("abc"))?.cachedAt).toBe(NOW);
  });
});

describe("offline cache of file shares", () => {
  test("details of an open share are kept by slug; protected shares are not", async () => {
    const db = createTestDb();
    await saveQueryResult(db, "files.public.get", { slug: "f1" }, file("f1"), at(NOW));
    await saveQueryResult(db, "files.public.get", { slug: "f2" }, file("f2", { has_password: true }), at(NOW));
    expect(await readCachedQuery(db, "files.public.get", { slug: "f1" }, at(NOW))).toMatchObject({
      filename: "f1.zip",
      size: 1024,
    });
    expect(await readCachedQuery(db, "files.public.get", { slug: "f2" }, at(NOW))).toBeNull();
  });

  test("an expired share is not shown from the cache", async () => {
    const db = createTestDb();
    await saveQueryResult(
      db,
      "files.public.get",
      { slug: "f1" },
      file("f1", { expires_at: new Date(NOW + 1000) }),
      at(NOW),
    );
    expect(await readCachedQuery(db, "files.public.get", { slug: "f1" }, at(NOW + 1000))).toBeNull();
  });
});

describe("offline cache of directory listings", () => {
  test("kept by normalised path, for the session that listed them only", async () => {
    const db = createTestDb();
    await saveQueryResult(db, "fs.list", { path: "/docs/2024/" }, listing("/docs/2024"), at(NOW, "admin-x"));
    expect(await readCachedQuery(db, "fs.list", { path: "/docs//2024" }, at(NOW, "admin-x"))).toMatchObject({
      path: "/docs/2024",
      total: 1,
    });
    // Another sign-in (an API key, another admin) never gets it.
    expect(await readCachedQuery(db, "fs.list", { path: "/docs/2024" }, at(NOW, "key-y"))).toBeNull();
  });

  test("clearing the private cache drops listings and the task list, not shared pastes", async () => {
    const db = createTestDb();
    await db.tasks.put({ id: "task-1", createdAt: NOW, task: { id: "task-1" } });
    await saveQueryResult(db, "fs.list", { path: "/" }, listing("/"), at(NOW));
    await saveQueryResult(db, "pastes.view", { slug: "abc" }, paste("abc"), at(NOW));
    await clearPrivateCache(db);
    expect(await db.directories.count()).toBe(0);
    expect(await db.tasks.count()).toBe(0);
    expect(await db.pastes.count()).toBe(1);
  });

  test("normalizeDirectoryPath", () => {
    expectAnswers(normalizeDirectoryPath, [
      ["/", "/"],
      ["", "/"],
      ["docs//a/", "/docs/a"],
      [undefined, "/"],
    ]);
  });
});

describe("upkeep", () => {
  test("prune drops what is older than 7 days and keeps the rest", async () => {
    const db = createTestDb();
    await saveQueryResult(db, "pastes.view", { slug: "old" }, paste("old"), at(NOW - OFFLINE_CACHE_MAX_AGE_MS - 1));
    await saveQueryResult(db, "pastes.view", { slug: "new" }, paste("new"), at(NOW - DAY));
    await saveQueryResult(db, "fs.list", { path: "/x" }, listing("/x"), at(NOW - 8 * DAY));
    await pruneOfflineCache(db, NOW);
    expect(await db.pastes.toCollection().primaryKeys()).toEqual(["new"]);
    expect(await db.directories.count()).toBe(0);
  });

  test("a sign-in's fingerprint is stable, distinct, and not its name", async () => {
    const a = await sessionFingerprint("admin", "secret-token");
    expect(await sessionFingerprint("admin", "secret-token")).toBe(a);
    expect(await sessionFingerprint("apikey", "secret-token")).not.toBe(a);
    expect(a).not.toContain("secret");
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(await sessionFingerprint("none", null)).toBe("anonymous");
  });
});
