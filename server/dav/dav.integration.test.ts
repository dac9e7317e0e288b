// WebDAV at /dav in-process, on SQLite and Postgres, with mounts on local storage and the real S3
// server: Basic auth (admin, API keys as user and password, failures rate limited), base-path
// confinement against the traversal corpus, read-only keys, names that must round-trip, PROPFIND's
// properties, GET with Range, the upload modes and the size limit, dead properties following their
// resources, locks between principals with timeouts, and the explorer seeing every DAV write.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { traversalForms } from "@shared/test/traversal-corpus";
import { DOMParser, type Element } from "@xmldom/xmldom";
import type { PutOptions } from "../storage/driver";
import { STORAGE_CASES } from "../test/harness";
import { chunkedBody } from "../test/payloads";
import { basicAuth, type DavServer, startDavServer } from "./dav-test-kit";

const MiB = 1024 * 1024;

type PropResult = { status: number; element: Element };
type DavEntry = { href: string; path: string; props: Map<string, PropResult> };

/** A multistatus answer: each response's href (and its decoded path) and properties by "{ns}name". */
function parseMultistatus(text: string): DavEntry[] {
  const document = new DOMParser().parseFromString(text, "text/xml");
  const entries: DavEntry[] = [];
  const responses = document.getElementsByTagNameNS("DAV:", "response");
  for (let i = 0; i < responses.length; i++) {
    const response = responses.item(i) as Element;
    const href = response.getElementsByTagNameNS("DAV:", "href").item(0)?.textContent ?? "";
    const props = new Map<string, PropResult>();
    const stats = response.getElementsByTagNameNS("DAV:", "propstat");
    for (let j = 0; j < stats.length; j++) {
      const stat = stats.item(j) as Element;
      const status = Number(
        /HTTP\/1\.1 (\d+)/.exec(stat.getElementsByTagNameNS("DAV:", "status").item(0)?.textContent ?? "")?.[1],
      );
      const prop = stat.getElementsByTagNameNS("DAV:", "prop").item(0);
      for (let node = prop?.firstChild ?? null; node; node = node.nextSibling) {
        if (node.nodeType !== 1) continue;
        const element = node as Element;
        props.set(`{${element.namespaceURI ?? ""}}${element.localName}`, { status, element });
      }
    }
    entries.push({ href, path: decodeURIComponent(href), props });
  }
  return entries;
}

const text = (entry: DavEntry | undefined, name: string) =>
  entry?.props.get(`{DAV:}${name}`)?.element.textContent ?? null;

function randomBytes(size: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65536) {
    crypto.getRandomValues(data.subarray(offset, Math.min(size, offset + 65536)));
  }
  return data;
}

/** Watches the storage drivers the app uses: every call passes through to the real driver and is noted. */
function recordDriverCalls(server: DavServer) {
  const storage = server.t.storage;
  const original = storage.driverFor;
  let calls: string[] = [];
  storage.driverFor = async (id: string) => {
    const driver = await original.call(storage, id);
    return new Proxy(driver, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.push(String(property));
          // A put in parts says when the store started its multipart upload.
          const options = args[2] as PutOptions | undefined;
          if (property === "put" && options?.multipart) {
            const onStart = options.multipart.onStart;
            args[2] = {
              ...options,
              multipart: {
                onStart: async (uploadId: string) => {
                  calls.push("multipartStarted");
                  await onStart?.(uploadId);
                },
              },
            };
          }
          return value.apply(receiver, args);
        };
      },
    });
  };
  return {
    take() {
      const taken = calls;
      calls = [];
      return taken;
    },
    restore() {
      storage.driverFor = original;
    },
  };
}

const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

