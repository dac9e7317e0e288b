// URL upload on the server (POST /api/url/info, GET /api/url/proxy) against a local origin server:
// SSRF refusals in every spelling (docs/rules.md, Abuse and safety), redirects re-checked per hop, DNS
// answers pinned, then with private addresses allowed: info, the HEAD fallback, the streamed proxy with
// Range, and who may call both.
//
// There is no internet here, so a "public" origin is simulated: DNS answers for *.example and fetches
// to PUBLIC_IP are stubbed. Everything else (127.0.0.1, localhost) is real.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { promises as dnsPromises } from "node:dns";
import { enCoreErrors } from "@shared/i18n/locales/en/app/core-errors";
import { enUrlErrors } from "@shared/i18n/locales/en/shares/url-errors";
import { zhUrlErrors } from "@shared/i18n/locales/zh/shares/url-errors";
import { AppError } from "../../errors";
import { safeFetch } from "../../services/shares/upload/safe-fetch";
import { type ApiAnswer, createApiKey, loginAdmin } from "../../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../../test/harness";

// ---------------------------------------------------------------------------------------------
// The local origin

const FILE_BYTES = new Uint8Array(300_000).map((_, i) => (i * 31 + (i >> 8)) & 0xff);
const hits: { method: string; path: string; range: string | null; host: string | null }[] = [];
let releaseStream: () => void = () => {};

