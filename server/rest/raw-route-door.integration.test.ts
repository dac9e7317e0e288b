// The raw routes' one door (rest/raw-route.ts, rest/adapter.ts runRawRoute) on SQLite and Postgres: a
// caller the route's declared access does not admit is refused (401/403) before its handler runs, so
// before its query is even read: a refused caller with a bad query still gets 401/403, never the 400
// the handler's input would have earned.
import { beforeAll, describe, expect, test } from "bun:test";
import { createApiKey, loginAdmin, type SharedFile } from "../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../test/harness";

describe.each(DATABASE_PROVIDERS)("raw route access on %s", (provider) => {
  const { api, call } = useTestApp(provider);
  let admin: string;
  let textKey: string;
  let mountKey: string;

  beforeAll(async () => {
    admin = await loginAdmin(api);
    textKey = (await createApiKey(api, admin, { text_permission: true })).auth;
    mountKey = (await createApiKey(api, admin, { mount_permission: true, basic_path: "/" })).auth;
  });

  // Each query is one the handler would refuse with 400: missing or over-long parameters.
  const badProxyQuery = `/url/proxy?url=${"x".repeat(9000)}`;
  const badPartQuery = "/multipart/part?partNumber=not-a-number";

  test("the URL proxy (file permission): 401 anonymous, 403 for a key without it, 400 only once admitted", async () => {
    expect((await call("GET", badProxyQuery)).status).toBe(401);
    const refused = await call("GET", badProxyQuery, { auth: textKey, lang: "zh" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, success: false });
    expect(refused.body.message).not.toBe("Forbidden");
    expect((await call("GET", badProxyQuery, { auth: admin })).status).toBe(400);
  });

  test("a multipart part of the explorer: the admin's path refuses keys, the keys' path needs mount permission", async () => {
    const empty = new Uint8Array(0);
    expect((await call("POST", `/admin/fs${badPartQuery}`, { body: empty })).status).toBe(401);
    expect((await call("POST", `/admin/fs${badPartQuery}`, { auth: mountKey, body: empty })).status).toBe(403);
    expect((await call("POST", `/user/fs${badPartQuery}`, { body: empty })).status).toBe(401);
    expect((await call("POST", `/user/fs${badPartQuery}`, { auth: textKey, body: empty })).status).toBe(403);
    // Admitted, the same request reaches the query's check.
    expect((await call("POST", `/admin/fs${badPartQuery}`, { auth: admin, body: empty })).status).toBe(400);
    expect((await call("POST", `/user/fs${badPartQuery}`, { auth: mountKey, body: empty })).status).toBe(400);
  });

  test("an upload by a key without file permission is refused and stores nothing", async () => {
    const form = new FormData();
    form.set("file", new File(["bytes"], "refused.txt"));
    const refused = await call<SharedFile>("POST", "/upload", { auth: textKey, body: form });
    expect(refused.status).toBe(403);
    const listed = await call("GET", "/admin/files", { auth: admin, procedure: "files.list" });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body.data)).not.toContain("refused.txt");
  });
});
