// Server-side request forgery (issue "Hardening", item 4): URL upload's server-side calls (POST
// /api/url/info, GET and HEAD /api/url/proxy, POST /api/url/presign and /api/url/multipart/init)
// against loopback, private, link-local and metadata addresses in every spelling (IPv4 decimal,
// octal, hex, short; IPv6 loopback, IPv4-mapped, NAT64, 6to4, ULA, link-local with a zone), names
// that resolve to them without outside DNS (localhost variants, *.localhost, this machine's name),
// other schemes, and redirects from a public origin to all of them. Every one must be refused with
// the translated message, and no connection may reach a canary server listening on every loopback
// address (its hits must stay 0).
//
// The "public internet" for the redirect cases is an HTTP proxy given to the server process in
// HTTP_PROXY: Bun's fetch sends every outbound request to it, absolute URL in the request line, so
// it sees the exact address the guard decided to connect to. It plays the origin for a few public
// addresses (which redirect to private targets) and records any request for another host as a
// leak. A third server with ALLOW_PRIVATE_URLS=true shows the canary does count connections.
//   bun scripts/hardening/ssrf.ts          (starts its servers; prints figures, exit 1 on a finding)
import { hostname } from "node:os";
import { translate } from "../../server/i18n";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../test/server-process";

/** Addresses the proxy serves as public origins. Anything else asked of it is a leak. */
export const PUBLIC_V4 = "93.184.215.14";
export const PUBLIC_V6 = "2606:2800:21f:cb07:6820:80da:af6b:8b2c";
const PUBLIC_HOSTS = new Set([PUBLIC_V4, `[${PUBLIC_V6}]`]);
export const PUBLIC_CONTENT = "PUBLIC-ORIGIN-CONTENT";

export type Canary = { port: number; hits: () => number; stop(): void };

/** Answers on every loopback address (IPv4 and IPv6, "::" is dual-stack) and counts each request. */
export function startCanary(): Canary {
  let hits = 0;
  const server = Bun.serve({
    hostname: "::",
    port: 0,
    fetch() {
      hits += 1;
      return new Response("CANARY-REACHED", { headers: { "content-length": "14" } });
    },
  });
  return { port: Number(server.port), hits: () => hits, stop: () => server.stop(true) };
}

export type ProxyRecord = { method: string; host: string; path: string; leak: boolean };
export type Internet = { port: number; records: ProxyRecord[]; leaks: () => ProxyRecord[]; stop(): void };

