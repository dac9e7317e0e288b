// SSRF against real server processes (scripts/hardening/ssrf.ts): every URL-upload call refuses
// private targets in every spelling, directly and behind a public origin's redirects, with the
// translated message, and nothing reaches the loopback canary or a non-public host through the
// proxy. Then names resolving to private addresses and DNS rebinding, through safe-fetch's resolver
// seam, with the connection still made by safe-fetch and observed by the proxy.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AppError } from "../../server/errors";
import {
  assertUrlAllowed,
  type HostLookup,
  isPublicAddress,
  safeFetch,
} from "../../server/services/shares/upload/safe-fetch";
import {
  type Canary,
  type Internet,
  PUBLIC_CONTENT,
  PUBLIC_V4,
  runSsrfHardening,
  type SsrfRun,
  startCanary,
  startInternet,
} from "./ssrf";

let run: SsrfRun;

beforeAll(async () => {
  run = await runSsrfHardening();
  const requests = run.direct.requests + run.proxied.requests + run.redirects.requests;
  console.log(
    `ssrf: ${requests} requests, ${run.direct.cases} private targets, ${run.redirects.cases} redirect cases, ` +
      `canary hits ${run.canaryHits} (${run.canaryHitsWhenAllowed} when allowed), proxy ${run.proxyRequests} requests ` +
      `(${run.proxyLeaks.length} to non-public hosts)`,
  );
}, 300_000);

describe("URL upload refuses private targets (server processes)", () => {
  test("the harness sees a connection: a server allowed private URLs reaches the canary", () => {
    expect(run.canaryHitsWhenAllowed).toBeGreaterThan(0);
  });

  test("the public origin works through the proxy (info, proxy, presign)", () => {
    expect(run.controls).toEqual([]);
  });

  test("every private, loopback, link-local and metadata spelling, straight: 400 with the translated message", () => {
    expect(run.direct.cases).toBeGreaterThan(100);
    expect(run.direct.findings).toEqual([]);
    expect(run.direct.byStatus).toEqual({ 400: run.direct.requests });
  });

  test("the same with a proxy in the way: refused before anything is sent", () => {
    expect(run.proxied.findings).toEqual([]);
  });

  test("redirects from a public origin to each of them: refused at the hop, never followed", () => {
    expect(run.redirects.cases).toBeGreaterThan(90);
    expect(run.redirects.findings).toEqual([]);
  });

  test("no connection reached the canary, and the proxy saw public hosts only", () => {
    expect(run.canaryHits).toBe(0);
    expect(run.proxyLeaks).toEqual([]);
    expect(run.proxyRequests).toBeGreaterThan(run.redirects.cases);
  });
});

describe("names resolving to private addresses (resolver seam, in-process)", () => {
  let canary: Canary;
  let internet: Internet;
  beforeAll(() => {
    canary = startCanary();
    internet = startInternet();
  });
  afterAll(() => {
    canary.stop();
    internet.stop();
  });

  const lookupOf =
    (table: Record<string, string[]>, calls: string[] = []): HostLookup =>
    async (host) => {
      calls.push(host);
      const answers = table[host];
      if (!answers) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: "ENOTFOUND" });
      return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };

  async function refusalOf(action: () => Promise<unknown>): Promise<string> {
    try {
      await action();
    } catch (error) {
      return error instanceof AppError ? error.messageKey : String(error);
    }
    return "not refused";
  }

  /** Runs with the test process's fetch going through the proxy, so the address connected to is seen. */
  async function throughProxy<T>(action: () => Promise<T>): Promise<T> {
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = `http://127.0.0.1:${internet.port}`;
    try {
      return await action();
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
    }
  }

  const privateAnswers: Record<string, string[]> = {
    "loopback.test": ["127.0.0.1"],
    "loopback6.test": ["::1"],
    "mapped.test": ["::ffff:127.0.0.1"],
    "nat64.test": ["64:ff9b::7f00:1"],
    "private.test": ["10.0.0.5"],
    "cgnat.test": ["100.64.1.1"],
    "linklocal.test": ["169.254.10.10"],
    "zone.test": ["fe80::1%eth0"],
    "ula.test": ["fd00:ec2::254"],
    "metadata.test": ["169.254.169.254"],
    "azure.test": ["168.63.129.16"],
    "unspecified.test": ["0.0.0.0"],
    // One private answer among public ones is enough to refuse.
    "mixed.test": [PUBLIC_V4, "127.0.0.1"],
    "mixed6.test": ["2606:4700:4700::1111", "fc00::1"],
  };

  test.each(Object.keys(privateAnswers))("%s is refused by safeFetch and by the presign check", async (name) => {
    const lookup = lookupOf(privateAnswers);
    const url = `http://${name}:${canary.port}/latest/meta-data/`;
    expect(await refusalOf(() => safeFetch(url, { allowPrivate: false, lookup, timeoutMs: 3000 }))).toBe(
      "errors.urlNotAllowed",
    );
    expect(await refusalOf(() => assertUrlAllowed(url, { allowPrivate: false, lookup }))).toBe("errors.urlNotAllowed");
    expect(canary.hits()).toBe(0);
  });

  test("every address the seam hands out is judged like DNS's own answer", () => {
    for (const answers of Object.values(privateAnswers)) {
      expect(answers.some((address) => !isPublicAddress(address))).toBe(true);
    }
    expect(isPublicAddress(PUBLIC_V4)).toBe(true);
  });

  test("DNS rebinding: one resolution per hop, and the checked address is the one connected to", async () => {
    const calls: string[] = [];
    let answered = 0;
    const rebinding: HostLookup = async (host) => {
      calls.push(host);
      answered += 1;
      return [{ address: answered === 1 ? PUBLIC_V4 : "127.0.0.1", family: 4 }];
    };
    const before = internet.records.length;
    const response = await throughProxy(() =>
      safeFetch(`http://rebind.test:${canary.port}/file.bin`, {
        allowPrivate: false,
        lookup: rebinding,
        timeoutMs: 5000,
      }),
    );
    expect(await response.text()).toBe(PUBLIC_CONTENT);
    expect(calls).toEqual(["rebind.test"]);
    const seen = internet.records.slice(before);
    expect(seen.map((record) => record.host)).toEqual([PUBLIC_V4]);
    expect(canary.hits()).toBe(0);
  });

  test("a public name redirecting to a name that resolves privately is refused at the second hop", async () => {
    const calls: string[] = [];
    const lookup = lookupOf(
      { "public.test": [PUBLIC_V4], "internal.test": ["10.0.0.5"], "local.test": ["127.0.0.1"] },
      calls,
    );
    const before = internet.records.length;
    for (const next of [`http://internal.test:${canary.port}/`, `http://local.test:${canary.port}/`]) {
      const url = `http://public.test/redirect?to=${encodeURIComponent(next)}`;
      expect(
        await throughProxy(() => refusalOf(() => safeFetch(url, { allowPrivate: false, lookup, timeoutMs: 5000 }))),
      ).toBe("errors.urlNotAllowed");
    }
    expect(calls).toEqual(["public.test", "internal.test", "public.test", "local.test"]);
    expect(internet.records.slice(before).map((record) => record.host)).toEqual([PUBLIC_V4, PUBLIC_V4]);
    expect(canary.hits()).toBe(0);
  });
});
