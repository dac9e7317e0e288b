// The explorer's search index on SQLite and Postgres, local disk and S3: the crawl finds what was put
// straight into the storage and forgets what was removed there, writes through the app reach the
// index at once, a crawl whose process died resumes from its last page, and the admin's routes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "../../db/client";
import { createDriver, storageConfigDriverSelect } from "../../storage";
import {
  createApiKey,
  createLocalStorage,
  createMount,
  createS3Storage,
  loginAdmin,
  present,
} from "../../test/api-client";
import { processDatabaseUrl, STORAGE_CASES, useTestApp } from "../../test/harness";
import { crawlStorage } from "./crawl";

describe.each(STORAGE_CASES)("search index on %s with %s storage", (provider, kind) => {
  const { t, api } = useTestApp(provider);
  let admin: string;
  let storageId: string;
  let root = "";

  beforeAll(async () => {
    admin = await loginAdmin(api);
    if (kind === "local") {
      root = await mkdtemp(join(tmpdir(), "pastebox-index-"));
      storageId = (await createLocalStorage(api, admin, { root_path: root })).id;
    } else {
      storageId = (await createS3Storage(api, admin)).id;
    }
    await createMount(api, admin, { mount_path: "/data", storage_config_id: storageId });
  });
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  const search = (q: string, auth = admin) =>
    api.call("GET", `/${auth === admin ? "admin" : "user"}/fs/search?q=${encodeURIComponent(q)}`, {
      auth,
      procedure: "fs.search",
    });
  const paths = async (q: string, auth = admin) => {
    const answer = await search(q, auth);
    expect(answer.status).toBe(200);
    return answer.body.data.results.map((item: { path: string }) => item.path);
  };
  /** The storage as another tool sees it: a driver of its own, past the app. */
  const rawDriver = async () =>
    createDriver(
      await t.db.storageConfig.findUniqueOrThrow({ where: { id: storageId }, select: storageConfigDriverSelect }),
      {
        appSecret: t.config.secret,
        publicUrl: t.config.publicUrl,
        databaseUrl: t.config.databaseUrl,
      },
    );
  const mountKey = async (relative: string) => {
    const mount = await t.db.mount.findFirstOrThrow({ where: { mountPath: "/data" }, select: { folder: true } });
    return `${mount.folder ? `${mount.folder}/` : ""}${relative}`;
  };

  test("a crawl indexes what the storage holds; search then answers from it and says how fresh", async () => {
    const raw = await rawDriver();
    await raw.put(await mountKey("reports/2026/Quarterly-Report.txt"), "x");
    await raw.put(await mountKey("notes/todo.md"), "x");
    const before = await search("report");
    expect(before.body.data).toMatchObject({ source: "live", indexed_at: null });

    const rebuilt = await api.call("POST", "/admin/fs/index/rebuild", {
      auth: admin,
      body: {},
      procedure: "fsIndex.rebuild",
    });
    expect(rebuilt.status).toBe(202);
    expect(rebuilt.body.data.storage_config_ids).toContain(storageId);
    const status = await waitForReady();
    const mount = status.mounts.find((row: { mount_path: string }) => row.mount_path === "/data");
    expect(mount).toMatchObject({ objects: 2, state: "ready", storage_config_id: storageId });
    expect(status.objects).toBeGreaterThanOrEqual(2);

    const after = await search("report");
    expect(after.body.data.source).toBe("index");
    expect(new Date(present(after.body.data.indexed_at, "the index time")).getTime()).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(after.body.data.results.map((item: { path: string }) => item.path)).toEqual([
      "/data/reports",
      "/data/reports/2026/Quarterly-Report.txt",
    ]);
    // Two characters: too short for the trigram index, found by walking the rows in key order.
    expect(await paths("md")).toEqual(["/data/notes/todo.md"]);
  });

  test("writes through the app reach the index at once; a crawl forgets what was removed past the app", async () => {
    await waitForReady();
    const written = await api.call("POST", "/admin/fs/update", {
      auth: admin,
      body: { path: "/data/inbox/invoice-7.txt", content: "7" },
    });
    expect(written.status).toBe(200);
    expect(await paths("invoice")).toEqual(["/data/inbox/invoice-7.txt"]);
    await api.call("DELETE", `/admin/fs/remove?path=${encodeURIComponent("/data/inbox/invoice-7.txt")}`, {
      auth: admin,
      procedure: "fs.remove",
    });
    expect(await paths("invoice")).toEqual([]);

    // Removed straight from the storage: still indexed until a crawl walks past it.
    const driver = await rawDriver();
    await driver.delete(await mountKey("notes/todo.md"));
    expect(await paths("todo")).toEqual(["/data/notes/todo.md"]);
    await t.db.fsIndexEntry.create({
      data: { storageConfigId: storageId, key: await mountKey("stale/ghost.txt"), name: "ghost.txt", seenMs: 1 },
    });
    expect(await paths("ghost")).toEqual(["/data/stale/ghost.txt"]);
    expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
    expect(await paths("ghost")).toEqual([]);
    expect(await paths("todo")).toEqual([]);
    expect(driver.kind).toBe(kind);
  });

  test("a crawl whose process died is resumed from its last page, not begun again", async () => {
    await waitForReady();
    const startedMs = Date.now() - 10 * 60_000;
    await t.db.fsIndexState.update({
      where: { storageConfigId: storageId },
      data: {
        status: "crawling",
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
        crawlStartedMs: BigInt(startedMs),
        crawledObjects: 41,
        cursor: JSON.stringify({ prefix: await mountKey(""), token: null }),
      },
    });
    const status = await api.call("GET", "/admin/fs/index", { auth: admin, procedure: "fsIndex.status" });
    expect(status.body.data.state).toBe("failed");
    // The dead crawl's start is kept: rows it saw count as seen, and it counts on from 41.
    expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
    const state = await t.db.fsIndexState.findUniqueOrThrow({ where: { storageConfigId: storageId } });
    expect(state).toMatchObject({ status: "ready", cursor: null, crawlStartedMs: BigInt(startedMs) });
    expect(state.crawledObjects).toBeGreaterThan(41);
    // A live crawl is never taken over.
    await t.db.fsIndexState.update({
      where: { storageConfigId: storageId },
      data: { status: "crawling", heartbeatAt: new Date() },
    });
    expect(await crawlStorage(t, storageId)).toEqual({ status: "busy" });
    await t.db.fsIndexState.update({ where: { storageConfigId: storageId }, data: { status: "ready" } });
  });

  test("only the admin reads and rebuilds the index; a key's search keeps to its base path", async () => {
    const key = await createApiKey(api, admin, { mount_permission: true, basic_path: "/data/reports" });
    const statusForKey = await api.call("GET", "/admin/fs/index", { auth: key.auth, procedure: "fsIndex.status" });
    expect(statusForKey.status).toBe(403);
    const rebuild = (auth: string, body: object) =>
      api.call("POST", "/admin/fs/index/rebuild", { auth, body, procedure: "fsIndex.rebuild" });
    expect((await rebuild(key.auth, {})).status).toBe(403);
    expect((await rebuild(admin, { storage_config_id: "nope" })).status).toBe(404);
    await waitForReady();
    const answer = await search("2026", key.auth);
    expect(answer.body.data.source).toBe("index");
    expect(answer.body.data.results.map((item: { path: string }) => item.path)).toEqual(["/data/reports/2026"]);
  });

  test("names whose trigrams most names share are found as the live walk finds them", async () => {
    await waitForReady();
    // A camera roll: every name holds "img_2019", ".jpg" and date digits; one name's time is its own.
    const raw = await rawDriver();
    const names = Array.from(
      { length: 60 },
      (_, i) => `IMG_2019${String(1001 + (i % 12)).slice(-4)}_1200${String(i).padStart(2, "0")}.jpg`,
    );
    names.push("IMG_20190714_183022.jpg", "img__.._2019.jpg");
    await Promise.all(names.map(async (name) => raw.put(await mountKey(`camera/${name}`), "x")));
    expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
    const answers = async (q: string) => {
      const live = await api.call("GET", `/admin/fs/search?source=live&q=${encodeURIComponent(q)}`, {
        auth: admin,
        procedure: "fs.search",
      });
      const indexed = await search(q);
      expect(indexed.body.data.source).toBe("index");
      expect(live.body.data.source).toBe("live");
      return { indexed: indexed.body.data, live: live.body.data };
    };
    const one = await answers("IMG_20190714_183022.JPG");
    expect(one.indexed.results.map((item: { path: string }) => item.path)).toEqual([
      "/data/camera/IMG_20190714_183022.jpg",
    ]);
    // Common trigrams only, a run of punctuation (no trigram pg_trgm keeps), and a prefix of many.
    for (const q of ["img_2019", "_.._", "0714_18", "img_20191", "2019"]) {
      const { indexed, live } = await answers(q);
      expect({ q, results: indexed.results, hasMore: indexed.hasMore }).toEqual({
        q,
        results: live.results,
        hasMore: live.hasMore,
      });
    }
  });

  test("crawling again keeps every row's id, so the search's name sample keeps finding rows", async () => {
    const raw = await rawDriver();
    await raw.put(await mountKey("camera/before-the-crawls.jpg"), "x");
    expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
    const idsOf = async () =>
      (
        await t.db.fsIndexEntry.findMany({ where: { storageConfigId: storageId }, select: { id: true, key: true } })
      ).map((row) => `${row.id} ${row.key}`);
    const before = await idsOf();
    const high = (await t.db.fsIndexEntry.aggregate({ _max: { id: true } }))._max.id ?? 0;
    for (let crawl = 0; crawl < 3; crawl++) expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
    // A key seen again is updated in place; a new one takes the next id, not one past every key re-seen.
    await raw.put(await mountKey("camera/after-the-crawls.jpg"), "x");
    expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
    const after = await idsOf();
    expect(after.filter((row) => !row.endsWith("after-the-crawls.jpg")).sort()).toEqual([...before].sort());
    const added = await t.db.fsIndexEntry.findFirstOrThrow({
      where: { storageConfigId: storageId, key: await mountKey("camera/after-the-crawls.jpg") },
      select: { id: true },
    });
    // Ids taken by rows removed earlier may lie between; three crawls re-seeing every key would add thrice the rows.
    expect(added.id - high).toBeLessThan(before.length);
    expect(await paths("after-the-crawls")).toEqual(["/data/camera/after-the-crawls.jpg"]);
  });

  test("a search follows every change to the mounts, one made by another process too", async () => {
    const raw = await rawDriver();
    await raw.put(await mountKey("moved/needle-file.txt"), "x");
    expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
    const dataFolder = (await t.db.mount.findFirstOrThrow({ where: { mountPath: "/data" } })).folder;
    const other = await createMount(api, admin, {
      mount_path: "/other",
      storage_config_id: storageId,
      folder: `${dataFolder ? `${dataFolder}/` : ""}moved`,
    });
    const key = await createApiKey(api, admin, { mount_permission: true, basic_path: "/other" });
    // The mount tree searched is loaded once and kept: the new mount is in the very next search.
    expect(await paths("needle-file")).toEqual(["/data/moved/needle-file.txt", "/other/needle-file.txt"]);
    expect(await paths("needle-file", key.auth)).toEqual(["/other/needle-file.txt"]);
    // Another process (its own connection) moves the mount away from the key's base path, then
    // switches it off: this process's next searches see each change, and the key finds nothing.
    const elsewhere = createDatabase(processDatabaseUrl(t));
    try {
      await elsewhere.mount.update({ where: { id: other.id }, data: { mountPath: "/elsewhere" } });
      expect(await paths("needle-file")).toEqual(["/data/moved/needle-file.txt", "/elsewhere/needle-file.txt"]);
      expect(await paths("needle-file", key.auth)).toEqual([]);
      await elsewhere.mount.update({ where: { id: other.id }, data: { mountPath: "/other", isActive: false } });
      expect(await paths("needle-file")).toEqual(["/data/moved/needle-file.txt"]);
      expect(await paths("needle-file", key.auth)).toEqual([]);
      // The storage's share folder set to that folder: the key no longer sees inside it.
      await elsewhere.mount.update({ where: { id: other.id }, data: { isActive: true } });
      expect(await paths("needle-file", key.auth)).toEqual(["/other/needle-file.txt"]);
      await elsewhere.storageConfig.update({
        where: { id: storageId },
        data: { shareFolder: `${dataFolder ? `${dataFolder}/` : ""}moved` },
      });
      expect(await paths("needle-file", key.auth)).toEqual([]);
      const answer = await search("needle-file");
      expect(answer.body.data.source).toBe("index");
    } finally {
      await elsewhere.$disconnect();
    }
  });

  test("the index answers as the live walk under a nested mount, a base path and keys a path would normalise", async () => {
    const raw = await rawDriver();
    const dataFolder = (await t.db.mount.findFirstOrThrow({ where: { mountPath: "/data" } })).folder;
    const inData = (relative: string) => `${dataFolder ? `${dataFolder}/` : ""}${relative}`;
    const keys = ["nest/shadowed-probe.txt", "nest/deeper/probe-b.txt", "open/probe-c.txt", "open/sub/probe-d.txt"];
    for (const key of keys) await raw.put(inData(key), "x");
    await raw.put(inData("elsewhere/probe-nested.txt"), "x");
    // A mount at /data/nest shows another folder: what /data holds under nest/ is not found through /data.
    const nested = await createMount(api, admin, {
      mount_path: "/data/nest",
      storage_config_id: storageId,
      folder: inData("elsewhere"),
    });
    expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
    const key = await createApiKey(api, admin, { mount_permission: true, basic_path: "/data/open" });
    const answers = async (q: string, auth: string, extra = "") => {
      const route = `/${auth === admin ? "admin" : "user"}/fs/search?q=${encodeURIComponent(q)}${extra}`;
      const indexed = await api.call("GET", route, { auth, procedure: "fs.search" });
      const live = await api.call("GET", `${route}&source=live`, { auth, procedure: "fs.search" });
      expect(indexed.body.data.source).toBe("index");
      const pick = (data: { results: unknown[]; total: number; hasMore: boolean }) => ({
        results: data.results,
        total: data.total,
        hasMore: data.hasMore,
      });
      expect(pick(indexed.body.data)).toEqual(pick(live.body.data));
      return indexed.body.data.results.map((item: { path: string }) => item.path);
    };
    const all = await answers("probe", admin);
    expect(all).toContain("/data/nest/probe-nested.txt");
    expect(all).not.toContain("/data/nest/shadowed-probe.txt");
    expect(all).toContain("/data/open/sub/probe-d.txt");
    expect(await answers("probe", key.auth)).toEqual(["/data/open/probe-c.txt", "/data/open/sub/probe-d.txt"]);
    expect(await answers("probe", admin, "&limit=2&offset=1")).toHaveLength(2);
    await api.call("DELETE", `/admin/mounts/${nested.id}`, { auth: admin, procedure: "mounts.delete" });
    expect(await answers("probe", admin)).toContain("/data/nest/shadowed-probe.txt");
    // Keys an object store may hold whose paths normalise elsewhere: written straight into the index
    // (no storage here takes them), they are found only where their normal path may be read.
    for (const odd of ["open/../secret/probe-up.txt", "open/./probe-dot.txt", "open//probe-twice.txt"]) {
      await t.db.fsIndexEntry.create({
        data: {
          storageConfigId: storageId,
          key: inData(odd),
          name: odd.split("/").at(-1) as string,
          seenMs: Date.now(),
        },
      });
    }
    const keyed = await api.call("GET", "/user/fs/search?q=probe", { auth: key.auth, procedure: "fs.search" });
    const keyedPaths = keyed.body.data.results.map((item: { path: string }) => item.path);
    expect(keyedPaths).toContain("/data/open/./probe-dot.txt");
    expect(keyedPaths).toContain("/data/open//probe-twice.txt");
    expect(keyedPaths).not.toContain("/data/open/../secret/probe-up.txt");
    expect(keyedPaths).toHaveLength(4);
  });

  test("a date with separators among thousands of dated names counts every name that holds it", async () => {
    expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
    // Written straight into the index, as a crawl writes its pages: enough rows that the runs of three
    // digits ("019") hold thousands of names, and Postgres asks for the whole needle instead.
    const two = (n: number) => String(n).padStart(2, "0");
    const names = Array.from({ length: 4000 }, (_, i) => `doc ${i} 2019-${two(1 + (i % 12))}-${two(1 + (i % 28))}.pdf`);
    const seenMs = Date.now();
    const folder = await mountKey("dated/");
    await t.storage.index().upsert(
      storageId,
      names.map((name) => ({
        key: `${folder}${name}`,
        size: 1,
        isFolder: false,
        hasMarker: false,
        modifiedMs: seenMs,
      })),
      seenMs,
    );
    for (const q of ["2019-07-07", "9-07-1", "-12-2"]) {
      const answer = await api.call("GET", `/admin/fs/search?q=${encodeURIComponent(q)}&limit=1000`, {
        auth: admin,
        procedure: "fs.search",
      });
      expect(answer.body.data.source).toBe("index");
      const expected = names.filter((name) => name.includes(q)).map((name) => `/data/dated/${name}`);
      expect(expected.length).toBeGreaterThan(0);
      expect({ q, paths: answer.body.data.results.map((item: { path: string }) => item.path).sort() }).toEqual({
        q,
        paths: expected.sort(),
      });
    }
  });

  test("a name in many rows answers its pages in path order and says there is more, without reading every match", async () => {
    expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
    // Written straight into the index: names whose key order is not their path order (a folder "pic/"
    // sorts after "pic 1.jpg" as a key, before it as a path), LIKE's wildcards, case and an accent.
    const folder = await mountKey("ordered/");
    const files = [
      "pic 1.jpg",
      "pic-2.jpg",
      "pic_3.jpg",
      "pic%4.jpg",
      "PIC.JPG",
      "épic é.jpg",
      "picture/",
      ...Array.from({ length: 700 }, (_, i) => `pic/photo-pic${String(i).padStart(4, "0")}.jpg`),
      "pic/",
    ];
    const seenMs = Date.now();
    await t.storage.index().upsert(
      storageId,
      files.map((name) => ({
        key: `${folder}${name}`,
        size: 1,
        isFolder: name.endsWith("/"),
        hasMarker: name.endsWith("/"),
        modifiedMs: seenMs,
      })),
      seenMs,
    );
    const page = async (q: string, limit: number, offset = 0) => {
      const answer = await api.call(
        "GET",
        `/admin/fs/search?q=${encodeURIComponent(q)}&scope=directory&path=/data/ordered&limit=${limit}&offset=${offset}`,
        { auth: admin, procedure: "fs.search" },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data.source).toBe("index");
      return answer.body.data;
    };
    const expected = (q: string) =>
      files
        .map((name) => name.replace(/\/$/, ""))
        .filter((name) => name.split("/").at(-1)?.toLowerCase().includes(q.toLowerCase()))
        .map((name) => `/data/ordered/${name}`)
        .sort();
    const all = expected("pic");
    expect(all.length).toBe(708);
    // The first page is the full list's first page; one match past it is all that was needed.
    const first = await page("PIC", 5);
    expect(first.results.map((item: { path: string }) => item.path)).toEqual(all.slice(0, 5));
    expect(first).toMatchObject({ total: 708, truncated: false, hasMore: true });
    // Deep pages (past the database's pages of 500) continue in the same order, without a gap.
    for (const offset of [5, 10, 495, 500, 600]) {
      const deeper = await page("pic", 7, offset);
      expect({ offset, paths: deeper.results.map((item: { path: string }) => item.path) }).toEqual({
        offset,
        paths: all.slice(offset, offset + 7),
      });
    }
    // A page that holds every match counts them all and is not truncated.
    const whole = await page("pic", 1000);
    expect(whole.results.map((item: { path: string }) => item.path)).toEqual(all);
    expect(whole).toMatchObject({ total: 708, truncated: false, hasMore: false });
    for (const q of ["pic%", "pic_", "c é", "C.JPG"]) {
      const answer = await page(q, 50);
      expect({ q, paths: answer.results.map((item: { path: string }) => item.path), total: answer.total }).toEqual({
        q,
        paths: expected(q),
        total: expected(q).length,
      });
    }
  });

  test("the index counts every match as the live walk does, page by page, with the access rules and up to the cap", async () => {
    const raw = await rawDriver();
    const inData = async (relative: string) => mountKey(relative);
    const putAll = async (keys: string[]) => {
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(keys.slice(i, i + 50).map(async (key) => raw.put(await inData(key), "x")));
      }
    };
    // 70 photos, a folder named for them, a nested mount over 4 more (showing 3 others), a share
    // folder of 6 that keys may not see, and 1,005 names past the cap of 1,000 elsewhere.
    await putAll([
      ...Array.from({ length: 70 }, (_, i) => `count/photo-${i}.txt`),
      "count/photo-album/cover.jpg",
      ...Array.from({ length: 4 }, (_, i) => `count/inner/photo-inner-${i}.txt`),
      ...Array.from({ length: 3 }, (_, i) => `count-elsewhere/photo-else-${i}.txt`),
      ...Array.from({ length: 6 }, (_, i) => `count/shared/photo-shared-${i}.txt`),
      ...Array.from({ length: 1005 }, (_, i) => `crowd/snap-${i}.txt`),
    ]);
    const nested = await createMount(api, admin, {
      mount_path: "/data/count/inner",
      storage_config_id: storageId,
      folder: await inData("count-elsewhere"),
    });
    const shareFolder = (await t.db.storageConfig.findUniqueOrThrow({ where: { id: storageId } })).shareFolder;
    await t.db.storageConfig.update({ where: { id: storageId }, data: { shareFolder: await inData("count/shared") } });
    try {
      expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done" });
      const keyed = await createApiKey(api, admin, { mount_permission: true, basic_path: "/data/count" });
      const readOnly = await createApiKey(api, admin, {
        mount_permission: true,
        basic_path: "/data/count",
        mount_read_only: true,
      });
      type Answer = {
        results: { path: string }[];
        total: number;
        hasMore: boolean;
        truncated: boolean;
        source: string;
      };
      const ask = async (auth: string, params: Record<string, string>, source: "auto" | "live") => {
        const route = `/${auth === admin ? "admin" : "user"}/fs/search?${new URLSearchParams({ ...params, source })}`;
        const answer = await api.call("GET", route, { auth, procedure: "fs.search" });
        expect(answer.status).toBe(200);
        const data = answer.body.data as Answer;
        expect(data.source).toBe(source === "live" ? "live" : "index");
        return data;
      };
      /** Both ways, the same answer: results (entries whole), total, hasMore and truncated. */
      const both = async (auth: string, params: Record<string, string>) => {
        const [indexed, live] = [await ask(auth, params, "auto"), await ask(auth, params, "live")];
        const pick = ({ results, total, hasMore, truncated }: Answer) => ({ results, total, hasMore, truncated });
        expect({ params, ...pick(indexed) }).toEqual({ params, ...pick(live) });
        return indexed;
      };
      /** A script written from CloudPaste's document: pages from `total`, `query` as the search text. */
      const everyPage = async (auth: string, extra: Record<string, string>, limit: number) => {
        const seen: string[] = [];
        let total = 0;
        for (let offset = 0; offset === 0 || offset < total; offset += limit) {
          const page = await both(auth, { query: "photo", limit: String(limit), offset: String(offset), ...extra });
          total = page.total;
          seen.push(...page.results.map((item) => item.path));
        }
        return { seen, total };
      };
      const inFolder = { scope: "directory", path: "/data/count" };
      // The bug: 70 photos, a first page of 20, answered "21, truncated" by the index.
      const first = await both(admin, { query: "photo", limit: "20", ...inFolder });
      expect(first).toMatchObject({ total: 80, truncated: false, hasMore: true });
      for (const [auth, expected] of [
        [admin, 80],
        [keyed.auth, 74],
        [readOnly.auth, 74],
      ] as const) {
        for (const limit of [20, 7, 50, 1000]) {
          const { seen, total } = await everyPage(auth, inFolder, limit);
          expect({ limit, total, seen: seen.length, distinct: new Set(seen).size }).toEqual({
            limit,
            total: expected,
            seen: expected,
            distinct: expected,
          });
        }
        // Offsets past the end, on the end, and across the nested mount's paths.
        for (const [limit, offset] of [
          [20, 60],
          [20, 80],
          [13, 70],
          [5, 74],
          [1, 0],
        ] as const) {
          await both(auth, { query: "photo", limit: String(limit), offset: String(offset), ...inFolder });
        }
      }
      // Everywhere the key may look (its base path), and everywhere the admin may.
      expect((await both(keyed.auth, { query: "photo", limit: "10" })).total).toBe(74);
      const inner = await both(keyed.auth, { query: "photo", scope: "mount", mount_id: nested.id, limit: "2" });
      expect(inner).toMatchObject({ total: 3, hasMore: true, truncated: false });
      // Past the cap both say "more than 1,000": total is the cap, truncated; a page deeper than the
      // cap counts to its end, and one holding the last names counts them all.
      const crowd = { query: "snap-", scope: "directory", path: "/data/crowd" };
      expect(await both(admin, { ...crowd, limit: "50" })).toMatchObject({
        total: 1000,
        truncated: true,
        hasMore: true,
      });
      expect(await both(admin, { ...crowd, limit: "1000" })).toMatchObject({ total: 1000, truncated: true });
      expect(await both(admin, { ...crowd, limit: "20", offset: "980" })).toMatchObject({
        total: 1000,
        truncated: true,
        hasMore: true,
      });
      expect(await both(admin, { ...crowd, limit: "50", offset: "980" })).toMatchObject({
        total: 1005,
        truncated: false,
        hasMore: false,
      });
      const last = await both(admin, { ...crowd, limit: "50", offset: "1000" });
      expect(last).toMatchObject({ total: 1005, truncated: false, hasMore: false });
      expect(last.results).toHaveLength(5);
      expect(await both(admin, { ...crowd, query: "snap-100", limit: "5" })).toMatchObject({
        total: 6,
        truncated: false,
        hasMore: true,
      });
    } finally {
      await api.call("DELETE", `/admin/mounts/${nested.id}`, { auth: admin, procedure: "mounts.delete" });
      await t.db.storageConfig.update({ where: { id: storageId }, data: { shareFolder } });
    }
  });

  async function waitForReady() {
    for (let attempt = 0; ; attempt++) {
      const status = await api.call("GET", "/admin/fs/index", { auth: admin, procedure: "fsIndex.status" });
      if (status.body.data.state === "ready") return status.body.data;
      if (attempt > 400) throw new Error(`the crawl did not finish: ${JSON.stringify(status.body.data)}`);
      await Bun.sleep(50);
    }
  }
});