function originAnswer(method: string, url: URL): string {
  const head = (status: string, headers: Record<string, string>, body = "") => {
    const lines = [`HTTP/1.1 ${status}`, "Connection: close", `Content-Length: ${Buffer.byteLength(body)}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    return `${lines.join("\r\n")}\r\n\r\n${method === "HEAD" ? "" : body}`;
  };
  const to = url.searchParams.get("to") ?? "/file.bin";
  switch (url.pathname) {
    case "/file.bin":
      return head("200 OK", { "Content-Type": "application/octet-stream", "Accept-Ranges": "bytes" }, PUBLIC_CONTENT);
    case "/redirect": {
      const status = url.searchParams.get("status") ?? "302";
      return head(`${status} Redirect`, { Location: to });
    }
    case "/head-refused":
      // HEAD is refused, so url/info asks again with GET, which redirects.
      return method === "HEAD" ? head("405 Method Not Allowed", {}) : head("302 Found", { Location: to });
    case "/chain": {
      const left = Number(url.searchParams.get("n") ?? "0");
      const next = left > 0 ? `/chain?n=${left - 1}&to=${encodeURIComponent(to)}` : to;
      return head("302 Found", { Location: next });
    }
    default:
      return head("404 Not Found", {});
  }
}

/** The outside world as the server process sees it through HTTP_PROXY. */
export function startInternet(): Internet {
  const records: ProxyRecord[] = [];
  const pending = new Map<object, string>();
  const listener = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      data(socket, data) {
        const text = (pending.get(socket) ?? "") + Buffer.from(data).toString("latin1");
        if (!text.includes("\r\n\r\n")) {
          pending.set(socket, text);
          return;
        }
        pending.delete(socket);
        const [method = "", target = ""] = (text.split("\r\n")[0] ?? "").split(" ");
        if (method === "CONNECT") {
          // https through the proxy: the guard's chosen address is the CONNECT target.
          const host = target.replace(/:\d+$/, "");
          records.push({ method, host, path: "", leak: !PUBLIC_HOSTS.has(host) });
          socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
          return;
        }
        let url: URL;
        try {
          url = new URL(target);
        } catch {
          records.push({ method, host: "?", path: target, leak: true });
          socket.end("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
          return;
        }
        const leak = !PUBLIC_HOSTS.has(url.hostname);
        records.push({ method, host: url.hostname, path: url.pathname + url.search, leak });
        socket.end(
          leak
            ? `HTTP/1.1 200 OK\r\nContent-Length: 6\r\nConnection: close\r\n\r\n${method === "HEAD" ? "" : "LEAKED"}`
            : originAnswer(method, url),
        );
      },
      close(socket) {
        pending.delete(socket);
      },
    },
  });
  return {
    port: listener.port,
    records,
    leaks: () => records.filter((record) => record.leak),
    stop: () => listener.stop(true),
  };
}

// ---- The corpus --------------------------------------------------------------------------------

export type RefusalCase = {
  url: string;
  /** Message keys that count as the refusal. */
  expect: string[];
  /** Only these calls (a case that needs GET after a refused HEAD means nothing to HEAD url/proxy). */
  only?: string[];
};
const NOT_ALLOWED = ["errors.urlNotAllowed"];
const INVALID = ["errors.urlInvalid"];

/** Private targets, each aimed at the canary's port so that a leak to loopback is counted. */
export function privateTargets(port: number): RefusalCase[] {
  const p = port;
  const hosts = [
    // Loopback, every IPv4 spelling the WHATWG parser accepts.
    "127.0.0.1",
    "127.0.0.2",
    "127.255.255.254",
    "2130706433",
    "2130706433.",
    "017700000001",
    "0177.0.0.1",
    "0177.0000.0000.0001",
    "127.000.000.001",
    "0x7f.0.0.1",
    "0x7F.0x00.0x00.0x01",
    "0x7f000001",
    "0x7f.1",
    "127.1",
    "127.0.1",
    "%31%32%37.0.0.1",
    "\uff11\uff12\uff17.\uff10.\uff10.\uff11",
    "127\u30020\u30020\u30021",
    "0",
    "0.0.0.0",
    "0x0",
    // Loopback and unspecified, IPv6 forms.
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    "[::]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[0:0:0:0:0:ffff:127.0.0.1]",
    "[::ffff:0.0.0.0]",
    "[::127.0.0.1]",
    "[64:ff9b::127.0.0.1]",
    "[64:ff9b::7f00:1]",
    "[64:ff9b:1::7f00:1]",
    "[2002:7f00:1::1]",
    // Private, shared and link-local.
    "10.0.0.1",
    "10.1",
    "012.0.0.1",
    "167772161",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.0.1",
    "0xc0a80001",
    "3232235521",
    "100.64.0.1",
    "169.254.0.1",
    "198.18.0.1",
    "[fc00::1]",
    "[fd12:3456:789a::1]",
    "[fe80::1]",
    "[fec0::1]",
    "[ff02::1]",
    "[::ffff:10.0.0.1]",
    "[::ffff:192.168.0.1]",
    "[64:ff9b::a00:1]",
    // Metadata services.
    "169.254.169.254",
    "0xa9fea9fe",
    "2852039166",
    "0251.0376.0251.0376",
    "169.254.43518",
    "0xa9.0xfe.0xa9.0xfe",
    "[::ffff:169.254.169.254]",
    "[::ffff:a9fe:a9fe]",
    "[64:ff9b::a9fe:a9fe]",
    "[fd00:ec2::254]",
    "100.100.100.200",
    "192.0.0.192",
    "168.63.129.16",
    // Names that resolve to loopback without outside DNS, and metadata names.
    "localhost",
    "LOCALHOST",
    "localhost.",
    "LocalHost.",
    "api.localhost",
    "a.b.c.localhost",
    "xn--localhost-",
    hostname(),
    "metadata",
    "metadata.google.internal",
    "metadata.goog",
    "metadata.azure.internal",
    "instance-data",
    "instance-data.ec2.internal",
  ];
  const cases: RefusalCase[] = hosts.map((host) => ({
    url: `http://${host}:${p}/latest/meta-data/`,
    expect: NOT_ALLOWED,
  }));
  // A name the sandbox cannot resolve is refused too, just with another message.
  const unresolvable = cases.find((c) => c.url.includes("xn--localhost-"));
  if (unresolvable) unresolvable.expect = ["errors.urlInvalid", "errors.urlHostNotFound", "errors.urlNotAllowed"];
  return [
    ...cases,
    { url: `https://127.0.0.1:${p}/`, expect: NOT_ALLOWED },
    { url: `https://[::1]:${p}/`, expect: NOT_ALLOWED },
    { url: `https://localhost:${p}/`, expect: NOT_ALLOWED },
    { url: ` http://127.0.0.1:${p}/`, expect: NOT_ALLOWED },
    { url: `HTTP://127.0.0.1:${p}/`, expect: NOT_ALLOWED },
    { url: `http:/127.0.0.1:${p}/`, expect: NOT_ALLOWED },
    { url: `http:\\\\127.0.0.1:${p}\\x`, expect: NOT_ALLOWED },
    { url: `http://127.0.0.1:${p}\\@${PUBLIC_V4}/`, expect: NOT_ALLOWED },
    { url: `http://127.0.0.1:${p}#@${PUBLIC_V4}/`, expect: NOT_ALLOWED },
    { url: `http://127.0.0.1:${p}?@${PUBLIC_V4}/`, expect: NOT_ALLOWED },
    { url: `http://${PUBLIC_V4}@127.0.0.1:${p}/`, expect: ["errors.urlCredentialsNotAllowed"] },
    { url: `http://user:pass@127.0.0.1:${p}/`, expect: ["errors.urlCredentialsNotAllowed"] },
    { url: `http://[fe80::1%25lo]:${p}/`, expect: INVALID },
    { url: `http://[fe80::1%lo]:${p}/`, expect: INVALID },
    { url: `http://[::1%25lo]:${p}/`, expect: INVALID },
    { url: `http://1.2.3.4.5:${p}/`, expect: INVALID },
    { url: `file:///etc/passwd`, expect: INVALID },
    { url: `file://127.0.0.1/etc/passwd`, expect: INVALID },
    { url: `gopher://127.0.0.1:${p}/_GET%20/`, expect: INVALID },
    { url: `dict://127.0.0.1:${p}/info`, expect: INVALID },
    { url: `ftp://127.0.0.1:${p}/`, expect: INVALID },
    { url: `ws://127.0.0.1:${p}/`, expect: INVALID },
    { url: `//127.0.0.1:${p}/`, expect: INVALID },
    { url: `127.0.0.1:${p}`, expect: INVALID },
    { url: `jar:http://127.0.0.1:${p}/x.jar!/`, expect: INVALID },
    { url: `data:text/plain,CANARY`, expect: INVALID },
  ];
}

