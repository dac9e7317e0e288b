// Managing links to files and folders shared in place (GET /admin|user/path-shares, .../{id}/revoke,
// .../{id}/extend) on SQLite and Postgres: the list by kind with each link's state, a key seeing and
// touching only its own, an expired link working again once extended, and a revoked link dead while
// its folder stays.
import { beforeAll, describe, expect, test } from "bun:test";
import { createApiKey, createMount, defaultStorageId, loginAdmin } from "../../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../../test/harness";

describe.each(DATABASE_PROVIDERS)("managing path shares on %s", (provider) => {
  const { t, api, call } = useTestApp(provider);
  let admin: string;
  let key: string;

  const share = (path: string, auth: string) =>
    call("POST", auth === admin ? "/admin/fs/share" : "/user/fs/share", {
      auth,
      body: { path },
      procedure: "fs.share",
    });
  const list = (auth: string, kind?: "file" | "folder") =>
    call("GET", `${auth === admin ? "/admin" : "/user"}/path-shares${kind ? `?kind=${kind}` : ""}`, {
      auth,
      procedure: "shares.list",
    });

  beforeAll(async () => {
    admin = await loginAdmin(api);
    await createMount(api, admin, {
      mount_path: "/team",
      storage_config_id: await defaultStorageId(t.db),
      folder: `team-${Date.now()}`,
    });
    for (const path of ["/team/plans/q1.txt", "/team/notes.txt", "/team/mine/draft.txt"]) {
      expect(
        (await call("POST", "/admin/fs/update", { auth: admin, body: { path, content: path }, procedure: "fs.update" }))
          .status,
      ).toBe(200);
    }
    key = (await createApiKey(api, admin, { mount_permission: true, basic_path: "/team/mine" })).auth;
  });

  test("the list filters by kind; a key lists, revokes and extends only its own links", async () => {
    const folder = (await share("/team/plans", admin)).body.data;
    const file = (await share("/team/notes.txt", admin)).body.data;
    const keys = (await share("/team/mine/draft.txt", key)).body.data;

    const all = (await list(admin)).body.data.items;
    expect(all.map((item) => item.slug).sort()).toEqual([folder.slug, file.slug, keys.slug].sort());
    expect((await list(admin, "folder")).body.data.items.map((item) => item.name)).toEqual(["plans"]);
    expect((await list(admin, "file")).body.data.items.map((item) => item.name).sort()).toEqual([
      "draft.txt",
      "notes.txt",
    ]);
    const planned = all.find((item) => item.slug === folder.slug);
    expect(planned).toMatchObject({ is_directory: true, state: "active", has_password: false, views: 0 });
    expect(
      (await call("GET", "/user/path-shares?kind=everything", { auth: key, procedure: "shares.list" })).status,
    ).toBe(400);

    // The key sees its own link only, and cannot touch the admin's: 404, as if it did not exist.
    expect((await list(key)).body.data.items.map((item) => item.slug)).toEqual([keys.slug]);
    expect(
      (await call("POST", `/user/path-shares/${folder.id}/revoke`, { auth: key, procedure: "shares.revoke" })).status,
    ).toBe(404);
    expect(
      (await call("POST", `/user/path-shares/${folder.id}/extend`, { auth: key, body: {}, procedure: "shares.extend" }))
        .status,
    ).toBe(404);
    // The admin's routes are the admin's alone.
    expect((await call("GET", "/admin/path-shares", { auth: key, procedure: "shares.list" })).status).toBe(403);
    expect((await call("GET", `/public/shares/${folder.slug}`, { procedure: "shares.view" })).status).toBe(200);

    // Revoked: the link is dead, the folder stays.
    const revoked = await call("POST", `/user/path-shares/${keys.id}/revoke`, {
      auth: key,
      procedure: "shares.revoke",
    });
    expect(revoked.body.data).toEqual({ revoked: true });
    expect((await call("GET", `/public/shares/${keys.slug}`, { procedure: "shares.view" })).status).toBe(404);
    const listing = await call("GET", "/user/fs/list?path=/team/mine", { auth: key, procedure: "fs.list" });
    expect(listing.body.data.items.map((item: { name: string }) => item.name)).toEqual(["draft.txt"]);
  });

  test("an expired link answers 410, and works again once extended; the expiry is counted from now", async () => {
    const file = (await share("/team/notes.txt", admin)).body.data;
    await t.db.pathShare.update({ where: { id: file.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call("GET", `/public/shares/${file.slug}`, { procedure: "shares.view" })).status).toBe(410);
    expect((await list(admin)).body.data.items.find((item) => item.id === file.id)?.state).toBe("expired");
    const extended = await call("POST", `/admin/path-shares/${file.id}/extend`, {
      auth: admin,
      body: { expires_in: 48 },
      procedure: "shares.extend",
    });
    expect(extended.status).toBe(200);
    expect(extended.body.data.state).toBe("active");
    const expiry = new Date(extended.body.data.expires_at ?? 0).getTime();
    expect(Math.abs(expiry - (Date.now() + 48 * 3_600_000))).toBeLessThan(60_000);
    expect((await call("GET", `/public/shares/${file.slug}`, { procedure: "shares.view" })).status).toBe(200);
    const forever = await call("POST", `/admin/path-shares/${file.id}/extend`, {
      auth: admin,
      body: { expires_in: 0 },
      procedure: "shares.extend",
    });
    expect(forever.body.data.expires_at).toBeNull();
    const refused = await call("POST", `/admin/path-shares/${file.id}/extend`, {
      auth: admin,
      body: { expires_in: -1 },
      lang: "zh",
    });
    expect(refused.status).toBe(400);
    expect((await t.db.pathShare.findUniqueOrThrow({ where: { id: file.id } })).expiresAt).toBeNull();
  });
});
