// A key whose base path sits inside a crowded folder: the folders above its base path show only the
// folder on the way down (services/explorer/listing.ts, dav/methods/read-methods.ts), and showing it reads
// nothing of the crowd. Counted, not timed: every listing call the storage driver answers is counted
// with the objects it returned, on SQLite and Postgres, local storage and the real S3 server (s3rver).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { basicAuth, type DavServer, startDavServer } from "../../dav/dav-test-kit";
import { mountKeyPrefix } from "../../services/explorer/mounts";
import type { StorageDriver } from "../../storage/driver";
import { STORAGE_CASES } from "../../test/harness";

const CROWD = 300;

describe.each(STORAGE_CASES)("the way down to a key's base path on %s with %s storage", (provider, storageKind) => {
  let s: DavServer;
  let key = "";
  /** What the storage driver listed since the last `take()`: calls and objects (and prefixes) answered. */
  const listed = { calls: 0, entries: 0 };
  const take = () => {
    const seen = { ...listed };
    listed.calls = 0;
    listed.entries = 0;
    return seen;
  };

  beforeAll(async () => {
    s = await startDavServer(provider, storageKind, ["/big"]);
    const mount = await s.t.db.mount.findUniqueOrThrow({ where: { id: s.mounts["/big"] } });
    // The services' own driver instance (cached per storage config): its listings are counted.
    const driver: StorageDriver = await s.t.storage.driverFor(s.storageConfigId);
    const prefix = `${mountKeyPrefix(mount)}crowd/`;
    for (let start = 0; start < CROWD; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          driver.put(`${prefix}file-${start + i}.txt`, "x", { contentType: "text/plain" }),
        ),
      );
    }
    const list = driver.list.bind(driver);
    driver.list = async (listPrefix, options) => {
      const answer = await list(listPrefix, options);
      listed.calls++;
      listed.entries += answer.objects.length + answer.prefixes.length;
      return answer;
    };
    key = await s.createKey("/big/crowd/mine/deeper");
  });
  afterAll(async () => {
    await s?.stop();
  });

  test("the explorer lists nothing of the crowd to show the one folder on the way", async () => {
    // The counter sees the crowd when the admin lists it.
    const all = await s.t.request("GET", "/api/admin/fs/list?path=/big/crowd&refresh=true", {
      headers: { authorization: s.admin },
    });
    expect(all.status).toBe(200);
    expect(((await all.json()) as { data: { total: number } }).data.total).toBe(CROWD);
    expect(take().entries).toBeGreaterThanOrEqual(CROWD);

    for (const [path, next] of [
      ["/big/crowd", "mine"],
      ["/big/crowd/mine", "deeper"],
      ["/big", "crowd"],
      ["/", "big"],
    ] as const) {
      const answer = await s.t.request("GET", `/api/user/fs/list?path=${encodeURIComponent(path)}`, {
        headers: { authorization: `ApiKey ${key}` },
      });
      expect(answer.status).toBe(200);
      const { data } = (await answer.json()) as { data: { items: { name: string; type: string }[] } };
      expect(data.items.map((item) => [item.name, item.type])).toEqual([[next, "directory"]]);
      expect({ path, ...take() }).toEqual({ path, calls: 0, entries: 0 });
    }
    // Its own base folder is listed as any folder is (empty: nothing is stored there yet).
    const own = await s.t.request("GET", "/api/user/fs/list?path=/big/crowd/mine/deeper", {
      headers: { authorization: `ApiKey ${key}` },
    });
    expect(((await own.json()) as { data: { items: unknown[] } }).data.items).toEqual([]);
  });

  test("WebDAV PROPFIND and a browser's GET of a folder above the base path list nothing either", async () => {
    take();
    const propfind = await s.request("PROPFIND", "/dav/big/crowd/", {
      headers: { depth: "1" },
      auth: basicAuth(key, key),
    });
    expect(propfind.status).toBe(207);
    const hrefs = [...(await propfind.text()).matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((match) => match[1]);
    expect(hrefs).toEqual(["/dav/big/crowd/", "/dav/big/crowd/mine/"]);
    const index = await s.request("GET", "/dav/big/crowd/", { auth: basicAuth(key, key) });
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('href="/dav/big/crowd/mine/"');
    const seen = take();
    // The collection itself is looked up (a HEAD and at most a one-key probe per request); the crowd is not read.
    expect(seen.entries).toBeLessThanOrEqual(2);
  });
});