/** A public origin (the proxy) redirecting to each private target, by every redirect status, in chains and after a refused HEAD. */
export function redirectCases(port: number): RefusalCase[] {
  const origin = `http://${PUBLIC_V4}`;
  const originV6 = `http://[${PUBLIC_V6}]`;
  const cases: RefusalCase[] = [];
  for (const target of privateTargets(port)) {
    if (!/^\s*https?:|^HTTP:/i.test(target.url) || target.expect.includes("errors.urlCredentialsNotAllowed")) continue;
    // A redirect's Location is resolved against the public URL; a leading space or "http:/x" are
    // a browser's forgiveness and mean other things there.
    if (/^\s|^http:\/[^/]|^http:\\/i.test(target.url)) continue;
    // A Location header carries ASCII only: a raw non-ASCII host arrives mangled and is invalid.
    const expect = /[^\x20-\x7e]/.test(target.url) ? [...target.expect, ...INVALID] : target.expect;
    cases.push({ url: `${origin}/redirect?to=${encodeURIComponent(target.url)}`, expect });
  }
  const loopback = `http://127.0.0.1:${port}/`;
  for (const status of ["301", "302", "303", "307", "308"]) {
    cases.push({ url: `${origin}/redirect?status=${status}&to=${encodeURIComponent(loopback)}`, expect: NOT_ALLOWED });
  }
  cases.push(
    { url: `${originV6}/redirect?to=${encodeURIComponent(loopback)}`, expect: NOT_ALLOWED },
    { url: `${origin}/redirect?to=${encodeURIComponent(`//127.0.0.1:${port}/`)}`, expect: NOT_ALLOWED },
    { url: `${origin}/redirect?to=${encodeURIComponent(`//localhost:${port}/`)}`, expect: NOT_ALLOWED },
    { url: `${origin}/chain?n=3&to=${encodeURIComponent(loopback)}`, expect: NOT_ALLOWED },
    {
      url: `${origin}/chain?n=2&to=${encodeURIComponent("http://169.254.169.254/latest/meta-data/")}`,
      expect: NOT_ALLOWED,
    },
    { url: `${origin}/head-refused?to=${encodeURIComponent(loopback)}`, expect: NOT_ALLOWED, only: ["POST url/info"] },
    {
      url: `${origin}/redirect?to=${encodeURIComponent(`${originV6}/redirect?to=${encodeURIComponent(loopback)}`)}`,
      expect: NOT_ALLOWED,
    },
    { url: `${origin}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`, expect: INVALID },
    { url: `${origin}/redirect?to=${encodeURIComponent(`gopher://127.0.0.1:${port}/_x`)}`, expect: INVALID },
    { url: `${origin}/chain?n=9&to=${encodeURIComponent("/file.bin")}`, expect: ["errors.urlTooManyRedirects"] },
  );
  return cases;
}

// ---- The calls ---------------------------------------------------------------------------------

export type SsrfFinding = { call: string; url: string; status: number; message: string; why: string };
export type SsrfReport = {
  requests: number;
  cases: number;
  byStatus: Record<number, number>;
  findings: SsrfFinding[];
};

type Call = { name: string; send: (baseUrl: string, auth: string, url: string, language: string) => Promise<Response> };

const json = (auth: string, language: string) => ({
  authorization: auth,
  "content-type": "application/json",
  "accept-language": language,
});

/** Every URL-upload call that takes a URL. Presign and multipart init record it as the source. */
export const CALLS: Call[] = [
  {
    name: "POST url/info",
    send: (base, auth, url, language) =>
      fetch(`${base}/api/url/info`, { method: "POST", headers: json(auth, language), body: JSON.stringify({ url }) }),
  },
  {
    name: "GET url/proxy",
    send: (base, auth, url, language) =>
      fetch(`${base}/api/url/proxy?url=${encodeURIComponent(url)}`, {
        headers: { authorization: auth, "accept-language": language, range: "bytes=0-9" },
      }),
  },
  {
    name: "HEAD url/proxy",
    send: (base, auth, url, language) =>
      fetch(`${base}/api/url/proxy?url=${encodeURIComponent(url)}`, {
        method: "HEAD",
        headers: { authorization: auth, "accept-language": language },
      }),
  },
  {
    name: "POST url/presign",
    send: (base, auth, url, language) =>
      fetch(`${base}/api/url/presign`, {
        method: "POST",
        headers: json(auth, language),
        body: JSON.stringify({ filename: "from-url.bin", size: 21, source_url: url }),
      }),
  },
  {
    name: "POST url/multipart/init",
    send: (base, auth, url, language) =>
      fetch(`${base}/api/url/multipart/init`, {
        method: "POST",
        headers: json(auth, language),
        body: JSON.stringify({ filename: "from-url.bin", size: 20 * 1024 * 1024, source_url: url }),
      }),
  },
];

/** Calls that fetch the URL (the others only record it, and never see a redirect). */
const FETCHING = new Set(["POST url/info", "GET url/proxy", "HEAD url/proxy"]);

async function expectRefusal(
  report: SsrfReport,
  call: Call,
  baseUrl: string,
  auth: string,
  refusal: RefusalCase,
  language: "en" | "zh",
) {
  report.requests += 1;
  let response: Response;
  try {
    response = await call.send(baseUrl, auth, refusal.url, language);
  } catch (error) {
    report.findings.push({ call: call.name, url: refusal.url, status: 0, message: String(error), why: "no answer" });
    return;
  }
  report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
  const text = await response.text();
  const isHead = call.name.startsWith("HEAD");
  let message = "";
  try {
    message = String((JSON.parse(text) as { message?: string }).message ?? "");
  } catch {}
  const expected = refusal.expect.map((key) => translate(key, { max: 5, host: "" }, language));
  const finding = (why: string) =>
    report.findings.push({
      call: call.name,
      url: refusal.url,
      status: response.status,
      message: message || text.slice(0, 120),
      why,
    });
  if (response.status !== 400) return finding("not refused with 400");
  if (isHead) return; // no body to read the message from
  const matches = expected.some((want) =>
    want.includes("{{") ? message.startsWith(want.slice(0, want.indexOf("{{"))) : message === want,
  );
  if (!matches) finding(`message is not ${refusal.expect.join(" or ")} in ${language}`);
}

export async function runSsrf(options: {
  baseUrl: string;
  auth: string;
  cases: RefusalCase[];
  /** Calls to use (all by default); redirect cases only make sense for the fetching ones. */
  fetchingOnly?: boolean;
}): Promise<SsrfReport> {
  const report: SsrfReport = { requests: 0, cases: options.cases.length, byStatus: {}, findings: [] };
  const calls = options.fetchingOnly ? CALLS.filter((call) => FETCHING.has(call.name)) : CALLS;
  let index = 0;
  for (const refusal of options.cases) {
    for (const call of calls.filter((c) => !refusal.only || refusal.only.includes(c.name))) {
      // English for most, Chinese for every third URL: the message must follow Accept-Language.
      await expectRefusal(report, call, options.baseUrl, options.auth, refusal, index++ % 3 === 2 ? "zh" : "en");
    }
  }
  return report;
}

/** What a public origin gives through each fetching call: the controls that show the proxy works. */
export async function publicControls(baseUrl: string, auth: string): Promise<string[]> {
  const problems: string[] = [];
  for (const url of [
    `http://${PUBLIC_V4}/file.bin`,
    `http://[${PUBLIC_V6}]/file.bin`,
    `http://${PUBLIC_V4}/redirect?to=${encodeURIComponent(`http://[${PUBLIC_V6}]/file.bin`)}`,
    `http://${PUBLIC_V4}/head-refused?to=%2Ffile.bin`,
  ]) {
    const info = await CALLS[0]?.send(baseUrl, auth, url, "en");
    const body = (await info?.json()) as { data?: { size?: number } } | undefined;
    if (info?.status !== 200 || body?.data?.size !== PUBLIC_CONTENT.length) {
      problems.push(`url/info ${url}: ${info?.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    const proxied = await fetch(`${baseUrl}/api/url/proxy?url=${encodeURIComponent(url)}`, {
      headers: { authorization: auth },
    });
    const text = await proxied.text();
    if (proxied.status !== 200 || text !== PUBLIC_CONTENT)
      problems.push(`url/proxy ${url}: ${proxied.status} ${text.slice(0, 100)}`);
    const presign = await CALLS[3]?.send(baseUrl, auth, url, "en");
    if (presign?.status !== 200) problems.push(`url/presign ${url}: ${presign?.status}`);
  }
  return problems;
}

export type SsrfRun = {
  direct: SsrfReport;
  proxied: SsrfReport;
  redirects: SsrfReport;
  controls: string[];
  canaryHits: number;
  proxyRequests: number;
  proxyLeaks: ProxyRecord[];
  /** Hits on the canary from a server allowed to reach private addresses: shows the canary counts. */
  canaryHitsWhenAllowed: number;
};

const PASSWORD = "ssrf-admin-password-123";
const NO_PROXY_ENV = { HTTP_PROXY: "", HTTPS_PROXY: "", http_proxy: "", https_proxy: "", NO_PROXY: "", no_proxy: "" };

export async function runSsrfHardening(): Promise<SsrfRun> {
  const canary = startCanary();
  const internet = startInternet();
  const servers: ServerProcess[] = [];
  try {
    const proxy = `http://127.0.0.1:${internet.port}`;
    const [direct, proxied, allowed] = await Promise.all([
      startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD, ...NO_PROXY_ENV } }),
      startServerProcess({
        env: { ADMIN_PASSWORD: PASSWORD, ...NO_PROXY_ENV, HTTP_PROXY: proxy, HTTPS_PROXY: proxy },
      }),
      startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD, ...NO_PROXY_ENV, ALLOW_PRIVATE_URLS: "true" } }),
    ]);
    servers.push(direct, proxied, allowed);
    const cases = privateTargets(canary.port);
    // Straight at the canary, no proxy in the way: any connection would be counted.
    const directReport = await runSsrf({
      baseUrl: direct.baseUrl,
      auth: await adminAuthorization(direct.baseUrl, PASSWORD),
      cases,
    });
    const proxiedAuth = await adminAuthorization(proxied.baseUrl, PASSWORD);
    const proxiedReport = await runSsrf({ baseUrl: proxied.baseUrl, auth: proxiedAuth, cases });
    const redirects = await runSsrf({
      baseUrl: proxied.baseUrl,
      auth: proxiedAuth,
      cases: redirectCases(canary.port),
      fetchingOnly: true,
    });
    const canaryHits = canary.hits();
    const controls = await publicControls(proxied.baseUrl, proxiedAuth);
    const allowedAuth = await adminAuthorization(allowed.baseUrl, PASSWORD);
    await CALLS[0]?.send(allowed.baseUrl, allowedAuth, `http://127.0.0.1:${canary.port}/x`, "en");
    return {
      direct: directReport,
      proxied: proxiedReport,
      redirects,
      controls,
      canaryHits,
      proxyRequests: internet.records.length,
      proxyLeaks: internet.leaks(),
      canaryHitsWhenAllowed: canary.hits() - canaryHits,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    canary.stop();
    internet.stop();
  }
}