// Postgres plans a search from the table's statistics: before its first ANALYZE it took a folder's key
// range for a few rows and read every row of it (50-160 ms a search at 100,000 rows), and every search
// read the trigram index's pending list whole until a VACUUM merged it (docs/search-index.md).
describe("search index on postgres right after a first crawl", () => {
  const { t, api } = useTestApp("postgres");
  let root = "";

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "pastebox-index-settle-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  test("the crawl leaves the index analyzed and its trigram index merged before it says ready", async () => {
    const admin = await loginAdmin(api);
    const storageId = (await createLocalStorage(api, admin, { root_path: root })).id;
    await createMount(api, admin, { mount_path: "/data", storage_config_id: storageId });
    const mount = await t.db.mount.findFirstOrThrow({ where: { mountPath: "/data" }, select: { folder: true } });
    const raw = createDriver(
      await t.db.storageConfig.findUniqueOrThrow({ where: { id: storageId }, select: storageConfigDriverSelect }),
      { appSecret: t.config.secret, publicUrl: t.config.publicUrl, databaseUrl: t.config.databaseUrl },
    );
    for (let i = 0; i < 300; i++) {
      await raw.put(`${mount.folder ? `${mount.folder}/` : ""}photos/IMG_2026${String(i).padStart(4, "0")}.jpg`, "x");
    }
    expect(await crawlStorage(t, storageId)).toMatchObject({ status: "done", objects: 300 });

    const schema = present(t.pgSchema, "the test schema");
    const [stats] = await t.db.$queryRawUnsafe<{ columns: bigint; tuples: number }[]>(
      `SELECT (SELECT COUNT(*) FROM pg_stats WHERE schemaname = $1 AND tablename = 'FsIndexEntry') AS "columns",
         (SELECT reltuples FROM pg_class WHERE oid = to_regclass($2)) AS "tuples"`,
      schema,
      `"${schema}"."FsIndexEntry"`,
    );
    // The planner knows the rows: each column has statistics, and the table's size is the rows'.
    expect(Number(stats?.columns)).toBeGreaterThan(0);
    expect(Number(stats?.tuples)).toBeGreaterThanOrEqual(300);
    // Nothing left in the pending list for the searches to read (the call answers the pages it merged).
    const [pending] = await t.db.$queryRawUnsafe<{ pages: bigint }[]>(
      `SELECT gin_clean_pending_list(to_regclass($1)) AS "pages"`,
      `"${schema}"."FsIndexEntry_name_trgm_idx"`,
    );
    expect(Number(pending?.pages)).toBe(0);
    const found = await api.call("GET", "/admin/fs/search?q=IMG_20260123", { auth: admin, procedure: "fs.search" });
    expect(found.body.data).toMatchObject({ source: "index", total: 1 });
  });
});
