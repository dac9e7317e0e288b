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
import type { CachedFileData, OfflineDatabase } from "./db";
import { createTestDb } from "./test/fake-db";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (now: number, owner = "owner-a") => ({ owner, now });

const paste = (slug: string, change: Partial<PasteView> = {}) =>
  publicPaste(slug, { created_at: new Date(NOW - DAY), ...change });

const file = (slug: string, change: Partial<CachedFileData> = {}) => publicFile(slug, change);

// A share's details as the offline link keeps them (the answer to pastes.view or files.public.get for
// its slug) and reads them back, at a moment of the test's clock.
const keepPaste = (db: OfflineDatabase, slug: string, when: number, change: Partial<PasteView> = {}) =>
  saveQueryResult(db, "pastes.view", { slug }, paste(slug, change), at(when));
const readPaste = (db: OfflineDatabase, slug: string, when: number) =>
  readCachedQuery(db, "pastes.view", { slug }, at(when));
const keepFile = (db: OfflineDatabase, slug: string, when: number, change: Partial<CachedFileData> = {}) =>
  saveQueryResult(db, "files.public.get", { slug }, file(slug, change), at(when));
const readFile = (db: OfflineDatabase, slug: string, when: number) =>
  readCachedQuery(db, "files.public.get", { slug }, at(when));

const listing = (path: string) =>
  fsListing(path, [
    fsEntry(`${path}/report.md`, { size: 12, modified: new Date(NOW - DAY), mimetype: "text/markdown" }),
  ]);

describe("offline cache of pastes", () => {
  test("a paste opened online is answered offline, marked as an offline copy", async () => {
    const db = createTestDb();
    await keepPaste(db, "abc", NOW);
    const cached = await readPaste(db, "abc", NOW + DAY);
    expect(cached).toMatchObject({ slug: "abc", content: "shared text of abc", format: "text" });
    // Dates come back as dates (superjson gave the screens dates online too).
    expect((cached as PasteView).created_at).toEqual(new Date(NOW - DAY));
    expect(offlineCacheInfo(cached)).toEqual({ cachedAt: NOW });
    expect(offlineCacheInfo(paste("abc"))).toBeNull();
    expect(await readPaste(db, "other", NOW)).toBeNull();
  });

  test("password-protected pastes are never stored", async () => {
    const db = createTestDb();
    await keepPaste(db, "locked", NOW, { has_password: true });
    await keepPaste(db, "closed", NOW, { has_password: true, requires_password: true, content: null });
    expect(await db.pastes.count()).toBe(0);
  });

  test("kept 7 days, and never past the paste's own expiry", async () => {
    const db = createTestDb();
    await keepPaste(db, "week", NOW);
    await keepPaste(db, "hour", NOW, { expires_at: new Date(NOW + 3_600_000) });
    expect(await readPaste(db, "week", NOW + OFFLINE_CACHE_MAX_AGE_MS)).not.toBeNull();
    expect(await readPaste(db, "week", NOW + OFFLINE_CACHE_MAX_AGE_MS + 1)).toBeNull();
    expect(await readPaste(db, "hour", NOW + 3_599_000)).not.toBeNull();
    expect(await readPaste(db, "hour", NOW + 3_600_000)).toBeNull();
  });

  test("an answer that came from the cache is not written back (its age would reset)", async () => {
    const db = createTestDb();
    await keepPaste(db, "abc", NOW);
    const cached = await readPaste(db, "abc", NOW + DAY);
    await saveQueryResult(db, "pastes.view", { slug: "abc" }, cached, at(NOW + DAY));
    expect((await db.pastes.get("abc"))?.cachedAt).toBe(NOW);
  });
});

describe("offline cache of file shares", () => {
  test("details of an open share are kept by slug; protected shares are not", async () => {
    const db = createTestDb();
    await keepFile(db, "f1", NOW);
    await keepFile(db, "f2", NOW, { has_password: true });
    expect(await readFile(db, "f1", NOW)).toMatchObject({
      filename: "f1.zip",
      size: 1024,
    });
    expect(await readFile(db, "f2", NOW)).toBeNull();
  });

  test("an expired share is not shown from the cache", async () => {
    const db = createTestDb();
    await keepFile(db, "f1", NOW, { expires_at: new Date(NOW + 1000) });
    expect(await readFile(db, "f1", NOW + 1000)).toBeNull();
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
    await keepPaste(db, "abc", NOW);
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
    await keepPaste(db, "old", NOW - OFFLINE_CACHE_MAX_AGE_MS - 1);
    await keepPaste(db, "new", NOW - DAY);
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