if (import.meta.main) {
  const started = performance.now();
  const run = await runSsrfHardening();
  const all = [run.direct, run.proxied, run.redirects];
  const requests = all.reduce((sum, report) => sum + report.requests, 0);
  const findings = all.flatMap((report) => report.findings);
  console.log(
    `${requests} requests (${run.direct.cases} private targets direct and through the proxy, ${run.redirects.cases} redirect cases) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `answers by status: direct ${JSON.stringify(run.direct.byStatus)}, redirects ${JSON.stringify(run.redirects.byStatus)}`,
  );
  console.log(`canary hits: ${run.canaryHits} (with ALLOW_PRIVATE_URLS=true: ${run.canaryHitsWhenAllowed})`);
  console.log(`proxy: ${run.proxyRequests} requests, ${run.proxyLeaks.length} for a non-public host`);
  console.log(`public controls failing: ${run.controls.length}; findings: ${findings.length}`);
  for (const problem of run.controls) console.log(`  control: ${problem}`);
  for (const leak of run.proxyLeaks.slice(0, 20))
    console.log(`  leak through proxy: ${leak.method} ${leak.host}${leak.path}`);
  for (const finding of findings.slice(0, 40)) {
    console.log(`  ${finding.call} ${finding.url}: ${finding.status} "${finding.message}" (${finding.why})`);
  }
  const ok =
    findings.length === 0 &&
    run.controls.length === 0 &&
    run.canaryHits === 0 &&
    run.proxyLeaks.length === 0 &&
    run.canaryHitsWhenAllowed > 0;
  if (!ok) process.exitCode = 1;
}