function rangedResponse(request: Request, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  const headers = new Headers({ "Content-Type": contentType, "Accept-Ranges": "bytes" });
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("range") ?? "");
  let status = 200;
  let body = bytes;
  if (range) {
    const start = range[1] ? Number(range[1]) : Math.max(0, bytes.length - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
    if (start >= bytes.length || start > end) {
      return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${bytes.length}` } });
    }
    status = 206;
    body = bytes.subarray(start, end + 1);
    headers.set("Content-Range", `bytes ${start}-${end}/${bytes.length}`);
  }
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : body, { status, headers });
}

function originHandler(request: Request): Response | Promise<Response> {
  const url = new URL(request.url);
  hits.push({
    method: request.method,
    path: url.pathname,
    range: request.headers.get("range"),
    host: request.headers.get("host"),
  });
  const path = url.pathname;
  if (path === "/files/report.pdf") return rangedResponse(request, FILE_BYTES, "application/pdf");
  if (path === "/empty.bin") return rangedResponse(request, new Uint8Array(0), "application/octet-stream");
  if (path === "/named") {
    return new Response(request.method === "HEAD" ? null : "hello", {
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Length": "5",
        "Content-Disposition": `attachment; filename="fallback.txt"; filename*=UTF-8''${encodeURIComponent("报告 2024.txt")}`,
      },
    });
  }
  if (path === "/dir/%E6%96%87%E4%BB%B6%20one.txt")
    return new Response("x", { headers: { "Content-Type": "text/plain" } });
  if (path === "/page.html") {
    return new Response("<script>alert(document.domain)</script>", { headers: { "Content-Type": "text/html" } });
  }
  const chain = /^\/chain\/(\d+)$/.exec(path);
  if (chain) {
    const n = Number(chain[1]);
    return new Response(null, {
      status: 302,
      headers: { Location: n === 0 ? "/files/report.pdf" : `/chain/${n - 1}` },
    });
  }
  if (path === "/redirect")
    return new Response(null, { status: 302, headers: { Location: url.searchParams.get("to") ?? "/" } });
  if (path === "/no-head/data.bin") {
    // HEAD refused; GET ignores Range and has no Accept-Ranges.
    if (request.method === "HEAD") return new Response(null, { status: 405, headers: { Allow: "GET" } });
    return new Response(FILE_BYTES.subarray(0, 1234), { headers: { "Content-Type": "application/zip" } });
  }
  if (path === "/no-head-ranged/video.mp4") {
    if (request.method === "HEAD") return new Response(null, { status: 403 });
    return rangedResponse(request, FILE_BYTES, "video/mp4");
  }
  if (path === "/stream") {
    // The second chunk waits for the test: an answer before it proves the proxy does not buffer.
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode("first-chunk;"));
        await new Promise<void>((resolve) => {
          releaseStream = resolve;
        });
        controller.enqueue(encoder.encode("second-chunk"));
        controller.close();
      },
    });
    return new Response(stream, { headers: { "Content-Type": "text/plain" } });
  }
  if (path === "/") return new Response("root", { headers: { "Content-Type": "text/plain" } });
  if (path === "/slow") return Bun.sleep(3000).then(() => new Response("late"));
  return new Response("not here", { status: 404 });
}

let origin: ReturnType<typeof Bun.serve>;
let base = "";
const port = () => origin.port;

// ---------------------------------------------------------------------------------------------
// A simulated public internet: DNS names under .example and one public address

const PUBLIC_IP = "93.184.216.34";
const realLookup = dnsPromises.lookup.bind(dnsPromises);
const realFetch = globalThis.fetch;
const FAKE_DNS: Record<string, string[]> = {
  "public.example": [PUBLIC_IP],
  "loopback.example": ["127.0.0.1"],
  "mixed.example": [PUBLIC_IP, "10.0.0.7"],
  "v6-private.example": ["fd12:3456::1"],
  "v6-mapped.example": ["::ffff:127.0.0.1"],
  "metadata.example": ["169.254.169.254"],
};
let lookups: string[] = [];
let rebindAnswers: string[] = [];
let publicRequests: { url: string; host: string | null; serverName?: string }[] = [];

/** The public origin's answers, by path. */
function publicOrigin(url: URL): Response {
  const to = (location: string) => new Response(null, { status: 302, headers: { Location: location } });
  if (url.pathname === "/to-loopback") return to(`http://127.0.0.1:${port()}/files/report.pdf`);
  if (url.pathname === "/to-localhost") return to(`http://localhost:${port()}/files/report.pdf`);
  if (url.pathname === "/to-decimal") return to(`http://2130706433:${port()}/files/report.pdf`);
  if (url.pathname === "/to-octal") return to(`http://0177.0.0.1:${port()}/files/report.pdf`);
  if (url.pathname === "/to-ipv6") return to(`http://[::1]:${port()}/files/report.pdf`);
  if (url.pathname === "/to-metadata") return to("http://169.254.169.254/latest/meta-data/");
  if (url.pathname === "/to-private-name") return to(`http://loopback.example:${port()}/files/report.pdf`);
  if (url.pathname === "/loop") return to("/loop");
  return new Response("public bytes", {
    headers: { "Content-Type": "text/plain", "Content-Length": "12", "Accept-Ranges": "bytes" },
  });
}

function installFakeInternet() {
  lookups = [];
  publicRequests = [];
  spyOn(dnsPromises, "lookup").mockImplementation((async (host: string, options: unknown) => {
    lookups.push(host);
    if (host === "rebind.example") {
      const address = rebindAnswers.shift() ?? "127.0.0.1";
      return [{ address, family: 4 }];
    }
    const fake = FAKE_DNS[host];
    if (fake) return fake.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    return realLookup(host, options as never);
  }) as never);
  spyOn(globalThis, "fetch").mockImplementation((async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname === PUBLIC_IP) {
      const serverName = (init as { tls?: { serverName?: string } } | undefined)?.tls?.serverName;
      publicRequests.push({ url: url.href, host: new Headers(init?.headers).get("host"), serverName });
      return publicOrigin(url);
    }
    return realFetch(input, init as never);
  }) as never);
}

function restoreInternet() {
  (dnsPromises.lookup as unknown as { mockRestore(): void }).mockRestore();
  (globalThis.fetch as unknown as { mockRestore(): void }).mockRestore();
}

// ---------------------------------------------------------------------------------------------

beforeAll(() => {
  origin = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: originHandler });
  base = `http://127.0.0.1:${origin.port}`;
});
afterAll(() => {
  origin.stop(true);
});

const proxyPath = (url: string) => `/url/proxy?url=${encodeURIComponent(url)}`;

/** The answer refuses the URL: 400, "not allowed". `target` (the URL, path or host tried) names a failing case. */
function expectNotAllowed(target: string, answer: ApiAnswer) {
  expect({ target, status: answer.status, message: answer.body.message }).toEqual({
    target,
    status: 400,
    message: enUrlErrors.urlNotAllowed,
  });
}