describe.each(STORAGE_CASES)("WebDAV on %s with %s storage", (provider, storage) => {
  let s: DavServer;
  let keyTeam: string;
  let keyReader: string;
  let keyDocs: string;

  const propfind = async (path: string, depth: string, body?: string, auth?: string | null) => {
    const response = await s.request("PROPFIND", path, {
      headers: { Depth: depth, ...(body ? { "Content-Type": "application/xml" } : {}) },
      body,
      auth,
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
  const put = (path: string, body: BodyInit, headers: Record<string, string> = {}, auth?: string | null) =>
    s.request("PUT", path, { body, headers, auth });
  const explorerNames = (path: string) => s.explorerNames(path);
  const keyAuth = (key: string) => basicAuth(key, key);

  beforeAll(async () => {
    s = await startDavServer(provider, storage, ["/docs", "/secret", "/docsecret"]);
    for (const path of ["/docs/keep.txt", "/secret/keep.txt", "/docsecret/keep.txt"]) {
      await s.api("POST", "/admin/fs/update", { path, content: `sentinel ${path}` }, s.admin);
    }
    await s.api("POST", "/admin/fs/mkdir", { path: "/docs/team" }, s.admin);
    keyTeam = await s.createKey("/docs/team");
    keyReader = await s.createKey("/docs", { readOnly: true });
    keyDocs = await s.createKey("/docs");
  });
  afterAll(async () => {
    await s.stop();
  });

  test("OPTIONS advertises class 1 and 2 without credentials; other methods answer 401 with a Basic challenge", async () => {
    const options = await s.request("OPTIONS", "/dav/", { auth: null });
    expect(options.status).toBe(200);
    expect(options.headers.get("dav")).toBe("1, 2");
    expect(options.headers.get("allow")).toContain("PROPFIND");
    expect(options.headers.get("allow")).toContain("LOCK");

    const anonymous = await propfind("/dav/", "0", undefined, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toStartWith('Basic realm="');
    const wrong = await propfind("/dav/", "0", undefined, basicAuth("admin", "not-the-password"));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toStartWith("Basic");
    const bearer = await propfind("/dav/", "0", undefined, "Bearer whatever");
    expect(bearer.status).toBe(401);
    expect((await propfind("/dav/", "0")).status).toBe(207);
    expect((await s.request("PATCH", "/dav/docs/keep.txt")).status).toBe(405);
  });

  test("failed credentials count against the client address: 429 with Retry-After past the limit", async () => {
    const ip = `10.9.${provider.length}.${storage.length}`;
    for (let i = 0; i < 10; i++) {
      const attempt = await s.request("PROPFIND", "/dav/", {
        headers: { Depth: "0" },
        auth: basicAuth("admin", `bad-${i}`),
        ip,
      });
      expect(attempt.status).toBe(401);
    }
    const limited = await s.request("PROPFIND", "/dav/", {
      headers: { Depth: "0" },
      auth: basicAuth("admin", "bad"),
      ip,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // A burst of guesses sent at once cannot outrun the limit: each is counted before it is checked.
    const burstIp = `10.7.${provider.length}.${storage.length}`;
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        s.request("PROPFIND", "/dav/", {
          headers: { Depth: "0" },
          auth: basicAuth("admin", `burst-${i}`),
          ip: burstIp,
        }),
      ),
    );
    expect(burst.filter((answer) => answer.status === 401)).toHaveLength(10);
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(20);
    // A wrong API key counts against the key rule.
    const keyIp = `10.8.${provider.length}.${storage.length}`;
    expect(
      (await s.request("PROPFIND", "/dav/", { headers: { Depth: "0" }, auth: keyAuth("pb_nope"), ip: keyIp })).status,
    ).toBe(401);
    const bucket = await s.t.db.rateLimitBucket.findUnique({
      where: { key: `api-key:${keyIp}` },
      select: { count: true },
    });
    expect(bucket?.count).toBe(1);
  });

  test("an API key is user name and password, confined to its base path; without mount permission it is refused", async () => {
    const auth = keyAuth(keyTeam);
    const root = parseMultistatus((await propfind("/dav/", "1", undefined, auth)).text);
    expect(root.map((entry) => entry.path)).toEqual(["/dav/", "/dav/docs/"]);
    const docs = parseMultistatus((await propfind("/dav/docs/", "1", undefined, auth)).text);
    expect(docs.map((entry) => entry.path)).toEqual(["/dav/docs/", "/dav/docs/team/"]);
    expect((await propfind("/dav/docs/team/", "1", undefined, auth)).status).toBe(207);

    expect((await put("/dav/docs/team/mine.txt", "mine", {}, auth)).status).toBe(201);
    expect((await put("/dav/docs/not-mine.txt", "x", {}, auth)).status).toBe(403);
    expect((await s.request("GET", "/dav/docs/keep.txt", { auth })).status).toBe(403);
    expect((await s.request("GET", "/dav/secret/keep.txt", { auth })).status).toBe(403);
    expect((await propfind("/dav/secret/", "1", undefined, auth)).status).toBe(403);
    const copyOut = await s.request("COPY", "/dav/docs/team/mine.txt", {
      auth,
      headers: { Destination: "http://localhost/dav/docs/stolen.txt" },
    });
    expect(copyOut.status).toBe(403);
    const copyIn = await s.request("COPY", "/dav/docs/keep.txt", {
      auth,
      headers: { Destination: "http://localhost/dav/docs/team/copied.txt" },
    });
    expect(copyIn.status).toBe(403);
    expect(await explorerNames("/docs/team")).toEqual(["mine.txt"]);

    // The key's own base path shows (empty) even before anything is stored there.
    const fresh = await s.createKey("/docs/not-yet");
    expect((await propfind("/dav/docs/not-yet/", "1", undefined, keyAuth(fresh))).status).toBe(207);

    const noMount = await s.createKey("/docs", { mount: false });
    expect((await propfind("/dav/docs/", "0", undefined, keyAuth(noMount))).status).toBe(403);
    // A key as user name with another password is taken as admin credentials, and refused.
    expect((await propfind("/dav/docs/", "0", undefined, basicAuth(keyDocs, "other"))).status).toBe(401);
  });

  test("a read-only key reads but every write is refused with 403", async () => {
    const auth = keyAuth(keyReader);
    expect((await propfind("/dav/docs/", "1", undefined, auth)).status).toBe(207);
    expect(await (await s.request("GET", "/dav/docs/keep.txt", { auth })).text()).toBe("sentinel /docs/keep.txt");
    const writes: [string, string, Record<string, string>, string?][] = [
      ["PUT", "/dav/docs/ro.txt", {}, "x"],
      ["DELETE", "/dav/docs/keep.txt", {}],
      ["MKCOL", "/dav/docs/ro-folder", {}],
      ["MOVE", "/dav/docs/keep.txt", { Destination: "/dav/docs/moved.txt" }],
      ["COPY", "/dav/docs/keep.txt", { Destination: "/dav/docs/copied.txt" }],
      [
        "PROPPATCH",
        "/dav/docs/keep.txt",
        {},
        '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x:a xmlns:x="urn:x">1</x:a></D:prop></D:set></D:propertyupdate>',
      ],
      [
        "LOCK",
        "/dav/docs/keep.txt",
        {},
        '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
      ],
    ];
    for (const [method, path, headers, body] of writes) {
      const response = await s.request(method, path, { auth, headers, body });
      expect(`${method} ${response.status}`).toBe(`${method} 403`);
    }
    expect(await explorerNames("/docs")).toEqual(["keep.txt", "team"]);
  });

  test("the traversal corpus never reaches outside a key's base path, by URL or by Destination", async () => {
    const auth = keyAuth(keyDocs);
    for (const form of traversalForms()) {
      let url: string;
      try {
        url = new URL(`http://localhost/dav${form}`).pathname;
      } catch {
        continue;
      }
      const read = await s.request("GET", url, { auth });
      const body = await read.text();
      expect(body).not.toContain("sentinel /secret");
      expect(body).not.toContain("sentinel /docsecret");
      expect(body).not.toContain("/dav/secret");
      expect(body).not.toContain("/dav/docsecret");
      const listing = await s.request("PROPFIND", url, { auth, headers: { Depth: "1" } });
      const listed = listing.status === 207 ? parseMultistatus(await listing.text()) : [];
      for (const entry of listed) expect(entry.path === "/dav/" || entry.path.startsWith("/dav/docs/")).toBe(true);
      expect((await s.request("PUT", `${url}/planted.txt`, { auth, body: "x" })).status).toBeGreaterThanOrEqual(400);
      expect((await s.request("MKCOL", `${url}/planted-dir`, { auth })).status).toBeGreaterThanOrEqual(400);
      // The URL parser encodes what a header cannot carry (NUL, spaces); the server decodes it again.
      const destination = new URL(`http://localhost/dav${form}/planted-copy.txt`);
      const copy = await s.request("COPY", "/dav/docs/keep.txt", {
        auth,
        headers: { Destination: destination.href, Overwrite: "T" },
      });
      if (copy.status < 300) expect(destination.pathname.startsWith("/dav/docs/")).toBe(true);
    }
    for (const outside of ["/secret", "/docsecret"]) expect(await explorerNames(outside)).toEqual(["keep.txt"]);
    // The admin cannot climb out of the tree either.
    expect((await s.request("GET", "/dav/docs/..%2f..%2f..%2f..%2fetc%2fpasswd")).status).toBeGreaterThanOrEqual(400);
    expect((await s.request("GET", "/dav/%00/secret")).status).toBe(400);
  });

  test("names with spaces, unicode and reserved characters round-trip through PUT, PROPFIND and GET", async () => {
    const names = [
      "space name.txt",
      "中文 文件.md",
      "ünïcödé ファイル.txt",
      "paren (1) ~!*.txt",
      ...(storage === "local"
        ? ["hash #1.txt", "percent %20 %.txt", "plus+semi;eq=comma,at@dollar$.txt", "amp & q'.txt", "question?.txt"]
        : []),
    ];
    expect((await s.request("MKCOL", "/dav/docs/names")).status).toBe(201);
    for (const name of names) {
      const response = await put(`/dav/docs/names/${encodeURIComponent(name)}`, `content of ${name}`);
      expect(`${name} ${response.status}`).toBe(`${name} 201`);
    }
    const entries = parseMultistatus((await propfind("/dav/docs/names/", "1")).text).slice(1);
    expect(entries.map((entry) => text(entry, "displayname")).sort()).toEqual([...names].sort());
    expect(entries.map((entry) => entry.path.slice("/dav/docs/names/".length)).sort()).toEqual([...names].sort());
    for (const entry of entries) {
      const response = await s.request("GET", entry.href);
      expect(await response.text()).toBe(`content of ${text(entry, "displayname")}`);
    }
    expect((await explorerNames("/docs/names")).sort()).toEqual([...names].sort());
  });

  test("PROPFIND: depth infinity refused, live properties, propname, named properties with a 404 propstat", async () => {
    const infinite = await propfind("/dav/docs/", "infinity");
    expect(infinite.status).toBe(403);
    expect(infinite.text).toContain("propfind-finite-depth");
    expect((await propfind("/dav/docs/", "")).status).toBe(403);

    expect((await put("/dav/docs/props.txt", "twelve bytes")).status).toBe(201);
    const [file] = parseMultistatus((await propfind("/dav/docs/props.txt", "0")).text);
    expect(text(file, "getcontentlength")).toBe("12");
    expect(text(file, "getcontenttype")).toStartWith("text/plain");
    expect(text(file, "displayname")).toBe("props.txt");
    expect(text(file, "getlastmodified")).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Number.isNaN(Date.parse(text(file, "creationdate") ?? ""))).toBe(false);
    expect(file?.props.get("{DAV:}resourcetype")?.element.childNodes.length).toBe(0);
    const head = await s.request("HEAD", "/dav/docs/props.txt");
    expect(text(file, "getetag")).toBe(head.headers.get("etag"));
    expect(head.headers.get("content-length")).toBe("12");

    const [folder] = parseMultistatus((await propfind("/dav/docs/team", "0")).text);
    expect(folder?.href).toBe("/dav/docs/team/");
    expect(folder?.props.get("{DAV:}resourcetype")?.element.getElementsByTagNameNS("DAV:", "collection").length).toBe(
      1,
    );
    expect(folder?.props.has("{DAV:}getcontentlength")).toBe(false);

    const named = parseMultistatus(
      (
        await propfind(
          "/dav/docs/props.txt",
          "0",
          '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getcontentlength/><z:nothing xmlns:z="urn:z"/></D:prop></D:propfind>',
        )
      ).text,
    );
    expect(named[0]?.props.get("{DAV:}getcontentlength")?.status).toBe(200);
    expect(named[0]?.props.get("{urn:z}nothing")?.status).toBe(404);
    const names = parseMultistatus(
      (await propfind("/dav/docs/props.txt", "0", '<D:propfind xmlns:D="DAV:"><D:propname/></D:propfind>')).text,
    );
    expect(names[0]?.props.get("{DAV:}getetag")?.element.textContent).toBe("");
    expect((await propfind("/dav/docs/props.txt", "0", "<D:propfind")).status).toBe(400);
    expect((await propfind("/dav/docs/nothing-here", "0")).status).toBe(404);
  });

  test("GET and HEAD serve files with Range; a collection opened in a browser is an index", async () => {
    expect((await put("/dav/docs/range.txt", "0123456789")).status).toBe(201);
    const ranged = await s.request("GET", "/dav/docs/range.txt", { headers: { Range: "bytes=2-5" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(await ranged.text()).toBe("2345");
    expect((await s.request("GET", "/dav/docs/range.txt", { headers: { Range: "bytes=20-" } })).status).toBe(416);
    const index = await s.request("GET", "/dav/docs/");
    expect(index.headers.get("content-type")).toStartWith("text/html");
    expect(await index.text()).toContain('href="/dav/docs/range.txt"');
  });

  test("PUT answers 201 then 204, refuses a missing parent (409) and Content-Range (400); MKCOL and the mount points", async () => {
    expect((await put("/dav/docs/twice.txt", "one")).status).toBe(201);
    const again = await put("/dav/docs/twice.txt", "two");
    expect(again.status).toBe(204);
    expect(await (await s.request("GET", "/dav/docs/twice.txt")).text()).toBe("two");
    const orphan = await s.request("PUT", "/dav/docs/no/parent.txt", {
      body: "x",
      headers: { "Accept-Language": "zh" },
    });
    expect(orphan.status).toBe(409);
    expect(await orphan.text()).toContain("父文件夹不存在");
    expect((await put("/dav/docs/twice.txt", "x", { "Content-Range": "bytes 0-0/3" })).status).toBe(400);
    expect((await put("/dav/docs/team", "x")).status).toBe(405);

    expect((await s.request("MKCOL", "/dav/docs/team")).status).toBe(405);
    expect((await s.request("MKCOL", "/dav/docs/no/parent")).status).toBe(409);
    expect(
      (await s.request("MKCOL", "/dav/docs/with-body", { body: "x", headers: { "Content-Type": "text/plain" } }))
        .status,
    ).toBe(415);
    // The virtual root and the mount points are not files or folders of a storage.
    expect((await put("/dav/root.txt", "x")).status).toBe(403);
    expect((await s.request("MKCOL", "/dav/newmount")).status).toBe(403);
    expect((await s.request("MKCOL", "/dav/docs")).status).toBe(405);
    expect((await s.request("DELETE", "/dav/docs")).status).toBe(403);
    expect((await s.request("MOVE", "/dav/docs", { headers: { Destination: "/dav/docs2" } })).status).toBe(403);
  });

  test("each upload mode stores the body byte-identical, chunked bodies too, and leaves no multipart record", async () => {
    const data = randomBytes(12 * MiB + 7);
    // What the storage was asked to do shows which mode ran (the drivers are the real ones, watched).
    const recorder = recordDriverCalls(s);
    const usedMode = (calls: string[]) =>
      calls.includes("multipartStarted")
        ? "multipart"
        : calls.includes("presignPut")
          ? "direct"
          : calls.includes("put")
            ? "proxy"
            : `unknown: ${calls.join(",")}`;
    // docs/product.md §3 modes as docs/decisions/0004-webdav.md decides them: direct needs S3 and a stated
    // length; auto sends S3 bodies of unknown length (or over 5 GiB) in parts, the rest in one request;
    // a local disk takes every body whole (parts are an S3 notion).
    const expectedMode = (mode: string, chunked: boolean) => {
      if (storage === "local") return "proxy";
      if (mode === "proxy" || mode === "multipart") return mode;
      if (chunked) return "multipart";
      return mode === "direct" ? "direct" : "proxy";
    };
    for (const mode of ["proxy", "multipart", "direct", "auto"] as const) {
      await s.api("PUT", "/admin/system-settings", { webdav_upload_mode: mode, max_upload_size: 100 }, s.admin);
      for (const chunked of [false, true]) {
        const path = `/dav/docs/mode-${mode}-${chunked ? "chunked" : "sized"}.bin`;
        // In-process requests carry no Content-Length of their own: a stated length is stated here.
        const response = chunked
          ? await put(path, chunkedBody(data))
          : await put(path, data, { "Content-Length": String(data.length) });
        expect(`${mode} ${chunked} ${response.status}`).toBe(`${mode} ${chunked} 201`);
        const back = new Uint8Array(await (await s.request("GET", path)).arrayBuffer());
        expect(back.length).toBe(data.length);
        expect(Buffer.compare(Buffer.from(back), Buffer.from(data))).toBe(0);
        expect(`${mode} ${chunked} ${usedMode(recorder.take())}`).toBe(
          `${mode} ${chunked} ${expectedMode(mode, chunked)}`,
        );
      }
    }
    recorder.restore();
    expect(await s.t.db.multipartUpload.count()).toBe(0);
    await s.api("PUT", "/admin/system-settings", { webdav_upload_mode: "auto" }, s.admin);
  }, 120_000);

  test("the max upload size is enforced in every mode, stated or chunked, and leaves nothing behind", async () => {
    await s.api("PUT", "/admin/system-settings", { max_upload_size: 1 }, s.admin);
    const data = randomBytes(2 * MiB);
    for (const mode of ["proxy", "multipart", "direct"] as const) {
      await s.api("PUT", "/admin/system-settings", { webdav_upload_mode: mode }, s.admin);
      for (const chunked of [false, true]) {
        const path = `/dav/docs/too-big-${mode}-${chunked}.bin`;
        const response = chunked
          ? await put(path, chunkedBody(data))
          : await put(path, data, { "Content-Length": String(data.length) });
        expect(`${mode} ${chunked} ${response.status}`).toBe(`${mode} ${chunked} 413`);
        expect((await s.request("HEAD", path)).status).toBe(404);
      }
    }
    expect(await s.t.db.multipartUpload.count()).toBe(0);
    if (storage === "local") {
      // No aborted upload left parts behind on disk.
      const { rootPath } = await s.t.db.storageConfig.findUniqueOrThrow({
        where: { id: s.storageConfigId },
        select: { rootPath: true },
      });
      const temp = join(rootPath ?? "", ".pastebox-tmp");
      expect(existsSync(temp) ? readdirSync(temp) : []).toEqual([]);
    }
    await s.api("PUT", "/admin/system-settings", { max_upload_size: 100, webdav_upload_mode: "auto" }, s.admin);
  }, 60_000);

  test("dead properties are kept, protected ones refused, and they follow COPY, MOVE and DELETE", async () => {
    expect((await s.request("MKCOL", "/dav/docs/pp")).status).toBe(201);
    expect((await put("/dav/docs/pp/child.txt", "c")).status).toBe(201);
    const set = (value: string) =>
      `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x:color xmlns:x="urn:pastebox:test">${value}</x:color></D:prop></D:set></D:propertyupdate>`;
    for (const path of ["/dav/docs/pp/", "/dav/docs/pp/child.txt"]) {
      const patched = await s.request("PROPPATCH", path, { body: set(`blue <b xmlns="urn:b">&amp;</b> ${path}`) });
      expect(patched.status).toBe(207);
      expect(parseMultistatus(await patched.text())[0]?.props.get("{urn:pastebox:test}color")?.status).toBe(200);
    }
    const protectedPatch = await s.request("PROPPATCH", "/dav/docs/pp/child.txt", {
      body: '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:getetag>x</D:getetag><y:other xmlns:y="urn:y">1</y:other></D:prop></D:set></D:propertyupdate>',
    });
    const refused = parseMultistatus(await protectedPatch.text())[0];
    expect(refused?.props.get("{DAV:}getetag")?.status).toBe(403);
    expect(refused?.props.get("{urn:y}other")?.status).toBe(424);

    const colorOf = async (path: string) => {
      const body =
        '<D:propfind xmlns:D="DAV:"><D:prop><x:color xmlns:x="urn:pastebox:test"/><y:other xmlns:y="urn:y"/></D:prop></D:propfind>';
      const found = parseMultistatus((await propfind(path, "0", body)).text)[0];
      expect(found?.props.get("{urn:y}other")?.status).toBe(404);
      const color = found?.props.get("{urn:pastebox:test}color");
      return color?.status === 200 ? color.element.textContent : null;
    };
    expect(await colorOf("/dav/docs/pp/child.txt")).toBe("blue & /dav/docs/pp/child.txt");

    const copy = await s.request("COPY", "/dav/docs/pp/", { headers: { Destination: "/dav/docs/pp-copy/" } });
    expect(copy.status).toBe(201);
    expect(await colorOf("/dav/docs/pp-copy/")).toBe("blue & /dav/docs/pp/");
    expect(await colorOf("/dav/docs/pp-copy/child.txt")).toBe("blue & /dav/docs/pp/child.txt");
    const move = await s.request("MOVE", "/dav/docs/pp-copy/", { headers: { Destination: "/dav/docs/pp-moved/" } });
    expect(move.status).toBe(201);
    expect(await colorOf("/dav/docs/pp-moved/child.txt")).toBe("blue & /dav/docs/pp/child.txt");
    expect((await propfind("/dav/docs/pp-copy/", "0")).status).toBe(404);
    expect(await s.t.db.davProperty.count({ where: { path: { startsWith: "/docs/pp-copy" } } })).toBe(0);
    expect((await s.request("DELETE", "/dav/docs/pp-moved/")).status).toBe(204);
    expect(await s.t.db.davProperty.count({ where: { path: { startsWith: "/docs/pp-moved" } } })).toBe(0);
    // A new file at a path that had properties starts without them.
    expect((await s.request("DELETE", "/dav/docs/pp/child.txt")).status).toBe(204);
    expect((await put("/dav/docs/pp/child.txt", "new")).status).toBe(201);
    expect(await colorOf("/dav/docs/pp/child.txt")).toBeNull();
  });

  test("COPY and MOVE: Overwrite, 201 or 204, Depth 0, and 412 when the destination exists", async () => {
    expect((await put("/dav/docs/cm-a.txt", "a")).status).toBe(201);
    expect((await put("/dav/docs/cm-b.txt", "b")).status).toBe(201);
    const refused = await s.request("COPY", "/dav/docs/cm-a.txt", {
      headers: { Destination: "/dav/docs/cm-b.txt", Overwrite: "F" },
    });
    expect(refused.status).toBe(412);
    const replaced = await s.request("COPY", "/dav/docs/cm-a.txt", { headers: { Destination: "/dav/docs/cm-b.txt" } });
    expect(replaced.status).toBe(204);
    expect(await (await s.request("GET", "/dav/docs/cm-b.txt")).text()).toBe("a");
    expect((await s.request("MKCOL", "/dav/docs/cm-dir")).status).toBe(201);
    expect((await put("/dav/docs/cm-dir/inner.txt", "i")).status).toBe(201);
    const shallow = await s.request("COPY", "/dav/docs/cm-dir", {
      headers: { Destination: "/dav/docs/cm-shallow", Depth: "0" },
    });
    expect(shallow.status).toBe(201);
    expect(await explorerNames("/docs/cm-shallow")).toEqual([]);
    const into = await s.request("MOVE", "/dav/docs/cm-dir", { headers: { Destination: "/dav/docs/cm-dir/sub" } });
    expect(into.status).toBe(403);
    const over = await s.request("MOVE", "/dav/docs/cm-dir", { headers: { Destination: "/dav/docs/cm-b.txt" } });
    expect(over.status).toBe(204);
    expect(await explorerNames("/docs/cm-b.txt")).toEqual(["inner.txt"]);
    const foreign = await s.request("COPY", "/dav/docs/cm-a.txt", {
      headers: { Destination: "http://localhost/api/x" },
    });
    expect(foreign.status).toBe(502);
    expect((await s.request("COPY", "/dav/docs/cm-a.txt")).status).toBe(400);
  });

  test("a key cannot hold the admin out: the admin lifts its lock, and its locks go with the key; at most an hour", async () => {
    const griefKey = await s.createKey("/docs");
    const key = keyAuth(griefKey);
    const lockInfinity = (path: string, auth: string) =>
      s.request("LOCK", path, {
        auth,
        body: `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>`,
        headers: { Timeout: "Infinite, Second-4100000000", Depth: "infinity" },
      });
    expect((await s.request("MKCOL", "/dav/docs/held")).status).toBe(201);
    const held = await lockInfinity("/dav/docs/held", key);
    expect(held.status).toBe(200);
    // However long the key asked for, the lock frees itself within the hour.
    expect(await held.text()).toContain("<D:timeout>Second-3600</D:timeout>");
    expect((await put("/dav/docs/held/admin.txt", "admin's write")).status).toBe(423);
    const token = held.headers.get("lock-token") ?? "";
    expect((await s.request("UNLOCK", "/dav/docs/held", { headers: { "Lock-Token": token } })).status).toBe(204);
    expect((await put("/dav/docs/held/admin.txt", "admin's write")).status).toBe(201);

    // Locked again, then the key is deleted: its lock goes with it.
    expect((await lockInfinity("/dav/docs/held", key)).status).toBe(200);
    expect((await put("/dav/docs/held/admin.txt", "blocked")).status).toBe(423);
    const row = await s.t.db.davLock.findFirstOrThrow({ where: { path: "/docs/held" } });
    const keyId = row.principal.slice("apikey:".length);
    await s.api("DELETE", `/admin/api-keys/${keyId}`, undefined, s.admin);
    expect(await s.t.db.davLock.count({ where: { principal: row.principal } })).toBe(0);
    expect((await put("/dav/docs/held/admin.txt", "free again")).status).toBe(204);
  });

  test("locks: tokens required from the lock's principal, shared locks coexist, timeouts expire, LOCK on an unmapped URL", async () => {
    const lockBody = (scope: "exclusive" | "shared") =>
      `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner><D:href>mailto:test@example.com</D:href></D:owner></D:lockinfo>`;
    const lock = (path: string, scope: "exclusive" | "shared", auth?: string, timeout = "Second-600") =>
      s.request("LOCK", path, { body: lockBody(scope), headers: { Timeout: timeout, Depth: "0" }, auth });
    const key = keyAuth(keyDocs);
    expect((await put("/dav/docs/locked.txt", "v1")).status).toBe(201);

    const taken = await lock("/dav/docs/locked.txt", "exclusive");
    expect(taken.status).toBe(200);
    const token = /<(.+)>/.exec(taken.headers.get("lock-token") ?? "")?.[1] ?? "";
    expect(token).toStartWith("opaquelocktoken:");
    const discovered = parseMultistatus((await propfind("/dav/docs/locked.txt", "0")).text)[0];
    expect(discovered?.props.get("{DAV:}lockdiscovery")?.element.textContent).toContain(token);

    expect((await put("/dav/docs/locked.txt", "no token")).status).toBe(423);
    expect((await put("/dav/docs/locked.txt", "other principal", { If: `(<${token}>)` }, key)).status).toBe(423);
    expect(
      (await s.request("DELETE", "/dav/docs/locked.txt", { auth: key, headers: { If: `(<${token}>)` } })).status,
    ).toBe(423);
    expect((await lock("/dav/docs/locked.txt", "shared", key)).status).toBe(423);
    expect(
      (await s.request("UNLOCK", "/dav/docs/locked.txt", { auth: key, headers: { "Lock-Token": `<${token}>` } }))
        .status,
    ).toBe(403);
    expect((await put("/dav/docs/locked.txt", "v2", { If: `(<${token}>)` })).status).toBe(204);
    expect((await put("/dav/docs/locked.txt", "v3", { If: "(<opaquelocktoken:nope>)" })).status).toBe(412);
    const refreshed = await s.request("LOCK", "/dav/docs/locked.txt", {
      headers: { If: `(<${token}>)`, Timeout: "Second-900" },
    });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.text()).toMatch(/Second-(9\d\d|8\d\d)/);
    expect(
      (await s.request("UNLOCK", "/dav/docs/locked.txt", { headers: { "Lock-Token": `<${token}>` } })).status,
    ).toBe(204);
    expect(
      (await s.request("UNLOCK", "/dav/docs/locked.txt", { headers: { "Lock-Token": `<${token}>` } })).status,
    ).toBe(409);

    // Shared locks of two principals coexist; an exclusive one then conflicts.
    const first = await lock("/dav/docs/locked.txt", "shared");
    const second = await lock("/dav/docs/locked.txt", "shared", key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await lock("/dav/docs/locked.txt", "exclusive")).status).toBe(423);
    for (const [response, auth] of [
      [first, undefined],
      [second, key],
    ] as const) {
      const unlock = await s.request("UNLOCK", "/dav/docs/locked.txt", {
        auth,
        headers: { "Lock-Token": response.headers.get("lock-token") ?? "" },
      });
      expect(unlock.status).toBe(204);
    }

    // A lock ends by itself at its timeout.
    expect((await lock("/dav/docs/locked.txt", "exclusive", undefined, "Second-1")).status).toBe(200);
    expect((await put("/dav/docs/locked.txt", "blocked")).status).toBe(423);
    await Bun.sleep(1200);
    expect((await put("/dav/docs/locked.txt", "free again")).status).toBe(204);

    // A depth-infinity lock on a folder covers what is created in it.
    expect((await s.request("MKCOL", "/dav/docs/lockdir")).status).toBe(201);
    const folderLock = await s.request("LOCK", "/dav/docs/lockdir", {
      body: lockBody("exclusive"),
      headers: { Depth: "infinity" },
    });
    expect(folderLock.status).toBe(200);
    const folderToken = /<(.+)>/.exec(folderLock.headers.get("lock-token") ?? "")?.[1] ?? "";
    expect((await put("/dav/docs/lockdir/new.txt", "x")).status).toBe(423);
    expect((await put("/dav/docs/lockdir/new.txt", "x", { If: `</dav/docs/lockdir> (<${folderToken}>)` })).status).toBe(
      201,
    );
    expect((await s.request("DELETE", "/dav/docs/lockdir")).status).toBe(423);
    expect((await s.request("DELETE", "/dav/docs/lockdir", { headers: { If: `(<${folderToken}>)` } })).status).toBe(
      204,
    );
    expect(await s.t.db.davLock.count({ where: { path: "/docs/lockdir" } })).toBe(0);

    // LOCK on an unmapped URL makes an empty file (RFC 4918 §7.3) that stays after UNLOCK.
    const unmapped = await lock("/dav/docs/lock-null.txt", "exclusive");
    expect(unmapped.status).toBe(201);
    expect(await explorerNames("/docs")).toContain("lock-null.txt");
    const unmappedToken = unmapped.headers.get("lock-token") ?? "";
    expect(
      (await s.request("UNLOCK", "/dav/docs/lock-null.txt", { headers: { "Lock-Token": unmappedToken } })).status,
    ).toBe(204);
    expect((await s.request("HEAD", "/dav/docs/lock-null.txt")).headers.get("content-length")).toBe("0");
    expect((await lock("/dav/docs/no/parent.txt", "exclusive")).status).toBe(409);
  });

  test("the explorer's cached listing sees every DAV write", async () => {
    expect((await s.request("MKCOL", "/dav/docs/seen")).status).toBe(201);
    expect(await explorerNames("/docs/seen")).toEqual([]);
    expect((await put("/dav/docs/seen/a.txt", "a")).status).toBe(201);
    expect(await explorerNames("/docs/seen")).toEqual(["a.txt"]);
    expect(
      (await s.request("COPY", "/dav/docs/seen/a.txt", { headers: { Destination: "/dav/docs/seen/b.txt" } })).status,
    ).toBe(201);
    expect(await explorerNames("/docs/seen")).toEqual(["a.txt", "b.txt"]);
    expect(
      (await s.request("MOVE", "/dav/docs/seen/a.txt", { headers: { Destination: "/dav/docs/seen/c.txt" } })).status,
    ).toBe(201);
    expect(await explorerNames("/docs/seen")).toEqual(["b.txt", "c.txt"]);
    expect((await s.request("DELETE", "/dav/docs/seen/b.txt")).status).toBe(204);
    expect(await explorerNames("/docs/seen")).toEqual(["c.txt"]);
    const listing = await s.api(
      "GET",
      `/admin/fs/list?path=${encodePath("/docs/seen")}`,
      undefined,
      s.admin,
      "fs.list",
    );
    expect(listing.items[0]).toMatchObject({ name: "c.txt", size: 1, type: "file" });
  });
});
