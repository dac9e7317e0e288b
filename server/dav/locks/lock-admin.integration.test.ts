// The admin's list of WebDAV locks (docs/security.md, the lock rows) on both databases: every active lock
// with its holder, path, depth, scope and times; lifting one frees the admin's writes at once; lifting a
// key's takes all of that key's and nothing else; a key is refused every route; expired locks are not shown.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApiClient } from "../../test/api-client";
import { DATABASE_PROVIDERS } from "../../test/harness";
import { basicAuth, type DavServer, startDavServer } from "../dav-test-kit";

const lockBody = (scope: "exclusive" | "shared") =>
  `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>`;

describe.each(DATABASE_PROVIDERS)("the admin's WebDAV locks on %s", (provider) => {
  let s: DavServer;
  const api = createApiClient(() => s.t.app);
  let keyName: string;
  let keySecret: string;

  beforeAll(async () => {
    s = await startDavServer(provider, "local", ["/docs"]);
    keySecret = await s.createKey("/docs");
    keyName = (await s.t.db.apiKey.findFirstOrThrow({ select: { name: true } })).name;
  });
  afterAll(async () => {
    await s.stop();
  });

  const keyDav = () => basicAuth(keySecret, keySecret);
  const lock = async (path: string, scope: "exclusive" | "shared", depth: "0" | "infinity", auth?: string) => {
    const answer = await s.request("LOCK", path, {
      auth,
      body: lockBody(scope),
      headers: { Timeout: "Second-600", Depth: depth },
    });
    expect([200, 201]).toContain(answer.status);
    return /<(.+)>/.exec(answer.headers.get("lock-token") ?? "")?.[1] ?? "";
  };
  const adminPut = (path: string, body: string) => s.request("PUT", path, { body });
  const list = async (input: { limit?: number; offset?: number } = {}) => {
    const answer = await api.procedure("davLocks.list", input, { auth: s.admin });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  test("lists each lock with its holder; lifting one frees the admin's writes; a key is refused", async () => {
    expect((await s.request("MKCOL", "/dav/docs/held")).status).toBe(201);
    const held = await lock("/dav/docs/held", "exclusive", "infinity", keyDav());
    const shared = await lock("/dav/docs/notes.txt", "shared", "0", keyDav());
    const mine = await lock("/dav/docs/admin.txt", "exclusive", "0");
    expect((await adminPut("/dav/docs/held/report.txt", "blocked")).status).toBe(423);

    const { locks, pagination } = await list();
    expect(pagination.total).toBe(3);
    const byToken = new Map(locks.map((row) => [row.token, row]));
    expect(byToken.get(held)).toMatchObject({
      path: "/docs/held",
      scope: "exclusive",
      depth: "infinity",
      holder: { kind: "key", key_name: keyName },
    });
    expect(byToken.get(shared)).toMatchObject({ path: "/docs/notes.txt", scope: "shared", depth: "0" });
    expect(byToken.get(mine)?.holder).toEqual({ kind: "admin" });
    const heldRow = byToken.get(held);
    const lasts = new Date(heldRow?.expires_at ?? 0).getTime() - new Date(heldRow?.taken_at ?? 0).getTime();
    expect(lasts).toBeGreaterThan(590_000);
    expect(lasts).toBeLessThanOrEqual(601_000);

    // A key, even the holder, reaches none of the routes.
    const key = `ApiKey ${keySecret}`;
    expect((await api.procedure("davLocks.list", {}, { auth: key })).status).toBe(403);
    expect((await api.procedure("davLocks.remove", { token: held }, { auth: key })).status).toBe(403);
    expect((await api.procedure("davLocks.removeOfKey", { key_id: "x" }, { auth: key })).status).toBe(403);
    expect((await api.procedure("davLocks.list", {}, {})).status).toBe(401);
    expect(await s.t.db.davLock.count()).toBe(3);

    const lifted = await api.procedure("davLocks.remove", { token: held }, { auth: s.admin });
    expect(lifted.status).toBe(200);
    expect(lifted.body.data.removed).toBe(1);
    expect((await adminPut("/dav/docs/held/report.txt", "written")).status).toBe(201);
    // Lifted already: 404 in the caller's language.
    const again = await api.call("DELETE", `/admin/dav/locks/${encodeURIComponent(held)}`, {
      auth: s.admin,
      lang: "zh-CN",
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("该 WebDAV 锁已经结束");
  });

  test("lifting a key's locks takes all of its locks and no one else's", async () => {
    const keyRow = await s.t.db.apiKey.findFirstOrThrow({ select: { id: true } });
    await lock("/dav/docs/one.txt", "exclusive", "0", keyDav());
    const before = await list();
    const keyLocks = before.locks.filter((row) => row.holder.kind === "key");
    expect(keyLocks.length).toBeGreaterThanOrEqual(2);
    const answer = await api.procedure("davLocks.removeOfKey", { key_id: keyRow.id }, { auth: s.admin });
    expect(answer.status).toBe(200);
    expect(answer.body.data.removed).toBe(keyLocks.length);
    const after = await list();
    expect(after.locks.map((row) => row.holder.kind)).toEqual(["admin"]);
    // LOCK made the empty file; the key's write over it, with no token, now goes through.
    expect((await s.request("PUT", "/dav/docs/one.txt", { auth: keyDav(), body: "free" })).status).toBe(204);
  });

  test("pages are bounded, expired locks are not shown, bad paging is a 400", async () => {
    for (const name of ["p1", "p2", "p3"]) await lock(`/dav/docs/${name}.txt`, "exclusive", "0", keyDav());
    const first = await list({ limit: 2, offset: 0 });
    const second = await list({ limit: 2, offset: 2 });
    expect(first.pagination).toMatchObject({ total: 4, hasMore: true, totalPages: 2 });
    expect(first.locks).toHaveLength(2);
    expect(second.locks).toHaveLength(2);
    expect(new Set([...first.locks, ...second.locks].map((row) => row.token)).size).toBe(4);
    // Newest first.
    const takenAt = [...first.locks, ...second.locks].map((row) => new Date(row.taken_at).getTime());
    expect(takenAt).toEqual(takenAt.toSorted((a, b) => b - a));

    await s.t.db.davLock.updateMany({
      where: { path: "/docs/p1.txt" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const live = await list();
    expect(live.pagination.total).toBe(3);
    expect(live.locks.map((row) => row.path)).not.toContain("/docs/p1.txt");
    const expired = (await s.t.db.davLock.findFirstOrThrow({ where: { path: "/docs/p1.txt" } })).token;
    expect((await api.procedure("davLocks.remove", { token: expired }, { auth: s.admin })).status).toBe(404);

    for (const query of ["limit=0", "limit=201", "offset=-1", "limit=abc"]) {
      const answer = await api.call("GET", `/admin/dav/locks?${query}`, { auth: s.admin });
      expect(answer.status).toBe(400);
    }
  });

  test("the routes are in the OpenAPI document", async () => {
    type Operation = { responses: Record<string, unknown> };
    const doc = JSON.parse((await api.call("GET", "/openapi.json")).text) as {
      paths: Record<string, Record<string, Operation | undefined> | undefined>;
    };
    expect(doc.paths["/admin/dav/locks"]?.get).toBeDefined();
    expect(doc.paths["/admin/dav/locks/{token}"]?.delete?.responses).toHaveProperty("default");
    expect(doc.paths["/admin/dav/key-locks/{key_id}"]?.delete?.responses).toHaveProperty("default");
  });
});