describe("with private addresses refused (the default)", () => {
  const { t, api, call } = useTestApp("sqlite");
  let admin: string;

  beforeAll(async () => {
    expect(t.config.allowPrivateUrls).toBe(false);
    admin = await loginAdmin(api);
  });
  beforeEach(() => {
    hits.length = 0;
  });

  const privateTargets = () => [
    `${base}/files/report.pdf`,
    `http://localhost:${port()}/files/report.pdf`,
    `http://LOCALHOST.:${port()}/files/report.pdf`,
    `http://[::1]:${port()}/files/report.pdf`,
    `http://[::ffff:127.0.0.1]:${port()}/files/report.pdf`,
    `http://[::ffff:7f00:1]:${port()}/files/report.pdf`,
    `http://2130706433:${port()}/files/report.pdf`,
    `http://0177.0.0.1:${port()}/files/report.pdf`,
    `http://0x7f.1:${port()}/files/report.pdf`,
    `http://127.1:${port()}/files/report.pdf`,
    `http://0:${port()}/files/report.pdf`,
    "http://10.0.0.1/file",
    "http://172.16.5.4/file",
    "http://192.168.1.1/file",
    "http://100.64.0.1/file",
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://[fe80::1]/file",
    "http://metadata.google.internal/computeMetadata/v1/",
    `https://127.0.0.1:${port()}/files/report.pdf`,
  ];

  test("url/info refuses every loopback, private, link-local and metadata spelling with 400", async () => {
    for (const url of privateTargets()) {
      const answer = await call("POST", "/url/info", { auth: admin, body: { url }, procedure: "url.info" });
      expectNotAllowed(url, answer);
      expect(answer.body.success).toBe(false);
    }
    expect(hits).toEqual([]);
  });

  test("url/proxy refuses them too, before any byte is fetched", async () => {
    for (const url of privateTargets()) {
      const answer = await call("GET", proxyPath(url), { auth: admin });
      expectNotAllowed(url, answer);
    }
    expect(hits).toEqual([]);
  });

  test("a private source_url is refused by every upload route that records one, and nothing is stored", async () => {
    // The rule lives in the upload service, so the device-upload routes (/s3/...) apply it too.
    const before = await t.db.fileShare.count();
    for (const path of ["/url/presign", "/url/multipart/init", "/s3/presign", "/s3/multipart/init"]) {
      const answer = await call("POST", path, {
        auth: admin,
        body: { filename: "from-url.bin", size: 21, source_url: `http://127.0.0.1:${port()}/files/report.pdf` },
      });
      expectNotAllowed(path, answer);
    }
    expect(await t.db.fileShare.count()).toBe(before);
    expect(hits).toEqual([]);
  });

  test("the message follows the caller's language", async () => {
    const answer = await call("POST", "/url/info", { auth: admin, body: { url: `${base}/x` }, lang: "zh-CN" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(zhUrlErrors.urlNotAllowed);
  });

  test("only http(s) URLs without credentials are accepted", async () => {
    const cases: [string, string][] = [
      ["ftp://example.com/file", enCoreErrors.urlInvalid],
      ["file:///etc/passwd", enCoreErrors.urlInvalid],
      ["gopher://127.0.0.1:6379/_INFO", enCoreErrors.urlInvalid],
      ["not a url", enCoreErrors.urlInvalid],
      ["http://user:secret@public.example/", enUrlErrors.urlCredentialsNotAllowed],
    ];
    for (const [url, message] of cases) {
      const answer = await call("POST", "/url/info", { auth: admin, body: { url } });
      expect({ url, status: answer.status, message: answer.body.message }).toEqual({ url, status: 400, message });
    }
    const empty = await call("POST", "/url/info", { auth: admin, body: { url: "" } });
    expect(empty.status).toBe(400);
    const missing = await call("GET", "/url/proxy", { auth: admin });
    expect(missing.status).toBe(400);
  });

  describe("behind a public origin", () => {
    beforeEach(installFakeInternet);
    afterEach(restoreInternet);

    test("a public URL passes", async () => {
      const answer = await call("POST", "/url/info", {
        auth: admin,
        body: { url: "http://public.example/a/b.txt" },
        procedure: "url.info",
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        url: "http://public.example/a/b.txt",
        filename: "b.txt",
        size: 12,
        contentType: "text/plain",
        supports_range: true,
      });
    });

    test("a redirect to loopback, localhost, IPv6, decimal, octal, metadata or a private name is refused", async () => {
      for (const path of [
        "/to-loopback",
        "/to-localhost",
        "/to-decimal",
        "/to-octal",
        "/to-ipv6",
        "/to-metadata",
        "/to-private-name",
      ]) {
        const url = `http://public.example${path}`;
        const info = await call("POST", "/url/info", { auth: admin, body: { url }, procedure: "url.info" });
        expectNotAllowed(path, info);
        const proxied = await call("GET", proxyPath(url), { auth: admin });
        expect({ path, status: proxied.status }).toEqual({ path, status: 400 });
      }
      expect(publicRequests.length).toBe(14);
      expect(hits).toEqual([]);
    });

    test("names that resolve to a non-public address are refused, and so is a mix of public and private", async () => {
      for (const host of [
        "loopback.example",
        "mixed.example",
        "v6-private.example",
        "v6-mapped.example",
        "metadata.example",
      ]) {
        const answer = await call("POST", "/url/info", {
          auth: admin,
          body: { url: `http://${host}:${port()}/x` },
          procedure: "url.info",
        });
        expectNotAllowed(host, answer);
      }
      expect(publicRequests).toEqual([]);
      expect(hits).toEqual([]);
    });

    test("DNS rebinding: the connection goes to the address that was checked, with the name as Host", async () => {
      // The first answer is public, any later one would be loopback.
      rebindAnswers = [PUBLIC_IP, "127.0.0.1", "127.0.0.1"];
      const answer = await call("POST", "/url/info", {
        auth: admin,
        body: { url: "http://rebind.example/file.txt" },
        procedure: "url.info",
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.url).toBe("http://rebind.example/file.txt");
      expect(lookups.filter((host) => host === "rebind.example")).toEqual(["rebind.example"]);
      expect(publicRequests).toEqual([
        { url: `http://${PUBLIC_IP}/file.txt`, host: "rebind.example", serverName: undefined },
      ]);
      expect(hits).toEqual([]);
    });

    test("over https the pinned connection still presents and verifies the name (SNI, certificate)", async () => {
      rebindAnswers = [PUBLIC_IP, "127.0.0.1"];
      const answer = await call("POST", "/url/info", {
        auth: admin,
        body: { url: "https://rebind.example:8443/f.bin" },
      });
      expect(answer.status).toBe(200);
      expect(publicRequests).toEqual([
        { url: `https://${PUBLIC_IP}:8443/f.bin`, host: "rebind.example:8443", serverName: "rebind.example" },
      ]);
    });

    test("a redirect loop stops with 'too many redirects'", async () => {
      const answer = await call("POST", "/url/info", { auth: admin, body: { url: "http://public.example/loop" } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(enUrlErrors.urlTooManyRedirects.replace("{{max}}", "5"));
      expect(publicRequests.length).toBe(6);
    });
  });
});

describe("with private addresses allowed (tests' local origin)", () => {
  const { t, api, call } = useTestApp("sqlite", { allowPrivateUrls: true });
  let admin: string;

  beforeAll(async () => {
    admin = await loginAdmin(api);
  });
  beforeEach(() => {
    hits.length = 0;
  });

  async function info(url: string) {
    return call("POST", "/url/info", { auth: admin, body: { url }, procedure: "url.info" });
  }

  test("url/info reports name, size, type and range support from HEAD", async () => {
    const answer = await info(`${base}/files/report.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      url: `${base}/files/report.pdf`,
      filename: "report.pdf",
      size: FILE_BYTES.length,
      contentType: "application/pdf",
      supports_range: true,
    });
    expect(hits.map((hit) => hit.method)).toEqual(["HEAD"]);
  });

  test("a name resolving to loopback works when allowed, with the name as Host", async () => {
    const answer = await info(`http://localhost:${port()}/files/report.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.url).toBe(`http://localhost:${port()}/files/report.pdf`);
    expect(hits[0]?.host).toBe(`localhost:${port()}`);
  });

  test("the file name comes from Content-Disposition (RFC 8187), else the decoded path, else 'download'", async () => {
    expect((await info(`${base}/named`)).body.data).toMatchObject({
      filename: "报告 2024.txt",
      contentType: "text/plain; charset=utf-8",
      size: 5,
    });
    expect((await info(`${base}/dir/%E6%96%87%E4%BB%B6%20one.txt`)).body.data.filename).toBe("文件 one.txt");
    expect((await info(`${base}/`)).body.data.filename).toBe("download");
  });

  test("redirects are followed up to 5; the final URL is reported; 6 is too many", async () => {
    const five = await info(`${base}/chain/4`);
    expect(five.status).toBe(200);
    expect(five.body.data).toMatchObject({ url: `${base}/files/report.pdf`, filename: "report.pdf" });
    hits.length = 0;
    const six = await info(`${base}/chain/5`);
    expect(six.status).toBe(400);
    expect(six.body.message).toBe(enUrlErrors.urlTooManyRedirects.replace("{{max}}", "5"));
    expect(hits.map((hit) => hit.path)).not.toContain("/files/report.pdf");
  });

  test("HEAD refused (405): a GET whose body is dropped gives size and type", async () => {
    const answer = await info(`${base}/no-head/data.bin`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      url: `${base}/no-head/data.bin`,
      filename: "data.bin",
      size: 1234,
      contentType: "application/zip",
      supports_range: false,
    });
    expect(hits.map((hit) => hit.method)).toEqual(["HEAD", "GET"]);
  });

  test("HEAD refused (403) by a ranged origin: the one-byte GET reads the total from Content-Range", async () => {
    const answer = await info(`${base}/no-head-ranged/video.mp4`);
    expect(answer.body.data).toEqual({
      url: `${base}/no-head-ranged/video.mp4`,
      filename: "video.mp4",
      size: FILE_BYTES.length,
      contentType: "video/mp4",
      supports_range: true,
    });
    expect(hits.map((hit) => [hit.method, hit.range])).toEqual([
      ["HEAD", null],
      ["GET", "bytes=0-0"],
    ]);
  });

  test("an origin error is 502 with its status in the message", async () => {
    const answer = await info(`${base}/missing`);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(enUrlErrors.urlFetchFailed.replace("{{status}}", "404"));
    const proxied = await call("GET", proxyPath(`${base}/missing`), { auth: admin });
    expect(proxied.status).toBe(502);
    expect(proxied.body.message).toBe(enUrlErrors.urlFetchFailed.replace("{{status}}", "404"));
  });

  test("an unreachable port is 502, not 500", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const closedPort = closed.port;
    closed.stop(true);
    const answer = await info(`http://127.0.0.1:${closedPort}/x`);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(enUrlErrors.urlUnreachable.replace("{{host}}", `127.0.0.1:${closedPort}`));
  });

  test("a slow origin times out with a clear error", async () => {
    let caught: unknown;
    try {
      await safeFetch(`${base}/slow`, { allowPrivate: true, timeoutMs: 200 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).messageKey).toBe("errors.urlFetchTimeout");
    expect((caught as AppError).code).toBe("BAD_GATEWAY");
  });

  test("url/proxy streams the bytes identically, as a safe attachment", async () => {
    const answer = await call("GET", proxyPath(`${base}/files/report.pdf`), { auth: admin });
    expect(answer.status).toBe(200);
    expect(answer.bytes).toEqual(FILE_BYTES);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    // In process only: over a socket Bun.serve answers a streamed body chunked (oven-sh/bun#10507).
    expect(answer.headers.get("content-length")).toBe(String(FILE_BYTES.length));
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("accept-ranges")).toBe("bytes");
  });

  test("url/proxy passes Range through: 206 with the exact slice", async () => {
    const answer = await call("GET", proxyPath(`${base}/files/report.pdf`), {
      auth: admin,
      headers: { range: "bytes=1000-1999" },
    });
    expect(answer.status).toBe(206);
    expect(answer.bytes).toEqual(FILE_BYTES.subarray(1000, 2000));
    expect(answer.headers.get("content-range")).toBe(`bytes 1000-1999/${FILE_BYTES.length}`);
    expect(answer.headers.get("content-length")).toBe("1000");
    expect(hits.at(-1)?.range).toBe("bytes=1000-1999");

    const tail = await call("GET", proxyPath(`${base}/files/report.pdf`), {
      auth: admin,
      headers: { range: `bytes=${FILE_BYTES.length - 10}-` },
    });
    expect(tail.status).toBe(206);
    expect(tail.bytes).toEqual(FILE_BYTES.subarray(FILE_BYTES.length - 10));

    const beyond = await call("GET", proxyPath(`${base}/files/report.pdf`), {
      auth: admin,
      headers: { range: `bytes=${FILE_BYTES.length}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${FILE_BYTES.length}`);
  });

  test("url/proxy answers 200 with the whole body when the origin ignores Range", async () => {
    const answer = await call("GET", proxyPath(`${base}/no-head/data.bin`), {
      auth: admin,
      headers: { range: "bytes=0-9" },
    });
    expect(answer.status).toBe(200);
    expect(answer.bytes).toEqual(FILE_BYTES.subarray(0, 1234));
  });

  test("url/proxy follows redirects and names the file by the final URL; HEAD fetches no body", async () => {
    const answer = await call("GET", proxyPath(`${base}/chain/2`), { auth: admin });
    expect(answer.status).toBe(200);
    expect(answer.bytes).toEqual(FILE_BYTES);
    expect(answer.headers.get("content-disposition")).toStartWith(`attachment; filename="report.pdf"`);
    hits.length = 0;
    const head = await call("HEAD", proxyPath(`${base}/files/report.pdf`), { auth: admin });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(hits.map((hit) => hit.method)).toEqual(["HEAD"]);
  });

  test("url/proxy never lets HTML run on the app's origin", async () => {
    const answer = await call("GET", proxyPath(`${base}/page.html`), { auth: admin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toStartWith("attachment;");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-security-policy")).toContain("sandbox");
  });

  test("url/proxy quotes an awkward file name safely", async () => {
    const answer = await call("GET", proxyPath(`${base}/named`), { auth: admin });
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="__ 2024.txt"; filename*=UTF-8''${encodeURIComponent("报告 2024.txt")}`,
    );
  });

  test("url/proxy does not buffer: the answer starts before the origin has finished", async () => {
    const response = await t.app.fetch(
      new Request(`http://localhost/api${proxyPath(`${base}/stream`)}`, { headers: { authorization: admin } }),
      "127.0.0.1",
    );
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("first-chunk;")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toBe("first-chunk;");
    releaseStream();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toBe("first-chunk;second-chunk");
  });
});

describe.each(DATABASE_PROVIDERS)("who may fetch URLs (%s)", (provider) => {
  const { api, call } = useTestApp(provider, { allowPrivateUrls: true });
  let admin: string;

  const createKey = async (fields: Record<string, unknown>) => (await createApiKey(api, admin, fields)).auth;

  beforeAll(async () => {
    admin = await loginAdmin(api);
  });

  test("without credentials: 401, and nothing is fetched", async () => {
    hits.length = 0;
    const info = await call("POST", "/url/info", { body: { url: `${base}/files/report.pdf` } });
    expect(info.status).toBe(401);
    const proxied = await call("GET", proxyPath(`${base}/files/report.pdf`));
    expect(proxied.status).toBe(401);
    expect(proxied.body.success).toBe(false);
    const badKey = await call("GET", proxyPath(`${base}/files/report.pdf`), { auth: "ApiKey pb_not-a-real-key" });
    expect(badKey.status).toBe(401);
    expect(hits).toEqual([]);
  });

  test("a key without file permission: 403; with it: allowed", async () => {
    hits.length = 0;
    const textOnly = await createKey({ text_permission: true, mount_permission: true });
    expect(
      (
        await call("POST", "/url/info", {
          auth: textOnly,
          body: { url: `${base}/files/report.pdf` },
          procedure: "url.info",
        })
      ).status,
    ).toBe(403);
    expect((await call("GET", proxyPath(`${base}/files/report.pdf`), { auth: textOnly })).status).toBe(403);
    expect(hits).toEqual([]);

    const files = await createKey({ file_permission: true });
    const info = await call("POST", "/url/info", {
      auth: files,
      body: { url: `${base}/files/report.pdf` },
      procedure: "url.info",
    });
    expect(info.status).toBe(200);
    expect(info.body.data.size).toBe(FILE_BYTES.length);
    const proxied = await call("GET", proxyPath(`${base}/files/report.pdf`), { auth: files });
    expect(proxied.status).toBe(200);
    expect(proxied.bytes).toEqual(FILE_BYTES);
  });
});
