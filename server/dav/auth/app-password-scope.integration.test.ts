// App passwords confined like API keys, on SQLite and Postgres over a real socket: a read-only one is
// refused every WebDAV write (PUT, MKCOL, DELETE, MOVE, COPY, LOCK) and every explorer write through
// its token login, while it still reads; one with a base path cannot list or read above it, in WebDAV
// or the explorer, and writes below it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApiClient } from "../../test/api-client";
import { DATABASE_PROVIDERS } from "../../test/harness";
import { ADMIN_USER, basicAuth, type DavServer, startDavServer } from "../dav-test-kit";

const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';

describe.each(DATABASE_PROVIDERS)("app passwords' base path and read-only flag on %s", (provider) => {
  let s: DavServer;
  let readOnly = "";
  let team = "";
  const { call } = createApiClient(() => s.t.app);

  async function makeAppPassword(name: string, options: { basic_path?: string; read_only?: boolean }) {
    const made = await s.api(
      "POST",
      "/admin/app-passwords",
      { name, permissions: { text: false, file: false, mount: true }, ...options },
      s.admin,
      "appPasswords.create",
    );
    return made.password;
  }

  /** The app password's token login: a Bearer session limited like the password. */
  async function tokenOf(password: string): Promise<string> {
    const answer = await s.api("POST", "/admin/login", { username: ADMIN_USER, password }, undefined, "admin.login");
    return `Bearer ${answer.token}`;
  }

  const namesIn = (xml: string) =>
    [...xml.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((match) => decodeURIComponent(match[1] ?? "")).sort();

  beforeAll(async () => {
    s = await startDavServer(provider, "local", ["/docs"]);
    await s.api("POST", "/admin/fs/mkdir", { path: "/docs/team" }, s.admin);
    await s.api("POST", "/admin/fs/update", { path: "/docs/team/plan.txt", content: "plan" }, s.admin);
    await s.api("POST", "/admin/fs/update", { path: "/docs/salaries.txt", content: "secret" }, s.admin);
    readOnly = await makeAppPassword("read-only phone", { read_only: true });
    team = await makeAppPassword("team laptop", { basic_path: "/docs/team" });
  });
  afterAll(async () => {
    await s.stop();
  });

  test("the list shows each one's base path and read-only flag", async () => {
    const listed = await s.api("GET", "/admin/app-passwords", undefined, s.admin, "appPasswords.list");
    const byName = Object.fromEntries(listed.map((entry) => [entry.name, [entry.basic_path, entry.read_only]]));
    expect(byName).toEqual({ "read-only phone": ["/", true], "team laptop": ["/docs/team", false] });
  });

  test("read-only: WebDAV reads work, and PUT, MKCOL, DELETE, MOVE, COPY and LOCK answer 403 with nothing changed", async () => {
    const auth = basicAuth(ADMIN_USER, readOnly);
    expect(await (await s.dav("GET", "/dav/docs/salaries.txt", { auth })).text()).toBe("secret");
    expect((await s.dav("PROPFIND", "/dav/docs/", { auth, headers: { Depth: "1" } })).status).toBe(207);
    const destination = { Destination: `${s.origin}/dav/docs/copied.txt` };
    const writes: [string, string, RequestInit["body"] | undefined, Record<string, string>][] = [
      ["PUT", "/dav/docs/new.txt", "new", {}],
      ["MKCOL", "/dav/docs/folder", undefined, {}],
      ["DELETE", "/dav/docs/salaries.txt", undefined, {}],
      ["MOVE", "/dav/docs/salaries.txt", undefined, destination],
      ["COPY", "/dav/docs/salaries.txt", undefined, destination],
      ["LOCK", "/dav/docs/salaries.txt", LOCK_BODY, { "Content-Type": "application/xml" }],
    ];
    for (const [method, path, body, headers] of writes) {
      const answer = await s.dav(method, path, { auth, body: body ?? undefined, headers });
      expect([method, answer.status]).toEqual([method, 403]);
    }
    const after = await s.api("GET", "/admin/fs/list?path=%2Fdocs", undefined, s.admin, "fs.list");
    expect(after.items.map((entry) => entry.name).sort()).toEqual(["salaries.txt", "team"]);
    expect(await (await s.dav("GET", "/dav/docs/salaries.txt")).text()).toBe("secret");
  });

  test("read-only: the explorer's write routes answer 403 to its token login; listing says read-only", async () => {
    const auth = await tokenOf(readOnly);
    const listing = await call("GET", "/admin/fs/list?path=%2Fdocs", { auth, procedure: "fs.list" });
    expect(listing.status).toBe(200);
    expect(listing.body.data.readonly).toBe(true);
    const writes: [string, string, unknown][] = [
      ["POST", "/admin/fs/mkdir", { path: "/docs/made" }],
      ["POST", "/admin/fs/update", { path: "/docs/made.txt", content: "x" }],
      ["POST", "/admin/fs/rename", { oldPath: "/docs/salaries.txt", newPath: "/docs/renamed.txt" }],
      ["DELETE", "/admin/fs/remove?path=%2Fdocs%2Fsalaries.txt", undefined],
    ];
    for (const [method, path, body] of writes) {
      const answer = await call(method, path, { auth, body });
      expect([path, answer.status, answer.body.message]).toEqual([path, 403, "Your key can only read the mounts"]);
    }
    expect(await (await s.dav("GET", "/dav/docs/salaries.txt")).text()).toBe("secret");
  });

  test("base path: WebDAV shows only the way down to it and refuses what lies above; below it, reads and writes", async () => {
    const auth = basicAuth(ADMIN_USER, team);
    const above = await s.dav("PROPFIND", "/dav/docs/", { auth, headers: { Depth: "1" } });
    expect(above.status).toBe(207);
    expect(namesIn(await above.text())).toEqual(["/dav/docs/", "/dav/docs/team/"]);
    expect((await s.dav("GET", "/dav/docs/salaries.txt", { auth })).status).toBe(403);
    expect((await s.dav("PUT", "/dav/docs/intruder.txt", { auth, body: "x" })).status).toBe(403);
    expect(await (await s.dav("GET", "/dav/docs/team/plan.txt", { auth })).text()).toBe("plan");
    expect((await s.dav("PUT", "/dav/docs/team/notes.txt", { auth, body: "notes" })).status).toBe(201);
    expect(await (await s.dav("GET", "/dav/docs/team/notes.txt")).text()).toBe("notes");
  });

  test("base path: the explorer lists and reads nothing above it through its token login", async () => {
    const auth = await tokenOf(team);
    const docs = await call("GET", "/admin/fs/list?path=%2Fdocs", { auth, procedure: "fs.list" });
    expect(docs.status).toBe(200);
    expect(docs.body.data.items.map((entry: { name: string }) => entry.name)).toEqual(["team"]);
    const secret = await call("GET", "/admin/fs/get?path=%2Fdocs%2Fsalaries.txt", { auth });
    expect(secret.status).toBe(403);
    const download = await call("GET", "/admin/fs/download?path=%2Fdocs%2Fsalaries.txt", { auth });
    expect(download.status).toBe(403);
    // The admin's own search finds the file; the app password's does not.
    const found = (answer: { body: { data: { results: { name: string }[] } } }) =>
      answer.body.data.results.map((result) => result.name);
    expect(found(await call("GET", "/admin/fs/search?q=salaries", { auth: s.admin, procedure: "fs.search" }))).toEqual([
      "salaries.txt",
    ]);
    expect(found(await call("GET", "/admin/fs/search?q=salaries", { auth, procedure: "fs.search" }))).toEqual([]);
    const inside = await call("GET", "/admin/fs/list?path=%2Fdocs%2Fteam", { auth, procedure: "fs.list" });
    expect(inside.body.data.items.map((entry: { name: string }) => entry.name).sort()).toEqual([
      "notes.txt",
      "plan.txt",
    ]);
  });
});
